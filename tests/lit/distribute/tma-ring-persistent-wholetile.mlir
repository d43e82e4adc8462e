// REQUIRES: ptxas
// Whole-tile ping-pong (issue 14 part 4; distribute/schedule/persist.c and tma_ring.c,
// docs/hopper.md section 1c): `vptx.persistent = true` and `vptx.ping_pong = true` on the
// ring's loop (or --persistent --ping-pong) make the 256-thread kernel one warpgroup's
// program (128 threads; each warpgroup holds the whole 128x128 accumulator: two
// m64n128k16 per k16, 128 f32 registers), run by two consumer warpgroups on alternate
// tiles of the persistent tile loop, their K loops in turn.
// Expected values from that rule, not from the output:
//   block 128 + 128 + 128 = 384; thread ids of the layouts tid & 127; consumers tid <
//   256, the producer's first thread tid == 256; empty barriers count one warpgroup,
//   128; w = tid >> 7; warpgroup 1 arrives on barrier 1 once before its tiles; consumer
//   warpgroup w's tile loop starts at ctaid.x + w nctaid.x; bar.sync 1 + w, 256 before
//   the K loop's first wait, 4 wgmma per K step of 64 (2 M halves x 4 k16 / ... : 2 x 4
//   = 8 per step, 2 per k16); after the K loop wgmma.wait_group 0, the release of the
//   tile's last stage, then bar.arrive 2 - w, 256 and the stores; after the tiles one
//   bar.sync 1 + w, 256 under (tiles % 2 == w).
//   wt_dflt: no attribute: the K-step form of the options only (a 256-thread block of
//   two warpgroups sharing the tile) unless --persistent --ping-pong: then whole-tile too
//   (the block-size lines say 384 threads after the kernel's 128 twice).
// The simulator runs the 3 x 4 logical grid (12 tiles) on 5, 2 and 1 workgroups and the
// 2 x 2 grid (4 tiles, one each: odd counts) against eval.  Dropping the bar.sync before
// the K loop (the order) makes C wrong on the simulator: a warpgroup then waits for a
// ring phase two ahead of the stage's, which the parity cannot tell apart.
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && grep -v "^[[:space:]]*// [a-z_]*[.]" %t.ptx | %filecheck %s
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | %filecheck --check-prefix=PTXAS --allow-empty %s
// RUN: %vptx --emit=ptx --arch=sm_90a --persistent --ping-pong %s -o %t1.ptx && grep -c "after the kernel's 128" %t1.ptx | %filecheck --check-prefix=TWO %s
// RUN: %vptx check --arch=sm_90a %s --kernel=wt --grid=3,4 --persistent-ctas=5 | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a %s --kernel=wt --grid=3,4 --persistent-ctas=2 | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a %s --kernel=wt --grid=3,4 --persistent-ctas=1 | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a %s --kernel=wt --grid=2,2 | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a --persistent --ping-pong %s --kernel=wt_dflt --grid=3,4 --persistent-ctas=3 | %filecheck --check-prefix=SIMD %s
// RUN: %vptx --emit=ptx --arch=sm_90a --remarks %s -o %t2.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// CHECK: // vptx: block size 384 threads (256 of a producer warpgroup after the kernel's 128)
// CHECK: // vptx: hidden logical grid (x, y, z: .u32), parameter 5
// CHECK: .visible .entry wt(
// CHECK: .reqntid 384, 1, 1
// CHECK: mov.u32 [[TID:%r_[A-Za-z0-9_$]+_[0-9]+]], %tid.x;
// CHECK-NEXT: and.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, [[TID]], 127;
// CHECK: mov.u32 [[CTA:%r_[A-Za-z0-9_$]+_[0-9]+]], %ctaid.x;
// CHECK-NEXT: mov.u32 [[NCTA:%r_[A-Za-z0-9_$]+_[0-9]+]], %nctaid.x;
// CHECK-NEXT: setp.lo.u32 [[CONS:%p_[A-Za-z0-9_$]+_[0-9]+]], [[TID]], 256;
// CHECK: mbarrier.init.shared.b64 {{.*}}, 128;
// CHECK: bar.sync 0;
// CHECK-NEXT: @![[CONS]] bra [[PROD:\$L__[A-Za-z_0-9$]+]];
// CHECK-NEXT: shr.u32 [[W:%r_[A-Za-z0-9_$]+_[0-9]+]], [[TID]], 7;
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK: add.s32 [[WAIT:%r_[A-Za-z0-9_$]+_[0-9]+]], {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 1;
// CHECK: bar.arrive 1, 256;
// CHECK-NOT: wgmma
// CHECK: bar.sync [[WAIT]], 256;
// CHECK-NOT: bar.
// CHECK: mbarrier.try_wait.parity
// CHECK-NOT: bar.
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: bar.
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: bar.
// CHECK: mbarrier.arrive.shared.b64
// CHECK-NEXT: $L__{{[A-Za-z_0-9$]+}}:
// CHECK-NEXT: bar.arrive [[SIGNAL:%r_[A-Za-z0-9_$]+_[0-9]+]], 256;
// CHECK: st.global
// CHECK: bar.sync [[WAIT]], 256;
// CHECK: [[PROD]]:
// CHECK-NEXT: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: setp.eq.u32 {{%p_[A-Za-z0-9_$]+_[0-9]+}}, [[TID]], 256;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK: .visible .entry wt_dflt(
// CHECK-NOT: hidden logical grid
// PTXAS-NOT: warning
// PTXAS-NOT: error
// TWO: {{^}}2{{$}}
// SIM: PASS wt (sim vs eval, max abs err 0,
// SIMD: PASS wt_dflt (sim vs eval, max abs err 0,
// REMARK: remark: {{.*}}; persistent: {{.*}}; whole-tile ping-pong: two consumer warpgroups of the kernel's 128 threads take alternate tiles
func.func @wt(%A: memref<512x256xf16>, %B: memref<256x384xf16>, %C: memref<512x384xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 256 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [true, true]} : memref<512x256xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [true, true]} : memref<256x384xf16>, vector<64x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>}
         %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  } {vptx.persistent = true, vptx.ping_pong = true}
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<512x384xf32>
  return
}
func.func @wt_dflt(%A: memref<512x256xf16>, %B: memref<256x384xf16>, %C: memref<512x384xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 256 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [true, true]} : memref<512x256xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [true, true]} : memref<256x384xf16>, vector<64x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>}
         %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<512x384xf32>
  return
}
