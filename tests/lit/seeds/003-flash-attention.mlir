// RUN: %vptx --emit=mlir %s | %filecheck %s
// Seed 003 (layouts for mma.sync and flash attention): the IR snippets of the
// slides, completed with the definitions they leave out (MLIR 2023 spelling:
// string iterator types, `maxf` combining kind, `arith.maxf`).

#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map8 = affine_map<(d0, d1) -> (d1, d0)>
#map = affine_map<(d0, d1, d2) -> (d1 + d2 * 16)>
#map1 = affine_map<(d0, d1, d2) -> (d0 * 2)>

// CHECK-LABEL: func.func @distribute_read
func.func @distribute_read(%0: memref<16x16xf16>, %cst_1: vector<1x1x4x2xf16>) -> vector<1x1x4x2xf16> {
  %c0 = arith.constant 0 : index
  %3 = gpu.thread_id x
  %4 = gpu.thread_id y
  // CHECK: affine.apply affine_map<(d0, d1, d2) -> (d1 + d2 * 16)>(%{{.*}}, %{{.*}}, %c0)
  %5 = affine.apply #map(%3, %4, %c0)
  %6 = affine.apply #map1(%3, %4, %c0)
  %9 = memref.load %0[%5, %6] : memref<16x16xf16>
  %10 = vector.broadcast %9 : f16 to vector<1xf16>
  %11 = vector.insert_strided_slice %10, %cst_1 {offsets = [0, 0, 0, 0], strides = [1]} : vector<1xf16> into vector<1x1x4x2xf16>
  return %11 : vector<1x1x4x2xf16>
}

// CHECK-LABEL: func.func @distribute_contract
func.func @distribute_contract(%cst: vector<1x1x2x2xf16>, %40: vector<1x1x4x2xf16>, %54: vector<1x1x2x2xf16>) -> vector<1x1x2x2xf16> {
  // CHECK: vector.extract %{{.*}}[0, 0] : vector<2x2xf16> from vector<1x1x2x2xf16>
  %55 = vector.extract %cst[0, 0] : vector<1x1x2x2xf16>
  %56 = vector.extract %40[0, 0] : vector<1x1x4x2xf16>
  %57 = vector.extract %54[0, 0] : vector<1x1x2x2xf16>
  %58 = nvgpu.mma.sync(%56, %57, %55) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
  %59 = vector.insert %58, %cst [0, 0] : vector<2x2xf16> into vector<1x1x2x2xf16>
  return %59 : vector<1x1x2x2xf16>
}

// CHECK-LABEL: func.func @distribute_reduction
func.func @distribute_reduction(%60: vector<2xf16>) -> vector<2xf16> {
  %61 = vector.bitcast %60 : vector<2xf16> to vector<1xi32>
  %62 = vector.extract %61[0] : vector<1xi32>
  %c1_i32 = arith.constant 1 : i32
  %c32_i32 = arith.constant 32 : i32
  // CHECK: %shuffleResult, %valid = gpu.shuffle xor
  %shuffleResult, %valid = gpu.shuffle xor %62, %c1_i32, %c32_i32 : i32
  %63 = vector.broadcast %shuffleResult : i32 to vector<1xi32>
  %64 = vector.bitcast %63 : vector<1xi32> to vector<2xf16>
  // CHECK: arith.maximumf %{{.*}}, %{{.*}} : vector<2xf16>
  %65 = arith.maxf %64, %60 : vector<2xf16>
  return %65 : vector<2xf16>
}

// CHECK-LABEL: func.func @flash_attention_tile
func.func @flash_attention_tile(%alloc: memref<1x128x64xf16, #gpu.address_space<workgroup>>, %alloc_4: memref<1x128x64xf16, #gpu.address_space<workgroup>>, %alloc_5: memref<128xf16, #gpu.address_space<workgroup>>, %alloc_6: memref<128xf16, #gpu.address_space<workgroup>>, %alloc_9: memref<128x64xf16, #gpu.address_space<workgroup>>, %alloc_10: memref<128x64xf16, #gpu.address_space<workgroup>>, %8: index) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %cst_1 = arith.constant dense<0.0> : vector<32x128xf16>
  %cst_2 = arith.constant 0.0 : f16
  %9 = vector.transfer_read %alloc[%c0, %8, %c0], %cst_2 {in_bounds = [true, true]} : memref<1x128x64xf16, #gpu.address_space<workgroup>>, vector<32x64xf16>
  %10 = vector.transfer_read %alloc_6[%8], %cst_2 {in_bounds = [true]} : memref<128xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  %11 = vector.transfer_read %alloc_5[%8], %cst_2 {in_bounds = [true]} : memref<128xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  %12 = vector.transfer_read %alloc_4[%c0, %8, %c0], %cst_2 {in_bounds = [true, true]} : memref<1x128x64xf16, #gpu.address_space<workgroup>>, vector<32x64xf16>
  // CHECK: scf.for %arg0 = %c0 to %c1024 step %c128 iter_args(%arg1 = %{{.*}}, %arg2 = %{{.*}}, %arg3 = %{{.*}}) -> (vector<32xf16>, vector<32xf16>, vector<32x64xf16>) {
  %13:3 = scf.for %arg0 = %c0 to %c1024 step %c128 iter_args(%arg1 = %10, %arg2 = %11, %arg3 = %12) -> (vector<32xf16>, vector<32xf16>, vector<32x64xf16>) {
    %14 = vector.transfer_read %alloc_9[%c0, %c0], %cst_2 {in_bounds = [true, true]} : memref<128x64xf16, #gpu.address_space<workgroup>>, vector<128x64xf16>
    %15 = vector.contract {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %9, %14, %cst_1 :
      vector<32x64xf16>, vector<128x64xf16> into vector<32x128xf16>
    // CHECK: vector.multi_reduction <maximumf>
    %16 = vector.multi_reduction <maxf>, %15, %arg1 [1] : vector<32x128xf16> to vector<32xf16>
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
    // CHECK: permutation_map = affine_map<(d0, d1) -> (d1, d0)>
    %34 = vector.transfer_read %alloc_10[%c0, %c0], %cst_2 {in_bounds = [true, true], permutation_map = #map8} : memref<128x64xf16, #gpu.address_space<workgroup>>,
      vector<64x128xf16>
    %35 = vector.contract {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %27, %34, %33 :
      vector<32x128xf16>, vector<64x128xf16> into vector<32x64xf16>
    scf.yield %16, %24, %35 : vector<32xf16>, vector<32xf16>, vector<32x64xf16>
  }
  // CHECK: vector.transfer_write %[[R:[0-9]+]]#2, %alloc_4[%c0, %{{.*}}, %c0] {in_bounds = [true, true]}
  vector.transfer_write %13#2, %alloc_4[%c0, %8, %c0] {in_bounds = [true, true]} : vector<32x64xf16>, memref<1x128x64xf16, #gpu.address_space<workgroup>>
  vector.transfer_write %13#1, %alloc_5[%8] {in_bounds = [true]} : vector<32xf16>, memref<128xf16, #gpu.address_space<workgroup>>
  vector.transfer_write %13#0, %alloc_6[%8] {in_bounds = [true]} : vector<32xf16>, memref<128xf16, #gpu.address_space<workgroup>>
  return
}
