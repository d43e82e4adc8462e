#!/usr/bin/env bash
# Simulator speed (issue 3's target: each under 2 s on a 2-core machine; issue 15's: the
# dependent-FMA kernel tests/bench/fma_chain.ptx, 216 CTAs x 1024 threads x 2048 FMAs, at
# least 5x faster than the 21 s it took before warp lockstep): nvcc builds the two other
# kernels to PTX, tests/bench/simspeed.c runs them all on sim/ and checks them.
set -euo pipefail
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
LIB=$(dirname "$BIN")/libvptx.a
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/bench/simspeed.c "$LIB" -lm -o "$TMP/simspeed"
if [[ ! -x $NVCC ]]; then
    echo "simspeed: gemm and reduce skipped (no nvcc)"
    "$TMP/simspeed" - - tests/bench/fma_chain.ptx
    exit 0
fi
"$NVCC" -ptx -arch=sm_80 tests/bench/sim_gemm.cu -o "$TMP/gemm.ptx"
"$NVCC" -ptx -arch=sm_80 tests/bench/sim_reduce.cu -o "$TMP/reduce.ptx"
"$TMP/simspeed" "$TMP/gemm.ptx" "$TMP/reduce.ptx" tests/bench/fma_chain.ptx
