// Input of ../cf-branches.mlir: a branch to a block that does not exist (NO-ROUNDTRIP: it does not parse).
func.func @unknown() {
  cf.br ^nowhere
^bb1:
  return
}
