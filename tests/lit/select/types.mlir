// Intrinsic selection per element-type pair (layout/select.c), one warp each, from
// the table of mma.sync rows (ptx-sm80.md section 5): f16 x f16 -> f32 and -> f16,
// bf16 x bf16 -> f32, i8 x i8 -> i32 (k32), m16n8k8 when K is 8, tf32 for f32 only with
// --allow-tf32; M = 24 (not a multiple of 16) and an i8 K of 16 (not 32) keep the
// per-thread path.  Every kernel runs on the simulator against eval, with and without
// tf32 (tf32 rounds inputs to 10 mantissa bits: --allow-tf32 widens check's tolerance).
// RUN: %vptx --emit=layout %s | %filecheck --check-prefix=LAYOUT %s
// RUN: %vptx --emit=layout --allow-tf32 %s | %filecheck --check-prefix=TF32 %s
// RUN: %vptx check %s | %filecheck --check-prefix=CHECK %s
// RUN: %vptx check --allow-tf32 %s | %filecheck --check-prefix=CHECK %s
// RUN: %vptx --emit=ptx --allow-tf32 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS f16_f32 (sim vs eval
// CHECK: PASS f16_f16 (sim vs eval
// CHECK: PASS bf16_f32 (sim vs eval
// CHECK: PASS i8_i32 (sim vs eval
// CHECK: PASS f16_k8 (sim vs eval
// CHECK: PASS f32_f32 (sim vs eval
// CHECK: PASS m24 (sim vs eval
// CHECK: PASS i8_k16 (sim vs eval
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// LAYOUT-LABEL: func.func @f16_f32(
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>
// TF32-LABEL: func.func @f16_f32(
// TF32: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>
// LAYOUT-LABEL: func.func @f16_f16(
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>
// TF32-LABEL: func.func @f16_f16(
// TF32: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>
// LAYOUT-LABEL: func.func @bf16_f32(
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_BF16>
// TF32-LABEL: func.func @bf16_f32(
// TF32: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_BF16>
// LAYOUT-LABEL: func.func @i8_i32(
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_I32_16x8x32_I8>
// TF32-LABEL: func.func @i8_i32(
// TF32: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_I32_16x8x32_I8>
// LAYOUT-LABEL: func.func @f16_k8(
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x8_F16>
// TF32-LABEL: func.func @f16_k8(
// TF32: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x8_F16>
// LAYOUT-LABEL: func.func @f32_f32(
// LAYOUT-NOT: mma_kind
// LAYOUT: vector.contract
// TF32-LABEL: func.func @f32_f32(
// TF32: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x8_TF32>
// LAYOUT-LABEL: func.func @m24(
// LAYOUT-NOT: mma_kind
// LAYOUT: vector.contract
// TF32-LABEL: func.func @m24(
// TF32-NOT: mma_kind
// TF32: vector.contract
// LAYOUT-LABEL: func.func @i8_k16(
// LAYOUT-NOT: mma_kind
// LAYOUT: vector.contract
// TF32-LABEL: func.func @i8_k16(
// TF32-NOT: mma_kind
// TF32: vector.contract
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>

func.func @f16_f32(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<32x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pa = arith.constant 0.0 : f16
  %pb = arith.constant 0.0 : f16
  %pc = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %pa {in_bounds = [true, true]} : memref<32x32xf16>, vector<32x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %pb {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %c = vector.transfer_read %C[%c0, %c0], %pc {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x32xf16>, vector<32x16xf16> into vector<32x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}

func.func @f16_f16(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<32x16xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pa = arith.constant 0.0 : f16
  %pb = arith.constant 0.0 : f16
  %pc = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %pa {in_bounds = [true, true]} : memref<32x32xf16>, vector<32x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %pb {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %c = vector.transfer_read %C[%c0, %c0], %pc {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x32xf16>, vector<32x16xf16> into vector<32x16xf16>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf16>, memref<32x16xf16>
  return
}

func.func @bf16_f32(%A: memref<32x32xbf16>, %B: memref<32x16xbf16>, %C: memref<32x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pa = arith.constant 0.0 : bf16
  %pb = arith.constant 0.0 : bf16
  %pc = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %pa {in_bounds = [true, true]} : memref<32x32xbf16>, vector<32x32xbf16>
  %b = vector.transfer_read %B[%c0, %c0], %pb {in_bounds = [true, true]} : memref<32x16xbf16>, vector<32x16xbf16>
  %c = vector.transfer_read %C[%c0, %c0], %pc {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x32xbf16>, vector<32x16xbf16> into vector<32x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}

func.func @i8_i32(%A: memref<32x64xi8>, %B: memref<64x16xi8>, %C: memref<32x16xi32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pa = arith.constant 0 : i8
  %pb = arith.constant 0 : i8
  %pc = arith.constant 0 : i32
  %a = vector.transfer_read %A[%c0, %c0], %pa {in_bounds = [true, true]} : memref<32x64xi8>, vector<32x64xi8>
  %b = vector.transfer_read %B[%c0, %c0], %pb {in_bounds = [true, true]} : memref<64x16xi8>, vector<64x16xi8>
  %c = vector.transfer_read %C[%c0, %c0], %pc {in_bounds = [true, true]} : memref<32x16xi32>, vector<32x16xi32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x64xi8>, vector<64x16xi8> into vector<32x16xi32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xi32>, memref<32x16xi32>
  return
}

func.func @f16_k8(%A: memref<32x8xf16>, %B: memref<8x16xf16>, %C: memref<32x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pa = arith.constant 0.0 : f16
  %pb = arith.constant 0.0 : f16
  %pc = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %pa {in_bounds = [true, true]} : memref<32x8xf16>, vector<32x8xf16>
  %b = vector.transfer_read %B[%c0, %c0], %pb {in_bounds = [true, true]} : memref<8x16xf16>, vector<8x16xf16>
  %c = vector.transfer_read %C[%c0, %c0], %pc {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x8xf16>, vector<8x16xf16> into vector<32x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}

func.func @f32_f32(%A: memref<32x16xf32>, %B: memref<16x16xf32>, %C: memref<32x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pa = arith.constant 0.0 : f32
  %pb = arith.constant 0.0 : f32
  %pc = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %pa {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %b = vector.transfer_read %B[%c0, %c0], %pb {in_bounds = [true, true]} : memref<16x16xf32>, vector<16x16xf32>
  %c = vector.transfer_read %C[%c0, %c0], %pc {in_bounds = [true, true]} : memref<32x16xf32>, vector<32x16xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x16xf32>, vector<16x16xf32> into vector<32x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}

func.func @m24(%A: memref<24x16xf16>, %B: memref<16x16xf16>, %C: memref<24x16xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pa = arith.constant 0.0 : f16
  %pb = arith.constant 0.0 : f16
  %pc = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %pa {in_bounds = [true, true]} : memref<24x16xf16>, vector<24x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %pb {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %c = vector.transfer_read %C[%c0, %c0], %pc {in_bounds = [true, true]} : memref<24x16xf32>, vector<24x16xf32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<24x16xf16>, vector<16x16xf16> into vector<24x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<24x16xf32>, memref<24x16xf32>
  return
}

func.func @i8_k16(%A: memref<16x16xi8>, %B: memref<16x8xi8>, %C: memref<16x8xi32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pa = arith.constant 0 : i8
  %pb = arith.constant 0 : i8
  %pc = arith.constant 0 : i32
  %a = vector.transfer_read %A[%c0, %c0], %pa {in_bounds = [true, true]} : memref<16x16xi8>, vector<16x16xi8>
  %b = vector.transfer_read %B[%c0, %c0], %pb {in_bounds = [true, true]} : memref<16x8xi8>, vector<16x8xi8>
  %c = vector.transfer_read %C[%c0, %c0], %pc {in_bounds = [true, true]} : memref<16x8xi32>, vector<16x8xi32>
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<16x16xi8>, vector<16x8xi8> into vector<16x8xi32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xi32>, memref<16x8xi32>
  return
}
