// The flash-attention inner loop of seed 003, with mma.sync on both contracts
// and 2 warps (split along M).  Its two layout conflicts:
//  #1 (a batch and vector conflict): %18 = transpose(broadcast(%16)) meets the
//     accumulator layout of %15 at %19 = subf.  The broadcast is cheap, so it is
//     computed in the consumer's layout (re-materialised), no conversion;
//     the same for %26 and the %28..%31 broadcasts.
//  #2 (a batch conflict): %27 (the first contract's C fragment layout) feeds
//     the second contract as its A operand: only batch/outer tiles differ, so
//     a register-only conversion is inserted.
// RUN: %vptx --emit=layout %s | %filecheck %s

#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map8 = affine_map<(d0, d1) -> (d1, d0)>
func.func @attention(%alloc: memref<1x128x64xf16, #gpu.address_space<workgroup>>,
                     %alloc_4: memref<1x128x64xf16, #gpu.address_space<workgroup>>,
                     %alloc_5: memref<128xf16, #gpu.address_space<workgroup>>,
                     %alloc_6: memref<128xf16, #gpu.address_space<workgroup>>,
                     %alloc_9: memref<128x64xf16, #gpu.address_space<workgroup>>,
                     %alloc_10: memref<128x64xf16, #gpu.address_space<workgroup>>, %8: index)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %cst_2 = arith.constant 0.0 : f16
  %cst_1 = arith.constant dense<0.0> : vector<32x128xf16>
  %9 = vector.transfer_read %alloc[%c0, %8, %c0], %cst_2 {in_bounds = [true, true]} : memref<1x128x64xf16, #gpu.address_space<workgroup>>, vector<32x64xf16>
  %10 = vector.transfer_read %alloc_6[%8], %cst_2 {in_bounds = [true]} : memref<128xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  %11 = vector.transfer_read %alloc_5[%8], %cst_2 {in_bounds = [true]} : memref<128xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  %12 = vector.transfer_read %alloc_4[%c0, %8, %c0], %cst_2 {in_bounds = [true, true]} : memref<1x128x64xf16, #gpu.address_space<workgroup>>, vector<32x64xf16>
  %13:3 = scf.for %arg0 = %c0 to %c1024 step %c128 iter_args(%arg1 = %10, %arg2 = %11, %arg3 = %12) -> (vector<32xf16>, vector<32xf16>, vector<32x64xf16>) {
    %14 = vector.transfer_read %alloc_9[%c0, %c0], %cst_2 {in_bounds = [true, true]} : memref<128x64xf16, #gpu.address_space<workgroup>>, vector<128x64xf16>
    %15 = vector.contract {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>} %9, %14, %cst_1 : vector<32x64xf16>, vector<128x64xf16> into vector<32x128xf16>
    %16 = vector.multi_reduction <maximumf>, %15, %arg1 [1] : vector<32x128xf16> to vector<32xf16>
    %17 = vector.broadcast %16 : vector<32xf16> to vector<128x32xf16>
    %18 = vector.transpose %17, [1, 0] : vector<128x32xf16> to vector<32x128xf16>
    %19 = arith.subf %15, %18 : vector<32x128xf16>
    %20 = math.exp %19 : vector<32x128xf16>
    %21 = arith.subf %arg1, %16 : vector<32xf16>
    %22 = math.exp %21 : vector<32xf16>
    %23 = arith.mulf %22, %arg2 : vector<32xf16>
    %24 = vector.multi_reduction <add>, %20, %23 [1] : vector<32x128xf16> to vector<32xf16>
    %25 = vector.broadcast %24 : vector<32xf16> to vector<128x32xf16>
    %26 = vector.transpose %25, [1, 0] : vector<128x32xf16> to vector<32x128xf16>
    %27 = arith.divf %20, %26 : vector<32x128xf16>
    %28 = vector.broadcast %23 : vector<32xf16> to vector<64x32xf16>
    %29 = vector.broadcast %24 : vector<32xf16> to vector<64x32xf16>
    %30 = vector.transpose %28, [1, 0] : vector<64x32xf16> to vector<32x64xf16>
    %31 = vector.transpose %29, [1, 0] : vector<64x32xf16> to vector<32x64xf16>
    %32 = arith.divf %30, %31 : vector<32x64xf16>
    %33 = arith.mulf %32, %arg3 : vector<32x64xf16>
    %34 = vector.transfer_read %alloc_10[%c0, %c0], %cst_2 {in_bounds = [true, true], permutation_map = #map8} : memref<128x64xf16, #gpu.address_space<workgroup>>, vector<64x128xf16>
    %35 = vector.contract {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>} %27, %34, %33 : vector<32x128xf16>, vector<64x128xf16> into vector<32x64xf16>
    scf.yield %16, %24, %35 : vector<32xf16>, vector<32xf16>, vector<32x64xf16>
  }
  vector.transfer_write %13#2, %alloc_4[%c0, %8, %c0] {in_bounds = [true, true]} : vector<32x64xf16>, memref<1x128x64xf16, #gpu.address_space<workgroup>>
  vector.transfer_write %13#1, %alloc_5[%8] {in_bounds = [true]} : vector<32xf16>, memref<128xf16, #gpu.address_space<workgroup>>
  vector.transfer_write %13#0, %alloc_6[%8] {in_bounds = [true]} : vector<32xf16>, memref<128xf16, #gpu.address_space<workgroup>>
  return
}

// CHECK-LABEL: func.func @attention
// CHECK-SAME:  gpu.known_block_size = array<i32: 64, 1, 1>
// The reads outside the loop take the layouts of their users: A of the first
// contract, the loop-carried 1-D row layout, and C of the second contract.
// CHECK: vector.transfer_read {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [1, 4], outer_tile = [2, 2], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [1, 0], thread_strides = [4, 1]>]{{.*}}vector<32x64xf16>
// CHECK: vector.transfer_read {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2], batch_tile = [1], outer_tile = [2], thread_tile = [8], element_tile = [1], subgroup_strides = [1], thread_strides = [4]>]{{.*}}vector<32xf16>
// CHECK: scf.for
// CHECK: %[[S:[0-9]+]] = vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>, vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [1, 16], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [1, 0], thread_strides = [4, 1]>]
// CHECK: %[[MAX:[0-9]+]] = vector.multi_reduction <maximumf>, %[[S]], {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2], batch_tile = [1], outer_tile = [2], thread_tile = [8], element_tile = [1], subgroup_strides = [1], thread_strides = [4]>]
// Conflict #1: the broadcast is computed in the subtraction's layout.
// CHECK: %[[B:[0-9]+]] = vector.broadcast %[[MAX]] {{.*}}vptx.rematerialized
// CHECK: %[[T:[0-9]+]] = vector.transpose %[[B]], [1, 0] {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [1, 16], outer_tile = [2, 1], thread_tile = [8, 4]
// CHECK: arith.subf %[[S]], %[[T]]
// Conflict #2: C of the first contract -> A of the second, in registers.
// CHECK: iree_vector_ext.to_layout {{.*}}batch_tile = [1, 8], outer_tile = [2, 2], thread_tile = [8, 4]{{.*}}vptx.conversion = "registers"
// CHECK: vector.broadcast {{.*}}vptx.rematerialized
// CHECK: vector.contract {{.*}}mma_kind
// CHECK-NOT: iree_vector_ext.to_layout
// CHECK: scf.yield
// CHECK: } {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2], {{.*}}>, #iree_vector_ext.nested_layout<subgroup_tile = [2], {{.*}}>, #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [1, 8], outer_tile = [2, 1]
