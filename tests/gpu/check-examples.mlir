// On a GPU: every bundled example, and a SIMT kernel against its vector-level
// reference, checked on the device (--backend=cuda) against eval.  Exit 77 (skip)
// when the CUDA driver cannot be loaded.
// REQUIRES: gpu
// Under ASan (make test) the CUDA driver needs protect_shadow_gap=0 and its leaks
// suppressed (tests/gpu/lsan.supp).
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda examples/reduce.mlir | %filecheck --check-prefix=REDUCE %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda examples/softmax.mlir | %filecheck --check-prefix=SOFTMAX %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda examples/gemm64.mlir | %filecheck --check-prefix=GEMM %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda examples/simt/k2_mma.mlir --reference=examples/mma16.mlir | %filecheck --check-prefix=MMA %s
// The staged, pipelined GEMM: 3 stages (48 KiB static), and 4 stages in 64 KiB of
// opt-in dynamic shared memory (cuFuncSetAttribute before the launch).
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda examples/gemm.mlir --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck --check-prefix=STAGED %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda --pipeline-stages=4 examples/gemm.mlir --grid=2,2 --dim=256,256,256,256,256,256 | %filecheck --check-prefix=STAGED %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda %s --grid=4 | %filecheck %s
// REDUCE: PASS k1_reduce (cuda vs eval, {{.*}} ms)
// SOFTMAX: PASS softmax (cuda vs eval, {{.*}} ms)
// GEMM: PASS gemm64 (cuda vs eval, {{.*}} ms)
// MMA: PASS k2_mma (cuda vs eval of examples/mma16.mlir, {{.*}} ms)
// STAGED: PASS gemm (cuda vs eval, {{.*}} ms)
// CHECK: PASS rows (cuda vs eval
func.func @rows(%x: memref<4x256xf16>, %y: memref<4x256xf16>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %row = gpu.block_id x
  %pad = arith.constant 0.0 : f16
  %v = vector.transfer_read %x[%row, %c0], %pad {in_bounds = [true]} : memref<4x256xf16>, vector<256xf16>
  %e = math.exp %v : vector<256xf16>
  vector.transfer_write %e, %y[%row, %c0] {in_bounds = [true]} : vector<256xf16>, memref<4x256xf16>
  return
}
