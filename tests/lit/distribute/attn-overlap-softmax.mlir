// REQUIRES: ptxas
// --overlap-softmax (docs/hopper.md 1e, distribute/schedule/attn_overlap.c) on
// examples/attention_sm90.mlir: S_{j+1} = Q K_{j+1}^T is issued at the top of iteration
// j and left in flight while the softmax of block j (its carried S) runs; one
// wgmma.wait_group 0 before O *= correction ends both S_{j+1} and the previous block's
// P V, and releases V_{j-1}'s and K_{j+1}'s stages; P V_j stays in flight past the back
// edge.  S_0 is computed before the loop.  The ORDER checks fail on the kernel compiled
// without the option (the RUN line with `not`).
// RUN: %vptx --arch=sm_90a --overlap-softmax --remarks %S/../../../examples/attention_sm90.mlir -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %filecheck --check-prefix=ORDER %s < %t.ptx
// RUN: %vptx --arch=sm_90a %S/../../../examples/attention_sm90.mlir -o %t0.ptx
// RUN: not %filecheck --check-prefix=ORDER %s < %t0.ptx
// ptxas repairs nothing: no C7514 (accumulator read while its wgmma is in flight), C7515
// (written), C7517 (wait injected), C7519 (fence injected), in any attention kernel with
// the option, K and V by TMA ring or by register copy (--pipeline-stages=1); and no
// spills (the second S needs key block / 2 registers more than the .minnctapersm cap
// of 128 that attn_ring.c asks for without the overlap).
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin > %t.log 2>&1; ! grep -E 'C751[4579]| [1-9][0-9]* bytes spill' %t.log
// RUN: %vptx --arch=sm_90a --overlap-softmax --pipeline-stages=1 %S/../../../examples/attention_sm90.mlir -o %t1.ptx
// RUN: %ptxas -arch=sm_90a -v %t1.ptx -o %t1.cubin > %t1.log 2>&1; ! grep -E 'C751[4579]| [1-9][0-9]* bytes spill' %t1.log
// RUN: %vptx --arch=sm_90a --overlap-softmax %S/../check/wgmma-attention.mlir -o %t2.ptx
// RUN: %ptxas -arch=sm_90a -v %t2.ptx -o %t2.cubin > %t2.log 2>&1; ! grep -E 'C751[4579]| [1-9][0-9]* bytes spill' %t2.log
// RUN: %vptx --arch=sm_90a --overlap-softmax %S/../check/wgmma-attention-ring.mlir -o %t3.ptx
// RUN: %ptxas -arch=sm_90a -v %t3.ptx -o %t3.cubin > %t3.log 2>&1; ! grep -E 'C751[4579]| [1-9][0-9]* bytes spill' %t3.log
// RUN: %vptx --arch=sm_90a --overlap-softmax --pipeline-stages=1 %S/../check/wgmma-attention-ring.mlir -o %t4.ptx
// RUN: %ptxas -arch=sm_90a -v %t4.ptx -o %t4.cubin > %t4.log 2>&1; ! grep -E 'C751[4579]| [1-9][0-9]* bytes spill' %t4.log
// RUN: %vptx --arch=sm_90a --overlap-softmax %S/../check/wgmma-attention-ring-dynamic.mlir -o %t5.ptx
// RUN: %ptxas -arch=sm_90a -v %t5.ptx -o %t5.cubin > %t5.log 2>&1; ! grep -E 'C751[4579]| [1-9][0-9]* bytes spill' %t5.log
// RUN: %vptx --arch=sm_90a --overlap-softmax %S/../check/wgmma-attention-edge.mlir -o %t6.ptx
// RUN: %ptxas -arch=sm_90a -v %t6.ptx -o %t6.cubin > %t6.log 2>&1; ! grep -E 'C751[4579]| [1-9][0-9]* bytes spill' %t6.log
//
// REMARK: remark: 'scf.for' computes S = Q K^T of the next key block while the softmax of this one runs
//
// Before the loop, S_0: the wait for K's stage 0, 4 wgmma with A and B descriptors, their
// wait, the release of the stage (K's ring has 2 stages here: its refill with block 2).
// ORDER: .entry attention_sm90(
// ORDER: mbarrier.try_wait.parity.shared::cta.b64
// ORDER-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, {{[01]}}, 1, 1, 0, 0;
// ORDER-NEXT: wgmma.commit_group.sync.aligned;
// ORDER-NEXT: wgmma.wait_group.sync.aligned 0;
// ORDER: mbarrier.arrive.shared.b64
// In the loop: the next block's index clamped (selp), the wait for its K stage, S_{j+1}
// committed with no wait, then block j's softmax (ex2, the cast to f16) with S_{j+1} in
// flight.  (O's zeros are set right before the loop.)
// ORDER: mov.b32 %f_{{[A-Za-z0-9_$]+_[0-9]+}}, 0f00000000;
// ORDER: $L__attention_sm90_[[LOOP:[A-Za-z0-9_$]+_[0-9]+]]:
// ORDER: selp.b32
// ORDER: mbarrier.try_wait.parity.shared::cta.b64
// ORDER-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, {{[01]}}, 1, 1, 0, 0;
// ORDER-NEXT: wgmma.commit_group.sync.aligned;
// ORDER-NOT: wgmma.wait_group
// ORDER: ex2.approx.ftz.f32
// ORDER-NOT: wgmma.wait_group
// ORDER: cvt.rn.f16x2.f32
// ORDER-NOT: {{wgmma.wait_group|mul.f32}}
// The wait for S_{j+1} and P V_{j-1}, before O's registers are read; the releases of
// V_{j-1}'s stage and of K_{j+1}'s.
// ORDER: wgmma.wait_group.sync.aligned 0;
// ORDER: mbarrier.arrive.shared.b64
// ORDER: mbarrier.arrive.shared.b64
// ORDER: mul.f32
// ORDER: mbarrier.try_wait.parity.shared::cta.b64
// ORDER-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 1, 1, 1, 1;
// ORDER-NEXT: wgmma.commit_group.sync.aligned;
// ORDER-NOT: wgmma.wait_group
// ORDER: bra $L__attention_sm90_[[LOOP]];
// ORDER: wgmma.wait_group.sync.aligned 0;
// ORDER-NOT: wgmma.mma_async
