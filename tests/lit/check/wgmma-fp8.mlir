// fp8 wgmma (issue 14 part 1): f8E4M3FN / f8E5M2 x f8E4M3FN / f8E5M2 -> f32 contracts on
// sm_90a become wgmma m64nNk32 .e4m3/.e5m2 (1-byte elements: an instruction reads 32
// bytes = 32 elements of each K-major row), both operands loaded by a TMA ring (maps of
// UINT8 data), run on the simulator against eval.  check draws fp8 inputs k/4 (|k| <= 8,
// exact in both types), so the products and sums are exact: the error must be 0.
//   e4m3_ring  default selection (NV_WGMMA_F32_64x64x32_F8E4M3FN)
//   e5m2_ring  explicit NV_WGMMA_F32_64x64x32_F8E5M2
//   e4m3_e5m2  default selection of the mixed kind (A e4m3, B e5m2)
//   e5m2_e4m3  explicit NV_WGMMA_F32_64x32x32_F8E5M2_F8E4M3FN (two instructions over N)
// RUN: %vptx check --arch=sm_90a %s --backend=sim | %filecheck %s
// The same with vptx.pipeline_stages = 1 (no ring): contract.c's register copy moves the
// fp8 bytes (ptxgen keeps them in .b16 registers, packed 4 to a .b32, as i8):
// RUN: sed 's/^  }$/  } {vptx.pipeline_stages = 1}/' %s > %t1.mlir && %vptx check --arch=sm_90a %t1.mlir --backend=sim | %filecheck %s
// RUN: %vptx --arch=sm_90a %t1.mlir -o %t1.ptx && %ptxas-verify %t1.ptx && %filecheck --check-prefix=COPY %s < %t1.ptx
// COPY-NOT: hidden tensor map
// COPY: st.shared.v2.b32
// COPY: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// RUN: %vptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --arch=sm_90a --emit=layout %s -o %t.mlir && %filecheck --check-prefix=KIND %s < %t.mlir
// CHECK: PASS e4m3_ring (sim vs eval, max abs err 0,
// CHECK: PASS e5m2_ring (sim vs eval, max abs err 0,
// CHECK: PASS e4m3_e5m2 (sim vs eval, max abs err 0,
// CHECK: PASS e5m2_e4m3 (sim vs eval, max abs err 0,
// PTX: hidden tensor map of argument 0, box 128x64, swizzle 64
// PTX: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, 1, 1;
// PTX: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2 {{.*}}, 1, 1;
// PTX: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2 {{.*}}, 1, 1;
// PTX: wgmma.mma_async.sync.aligned.m64n32k32.f32.e5m2.e4m3 {{.*}}, 1, 1;
// KIND: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x32_F8E4M3FN>
// KIND: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x32_F8E5M2>
// KIND: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x32_F8E4M3FN_F8E5M2>
// KIND: mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x32x32_F8E5M2_F8E4M3FN>
func.func @e4m3_ring(%A: memref<128x128xf8E4M3FN>, %B: memref<64x128xf8E4M3FN>, %C: memref<128x64xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f8E4M3FN
  %hb = arith.constant 0.0 : f8E4M3FN
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x128xf8E4M3FN>, vector<128x64xf8E4M3FN>
    %b = vector.transfer_read %B[%c0, %k], %hb {in_bounds = [true, true]} : memref<64x128xf8E4M3FN>, vector<64x64xf8E4M3FN>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
         %a, %b, %acc : vector<128x64xf8E4M3FN>, vector<64x64xf8E4M3FN> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @e5m2_ring(%A: memref<128x128xf8E5M2>, %B: memref<64x128xf8E5M2>, %C: memref<128x64xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f8E5M2
  %hb = arith.constant 0.0 : f8E5M2
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x128xf8E5M2>, vector<128x64xf8E5M2>
    %b = vector.transfer_read %B[%c0, %k], %hb {in_bounds = [true, true]} : memref<64x128xf8E5M2>, vector<64x64xf8E5M2>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x32_F8E5M2>}
         %a, %b, %acc : vector<128x64xf8E5M2>, vector<64x64xf8E5M2> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @e4m3_e5m2(%A: memref<128x128xf8E4M3FN>, %B: memref<64x128xf8E5M2>, %C: memref<128x64xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f8E4M3FN
  %hb = arith.constant 0.0 : f8E5M2
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x128xf8E4M3FN>, vector<128x64xf8E4M3FN>
    %b = vector.transfer_read %B[%c0, %k], %hb {in_bounds = [true, true]} : memref<64x128xf8E5M2>, vector<64x64xf8E5M2>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
         %a, %b, %acc : vector<128x64xf8E4M3FN>, vector<64x64xf8E5M2> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @e5m2_e4m3(%A: memref<128x128xf8E5M2>, %B: memref<64x128xf8E4M3FN>, %C: memref<128x64xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f8E5M2
  %hb = arith.constant 0.0 : f8E4M3FN
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x128xf8E5M2>, vector<128x64xf8E5M2>
    %b = vector.transfer_read %B[%c0, %k], %hb {in_bounds = [true, true]} : memref<64x128xf8E4M3FN>, vector<64x64xf8E4M3FN>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x32x32_F8E5M2_F8E4M3FN>}
         %a, %b, %acc : vector<128x64xf8E5M2>, vector<64x64xf8E4M3FN> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
