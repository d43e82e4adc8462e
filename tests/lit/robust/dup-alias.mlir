// A second definition of an attribute or type alias is an error, never a
// silent replacement (MLIR: "redefinition of attribute alias").
// RUN: not %vptx %s 2>&1 | %filecheck %s
// CHECK: dup-alias.mlir:[[@LINE+4]]:1: error: redefinition of attribute alias '#m'
// RUN: printf '!t = f32\n!t = f16\nfunc.func @k(%%%%x: memref<4x!t>) { return }\n' > %t.type.mlir && not %vptx %t.type.mlir 2>&1 | %filecheck --check-prefix=TYPE %s
// TYPE: type.mlir:2:1: error: redefinition of type alias '!t'
#m = affine_map<(d0) -> (d0)>
#m = affine_map<(d0) -> (d0 + 1)>
func.func @k(%x: memref<4xf32, #m>) { return }
