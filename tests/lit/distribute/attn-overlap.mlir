// REQUIRES: ptxas
// Attention on sm_90a (examples/attention_sm90.mlir and the kernels of
// tests/lit/check/wgmma-attention.mlir): P V's wgmma group is left in flight past the
// key loop's back edge (distribute/schedule/attn_reads.c), writing the loop-carried accumulator
// registers directly (ptxgen/isel_sm90.c), so no instruction reads an accumulator
// before its wgmma.wait_group.  ptxas reports what it had to repair: C7514 (a non-wgmma
// instruction reads accumulator registers of a wgmma in flight: the wgmma are then
// serialized), C7517 (a wait injected), C7519 (a fence injected).  None may appear.
// RUN: %vptx --arch=sm_90a %S/../../../examples/attention_sm90.mlir -o %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin > %t.log 2>&1; ! grep -E 'C7514|C7517|C7519' %t.log
// RUN: %vptx --arch=sm_90a %S/../check/wgmma-attention.mlir -o %t2.ptx
// RUN: %ptxas -arch=sm_90a -v %t2.ptx -o %t2.cubin > %t2.log 2>&1; ! grep -E 'C7514|C7517|C7519' %t2.log
// Without the warpgroups' ping-pong (on by default for 2-warpgroup ring loops, whose S
// then defers its wait past the partner's turn: attn_pingpong.c):
// RUN: %vptx --arch=sm_90a --no-ping-pong %S/../check/wgmma-attention.mlir -o %t4.ptx
// RUN: %ptxas -arch=sm_90a -v %t4.ptx -o %t4.cubin > %t4.log 2>&1; ! grep -E 'C7514|C7517|C7519' %t4.log
// RUN: grep -c 'vptx.wgmma_wait' %t4.ptx | %filecheck %s
// The kernels whose K and V come by TMA rings (distribute/schedule/attn_ring.c) likewise.
// RUN: %vptx --arch=sm_90a %S/../check/wgmma-attention-ring.mlir -o %t3.ptx
// RUN: %ptxas -arch=sm_90a -v %t3.ptx -o %t3.cubin > %t3.log 2>&1; ! grep -E 'C7514|C7517|C7519' %t3.log
// The five kernels defer P V's wait: one wait each after the key loop.
// CHECK: 5
