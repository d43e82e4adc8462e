// REQUIRES: ptxas
// Ping-pong consumers of the warp-specialized TMA ring (issue 14 part 4,
// distribute/schedule/tma_ring.c, docs/hopper.md section 1c): with `vptx.ping_pong = true` on the
// loop (or --ping-pong), the two consumer warpgroups (w = tid / 128: 0 or 1) take turns
// to issue each K step's wgmma: bar.sync 1 + w before the wgmma, bar.arrive 2 - w after
// its commit, each barrier counting 128 syncing + 128 arriving threads = 256.  Warpgroup
// 1 arrives once on barrier 1 before the loop (warpgroup 0 goes first), warpgroup 0
// syncs once on barrier 1 after it, so both barriers balance for any trip count.
// Expected values from that rule, not from the output:
//   pp (256 threads, 2 consumer warpgroups, 4 K steps of 64): w = tid >> 7 (128 = 2^7),
//   the wait id w + 1, the signal id 2 - w; bar.arrive 1, 256 under w != 0 before the
//   loop; in the loop bar.sync <wait>, 256 after the full barrier's try_wait and before
//   the first wgmma, bar.arrive <signal>, 256 after the commit; after the loop bar.sync
//   1, 256 under signal == 2 (w == 0), before wgmma.wait_group 0.
//   pp_dflt: no attribute: none of it (named barriers appear only with the option),
//   but --ping-pong turns it on (PP run: two kernels with the barriers).
//   pp4 (512 threads, 4 consumer warpgroups): not two consumer warpgroups, no ping-pong.
//   pp_nows (vptx.warp_specialize = false): no producer, no ping-pong.
//   pp_no (vptx.ping_pong = false): none of it, with --ping-pong too.
// Counting `bar.arrive` in the text: 2 per ping-pong kernel (the pre-loop one and the
// loop's) -> 2 by default (pp), 4 with --ping-pong (pp, pp_dflt; not pp_no).
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && grep -v "^[[:space:]]*//" %t.ptx | %filecheck %s
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | %filecheck --check-prefix=PTXAS --allow-empty %s
// RUN: grep -c 'bar.arrive' %t.ptx | %filecheck --check-prefix=ARRIVES2 %s
// RUN: %vptx --emit=ptx --arch=sm_90a --ping-pong %s -o %t1.ptx && grep -c 'bar.arrive' %t1.ptx | %filecheck --check-prefix=ARRIVES4 %s
// RUN: %ptxas -arch=sm_90a %t1.ptx -o %t1.cubin 2>&1 | %filecheck --check-prefix=PTXAS --allow-empty %s
// RUN: %vptx check --arch=sm_90a %s --backend=sim | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a --ping-pong %s --backend=sim | %filecheck --check-prefix=SIM %s
// RUN: %vptx --emit=ptx --arch=sm_90a --remarks %s -o %t2.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// CHECK: .visible .entry pp(
// CHECK: .reqntid 384, 1, 1
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK-NEXT: shr.u32 [[W:%r_[A-Za-z0-9_$]+_[0-9]+]], {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 7;
// CHECK-NEXT: add.s32 [[WAIT:%r_[A-Za-z0-9_$]+_[0-9]+]], [[W]], 1;
// CHECK-NEXT: mov.b32 [[TWO:%r_[A-Za-z0-9_$]+_[0-9]+]], 2;
// CHECK-NEXT: sub.s32 [[SIGNAL:%r_[A-Za-z0-9_$]+_[0-9]+]], [[TWO]], [[W]];
// CHECK-NEXT: setp.ne.u32 [[W1:%p_[A-Za-z0-9_$]+_[0-9]+]], [[W]], 0;
// CHECK-NEXT: @![[W1]] bra [[SKIP:\$L__[A-Za-z_0-9$]+]];
// CHECK-NEXT: bar.arrive 1, 256;
// CHECK-NEXT: [[SKIP]]:
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK-NOT: wgmma.mma_async
// CHECK: bar.sync [[WAIT]], 256;
// CHECK-NOT: bar.
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: bar.
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 1;
// CHECK-NEXT: bar.arrive [[SIGNAL]], 256;
// CHECK: mbarrier.arrive.shared.b64
// CHECK: setp.eq.u32 [[W0:%p_[A-Za-z0-9_$]+_[0-9]+]], [[SIGNAL]], 2;
// CHECK-NEXT: @![[W0]] bra [[SKIP0:\$L__[A-Za-z_0-9$]+]];
// CHECK-NEXT: bar.sync 1, 256;
// CHECK-NEXT: [[SKIP0]]:
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK: .visible .entry pp_dflt(
// CHECK-NOT: bar.arrive
// CHECK: .visible .entry pp4(
// CHECK: setmaxnreg.inc.sync.aligned.u32 112;
// CHECK-NOT: bar.arrive
// CHECK: .visible .entry pp_nows(
// CHECK-NOT: bar.arrive
// CHECK-NOT: setmaxnreg
// CHECK: .visible .entry pp_no(
// CHECK-NOT: bar.arrive
// PTXAS-NOT: warning
// PTXAS-NOT: error
// ARRIVES2: {{^}}2{{$}}
// ARRIVES4: {{^}}4{{$}}
// SIM: PASS pp (sim vs eval, max abs err 0,
// SIM: PASS pp_dflt (sim vs eval, max abs err 0,
// SIM: PASS pp4 (sim vs eval, max abs err 0,
// SIM: PASS pp_nows (sim vs eval, max abs err 0,
// SIM: PASS pp_no (sim vs eval, max abs err 0,
// REMARK: tma-ring-pingpong.mlir:[[@LINE+8]]:8: remark: {{.*}}warp-specialized{{.*}}; ping-pong: the two consumer warpgroups take turns
// REMARK-NOT: ping-pong
func.func @pp(%A: memref<128x256xf16>, %B: memref<256x128xf16>, %C: memref<128x128xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x256xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<256x128xf16>, vector<64x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>}
         %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  } {vptx.ping_pong = true}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
func.func @pp_dflt(%A: memref<128x192xf16>, %B: memref<192x128xf16>, %C: memref<128x128xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 192 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x192xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<192x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>}
         %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
func.func @pp4(%A: memref<256x128xf16>, %B: memref<128x128xf16>, %C: memref<256x128xf32>) attributes {gpu.known_block_size = array<i32: 512, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<256x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<256x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<256x128xf16>, vector<256x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>}
         %a, %b, %acc : vector<256x32xf16>, vector<32x128xf16> into vector<256x128xf32>
    scf.yield %d : vector<256x128xf32>
  } {vptx.ping_pong = true}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<256x128xf32>, memref<256x128xf32>
  return
}
func.func @pp_nows(%A: memref<128x256xf16>, %B: memref<256x128xf16>, %C: memref<128x128xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x256xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<256x128xf16>, vector<64x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>}
         %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  } {vptx.ping_pong = true, vptx.warp_specialize = false}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
func.func @pp_no(%A: memref<128x192xf16>, %B: memref<192x128xf16>, %C: memref<128x128xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 192 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x192xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<192x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>}
         %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  } {vptx.ping_pong = false}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
