// The register estimate (layout/budget.c) is a lower bound of what ptxas needs, and it
// warns only above the 255 registers a thread has.  Two things it does not count:
// operands a wgmma contract reads from memory (they go to shared memory, not
// registers) and broadcasts (they repeat their source's registers).  Head dim 256 with
// one warpgroup (tests/lit/check/wgmma-attention-big.mlir, d256_tail): the accumulator
// O (64x256 f32 over 128 threads: 128 registers) and S (64x64 f32: 32) are live
// together across the softmax, so at least 160; ptxas 13.0 uses 174 (no spills).
// Counting the broadcast correction factor (64x256 f32: 128 more) and the key and value
// blocks it warned "276 registers ... ptxas will spill", which was wrong.
// RUN: %vptx --arch=sm_90a --remarks %S/../check/wgmma-attention-big.mlir -o %t.ptx 2>&1 | %filecheck %s
// CHECK-NOT: warning:
// CHECK: 'd256_tail' needs about {{16[0-9]|17[0-4]}} registers per thread
// CHECK-NOT: warning:
// The warning still comes where it is true: examples/gemm.mlir's kernel with a 128x256
// tile on sm_80 (mma.sync) holds the accumulator and the contract's result, 128
// registers each per thread, 256 together:
// RUN: %vptx --arch=sm_80 %S/../../bench/kernels/gemm_128x256.mlir -o %t2.ptx 2>&1 | %filecheck --check-prefix=SM80 %s
// SM80: warning: kernel 'gemm' needs about 256 registers per thread for its vectors, more than the 255 a thread has
func.func @nothing() {
  return
}
