// tests/lit/tile/pad.mlir: a pad value computed from the indices (refused)
func.func @padi(%x: tensor<?xf32>) -> tensor<?xf32> {
  %p = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i32
    %v = arith.sitofp %ii : i32 to f32
    tensor.yield %v : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}
