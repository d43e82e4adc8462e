// On a Hopper GPU (compute capability 9.0): the vector-level wgmma GEMMs and the TMA
// kernel whose tensor maps the CUDA launcher encodes with cuTensorMapEncodeTiled
// (docs/hopper.md), checked on the device against eval.  Skipped (exit 77) on other
// GPUs, where sm_90a code cannot run, and when the CUDA driver cannot be loaded.
// REQUIRES: gpu
// RUN: nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | grep -q '^9\.0' || exit 77
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda --arch=sm_90a tests/lit/check/wgmma-gemm.mlir | %filecheck --check-prefix=WGMMA %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda --arch=sm_90a tests/lit/check/tma-tensor-map.mlir --reference=tests/lit/check/Inputs/tma-gemm-ref.mlir | %filecheck --check-prefix=TMA %s
// WGMMA-COUNT-11: PASS {{.*}} (cuda vs eval,
// TMA: PASS tma_wgmma (cuda vs eval of tests/lit/check/Inputs/tma-gemm-ref.mlir,
func.func @nothing() {
  return
}
