// ARGS: --arch=sm_80
// Seed 001's reduction (8x64xf32 -> 8xf32, one row per workgroup) at the vector
// level, on 32-lane warps: the seed's layout (64 lanes, subgroup_size 64) becomes
// 2 subgroups x 32 lanes, one element per thread.  distribute gives seed 001's
// stages: per thread, gpu.subgroup_reduce over 32 lanes, across the 2 subgroups
// through workgroup memory, the accumulator; thread 0 writes the row's sum.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx
// CHECK: PASS reduction_8x64 (sim vs eval
func.func @reduction_8x64(%in: memref<8x64xf32>, %out: memref<8xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>,
                gpu.known_grid_size = array<i32: 8, 1, 1>} {
  %c0 = arith.constant 0 : index
  %row = gpu.block_id x
  %cst = arith.constant 0.0 : f32
  %cst_0 = arith.constant 0.0 : f32
  %5 = vector.transfer_read %in[%row, %c0], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<64xf32>
  %6 = iree_vector_ext.to_layout %5 to layout(#iree_vector_ext.nested_layout<
      subgroup_tile = [2], batch_tile = [1], outer_tile = [1],
      thread_tile = [32], element_tile = [1],
      subgroup_strides = [1], thread_strides = [1]>) : vector<64xf32>
  %10 = vector.multi_reduction <add>, %6, %cst_0 [0] : vector<64xf32> to f32
  %b = vector.broadcast %10 : f32 to vector<f32>
  vector.transfer_write %b, %out[%row] : vector<f32>, memref<8xf32>
  return
}
