// A row sum with seed 000's example-2 config (16 rows per workgroup, steps of 32, lanes
// 8 x 4 over (d1, d0), 2 subgroups along d1, 64 threads): the config passes to the
// vector.multi_reduction as it is given.
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx check %s --dim=100,390 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=32,32 | %filecheck --check-prefix=PASS %s
// CHECK: vptx.grid = affine_map<()[s0] -> (s0 ceildiv 16, 1, 1)>
// CHECK: scf.for {{.*}} -> (vector<16x32xf32>)
// CHECK: vector.multi_reduction <add>, {{.*}} [1] {lowering_config = #iree_gpu.lowering_config<{lane_basis = {{\[\[}}8, 4], [1, 0]], partial_reduction = [0, 32], subgroup_basis = {{\[\[}}1, 2], [0, 1]], thread = [0, 1], workgroup = [16, 0]}>} : vector<16x32xf32> to vector<16xf32>
// PASS: PASS rowsum (sim vs eval
#config = #iree_gpu.lowering_config<{workgroup = [16, 0], partial_reduction = [0, 32], thread = [0, 1], lane_basis = [[8, 4], [1, 0]], subgroup_basis = [[1, 2], [0, 1]]}>
func.func @rowsum(%x: tensor<?x?xf32>) -> tensor<?xf32>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%x : tensor<?x?xf32>) outs(%z : tensor<?xf32>) dimensions = [1] {lowering_config = #config}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32>
}
