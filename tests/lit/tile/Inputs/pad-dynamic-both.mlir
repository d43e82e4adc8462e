// tests/lit/tile/pad.mlir: a dynamic dim padded by a dynamic amount (refused)
func.func @padd(%x: tensor<?xf32>, %lo: index, %hi: index) -> tensor<?xf32> {
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %x low[%lo] high[%hi] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}
