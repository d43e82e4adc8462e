// Input of ../vector-mask.mlir: vptx reads masks on transfers and reductions only (NO-ROUNDTRIP).
func.func @bad(%m: vector<16xi1>, %v: vector<16xf32>) -> vector<16xf32> {
  %r = vector.mask %m {
    arith.addf %v, %v : vector<16xf32>
  } : vector<16xi1> -> vector<16xf32>
  return %r : vector<16xf32>
}
