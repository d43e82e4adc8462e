// REQUIRES: ptxas
// The kernels of wgmma-attention-big.mlir assemble without spills (ptxas 13.0, with a
// key tail / a single key block: 124 / 119 registers for 2 warpgroups with key blocks
// of 64 (.minnctapersm 2), 190 / 159 for key blocks of 128, 210 / 174 for head dim 256
// with key blocks of 64, 190 for 2 warpgroups with key blocks of 128; docs/hopper.md
// section 1e) and without ptxas repairing the wgmma pipeline (C7514: an accumulator
// read in flight; C7517, C7519: a wait or fence injected).
// RUN: %vptx --arch=sm_90a %S/wgmma-attention-big.mlir -o %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin > %t.log 2>&1; ! grep -E 'C7514|C7517|C7519' %t.log
// RUN: grep -c ' 0 bytes spill stores, 0 bytes spill loads' %t.log | %filecheck %s
// RUN: grep -c 'Compiling entry function' %t.log | %filecheck %s
// CHECK: 7
