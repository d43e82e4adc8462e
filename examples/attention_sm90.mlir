// Flash attention for Hopper (sm_90a): the kernel of examples/attention.mlir with a
// workgroup of one warpgroup (128 threads) and 64 query rows, so that both contracts
// can take warpgroup wgmma.  f16 Q, K, V; f32 scores and accumulator; online softmax;
// 256 keys in blocks of 64, head dim 64.
//
// What vptx makes of it (vptx --arch=sm_90a --remarks examples/attention_sm90.mlir):
//  - both contracts get warpgroup wgmma m64n64k16 f16 x f16 -> f32 (layout/select.c,
//    docs/hopper.md "Attention");
//  - S = Q K^T reads Q and the key block from swizzled shared memory: Q's image is
//    stored once, before the key loop; the key and value blocks are loaded by TMA
//    (cp.async.bulk.tensor) into rings of 1 and 2 stages with full and empty
//    mbarriers (distribute/schedule/attn_ring.c), never through registers;
//  - P V reads P from registers: the D fragment of S (f32) holds, in each thread, the
//    same (row, column) pairs as P V's A fragment (f16) per 16 keys, so P reaches the
//    second wgmma by a register renaming and cvt.rn.f16x2.f32, never through shared
//    memory (vptx.wgmma_ra, `wgmma.mma_async ... {a0, a1, a2, a3}, descB`);
//  - P V's wgmma group is left in flight into the next key block, whose S wgmma it
//    overlaps (S's wait_group 0 covers both);
//  - the softmax rows stay in one warp (each warp of the warpgroup owns 16 rows of S):
//    the row max and sum are shuffles within groups of 4 lanes.
// On sm_80 (and sm_90) the same kernel takes mma.sync with the rows split over 4 warps.
//
// RUN: %vptx check --arch=sm_90a %s | %filecheck %s
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --arch=sm_90a --remarks --emit=layout %s -o %t.mlir 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %filecheck --check-prefix=LAYOUT %s < %t.mlir
// RUN: %vptx --arch=sm_90a --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=DREMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS attention_sm90 (sim vs eval
// REMARK: remark: 'vector.contract' 64x64x64 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 (sm_90a: warpgroup wgmma, chosen from the element types and shape); warpgroups M1 x N1 of 1 {{.*}}staging: A and B through swizzled shared memory
// REMARK: remark: 'vector.contract' 64x64x64 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 (sm_90a: warpgroup wgmma, chosen from the element types and shape); warpgroups M1 x N1 of 1 {{.*}}A from registers
// DREMARK: remark: 'scf.for' loads its key and value blocks (64x64 and 64x64) through TMA rings (cp.async.bulk.tensor, full and empty mbarriers): 1 stage(s) of 8192 bytes for the key blocks and 2 of 8192 for the value blocks, in dynamic shared memory
// DREMARK: remark: 'vector.contract' (wgmma) has its A (64x64), defined before the loop, stored into shared memory once, before the loop
// DREMARK-NOT: read(s) of kernel arguments are issued at the top of the body
// DREMARK: remark: 'vector.contract' (P V, A from registers) leaves its wgmma group in flight into the next iteration
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>
// LAYOUT-NOT: vptx.wgmma_a
// LAYOUT: iree_vector_ext.to_layout {{.*}}vptx.conversion = "registers"
// LAYOUT: arith.truncf
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>{{.*}}vptx.wgmma_a = "registers"
// LAYOUT-NOT: vptx.conversion = "shared"
// Q is read once, before the key loop, and its wgmma image is stored there, once
// (distribute/lowering/contract.c hoists the staging of a loop-invariant A: 4 16-byte global
// loads and 4 16-byte shared stores a thread).  The key and value blocks never pass
// through registers: distribute/schedule/attn_ring.c loads them by TMA, the key blocks into a
// ring of 1 stage (free again right after S) and the value blocks into a ring of 2.
// Before the loop thread 0 initializes a full barrier (count 1) and an empty one (count
// 128, the threads) per stage, and fills every stage: K_0, V_0, V_1, each an expect_tx
// of one 64x64 f16 block (64 * 64 * 2 = 8192 bytes) and one cp.async.bulk.tensor
// (128-byte rows: one swizzle block).
// PTX: .entry attention_sm90(
// PTX-COUNT-4: ld.global.nc.v4.b32
// PTX-COUNT-4: st.shared.v4.b32
// PTX-NOT: {{ld.global|st.shared|wgmma.mma_async}}
// PTX-COUNT-3: mbarrier.init.shared.b64 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}{{(\+8)?}}], 1;
// PTX: bar.sync 0;
// PTX-COUNT-3: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}{{(\+8)?}}], 8192;
// PTX: $L__attention_sm90_r_3:
// Per key block: wait for K's stage (parity), S by 4 wgmma with A and B descriptors, its
// wait (which also completes the previous block's P V), release of K's stage and
// thread 0's refill of it with the next key block (wait for empty, expect_tx, 1 copy),
// release of the previous block's V stage and its refill (one branch per stage), the
// softmax, P cast in registers, the wait for V's stage, 4 wgmma taking P's registers.
// No thread loads or stores K or V.
// PTX-NOT: {{ld.global|st.shared}}
// PTX: mbarrier.try_wait.parity.shared::cta.b64
// PTX-NOT: {{ld.global|st.shared}}
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, {{[01]}}, 1, 1, 0, 0;
// PTX-NEXT: wgmma.commit_group.sync.aligned;
// PTX-NEXT: wgmma.wait_group.sync.aligned 0;
// PTX: mbarrier.arrive.shared.b64
// PTX: mbarrier.try_wait.parity.shared::cta.b64
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 8192;
// PTX: cp.async.bulk.tensor.2d
// PTX: mbarrier.arrive.shared.b64
// PTX: mbarrier.try_wait.parity.shared::cta.b64
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 8192;
// PTX: cp.async.bulk.tensor.2d
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}+8], 8192;
// PTX: cp.async.bulk.tensor.2d
// PTX-NOT: {{ld.global|st.shared|wgmma.mma_async|cp.async.bulk}}
// PTX: cvt.rn.f16x2.f32
// PTX-NOT: {{ld.global|st.shared|wgmma.mma_async}}
// PTX: mbarrier.try_wait.parity.shared::cta.b64
// PTX-NOT: {{ld.global|st.shared}}
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 1, 1, 1, 1;
// P V's group stays in flight past the back edge (distribute/schedule/attn_reads.c): no wait
// after its commit; the next iteration's S waits for both (wait_group 0), and one wait
// after the loop covers the last.  Its accumulator is the loop-carried registers, so
// the yield copies none of them (tests/lit/distribute/attn-overlap.mlir: ptxas repairs
// nothing).
// PTX-NEXT: wgmma.commit_group.sync.aligned;
// PTX-NOT: wgmma.wait_group
// PTX: $L__attention_sm90_r_4:
// PTX-NEXT: // vptx.wgmma_wait
// PTX-NEXT: wgmma.wait_group.sync.aligned 0;
// PTX-NOT: {{st.shared|wgmma.mma_async|cp.async.bulk}}
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @attention_sm90(%Q: memref<64x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %r:3 = scf.for %j = %c0 to %c256 step %c64 iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<64x64xf32> to vector<64xf32>
    %mb = vector.broadcast %mx : vector<64xf32> to vector<64x64xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %d = arith.subf %s, %mt : vector<64x64xf32>
    %p = math.exp %d : vector<64x64xf32>
    %dm = arith.subf %m, %mx : vector<64xf32>
    %corr = math.exp %dm : vector<64xf32>
    %lc = arith.mulf %corr, %l : vector<64xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<64x64xf32> to vector<64xf32>
    %ph = arith.truncf %p : vector<64x64xf32> to vector<64x64xf16>
    %cb = vector.broadcast %corr : vector<64xf32> to vector<64x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %as = arith.mulf %acc, %ct : vector<64x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
