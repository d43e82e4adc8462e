// The persistent tile loop (--persistent; docs/hopper.md section 1c) against eval on
// the simulator: examples/gemm.mlir at ragged sizes (M = 200, 257: a last row of tiles
// with 72 or 1 rows; N = 136: a last column of 8; K = 72, 104: a partial last K step;
// K = 0: no step, C = 0), with more logical workgroups than real ones (--persistent-ctas:
// 6 tiles on 4 and 9 on 2, so that the ring's steps run on across tiles), the 128x256
// tile of tests/bench/kernels/gemm_128x256.mlir, and the static kernels of
// wgmma-tma-ring.mlir on one workgroup each.
// The counters of the 257x136x104 run on 4 workgroups, worked out from the sizes: 4
// CTAs; TMA copies 6 tiles x 4 K steps (ceil(104 / 32)) x 3 boxes (A: one 128x32; B:
// two 32x64) = 72, and the bytes are the ideal: A (257 x 104 f16 = 53456 bytes) once per
// column of tiles (2) and B (104 x 136 f16 = 28288 bytes) once per row (3): 106912 +
// 84864 = 191776; wgmma 6 tiles x 2 warpgroups x 4 steps x 2 (k16) = 96 in 48 groups.
// Rows TMA cannot map (K = 66: rows of 132 bytes) are not split to register copies in a
// persistent kernel: the launcher refuses them with its message.
// RUN: %vptx check --arch=sm_90a --persistent %S/../../../examples/gemm.mlir --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --persistent --stats %S/../../../examples/gemm.mlir --grid=2,3 --dim=257,104,104,136,257,136 --persistent-ctas=4 | %filecheck --check-prefix=STATS %s
// RUN: %vptx check --arch=sm_90a --persistent %S/../../../examples/gemm.mlir --grid=2,2 --dim=130,0,0,136,130,136 --persistent-ctas=3 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --persistent %S/../../../examples/gemm.mlir --grid=3,3 --dim=304,64,64,304,304,304 --persistent-ctas=2 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --persistent --ping-pong %S/../../../examples/gemm.mlir --grid=2,3 --dim=257,104,104,136,257,136 --persistent-ctas=2 | %filecheck %s
// Whole-tile ping-pong (--persistent --ping-pong: two consumer warpgroups of 128 threads
// on alternate tiles): 6 tiles on 2 workgroups (3 each: the warpgroups take 2 and 1), on
// 4 (2, 2, 1, 1), 9 on 2, K = 0, and one tile (the second warpgroup has none).
// RUN: %vptx check --arch=sm_90a --persistent --ping-pong %S/../../../examples/gemm.mlir --grid=2,3 --dim=257,104,104,136,257,136 --persistent-ctas=4 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --persistent --ping-pong %S/../../../examples/gemm.mlir --grid=3,3 --dim=304,64,64,304,304,304 --persistent-ctas=2 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --persistent --ping-pong %S/../../../examples/gemm.mlir --grid=2,2 --dim=130,0,0,136,130,136 --persistent-ctas=3 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --persistent --ping-pong %S/../../../examples/gemm.mlir --grid=1,1 --dim=100,64,64,104,100,104 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --persistent %S/../../bench/kernels/gemm_128x256.mlir --grid=2,2 --dim=200,72,72,400,200,400 --persistent-ctas=3 | %filecheck %s
// The 128x256 tile cannot be whole-tile (256 accumulator registers per warpgroup): with
// --persistent --ping-pong its two warpgroups share each tile and take turns per K step,
// the turns running on across its 4 tiles on 3 workgroups.
// RUN: %vptx check --arch=sm_90a --persistent --ping-pong %S/../../bench/kernels/gemm_128x256.mlir --grid=2,2 --dim=200,72,72,400,200,400 --persistent-ctas=3 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --persistent --persistent-ctas=1 %S/wgmma-tma-ring.mlir | %filecheck --check-prefix=RING %s
// RUN: not %vptx check --arch=sm_90a --persistent %S/../../../examples/gemm.mlir --grid=2,2 --dim=130,66,66,130,130,130 | %filecheck --check-prefix=ODD %s
// CHECK: PASS gemm (sim vs eval, max abs err 0,
// STATS: ctas 4, threads 1536
// STATS: TMA{{ +}}72 loads, 191776 bytes
// STATS-NEXT: wgmma{{ +}}96 mma_async in 48 groups
// STATS: PASS gemm (sim vs eval, max abs err 0,
// RING: PASS ring_mn (sim vs eval, max abs err 0,
// RING: PASS ring_nk (sim vs eval, max abs err 0,
// RING: PASS ring_bf16_4 (sim vs eval, max abs err 0,
// RING: PASS ring_one_step (sim vs eval, max abs err 0,
// RING: PASS ring_lb (sim vs eval, max abs err 0,
// RING: PASS ring_grid (sim vs eval, max abs err 0,
// RING: PASS ring_k128 (sim vs eval, max abs err 0,
// RING: PASS epi_mn (sim vs eval, max abs err 0,
// RING: PASS epi_grid (sim vs eval, max abs err 0,
// RING: PASS ring_wg1_m128 (sim vs eval, max abs err 0,
// ODD: FAIL gemm: running on sim: argument #0 %A is read by TMA {{.*}} but its rows are 132 bytes apart: TMA needs a multiple of 16
