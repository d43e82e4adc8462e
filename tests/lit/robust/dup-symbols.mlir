// A symbol defined twice is an error (MLIR rejects it; ptxas rejected the two
// .entry of the same name).  So is a second kernel whose PTX name collides
// with an earlier one's after ptx_ident's mapping.
// RUN: not %vptx %s 2>&1 | %filecheck %s
// CHECK: dup-symbols.mlir:[[@LINE+5]]:1: error: 'func.func' redefinition of symbol '@k'
// CHECK-NEXT: func.func @k
// CHECK: dup-symbols.mlir:[[@LINE+2]]:1: note: previous definition of '@k' is here
// CHECK-NOT: error:
func.func @k(%x: memref<4xf32>) { return }
func.func @k(%x: memref<4xf32>) { return }
// RUN: printf 'func.func @a.b(%%%%x: memref<4xf32>) { return }\nfunc.func @a_b(%%%%x: memref<4xf32>) { return }\n' > %t.mangle.mlir && \
// RUN: not %vptx %t.mangle.mlir 2>&1 | %filecheck --check-prefix=MANGLE %s
// MANGLE: mangle.mlir:2:1: error: kernel '@a_b' has the PTX name 'a_b' of an earlier kernel
