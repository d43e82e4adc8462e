// IREE's TileAndFuse config of pipeline_tile_and_fuse_mma_sync.mlir, on 128 threads:
// workgroup 64 x 64, reduction 8 intrinsic K steps (a K loop of step 8 x 16 = 128),
// subgroup 2 x 4 intrinsics (32 x 32 per warp: 2 x 2 warps), A and B promoted.  vptx
// stages both operands through shared memory and each warp issues 2 x 4 x 8 = 64
// mma.sync per K step: 4 workgroups x 4 warps x 2 K steps x 64 = 2048 warp-level mma
// (65536 thread instructions in the simulator's count).
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %vptx check %s --stats | %filecheck --check-prefix=STATS %s
// CHECK: workgroup_size = [128, 1, 1]
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C128]] iter_args({{.*}}) -> (vector<64x64xf32>)
// CHECK: vector.transfer_read %a{{.*}} : memref<128x256xf16>, vector<64x128xf16>
// CHECK: vector.transfer_read %b{{.*}} : memref<256x128xf16>, vector<128x64xf16>
// CHECK: vector.contract {{.*}} {lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = {{\[\[}}2, 2, 1], [0, 1, 2]]}>}
// REMARK: remark: 'linalg.matmul' tiles as a contraction kernel of 128 threads: workgroup tile m 64, n 64; k steps of 128 (the op's lowering_config)
// REMARK: remark: 'vector.contract' 64x64x128 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (named by mma_kind); subgroups from the lowering_config's subgroup_basis
// REMARK: remark: 'scf.for' stages its contract operands through XOR-swizzled shared memory
// STATS: mma            65536
// STATS: shared loads {{.*}}100.0% conflict-free
// STATS: PASS matmul_tile_and_fuse (sim vs eval, max abs err 0
#config = #iree_gpu.lowering_config<{workgroup = [64, 64, 0], reduction = [0, 0, 8], subgroup = [2, 4], mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, promote_operands = [0, 1]}>
func.func @matmul_tile_and_fuse(%a: tensor<128x256xf16>, %b: tensor<256x128xf16>) -> tensor<128x128xf32>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = linalg.matmul {lowering_config = #config} ins(%a, %b : tensor<128x256xf16>, tensor<256x128xf16>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
