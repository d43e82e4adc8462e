// NO-ROUNDTRIP: refused (err-int-width.mlir)
func.func @k(%a: memref<8xi4>) {
  return
}
