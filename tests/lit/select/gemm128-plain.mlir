// Issue 13's plain GEMM, as a new user writes it: one 128x128 f32 accumulator per
// workgroup of 8 warps (256 threads), an scf.for K loop of vector.transfer_read
// 128x32 / 32x128 f16 tiles from global memory, one vector.contract, no layouts, no
// mma_kind.  It used to fail ("'vector.from_elements' with more than 1024 elements
// per thread"); layout/select.c now gives the contract m16n8k16 (f16 x f16 -> f32)
// and the balanced split M4 x N2 (warp tile 32x64: A 16 + B 32 + C 64 registers per
// thread, fewer than M8 x N1's 8 + 64 + 64 or M2 x N4's 32 + 16 + 64 with the tie
// going to M), and it passes the simulator against eval.
// Per warp and K step of 32: (32/16) x (64/8) x (32/16) = 32 mma.sync; the loop runs
// twice but the PTX holds the body once: 32 in the PTX.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=layout %s | %filecheck --check-prefix=LAYOUT %s
// RUN: %vptx --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: grep -c 'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32' %t.ptx | %filecheck --check-prefix=COUNT %s
// CHECK: PASS gemm128 (sim vs eval
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>{{.*}}vptx.subgroup_split = array<i64: 4, 2, 1, 2, 1, 0>
// COUNT: {{^}}32{{$}}
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm128(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
