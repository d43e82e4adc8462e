// A step must be a multiple of what one step covers: thread x lanes x subgroups.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 7:8: error: 'linalg.reduce' lowering_config 'partial_reduction' = 200 on loop d1 is not a multiple of thread 4 x lane_basis 32 x subgroup_basis 1 = 128: make it a multiple of 128
// CHECK-NOT: error
#config = #iree_gpu.lowering_config<{workgroup = [1, 0], partial_reduction = [0, 200], thread = [0, 4], lane_basis = [[1, 32], [0, 1]], subgroup_basis = [[1, 1], [0, 1]]}>
func.func @f(%x: tensor<8x1024xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8x1024xf32>) outs(%o : tensor<8xf32>) dimensions = [1] {lowering_config = #config}
  return %r : tensor<8xf32>
}
