// TileAndFuse: each subgroup's tile (subgroup x the intrinsic) must divide the workgroup's.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: 8:8: error: 'linalg.matmul' lowering_config 'subgroup' 3 x 4 intrinsics of 16 x 8 does not divide 'workgroup' 64 x 64: each subgroup's tile (48 x 32 elements) must divide the workgroup's
// CHECK-NOT: error
#config = #iree_gpu.lowering_config<{workgroup = [64, 64, 0], reduction = [0, 0, 8], subgroup = [3, 4], mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, promote_operands = [0, 1]}>
func.func @f(%a: tensor<128x256xf16>, %b: tensor<256x128xf16>, %c: tensor<128x128xf32>) -> tensor<128x128xf32>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %r = linalg.matmul {lowering_config = #config} ins(%a, %b : tensor<128x256xf16>, tensor<256x128xf16>) outs(%c : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
