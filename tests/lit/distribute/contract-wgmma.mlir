// A vector.contract with an NV_WGMMA_* mma_kind on sm_90a (issue 14 part 1): a 128x64
// f32 accumulator over two warpgroups (M split: warpgroup g takes rows 64g..64g+63),
// an scf.for K loop of 128x32 / 32x64 f16 tiles.  Per step the operands are stored
// into two workgroup buffers between barriers, then one vptx.wgmma per warpgroup reads
// them through matrix descriptors: A K-major with the 64-byte swizzle (a row of K = 32
// f16 is 64 B), B, given as (k, n), MN-major with the 128-byte swizzle (a row of an
// instruction's N = 64 f16 is 128 B).  A and B get copy layouts (8 contiguous f16 a thread), the accumulator
// the wgmma D fragment (ptx-sm90.md 4.4).  A thread's 8 f16 run along the contiguous
// dim of its buffer rows (K for A, N for B), so they stay in one swizzled 16-byte chunk:
// one 16-byte store each (st.shared.v4.b32: ptxgen proves it aligned through the XOR).
// The loop-carried accumulator is updated in its own registers: no mov before the
// wgmma chain, none between its wait and the loop's increment.
// --pipeline-stages=1 keeps this register copy (the default on sm_90a is the TMA ring of
// tests/lit/distribute/tma-ring.mlir).
// RUN: %vptx --emit=layout %s | %filecheck --check-prefix=LAYOUT %s
// RUN: %vptx --emit=simt --pipeline-stages=1 %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_90a --pipeline-stages=1 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx

// LAYOUT: vector.transfer_read {{.*}}element_tile = [1, 8]{{.*}}vector<128x32xf16>
// LAYOUT: vector.transfer_read {{.*}}element_tile = [1, 8]{{.*}}vector<32x64xf16>
// LAYOUT: vector.contract {{.*}}subgroup_tile = [8, 1], batch_tile = [1, 1], outer_tile = [2, 8], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [1, 0], thread_strides = [4, 1]

// CHECK-LABEL: func.func @gemm
// CHECK-DAG:   %[[BA:.*]] = memref.alloc() {{.*}}: memref<128x32xf16, #gpu.address_space<workgroup>>
// CHECK-DAG:   %[[BB:.*]] = memref.alloc() {{.*}}: memref<32x64xf16, #gpu.address_space<workgroup>>
// CHECK:       scf.for
// CHECK:         gpu.barrier
// CHECK-COUNT-2: vector.store %{{.*}}, %[[BA]][%{{.*}}, %{{.*}}] : memref<128x32xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK:         vector.store %{{.*}}, %[[BB]][%{{.*}}, %{{.*}}] : memref<32x64xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK-NOT:     memref.store
// CHECK:         gpu.barrier
// CHECK:         "vptx.wgmma"(%[[BA]], %{{.*}}, %[[BB]], %{{.*}}, %{{.*}}) {b_mn_swizzle = 128 : i64, k = 32 : i64, swizzle = 64 : i64} : ({{.*}}, index, {{.*}}, index, vector<32xf32>) -> vector<32xf32>
// CHECK-NOT:     vptx.wgmma
// CHECK:         scf.yield

// Descriptors from the ISA's tables (ptx-sm90.md 4.2, 4.3), worked out by hand:
// A, K-major, 64-byte swizzle: layout 2 in bits 62-63, SBO = 8 rows x 64 B = 512 B
// (encoded 32) in bits 32-45, LBO encoded 1: 0x8000002000010000.  K step 1 starts 32
// bytes further into each row: +2 in the encoded start address.
// B, MN-major, 128-byte swizzle: layout 1, SBO = 8 k-rows x 128 B = 1024 B (encoded 64),
// LBO = the next 128-byte block of N = 32 k-rows x 128 B = 4096 B (encoded 256):
// 0x4000004001000000; K step 1 is 16 k-rows x 128 B = 2048 B (encoded 128); tB = 1.
// PTX:     .shared .align 1024 .b8
// PTX:     .shared .align 1024 .b8
// PTX-COUNT-3: st.shared.v4.b32
// PTX-NOT: st.shared.b16
// PTX:     fence.proxy.async.shared::cta;
// PTX-NEXT: bar.sync 0;
// PTX:     or.b64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 0x8000002000010000;
// PTX:     or.b64 %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 0x4000004001000000;
// PTX-NOT: mov.f32
// PTX:     wgmma.fence.sync.aligned;
// PTX-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 1, 1, 1, 0, 1;
// PTX-NEXT: add.s64 [[SA:%rd_[A-Za-z0-9_$]+_[0-9]+]], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 2;
// PTX-NEXT: add.s64 [[SB:%rd_[A-Za-z0-9_$]+_[0-9]+]], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 128;
// PTX-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, [[SA]], [[SB]], 1, 1, 1, 0, 1;
// PTX-NEXT: wgmma.commit_group.sync.aligned;
// PTX-NEXT: wgmma.wait_group.sync.aligned 0;
// PTX-NEXT: add.u32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 32;
func.func @gemm(%A: memref<128x64xf16>, %B: memref<64x64xf16>, %C: memref<128x64xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %a, %b, %acc : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
