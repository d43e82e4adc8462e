// ../err-shfl-valid.mlir: {return_value_and_is_valid} with a plain result type (NO-ROUNDTRIP)
func.func @plain(%m: i32, %x: f32, %o: i32, %c: i32) {
  %s = nvvm.shfl.sync bfly %m, %x, %o, %c {return_value_and_is_valid} : f32 -> f32
  return
}
