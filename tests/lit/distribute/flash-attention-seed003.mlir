// Seed 003's flash-attention loop (32x64 Q, 128x64 K/V tiles in workgroup
// memory, f16, 2 warps), layouts from the layout pass: both contracts become
// mma.sync (16 per contract and iteration per warp), the row max / sum are
// per-thread + clustered over the 4 lanes of a row, the loop-carried m, l and O
// stay in registers, and the two conflicts are resolved in registers (no
// workgroup buffer, no barrier).  The K/V/Q buffers are allocated in the kernel
// here (seed 003 passes them in) so that the PTX can be assembled.
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx

// CHECK-LABEL: func.func @attention
// CHECK:       scf.for {{.*}} iter_args({{.*}}) -> (vector<{{[0-9]+}}xf16>, vector<{{[0-9]+}}xf16>, vector<{{[0-9]+}}xf16>) {
// CHECK-COUNT-64: nvgpu.mma.sync
// CHECK:         gpu.subgroup_reduce maximumf %{{.*}} cluster(size = 4)
// CHECK:         math.exp
// CHECK:         gpu.subgroup_reduce add %{{.*}} cluster(size = 4)
// CHECK-COUNT-64: nvgpu.mma.sync
// CHECK:         scf.yield
// CHECK-NOT:   gpu.barrier
// CHECK-NOT:   vector.contract

#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map8 = affine_map<(d0, d1) -> (d1, d0)>
func.func @attention(%8: index)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %alloc = memref.alloc() : memref<1x128x64xf16, #gpu.address_space<workgroup>>
  %alloc_5 = memref.alloc() : memref<128xf16, #gpu.address_space<workgroup>>
  %alloc_6 = memref.alloc() : memref<128xf16, #gpu.address_space<workgroup>>
  %alloc_9 = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %cst_2 = arith.constant 0.0 : f16
  %cst_1 = arith.constant dense<0.0> : vector<32x128xf16>
  %9 = vector.transfer_read %alloc[%c0, %8, %c0], %cst_2 {in_bounds = [true, true]} : memref<1x128x64xf16, #gpu.address_space<workgroup>>, vector<32x64xf16>
  %10 = vector.transfer_read %alloc_6[%8], %cst_2 {in_bounds = [true]} : memref<128xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  %11 = vector.transfer_read %alloc_5[%8], %cst_2 {in_bounds = [true]} : memref<128xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  %12 = vector.transfer_read %alloc[%c0, %8, %c0], %cst_2 {in_bounds = [true, true]} : memref<1x128x64xf16, #gpu.address_space<workgroup>>, vector<32x64xf16>
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
    %34 = vector.transfer_read %alloc_9[%c0, %c0], %cst_2 {in_bounds = [true, true], permutation_map = #map8} : memref<128x64xf16, #gpu.address_space<workgroup>>, vector<64x128xf16>
    %35 = vector.contract {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>} %27, %34, %33 : vector<32x128xf16>, vector<64x128xf16> into vector<32x64xf16>
    scf.yield %16, %24, %35 : vector<32xf16>, vector<32xf16>, vector<32x64xf16>
  }
  vector.transfer_write %13#2, %alloc[%c0, %8, %c0] {in_bounds = [true, true]} : vector<32x64xf16>, memref<1x128x64xf16, #gpu.address_space<workgroup>>
  vector.transfer_write %13#1, %alloc_5[%8] {in_bounds = [true]} : vector<32xf16>, memref<128xf16, #gpu.address_space<workgroup>>
  vector.transfer_write %13#0, %alloc_6[%8] {in_bounds = [true]} : vector<32xf16>, memref<128xf16, #gpu.address_space<workgroup>>
  return
}

