// tensor.insert_slice into the tensor of a memref argument: the inserts into one memref
// must not overlap, must insert computed tensors, and must be materialized into that
// same memref.
// The function as written compiles; each sed below breaks one rule.
// RUN: %vptx %s -o %t.ok.ptx
// RUN: sed 's/\[2, 0\] \[2, 3\]/[1, 0] [2, 3]/' %s > %t.1.mlir && not %vptx %t.1.mlir -o %t.ptx 2>&1 | %filecheck --check-prefix=OVERLAP %s
// RUN: sed 's/insert_slice %y into/insert_slice %x into/' %s > %t.3.mlir && not %vptx %t.3.mlir -o %t.ptx 2>&1 | %filecheck --check-prefix=ARG %s
// RUN: sed 's/%r2 in writable %o :/%r2 in writable %p :/' %s > %t.4.mlir && not %vptx %t.4.mlir -o %t.ptx 2>&1 | %filecheck --check-prefix=OTHER %s
// OVERLAP: t.1.mlir:30:9: error: 'tensor.insert_slice' writes part of the slice of the insert on line 31: tile/ writes the inserts into one memref at once, so they must not overlap
// ARG: t.3.mlir:30:9: error: 'tensor.insert_slice' inserts a tensor the function does not compute (an argument, a fill or an empty tensor): tile/ inserts the result of a linalg op (copy it with linalg.copy)
// OTHER: t.4.mlir:32:3: error: 'bufferization.materialize_in_destination' writes into argument #2 the inserts into the tensor of argument #1: materialize them in the memref they were read from
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @two(%x: tensor<2x3xf32>, %o: memref<4x4xf32>, %p: memref<4x4xf32>) {
  %one = arith.constant 1.0 : f32
  %dt = bufferization.to_tensor %o : memref<4x4xf32> to tensor<4x4xf32>
  %e4 = tensor.empty() : tensor<4x4xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<2x3xf32>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %one : f32
    linalg.yield %d : f32
  } -> tensor<2x3xf32>
  %r1 = tensor.insert_slice %y into %dt[0, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x4xf32>
  %r2 = tensor.insert_slice %z into %r1[2, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x4xf32>
  bufferization.materialize_in_destination %r2 in writable %o : (tensor<4x4xf32>, memref<4x4xf32>) -> ()
  return
}
