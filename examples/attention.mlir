// Flash attention (seed 003) as a user writes it: f16 Q, K, V; f32 scores and
// accumulator; online softmax (running row max m, row sum l, rescaled O); no layouts,
// no mma_kind.  One workgroup of 2 warps handles 32 query rows against 128 keys in
// blocks of 64, head dim 64.
//
// What vptx makes of it (vptx --remarks examples/attention.mlir):
//  - both contracts get mma.sync m16n8k16 f16 x f16 -> f32 (layout/select.c);
//  - the split is M2 x N1 ("rows" policy: S feeds a row reduction and P feeds the
//    second contract), so every row of S lives in one warp: the row max and sum are
//    per-thread work plus shuffles within groups of 4 lanes, no shared memory;
//  - K and V, read from global memory inside the key loop, are staged through
//    XOR-swizzled shared memory by a 3-stage cp.async pipeline and read with
//    ldmatrix (distribute/schedule/stage.c); Q, read once before the loop, goes the same way
//    (16-byte cp.async into the last stage's slice of K's buffer, then ldmatrix), so
//    every global load is 100% sector-efficient (4-byte fragment loads of Q: 90%);
//  - P, the first contract's C fragment (f32), becomes the second contract's A
//    fragment (f16) by a register permutation (an iree_vector_ext.to_layout marked
//    vptx.conversion = "registers", placed by the layout pass on S - max, before the
//    exp) and a cast (cvt.rn.f16x2.f32): no shared-memory round trip between the two
//    contracts (no st.shared after the key loop's copies are issued).
// Per warp and key block: 1 x 8 x 4 = 32 mma.sync for S = Q K^T and 1 x 8 x 4 = 32
// for O += P V.
//
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx check --fast-math %s | %filecheck %s
// RUN: %vptx check --stats %s | %filecheck --check-prefix=STATS %s
// RUN: %vptx --emit=layout %s | %filecheck --check-prefix=LAYOUT %s
// RUN: %vptx --remarks --emit=ptx %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --arch=sm_100a --remarks --emit=ptx %s -o %t.100.ptx 2>&1 | %filecheck --check-prefix=SM100 %s
// RUN: %vptx check --arch=sm_100a %s | %filecheck %s
// RUN: %vptx --fast-math --emit=ptx %s -o %t.fast.ptx
// RUN: %ptxas-verify %t.fast.ptx
// RUN: %filecheck --check-prefix=FAST %s < %t.fast.ptx
// RUN: %filecheck --check-prefix=FASTSUM %s < %t.fast.ptx
// CHECK: PASS attention (sim vs eval
// On sm_100a both contracts keep mma.sync: tcgen05 attention takes one warpgroup and 128
// query rows (examples/attention_sm100.mlir, docs/blackwell.md section 5):
// SM100: not tcgen05: it is part of a contract chain (attention), which vptx runs on tcgen05 with one warpgroup
// SM100: not tcgen05: it is part of a contract chain (attention), which vptx runs on tcgen05 with one warpgroup
// --fast-math: exp(s - max) and exp(m - max) are one fma each (the arith.subf seen
// through P's register permutation; max * -log2 e once per row), no sub.f32 left:
// FAST-NOT: sub.f32
// FAST-COUNT-34: fma.rn.f32 %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, 0f3FB8AA3B, %f_{{[A-Za-z0-9_$]+_[0-9]+}};
// FAST-NOT: sub.f32
// and the row sum l stays each lane's partial through the key loop: its shuffles run
// once, after the loop (only the row max's are in it):
// FASTSUM-COUNT-4: shfl.sync.bfly.b32
// FASTSUM-NOT: shfl.sync
// FASTSUM: bra $L__attention_r_0;
// FASTSUM-COUNT-4: shfl.sync.bfly.b32
// FASTSUM-NOT: shfl.sync
// 1152 sectors = (32x64 + 2 x 128x64) x 2 bytes / 32:
// STATS: global loads   72 requests, 1152 sectors (ideal 1152, 100.0% efficient), 36864 bytes
// STATS: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// STATS: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// LAYOUT-NOT: vptx.conversion = "shared"
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>{{.*}}vptx.subgroup_split = array<i64: 2, 1, 1, 1, 0, 0>
// LAYOUT: iree_vector_ext.to_layout {{.*}}vptx.conversion = "registers"
// LAYOUT: arith.truncf
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>{{.*}}vptx.subgroup_split = array<i64: 2, 1, 1, 1, 0, 0>
// LAYOUT-NOT: vptx.conversion = "shared"
// REMARK: remark: 'vector.contract' 32x64x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape); subgroups M2 x N1 x K1 of 2 (warp tile 16x64x64, rows policy
// REMARK: remark: 'vector.contract' 32x64x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape); subgroups M2 x N1 x K1 of 2 (warp tile 16x64x64, rows policy
// REMARK: remark: 'scf.for' stages its contract operands through XOR-swizzled shared memory (16-byte cp.async.cg copies, ldmatrix reads): 3 stage(s)
// The only shared-memory traffic is the staging: cp.async in, ldmatrix out; P never
// goes through shared memory (no st.shared / ld.shared anywhere, one barrier per
// key-loop iteration):
// PTX-NOT: {{st.shared|ld.shared}}
// PTX: cp.async.cg.shared.global
// PTX-NOT: {{st.shared|ld.shared}}
// PTX-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {
// PTX-NOT: {{st.shared|ld.shared|bar.sync}}
// PTX: cvt.rn.f16x2.f32
// PTX-NOT: {{st.shared|ld.shared|bar.sync}}
// PTX-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {
// PTX-NOT: {{st.shared|ld.shared|mma.sync.aligned}}
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @attention(%Q: memref<32x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<32x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<32xf32>
  %zl = arith.constant dense<0.0> : vector<32xf32>
  %zo = arith.constant dense<0.0> : vector<32x64xf32>
  %zs = arith.constant dense<0.0> : vector<32x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %r:3 = scf.for %j = %c0 to %c128 step %c64 iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<32xf32>, vector<32xf32>, vector<32x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<32x64xf16>, vector<64x64xf16> into vector<32x64xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<32x64xf32> to vector<32xf32>
    %mb = vector.broadcast %mx : vector<32xf32> to vector<64x32xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<64x32xf32> to vector<32x64xf32>
    %d = arith.subf %s, %mt : vector<32x64xf32>
    %p = math.exp %d : vector<32x64xf32>
    %dm = arith.subf %m, %mx : vector<32xf32>
    %corr = math.exp %dm : vector<32xf32>
    %lc = arith.mulf %corr, %l : vector<32xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<32x64xf32> to vector<32xf32>
    %ph = arith.truncf %p : vector<32x64xf32> to vector<32x64xf16>
    %cb = vector.broadcast %corr : vector<32xf32> to vector<64x32xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x32xf32> to vector<32x64xf32>
    %as = arith.mulf %acc, %ct : vector<32x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<32x64xf16>, vector<64x64xf16> into vector<32x64xf32>
    scf.yield %mx, %ln, %on : vector<32xf32>, vector<32xf32>, vector<32x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<32xf32> to vector<64x32xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x32xf32> to vector<32x64xf32>
  %out = arith.divf %r#2, %lt : vector<32x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<32x64xf32>, memref<32x64xf32>
  return
}
