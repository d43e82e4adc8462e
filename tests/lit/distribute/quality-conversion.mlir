// Layout conversions that move data between threads through a workgroup buffer
// distribute allocates (write in the source layout, barrier, read in the target
// layout), measured in `make bench` (tests/bench/dist.sh) for bank conflicts.
// @rows_to_cols: a 64x64 f32 tile read coalesced (4 consecutive elements per
// thread along a row) and converted to a layout whose threads run down the
// columns; @rows_to_mma: a 64x64 f16 tile converted to the mma.sync A fragment
// layout (4 warps, 2x2): its buffer gets 16-byte-aligned rows (pad 8) and the
// read is 4 ldmatrix.x4 per thread (16 8x8 matrices: its 32x32 quarter).  The target is no bank conflict on either side.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx check --stats %s | %filecheck --check-prefix=STATS %s
// SIMT-LABEL: func.func @rows_to_cols
// SIMT:       memref.alloc() : memref<64x68xf32, #gpu.address_space<workgroup>>
// SIMT-LABEL: func.func @rows_to_mma
// SIMT:       memref.alloc() : memref<64x72xf16, #gpu.address_space<workgroup>>
// SIMT:       gpu.barrier
// SIMT-COUNT-4: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<64x72xf16, #gpu.address_space<workgroup>>
// STATS:      shared loads {{.*}}, 100.0% conflict-free)
// STATS-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// STATS:      PASS rows_to_cols
// STATS:      shared loads {{.*}}, 100.0% conflict-free)
// STATS-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// STATS:      PASS rows_to_mma
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS rows_to_cols (sim vs eval
// CHECK: PASS rows_to_mma (sim vs eval
#rows = #iree_vector_ext.nested_layout<subgroup_tile = [4, 1], batch_tile = [8, 1], outer_tile = [1, 1], thread_tile = [2, 16], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [16, 1]>
#cols = #iree_vector_ext.nested_layout<subgroup_tile = [1, 4], batch_tile = [2, 2], outer_tile = [1, 1], thread_tile = [32, 1], element_tile = [1, 8], subgroup_strides = [0, 1], thread_strides = [1, 0]>
#rows16 = #iree_vector_ext.nested_layout<subgroup_tile = [4, 1], batch_tile = [16, 1], outer_tile = [1, 1], thread_tile = [1, 32], element_tile = [1, 2], subgroup_strides = [1, 0], thread_strides = [0, 1]>
#mmaA = #iree_vector_ext.nested_layout<subgroup_tile = [2, 2], batch_tile = [2, 2], outer_tile = [2, 2], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [2, 1], thread_strides = [4, 1]>
func.func @rows_to_cols(%x: memref<64x64xf32>, %y: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<64x64xf32>, vector<64x64xf32>
  %a = iree_vector_ext.to_layout %v to layout(#rows) : vector<64x64xf32>
  %e = math.exp %a : vector<64x64xf32>
  %b = iree_vector_ext.to_layout %e to layout(#cols) : vector<64x64xf32>
  %s = arith.addf %b, %b : vector<64x64xf32>
  vector.transfer_write %s, %y[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @rows_to_mma(%x: memref<64x64xf16>, %y: memref<64x64xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f16
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %a = iree_vector_ext.to_layout %v to layout(#rows16) : vector<64x64xf16>
  %e = arith.mulf %a, %a : vector<64x64xf16>
  %b = iree_vector_ext.to_layout %e to layout(#mmaA) : vector<64x64xf16>
  %s = arith.addf %b, %b : vector<64x64xf16>
  vector.transfer_write %s, %y[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf16>, memref<64x64xf16>
  return
}
