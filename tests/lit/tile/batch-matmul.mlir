// linalg.batch_matmul, no config: the batch on gpu.block_id z, one 2-d contract per
// workgroup (the batch loop is no vector dim), reading slices of the 3-d operands.
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx check %s --dim=3,70,40,3,40,50 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=2,128,64,2,64,128 | %filecheck --check-prefix=PASS %s
// CHECK: vptx.grid = affine_map<()[s0, s1, s2] -> ({{.*}} ceildiv 128, {{.*}} ceildiv 128, s{{[0-9]}})>
// CHECK: %[[BZ:.*]] = gpu.block_id z
// CHECK: vector.transfer_read %a[%[[BZ]], {{.*}} : memref<?x?x?xf16>, vector<128x32xf16>
// CHECK: vector.contract {{.*}} : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
// PASS: PASS bmm (sim vs eval
func.func @bmm(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %bs = tensor.dim %a, %c0 : tensor<?x?x?xf16>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf16>
  %n = tensor.dim %b, %c2 : tensor<?x?x?xf16>
  %e = tensor.empty(%bs, %m, %n) : tensor<?x?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x?x?xf16>, tensor<?x?x?xf16>) outs(%f : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
