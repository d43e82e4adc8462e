// NO-ROUNDTRIP: refused (err-int-width.mlir)
func.func @k(%a: memref<4xi64>) {
  %c = arith.constant 1 : i128
  return
}
