#!/usr/bin/env bash
# Simulator speed (issue 3's target: each under 2 s on a 2-core machine): nvcc builds
# the two kernels to PTX, tests/bench/simspeed.c runs them on sim/ and checks them.
set -euo pipefail
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [[ ! -x $NVCC ]]; then
    echo "simspeed: skipped (no nvcc)"
    exit 0
fi
LIB=$(dirname "$BIN")/libvptx.a
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
"$NVCC" -ptx -arch=sm_80 tests/bench/sim_gemm.cu -o "$TMP/gemm.ptx"
"$NVCC" -ptx -arch=sm_80 tests/bench/sim_reduce.cu -o "$TMP/reduce.ptx"
cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/bench/simspeed.c "$LIB" -lm -o "$TMP/simspeed"
"$TMP/simspeed" "$TMP/gemm.ptx" "$TMP/reduce.ptx"
