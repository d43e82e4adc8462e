// Two inserts into one memref whose dynamic offsets leave an overlap possible: tile/
// writes them in one kernel, so it needs to see from static entries that they are
// disjoint.  (With the rows static and disjoint, insert-dynamic.mlir's @two compiles.)
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 28:9: error: 'tensor.insert_slice' may write part of the slice of the insert on line 29: tile/ writes the inserts into one memref at once, so they must not overlap, and their dynamic offsets, sizes or strides do not show that they do not (make them static on a dim where the two are disjoint)
// CHECK-NOT: error
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @two(%x: tensor<?x?xf32>, %o: memref<?x?xf32>, %c0: index, %c1: index) {
  %one = arith.constant 1.0 : f32
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %m = tensor.dim %x, %i0 : tensor<?x?xf32>
  %n = tensor.dim %x, %i1 : tensor<?x?xf32>
  %t = bufferization.to_tensor %o : memref<?x?xf32> to tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %one : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %r1 = tensor.insert_slice %y into %t[0, %c0] [2, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  %r2 = tensor.insert_slice %z into %r1[%c1, %c1] [2, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  bufferization.materialize_in_destination %r2 in writable %o : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
