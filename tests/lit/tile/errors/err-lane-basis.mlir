// lane_basis counts multiply to the subgroup size (32).
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 8:8: error: 'linalg.reduce' lowering_config 'lane_basis' counts multiply to 64 lanes but a subgroup has 32: make them multiply to 32
// CHECK-NOT: error
#config = #iree_gpu.lowering_config<{workgroup = [1, 0], partial_reduction = [0, 256], thread = [0, 4], lane_basis = [[1, 64], [0, 1]], subgroup_basis = [[1, 1], [0, 1]]}>
func.func @f(%x: tensor<8x1024xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  // a 64-lane basis: seed 000's AMD example, not an NVIDIA one
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8x1024xf32>) outs(%o : tensor<8xf32>) dimensions = [1] {lowering_config = #config}
  return %r : tensor<8xf32>
}
