// The softmax of key block j overlapped with S_{j+1} = Q K_{j+1}^T (docs/hopper.md 1e,
// distribute/schedule/attn_overlap.c), against eval: with `vptx.overlap_softmax = true` on the
// loop (the two kernels below), and with --overlap-softmax on every attention kernel of
// the other tests (1 and 2 warpgroups, K and V by TMA ring or by register copy, one key
// block, 0, 1, 64 and 130 keys, keys not a multiple of the block, head dim 128, bf16).
// RUN: %vptx check --arch=sm_90a --remarks %s 2>&1 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax %S/../../../examples/attention_sm90.mlir | %filecheck --check-prefix=EXAMPLE %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax --pipeline-stages=1 %S/../../../examples/attention_sm90.mlir | %filecheck --check-prefix=EXAMPLE %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax %S/wgmma-attention.mlir | %filecheck --check-prefix=ATTN %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax %S/wgmma-attention-ring.mlir | %filecheck --check-prefix=RING %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax --pipeline-stages=1 %S/wgmma-attention-ring.mlir | %filecheck --check-prefix=RING %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax %S/wgmma-attention-edge.mlir | %filecheck --check-prefix=EDGE %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax --dim 130 %S/wgmma-attention-ring-dynamic.mlir | %filecheck --check-prefix=DYN %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax --dim 64 %S/wgmma-attention-ring-dynamic.mlir | %filecheck --check-prefix=DYN %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax --dim 1 %S/wgmma-attention-ring-dynamic.mlir | %filecheck --check-prefix=DYN %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax --dim 0 %S/wgmma-attention-ring-dynamic.mlir | %filecheck --check-prefix=DYN %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax --pipeline-stages=1 --dim 130 %S/wgmma-attention-ring-dynamic.mlir | %filecheck --check-prefix=DYN %s
// RUN: %vptx check --arch=sm_90a --overlap-softmax --pipeline-stages=1 --dim 0 %S/wgmma-attention-ring-dynamic.mlir | %filecheck --check-prefix=DYN %s
//
// wg2_tail: 2 warpgroups, one TMA ring of 3 stages (the overlap needs blocks j - 1, j and
// j + 1 at once), 200 keys in blocks of 64 (TMA zero-fills the last block's rows past
// the memref); copy_heads: 1 warpgroup, K and V copied through registers
// (vptx.pipeline_stages = 1), rows at an offset (the next block's index recomputed from
// the clamped induction value).
// CHECK: wgmma-attention-overlap.mlir:[[@LINE+34]]:10: remark: 'scf.for' computes S = Q K^T of the next key block while the softmax of this one runs
// CHECK: wgmma-attention-overlap.mlir:[[@LINE+72]]:10: remark: 'scf.for' computes S = Q K^T of the next key block while the softmax of this one runs
// CHECK: remark: 'scf.for' loads its key and value blocks (64x64 and 64x64) through a TMA ring {{.*}}: 3 stages of 16384 bytes
// CHECK: PASS wg2_tail (sim vs eval
// CHECK: PASS copy_heads (sim vs eval
// EXAMPLE: PASS attention_sm90 (sim vs eval
// ATTN: PASS wg2 (sim vs eval
// ATTN: PASS d128 (sim vs eval
// ATTN: PASS b128 (sim vs eval
// ATTN: PASS bf16_b32 (sim vs eval
// ATTN: PASS wg2_d128 (sim vs eval
// RING: PASS heads (sim vs eval
// RING: PASS d128_s3 (sim vs eval
// RING: PASS tail (sim vs eval
// RING: PASS one (sim vs eval
// RING: PASS b16_s3 (sim vs eval
// RING: PASS s1 (sim vs eval
// EDGE: PASS b16 (sim vs eval
// DYN: PASS dyn (sim vs eval
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @wg2_tail(%Q: memref<128x64xf16>, %K: memref<200x64xf16>, %V: memref<200x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 200 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [false, true]} : memref<200x64xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x64xf16>, vector<64x64xf16> into vector<128x64xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<128x64xf32> to vector<128xf32>
    %mb = vector.broadcast %mx : vector<128xf32> to vector<64x128xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
    %d = arith.subf %s, %mt : vector<128x64xf32>
    %p = math.exp %d : vector<128x64xf32>
    %dm = arith.subf %m, %mx : vector<128xf32>
    %corr = math.exp %dm : vector<128xf32>
    %lc = arith.mulf %corr, %l : vector<128xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<128x64xf32> to vector<128xf32>
    %ph = arith.truncf %p : vector<128x64xf32> to vector<128x64xf16>
    %cb = vector.broadcast %corr : vector<128xf32> to vector<64x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
    %as = arith.mulf %acc, %ct : vector<128x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [false, true]} : memref<200x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  } {vptx.overlap_softmax = true}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @copy_heads(%Q: memref<64x64xf16>, %K: memref<320x64xf16>, %V: memref<320x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 256 : index
  %hk = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %jj = arith.addi %hk, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<320x64xf16>, vector<64x64xf16>
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
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<320x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  } {vptx.overlap_softmax = true, vptx.pipeline_stages = 1 : i64}
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
