// tests/lit/tile/pad.mlir: dynamic dims padded by dynamic amounts (sizes s0 + s1 + s2)
func.func @padd(%x: tensor<?xf32>, %lo: index, %hi: index) -> tensor<?xf32> {
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %x low[%lo] high[%hi] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}
func.func @padd2(%x: tensor<?x?xf32>, %lo: index, %hi: index) -> tensor<?x?xf32> {
  %v = arith.constant 7.0 : f32
  %p = tensor.pad %x low[%lo, 1] high[%hi, %lo] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}
