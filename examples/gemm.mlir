// A full GEMM over a grid: C = A * B for any M, N, K (A is M x K, B is K x N, f16; C
// is M x N, f32), one 128x128 tile of C per workgroup of 8 warps, K in steps of 32.
// Written plainly: no layouts, no mma_kind, no stage count.  in_bounds = false on every
// dim: the reads zero-fill past M, N and K, and the store of C clips.
// On sm_80 (the default) layout/select.c picks mma.sync m16n8k16 and a 4x2 warp split
// (docs/tensor-cores.md); distribute stages both operands through swizzled shared
// memory with 16-byte cp.async copies and pipelines the K loop over 3 stages
// (docs/staging.md).  Rows whose length (K for A, N for B) is not a multiple of 8 are
// copied element by element (a uniform branch; cp.async needs rows on 16 bytes).  C
// leaves through the idle stage buffers in 128-bit stores (distribute/schedule/epilogue.c;
// element by element at the right edge, or where N is not a multiple of 4).
// On sm_90a it takes the Hopper route (docs/hopper.md): wgmma m64n128k16 on two
// warpgroups, fed by a 3-stage TMA ring with full and empty mbarriers, and a producer
// warpgroup that issues the copies (384 threads).  The tensor maps are hidden arguments
// the launcher encodes with the sizes it is given; TMA zero-fills past them.  TMA needs
// rows of whole 16-byte pieces (K and N multiples of 8): other sizes go, by a test of
// the sizes in the kernel, to a copy of the K loop that stages A and B through
// registers (slow, but any M, N, K works).  --remarks says all of this.
// vptx check args: --grid=2,2 --dim=200,72,72,136,200,136
// (the arguments examples/demo.sh and `make bench` give `vptx check`: M, N, K off the tile)
// RUN: %vptx check %s --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck %s
// RUN: %vptx check %s --grid=2,2 --dim=130,66,66,130,130,130 | %filecheck %s
// RUN: %vptx check %s --grid=1,1 --dim=128,64,64,128,128,128 --stats | %filecheck --check-prefix=STATS %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --remarks %s -o %t.r.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// The Hopper route, at the example's sizes and ragged ones (M = 257: three row blocks,
// the last with one row; K = 24: one partial step; K = 0: no step, C = 0), and at sizes
// whose rows TMA cannot map (K = 66, 100; N = 129), which take the register copies:
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx && %filecheck --check-prefix=PTX90 %s < %t90.ptx
// RUN: %vptx --arch=sm_90a --remarks %s -o %t90r.ptx 2>&1 | %filecheck --check-prefix=REMARK90 %s
// RUN: %vptx check --arch=sm_90a %s --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --grid=2,3 --dim=257,104,104,136,257,136 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --grid=2,2 --dim=130,24,24,136,130,136 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --grid=2,2 --dim=130,0,0,136,130,136 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --grid=2,2 --dim=130,66,66,130,130,130 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --grid=2,3 --dim=257,100,100,129,257,129 | %filecheck %s
// Which path ran: at 130x136x72 every CTA issues 3 K steps x 3 TMA copies (A: one box
// of 128 x 32; B: two boxes of 32 x 64), 36 for the 4 CTAs, and loads nothing itself; at
// K = 66 no TMA copy runs and the threads load A and B:
// RUN: %vptx check --arch=sm_90a --stats %s --grid=2,2 --dim=130,72,72,136,130,136 | %filecheck --check-prefix=TMA %s
// RUN: %vptx check --arch=sm_90a --stats %s --grid=2,2 --dim=130,66,66,136,130,136 | %filecheck --check-prefix=COPY %s
// TMA: cp.async 36
// TMA: global loads 0 requests
// The TMA bytes are the ideal: A (130x72 f16, 18720 bytes) once per column of CTAs and B
// (72x136, 19584 bytes) once per row, 2 x 18720 + 2 x 19584 = 76608; the 36 boxes
// (128x32 + 2 x 32x64 f16 = 16384 bytes a step) hold 196608 bytes, the rest zero-filled.
// The wgmma: 4 CTAs x 2 warpgroups x 3 K steps x 2 (k16) = 48, one group a step (24);
// each warpgroup waits with one group in flight in its 3 steps and for none after
// the loop: 32 waits, mean 0.75.  The register copy waits for every group.
// TMA: TMA{{ +}}36 loads, 76608 bytes (120000 zero-filled); 0 stores, 0 bytes
// TMA-NEXT: wgmma{{ +}}48 mma_async in 24 groups, up to 2 in flight; 32 waits left up to 1 in flight (mean 0.75)
// TMA: PASS gemm
// COPY-NOT: cp.async
// COPY: global loads {{[1-9]}}
// COPY-NOT: TMA
// COPY: wgmma{{ +}}48 mma_async in 24 groups, up to 1 in flight; 24 waits left up to 0 in flight
// COPY: PASS gemm
// REMARK: remark: 'vector.contract' 128x128x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape); subgroups M4 x N2 x K1 of 8
// REMARK: remark: 'scf.for' stages its contract operands through XOR-swizzled shared memory (16-byte cp.async.cg copies, ldmatrix reads): 3 stage(s) of 16384 bytes
// REMARK90: remark: 'vector.contract' 128x128x32 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 (sm_90a: warpgroup wgmma, chosen from the element types and shape); warpgroups M2 x N1 of 2
// REMARK90: remark: 'scf.for' feeds its wgmma operands through a TMA ring (cp.async.bulk.tensor, full and empty mbarriers): 3 stages of 16384 bytes in dynamic shared memory; warp-specialized: a producer warpgroup issues the copies (the block gains 128 threads); the rows of %A and %B have a dynamic length: where they are not whole 16-byte pieces, which TMA needs, a test of the sizes takes a copy of the loop with register copies instead (docs/hopper.md)
// CHECK: PASS gemm (sim vs eval
// STATS: global loads {{.*}}, 100.0% efficient)
// STATS: global stores  128 requests, {{.*}}, 100.0% efficient)
// STATS: shared loads {{.*}}, 100.0% conflict-free)
// STATS-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// PTX: cp.async.cg.shared.global
// PTX: cp.async.wait_group 1;
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: st.global.v4.f32
// PTX90: // vptx: block size 384 threads (128 of a producer warpgroup after the kernel's 256)
// PTX90-NEXT: // vptx: hidden tensor map of argument 0, box 128x32, swizzle 64, parameter {{[0-9]+}}, unused when its rows are not whole 16-byte pieces
// PTX90-NEXT: // vptx: hidden tensor map of argument 1, box 32x64, swizzle 128, parameter {{[0-9]+}}, unused when its rows are not whole 16-byte pieces
// PTX90-NEXT: // vptx: dynamic shared memory 49152 bytes
// PTX90: cp.async.bulk.tensor.2d.shared::cluster.global
// PTX90: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX90-NOT: mma.sync
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}

// On sm_100a it takes the Blackwell route (docs/blackwell.md, section 4): the same TMA
// ring feeds tcgen05.mma M128 N128 K16, issued by warp 1's first thread while warp 0's
// first thread issues the copies (warp specialization),
// the 128x128 f32 accumulator in 128 columns of tensor memory; each commit frees a ring
// stage, the last one lets the two warpgroups drain the tile with tcgen05.ld 32x32b (a
// row of 64 columns a thread) and store it with the same guards.  Rows TMA cannot map (K
// or N not a multiple of 8) go, by a test of the sizes, to a copy of the loop and the
// store on mma.sync (1 stage).
// The Blackwell route at ragged sizes (M = 200, 257: partial row blocks; N = 136: a
// partial column block; K = 72, 24: partial K steps; K = 0: C = 0) and aligned ones:
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t100.ptx && %ptxas-verify %t100.ptx && %filecheck --check-prefix=PTX100 %s < %t100.ptx
// RUN: %vptx --arch=sm_100a --remarks %s -o %t100r.ptx 2>&1 | %filecheck --check-prefix=REMARK100 %s
// RUN: %vptx check --arch=sm_100a %s --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --grid=2,3 --dim=257,104,104,136,257,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --grid=2,2 --dim=130,24,24,136,130,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --grid=2,2 --dim=130,0,0,136,130,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --grid=2,2 --dim=256,256,256,256,256,256 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --grid=2,2 --dim=130,66,66,130,130,130 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --grid=2,3 --dim=257,100,100,129,257,129 | %filecheck %s
// RUN: %vptx check --arch=sm_100a --stats %s --grid=2,2 --dim=130,66,66,136,130,136 | %filecheck --check-prefix=COPY100 %s
// COPY100-NOT: TMA
// COPY100-NOT: tcgen05
// COPY100: PASS gemm
// RUN: %vptx check --arch=sm_100a --stats %s --grid=2,2 --dim=130,72,72,136,130,136 | %filecheck --check-prefix=TC05 %s
// 4 CTAs x 3 K steps x 2 (K 16) = 24 tcgen05.mma; the same 36 TMA copies as on sm_90a
// TC05: cp.async 36
// TC05: tcgen05 24 mma
// TC05: PASS gemm
// REMARK100: remark: 'vector.contract' 128x128x32 f16 x f16 -> f32: NV_TCGEN05_F32_128x128x16_F16 (sm_100a: tcgen05, chosen from the element types and shape); one thread issues 2 tcgen05.mma M128 N128 K16 per K step, the accumulator in 128 tensor-memory columns; 2 warpgroup(s) drain it with tcgen05.ld 32x32b, 64 columns a thread
// REMARK100: remark: 'vector.contract' 128x128x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not tcgen05: this is the copy of its K loop for rows TMA cannot map (not whole 16-byte pieces), which a test of the sizes takes)
// REMARK100: remark: 'scf.for' feeds its tcgen05 operands through a TMA ring (cp.async.bulk.tensor, full and empty mbarriers): 3 stages of 16384 bytes in dynamic shared memory; warp-specialized: warp 0 (the producer, one thread) issues the copies as stages free up and warp 1 (the MMA warp, one thread) waits for each stage and issues its tcgen05.mma, so neither waits for the other's work; after the loop the MMA warp's last commit hands the accumulator to every warp, which drain it with tcgen05.ld (--no-warp-specialize: thread 0 does both); the tcgen05.commit of a step's MMAs frees its stage; the accumulator lives in 128 tensor-memory columns until the loop ends; where rows of a dynamic length are not whole 16-byte pieces, which TMA needs, a test of the sizes takes a copy of the loop on mma.sync
// PTX100: // vptx: hidden tensor map of argument 0, box 128x32, swizzle 64, parameter {{[0-9]+}}, unused when its rows are not whole 16-byte pieces
// PTX100: // vptx: dynamic shared memory 49152 bytes
// PTX100: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [{{%r_[A-Za-z0-9_$]+_[0-9]+}}], 128;
// PTX100: cp.async.bulk.tensor.2d.shared::cluster.global
// PTX100: tcgen05.mma.cta_group::1.kind::f16
// PTX100: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// PTX100: tcgen05.ld.sync.aligned.32x32b.x64.b32
// PTX100: tcgen05.dealloc.cta_group::1.sync.aligned.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 128;
// PTX100: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
