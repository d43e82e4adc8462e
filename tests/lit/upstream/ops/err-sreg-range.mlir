// A special register's `range` that vptx cannot read as a bound is a located error: one
// of another width than the result, bounds past the result's width, a generic-form
// `range` that is not #llvm.constant_range<iN, lower, upper> (this file), and a
// range of a float type (the parser, Inputs/sreg-range-float.mlir).
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx %S/Inputs/sreg-range-float.mlir 2>&1 | %filecheck --check-prefix=FLOAT %s
// FLOAT: sreg-range-float.mlir:3:{{[0-9]+}}: error: a special register's range needs an integer type
func.func @width(%o: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  // CHECK: err-sreg-range.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvvm.read.ptx.sreg' has range <i64, 0, 128>, which does not fit its i32 result
  %t = nvvm.read.ptx.sreg.tid.x range <i64, 0, 128> : i32
  memref.store %t, %o[%c0] : memref<1xi32>
  return
}
func.func @bounds(%o: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  // CHECK: err-sreg-range.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvvm.read.ptx.sreg' has range <i32, 0, 8589934592>, which does not fit its i32 result
  %t = nvvm.read.ptx.sreg.tid.x range <i32, 0, 8589934592> : i32
  memref.store %t, %o[%c0] : memref<1xi32>
  return
}
func.func @shape(%o: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  // CHECK: err-sreg-range.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvvm.read.ptx.sreg' has a range that is not #llvm.constant_range<iN, lower, upper>
  %t = "nvvm.read.ptx.sreg.tid.x"() {range = #llvm.constant_range<i32, 0>} : () -> i32
  memref.store %t, %o[%c0] : memref<1xi32>
  return
}
