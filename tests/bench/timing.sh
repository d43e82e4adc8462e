#!/usr/bin/env bash
# The timing model (docs/timing.md): the kernel pairs of tests/timing/pairs.cu as both
# models rank them, copy and FMA rates against the parts' peaks, and vptx's PTX of the
# bench kernels next to nvcc's under the same model, and a 4096^3 GEMM from a sample.
set -euo pipefail
BUILD=$(dirname "$BIN")
LIB=$BUILD/libvptx.a
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
BENCH=tests/bench/kernels
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/unit/test_timing_pairs.c "$LIB" -lm -ldl \
    -lpthread -o "$TMP/pairs"
echo "timing: pairs (fast kernel, slow kernel, slow/fast without launch overhead)"
"$TMP/pairs" --table
cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/bench/timing_kernels.c "$LIB" -lm -ldl \
    -lpthread -o "$TMP/kernels"
for k in k1_reduce k2_mma k3_exp; do
    src=$BENCH/$k.mlir
    [[ -f $src ]] || src=tests/golden/$k.mlir
    "$BIN" --emit=ptx "$src" -o "$TMP/$k.vptx.ptx" || echo "timing: $k: vptx fails"
    if [[ -x $NVCC && -f $BENCH/$k.cu ]]; then
        "$NVCC" -ptx -arch=sm_80 "$BENCH/$k.cu" -o "$TMP/$k.nvcc.ptx" || echo "timing: $k: nvcc fails"
    fi
done
echo "timing: vptx next to nvcc under the model"
"$TMP/kernels" "$TMP" tests/timing/pairs.ptx
