// On a Hopper GPU (compute capability 9.0): the vector-level wgmma GEMMs and the TMA
// kernel whose tensor maps the CUDA launcher encodes with cuTensorMapEncodeTiled
// (docs/hopper.md), checked on the device against eval.  Skipped (exit 77) on other
// GPUs, where sm_90a code cannot run, and when the CUDA driver cannot be loaded.
// REQUIRES: gpu
// RUN: nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | grep -q '^9\.0' || exit 77
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda --arch=sm_90a tests/lit/check/wgmma-gemm.mlir | %filecheck --check-prefix=WGMMA %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda --arch=sm_90a tests/lit/check/tma-tensor-map.mlir --reference=tests/lit/check/Inputs/tma-gemm-ref.mlir | %filecheck --check-prefix=TMA %s
// The plain GEMM on the Hopper route with dynamic sizes (docs/hopper.md, section 1d):
// maps encoded by cuTensorMapEncodeTiled with ragged sizes, TMA's zero fill, K = 0.
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda --arch=sm_90a examples/gemm.mlir --grid=2,3 --dim=257,104,104,136,257,136 | %filecheck --check-prefix=DYN %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda --arch=sm_90a examples/gemm.mlir --grid=2,2 --dim=130,0,0,136,130,136 | %filecheck --check-prefix=DYN %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda --arch=sm_90a tests/bench/kernels/gemm_128x256.mlir --grid=2,2 --dim=200,72,72,400,200,400 | %filecheck --check-prefix=DYN %s
// DYN: PASS gemm (cuda vs eval,
// WGMMA-COUNT-11: PASS {{.*}} (cuda vs eval,
// TMA: PASS tma_wgmma (cuda vs eval of tests/lit/check/Inputs/tma-gemm-ref.mlir,
func.func @nothing() {
  return
}
