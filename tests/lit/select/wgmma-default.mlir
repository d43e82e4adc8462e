// Default wgmma selection on sm_90a (issue 14 part 1, layout/select.c): the plain
// 128x128 GEMM of gemm128-plain.mlir (256 threads = 2 warpgroups, a K loop of 128x32 /
// 32x128 f16 tiles, no mma_kind, no layouts) compiled with --arch=sm_90a.
// Expected, from the rules in docs/hopper.md ("Default selection on sm_90a"):
//   warpgroups: M = 128 is two 64-row tiles, so both warpgroups go to M: M2 x N1,
//     strides (1, 0): subgroup_split = [2, 1, 1, 1, 0, 0];
//   instruction N: a warpgroup's 128 columns; the widest multiple of 8 <= 256 that
//     divides 128 is 128: NV_WGMMA_F32_64x128x16_F16;
//   per K step of 32: one 64x128 tile per warpgroup, 32 / 16 = 2 wgmma.mma_async in
//     the PTX (the loop body is emitted once).
// The kernel runs on the simulator against eval, and ptxas assembles it for sm_90a.
// sm_90 (no "a") has no wgmma: the same file keeps mma.sync there, and on sm_80 its
// own test (gemm128-plain.mlir) is unchanged.
// RUN: %vptx check --arch=sm_90a %S/gemm128-plain.mlir | %filecheck --check-prefix=SIM %s
// RUN: %vptx --arch=sm_90a --remarks --emit=layout %S/gemm128-plain.mlir -o %t.mlir 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %filecheck --check-prefix=LAYOUT %s < %t.mlir
// RUN: %vptx --arch=sm_90a %S/gemm128-plain.mlir -o %t.ptx && %ptxas-verify %t.ptx
// RUN: grep -c 'wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16' %t.ptx | %filecheck --check-prefix=COUNT %s
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --arch=sm_90 --emit=layout %S/gemm128-plain.mlir -o %t90.mlir
// RUN: %filecheck --check-prefix=SM90 %s < %t90.mlir
// RUN: %vptx --arch=sm_80 --emit=layout %S/gemm128-plain.mlir -o %t80.mlir
// RUN: %filecheck --check-prefix=SM90 %s < %t80.mlir
// RUN: not grep -l WGMMA %t90.mlir %t80.mlir
// SIM: PASS gemm128 (sim vs eval
// REMARK: gemm128-plain.mlir:31:10: remark: 'vector.contract' 128x128x32 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 (sm_90a: warpgroup wgmma, chosen from the element types and shape); warpgroups M2 x N1 of 2 (warpgroup tile 64x128x32: 1 x 1 wgmma m64n128k16 per 16 of K, ~64 accumulator registers per thread); staging: A and B through swizzled shared memory
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>{{.*}}vptx.subgroup_split = array<i64: 2, 1, 1, 1, 0, 0>
// COUNT: {{^}}2{{$}}
// PTX: .target sm_90a
// PTX-NOT: mma.sync
// PTX: wgmma.fence.sync.aligned
// PTX: wgmma.commit_group.sync.aligned
// PTX: wgmma.wait_group.sync.aligned 0
// SM90: mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>{{.*}}vptx.subgroup_split = array<i64: 4, 2, 1, 2, 1, 0>
