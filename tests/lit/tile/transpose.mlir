// linalg.transpose at ragged sizes: one elementwise kernel of 64x64 tiles, the input
// read through a transposing permutation map.
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx check %s --dim=100,70 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=1,130 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=128,64 | %filecheck --check-prefix=PASS %s
// CHECK: vector.transfer_read %x[{{.*}}permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<64x64xf32>
// CHECK: vector.transfer_write {{.*}}, %result0
// PASS: PASS tr (sim vs eval
func.func @tr(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %t = linalg.transpose ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) permutation = [1, 0]
  return %t : tensor<?x?xf32>
}
