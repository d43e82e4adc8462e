// linalg.softmax on a dynamic tensor, no config: one reduction kernel, one row per
// workgroup (seed 000's default: 4 f32 per thread, 32 lanes, 8 subgroups, steps of
// 1024).  Its decomposition (max, exp(x - max), sum, divide) runs as three passes over the
// row, each a loop of whole steps and a masked last step; the workgroups whose row is
// inside take a copy without bounds checks.  Checked at sizes off the step (1000), on it
// (4 x 1024) and below it (3 x 100) against the op-level reference.
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx check %s --dim=5,1000 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=4,1024 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=3,100 | %filecheck --check-prefix=PASS %s
// CHECK-LABEL: func.func @softmax(%x: memref<?x?xf32>, %result0: memref<?x?xf32> {vptx.result = affine_map<()[s0, s1] -> (s0, s1)>})
// CHECK-SAME: workgroup_size = [256, 1, 1]
// CHECK-SAME: vptx.grid = affine_map<()[s0, s1] -> (s0, 1, 1)>
// CHECK: scf.if
// CHECK: scf.for {{.*}} -> (vector<1x1024xf32>)
// CHECK: arith.maxnumf
// CHECK: vector.create_mask
// CHECK: vector.multi_reduction <maxnumf>, {{.*}} {lowering_config = #iree_gpu.lowering_config<{lane_basis = {{\[\[}}1, 32], [0, 1]], partial_reduction = [0, 1024], subgroup_basis = {{\[\[}}1, 8], [0, 1]], thread = [0, 4], workgroup = [1, 0]}>}
// CHECK: math.exp
// CHECK: vector.multi_reduction <add>
// CHECK: arith.divf
// CHECK: vector.transfer_write {{.*}}, %result0
// PTX: // vptx: sizes s0 = argument 0 dim 0
// PTX: // vptx: result 0 is argument 1 of shape affine_map<()[s0, s1] -> (s0, s1)>
// PASS: PASS softmax (sim vs eval
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}
