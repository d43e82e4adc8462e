// Matrix descriptors of the vector-level wgmma path against the ISA (issue 14 part 2).
// Expected constants are worked out by hand from ptx-sm90.md 4.2/4.3, not taken from
// the compiler: bits 0-13 start >> 4, 16-29 LBO >> 4 (1: unused for swizzled K-major),
// 32-45 SBO >> 4 with SBO = 8 rows x S bytes, 62-63 layout 1/2/3 for S = 128/64/32.
//   S = 128: 1 << 62 | 64 << 32 | 1 << 16 = 0x4000004000010000
//   S = 32:  3 << 62 | 16 << 32 | 1 << 16 = 0xC000001000010000
// K step ks reads the 32 bytes at 32*ks % S of each row, in column block 32*ks / S
// (blocks of R rows x S bytes follow each other): for @k128 (R = 64 rows of A and of
// B, S = 128) steps 1..3 add 32/64/96 B (encoded 2, 4, 6) and step 4 one block,
// 64 x 128 B = 8192 B (encoded 512); for @k16 (S = 32) there is one step.
// An accumulator that starts at zero outside a loop gives scale-d 0 to the first step.
// @kn gives B as (k, n) with 32-wide instructions: B is staged MN-major (tB = 1) with
// the 64-byte swizzle (32 f16 of N = 64 B a row): layout 2, SBO = 8 k-rows x 64 B = 512
// (encoded 32), LBO = the next 64-byte block of N = K (32) rows x 64 B = 2048 (encoded
// 128): 2 << 62 | 32 << 32 | 128 << 16 = 0x8000002000800000; its K step 1 is 16 rows x
// 64 B = 1024 B (encoded 64), its second N block (columns 32..63) starts 2048 B later.
// @k16's B is (k, n) too, but 8 columns (16 B) are narrower than any swizzle span, so
// it stays K-major.
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck %s < %t.ptx

// CHECK-LABEL: .entry k128(
// CHECK:     or.b64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 0x4000004000010000;
// CHECK:     or.b64 [[B:%rd_[A-Za-z0-9_$]+_[0-9]+]], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 0x4000004000010000;
// CHECK:     wgmma.fence.sync.aligned;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, [[B]], 0, 1, 1, 0, 0;
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 2;
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, [[B]], 2;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, 1, 1, 1, 0, 0;
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 4;
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, [[B]], 4;
// CHECK-NEXT: wgmma.mma_async
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 6;
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, [[B]], 6;
// CHECK-NEXT: wgmma.mma_async
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 512;
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, [[B]], 256;
// CHECK-NEXT: wgmma.mma_async
// CHECK-COUNT-3: wgmma.mma_async
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK-LABEL: .entry kn(
// CHECK:     or.b64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 0x8000002000010000;
// CHECK:     or.b64 [[B:%rd_[A-Za-z0-9_$]+_[0-9]+]], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 0x8000002000800000;
// CHECK:     wgmma.fence.sync.aligned;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, [[B]], 0, 1, 1, 0, 1;
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 2;
// CHECK-NEXT: add.s64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, [[B]], 64;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, 1, 1, 1, 0, 1;
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK:     add.u32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 2048;
// CHECK:     or.b64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 0x8000002000800000;
// CHECK:     wgmma.fence.sync.aligned;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, 0, 1, 1, 0, 1;
// CHECK-LABEL: .entry k16(
// CHECK:     or.b64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 0xC000001000010000;
// CHECK:     or.b64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 0xC000001000010000;
// CHECK:     wgmma.fence.sync.aligned;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {{.*}}, 0, 1, 1, 0, 0;
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @k128(%A: memref<64x128xf16>, %B: memref<32x128xf16>, %out: memref<64x32xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x128xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x128xf16>, vector<32x128xf16>
  %z = arith.constant dense<0.0> : vector<64x32xf32>
  %d = vector.contract {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x32x16_F16>} %a, %b, %z : vector<64x128xf16>, vector<32x128xf16> into vector<64x32xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x32xf32>, memref<64x32xf32>
  return
}
func.func @kn(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %out: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %z = arith.constant dense<0.0> : vector<64x64xf32>
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x32x16_F16>} %a, %b, %z : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
func.func @k16(%A: memref<64x16xbf16>, %B: memref<16x8xbf16>, %out: memref<64x8xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : bf16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xbf16>, vector<64x16xbf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xbf16>, vector<16x8xbf16>
  %z = arith.constant dense<0.0> : vector<64x8xf32>
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x8x16_BF16>} %a, %b, %z : vector<64x16xbf16>, vector<16x8xbf16> into vector<64x8xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf32>, memref<64x8xf32>
  return
}
