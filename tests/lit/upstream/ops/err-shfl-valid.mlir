// nvvm.shfl.sync's {return_value_and_is_valid} struct: the only LLVM struct vptx takes,
// and llvm.extractvalue only of it.
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx %S/Inputs/shfl-valid-plain.mlir 2>&1 | %filecheck --check-prefix=PLAIN %s
// PLAIN: shfl-valid-plain.mlir:3:{{[0-9]+}}: error: 'nvvm.shfl.sync' has 1 results but must have 2 (the value and the valid bit: return_value_and_is_valid)
func.func @no_attr(%m: i32, %x: f32, %o: i32, %c: i32) {
  // CHECK: err-shfl-valid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: an LLVM struct result needs {return_value_and_is_valid} (the plain shuffle returns the value alone)
  %s = nvvm.shfl.sync bfly %m, %x, %o, %c : f32 -> !llvm.struct<(f32, i1)>
  return
}
func.func @fields(%m: i32, %x: f32, %o: i32, %c: i32) {
  // CHECK: err-shfl-valid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: the struct of a shuffle with return_value_and_is_valid must hold the shuffled type and an i1
  %s = nvvm.shfl.sync bfly %m, %x, %o, %c {return_value_and_is_valid} : f32 -> !llvm.struct<(i32, i1)>
  return
}
func.func @three(%m: i32, %x: f32, %o: i32, %c: i32) {
  // CHECK: err-shfl-valid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: an LLVM struct of 3 fields: vptx takes only the two-field struct of nvvm.shfl.sync's return_value_and_is_valid
  %s = nvvm.shfl.sync bfly %m, %x, %o, %c {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1, i1)>
  return
}
func.func @other(%m: i32, %x: f32, %o: i32, %c: i32) {
  %s = nvvm.shfl.sync bfly %m, %x, %o, %c : f32 -> f32
  // CHECK: err-shfl-valid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: llvm.extractvalue takes only the struct of an nvvm.shfl.sync with return_value_and_is_valid
  %v = llvm.extractvalue %s[0] : !llvm.struct<(f32, i1)>
  return
}
func.func @position(%m: i32, %x: f32, %o: i32, %c: i32) {
  %s = nvvm.shfl.sync bfly %m, %x, %o, %c {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
  // CHECK: err-shfl-valid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: position 2 is outside the two-field struct
  %v = llvm.extractvalue %s[2] : !llvm.struct<(f32, i1)>
  return
}
