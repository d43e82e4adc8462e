// a range of a float type (../err-sreg-range.mlir; NO-ROUNDTRIP: it does not parse)
func.func @f(%o: memref<1xi32>) {
  %t = nvvm.read.ptx.sreg.tid.x range <f32, 0, 128> : i32
  return
}
