// REQUIRES: ptxas
// The persistent tile loop of a warp-specialized TMA ring (issue 14 part 4,
// distribute/schedule/persist.c and tma_ring.c, docs/hopper.md section 1c): with
// `vptx.persistent = true` on the loop (or --persistent), the kernel loops over the
// logical workgroups w = ctaid.x, ctaid.x + nctaid.x, ... < gx * gy * gz, the logical
// grid arriving in three hidden .u32 parameters after the tensor maps; the producer
// warpgroup (tid >= 256) and the consumers (tid < 256) run separate tile loops, so that
// each setmaxnreg (dec 40, inc 232) is met by its side only and ptxas honours both.
// Expected values from that rule, not from the output:
//   pt (256 threads, A 512x256, B 256x384, C 512x384: memrefs of static shape take one
//   parameter each, 0-2; the maps 3 and 4; so the grid is parameters 5, 6 and 7);
//   a 4-step loop (256 / 64) over 3 stages: each consumer releases the tile's last step
//   after wgmma.wait_group 0 (the stage goes to the next tile) when T > 0;
//   pt_dflt: no attribute: not persistent, but --persistent makes it so (2 kernels
//   with the line: pt, pt_dflt; not pt_no, pt_nows);
//   pt_no (vptx.persistent = false): never; pt_nows (no warp specialization): never,
//   with a remark under --persistent --remarks.
// The simulator runs the 3 x 4 logical grid of 128x128 tiles on 5 workgroups (2 or 3
// tiles each: the ring's steps are numbered across tiles) and on 1 (all 12), and with
// --ping-pong, which with the attribute's persistent loop makes it whole-tile
// (tma-ring-persistent-wholetile.mlir; the K-step turns across tiles are run by
// tests/lit/check/wgmma-persistent.mlir on the 128x256 tile), against eval.
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && grep -v "^[[:space:]]*// [a-z_]*[.]" %t.ptx | %filecheck %s
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | %filecheck --check-prefix=PTXAS --allow-empty %s
// RUN: grep -c 'hidden logical grid' %t.ptx | %filecheck --check-prefix=ONE %s
// RUN: %vptx --emit=ptx --arch=sm_90a --persistent %s -o %t1.ptx && grep -c 'hidden logical grid' %t1.ptx | %filecheck --check-prefix=TWO %s
// RUN: %ptxas -arch=sm_90a %t1.ptx -o %t1.cubin 2>&1 | %filecheck --check-prefix=PTXAS --allow-empty %s
// RUN: %vptx check --arch=sm_90a %s --kernel=pt --grid=3,4 --persistent-ctas=5 | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a %s --kernel=pt --grid=3,4 --persistent-ctas=1 | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a --ping-pong %s --kernel=pt --grid=3,4 --persistent-ctas=5 | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a --persistent %s --kernel=pt_dflt --grid=3,4 --persistent-ctas=2 | %filecheck --check-prefix=SIMD %s
// RUN: %vptx check --arch=sm_90a --persistent %s --kernel=pt_nows --grid=3,4 | %filecheck --check-prefix=SIMW %s
// RUN: %vptx --emit=ptx --arch=sm_90a --persistent --remarks %s -o %t2.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// CHECK: // vptx: block size 384 threads
// CHECK: // vptx: hidden logical grid (x, y, z: .u32), parameter 5
// CHECK: .visible .entry pt(
// CHECK: .param .align 64 .b8 pt_param_4[128],
// CHECK-NEXT: .param .u32 pt_param_5,
// CHECK-NEXT: .param .u32 pt_param_6,
// CHECK-NEXT: .param .u32 pt_param_7
// CHECK-NEXT: )
// CHECK: mov.u32 [[TID:%r_[A-Za-z0-9_$]+_[0-9]+]], %tid.x;
// CHECK: mov.u32 [[CTA:%r_[A-Za-z0-9_$]+_[0-9]+]], %ctaid.x;
// CHECK-NEXT: mov.u32 [[NCTA:%r_[A-Za-z0-9_$]+_[0-9]+]], %nctaid.x;
// CHECK-NEXT: setp.lo.u32 [[CONS:%p_[A-Za-z0-9_$]+_[0-9]+]], [[TID]], 256;
// CHECK: mbarrier.init.shared.b64 {{.*}}, 256;
// CHECK: bar.sync 0;
// CHECK-NEXT: @![[CONS]] bra [[PROD:\$L__[A-Za-z_0-9$]+]];
// CHECK-NEXT: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK-NEXT: cvt.u64.u32 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, [[CTA]];
// CHECK-NOT: cp.async.bulk
// CHECK: mbarrier.try_wait.parity
// CHECK: wgmma.mma_async
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NEXT: setp.gt.s32 [[SOME:%p_[A-Za-z0-9_$]+_[0-9]+]], {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 0;
// CHECK-NEXT: @![[SOME]] bra
// CHECK-NOT: wgmma
// CHECK: mbarrier.arrive.shared.b64
// CHECK: st.global
// CHECK: cvt.u64.u32 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, [[NCTA]];
// CHECK-NOT: cp.async.bulk
// CHECK: [[PROD]]:
// CHECK-NEXT: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK-NOT: wgmma
// CHECK: setp.eq.u32 {{%p_[A-Za-z0-9_$]+_[0-9]+}}, [[TID]], 256;
// CHECK-NOT: wgmma
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK-NOT: wgmma
// CHECK: .visible .entry pt_dflt(
// CHECK-NOT: hidden logical grid
// CHECK: .visible .entry pt_no(
// PTXAS-NOT: warning
// PTXAS-NOT: error
// ONE: {{^}}1{{$}}
// TWO: {{^}}2{{$}}
// SIM: PASS pt (sim vs eval, max abs err 0,
// SIMD: PASS pt_dflt (sim vs eval, max abs err 0,
// SIMW: PASS pt_nows (sim vs eval, max abs err 0,
// REMARK: remark: {{.*}}warp-specialized{{.*}}; persistent: the workgroup loops over the logical workgroups
// REMARK: remark: {{.*}}warp-specialized{{.*}}; persistent: the workgroup loops over the logical workgroups
// REMARK-NOT: persistent: the
// REMARK: tma-ring-persistent.mlir:{{[0-9]+}}:8: remark: 'scf.for' gets no persistent tile loop (--persistent): the ring is not warp-specialized
func.func @pt(%A: memref<512x256xf16>, %B: memref<256x384xf16>, %C: memref<512x384xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
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
  } {vptx.persistent = true}
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<512x384xf32>
  return
}
func.func @pt_dflt(%A: memref<512x256xf16>, %B: memref<256x384xf16>, %C: memref<512x384xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
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
func.func @pt_no(%A: memref<512x256xf16>, %B: memref<256x384xf16>, %C: memref<512x384xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
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
  } {vptx.persistent = false}
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<512x384xf32>
  return
}
func.func @pt_nows(%A: memref<512x256xf16>, %B: memref<256x384xf16>, %C: memref<512x384xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
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
  } {vptx.warp_specialize = false}
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<512x384xf32>
  return
}
