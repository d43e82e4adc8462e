#!/usr/bin/env bash
# Attention on Blackwell (docs/blackwell.md, section 5): tests/bench/kernels/
# attention_s8192_d128_m128.mlir (1 warpgroup of 128 query rows, key blocks of 64,
# sequence 8192, head dim 128, 8 heads) compiled for sm_100a (both contracts on
# tcgen05.mma, S and O in tensor memory, K and V by TMA rings) and for sm_80 (mma.sync
# with the cp.async pipeline), each run under the simulator's B200 model on a sample of
# 16 workgroups (--timing-sample, docs/timing.md).  The b200 part is uncalibrated: the
# times are modeled, from NVIDIA's published peaks, with no B200 measurement behind them.
# Printed: ptxas registers and spills (-arch=sm_100a for both), the modeled time and
# TFLOP/s (4 * 8192^2 * 128 * 8 flops).
set -euo pipefail
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
ROWS=65536 D=128

# an all-zero .npy array of ROWS x D elements of dtype $2 ($3 bytes each)
npy_zero() {
    local hdr="{'descr': '$2', 'fortran_order': False, 'shape': ($ROWS, $D), }"
    while (((10 + ${#hdr} + 1) % 64)); do hdr+=" "; done
    {
        printf '\x93NUMPY\x01\x00'
        printf "\\x$(printf %02x $(((${#hdr} + 1) % 256)))\\x$(printf %02x $(((${#hdr} + 1) / 256)))"
        printf '%s\n' "$hdr"
        head -c $((ROWS * D * $3)) /dev/zero
    } >"$1"
}
npy_zero "$TMP/x.npy" '<f2' 2
npy_zero "$TMP/o.npy" '<f4' 4

name=attention_s8192_d128_m128
for arch in sm_100a sm_80; do
    route=$([[ $arch == sm_100a ]] && echo tcgen05 || echo mma.sync)
    "$BIN" --arch=$arch "tests/bench/kernels/$name.mlir" -o "$TMP/$arch.ptx" 2>/dev/null
    if [[ -x $PTXAS ]]; then
        "$PTXAS" -arch=sm_100a -v "$TMP/$arch.ptx" -o "$TMP/$arch.cubin" >"$TMP/$arch.log" 2>&1
        reg=$(sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' "$TMP/$arch.log" | head -n 1)
        st=$(sed -n 's/.* \([0-9]*\) bytes spill stores.*/\1/p' "$TMP/$arch.log" | head -n 1)
        echo "$name $route registers $reg, spill stores $st bytes"
    fi
    "$BIN" run "$TMP/$arch.ptx" --entry "$name" --grid 64,8 --block 128 --timing=b200 \
        --timing-sample=16 --timeout=0 --out "$TMP" "$TMP/x.npy" "$TMP/x.npy" "$TMP/x.npy" \
        "$TMP/o.npy" 2>&1 | awk -v k="$name" -v r="$route" '/^timing: attention/ {
            for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
            tf = 4 * 8192 * 8192 * 128 * 8 / (v["time_us"] * 1e6)
            printf "%s %s b200 %s us (modeled, uncalibrated, range %s), %.0f TFLOP/s (limiter %s, occupancy %s)\n",
                   k, r, v["time_us"], v["range"], tf, v["limiter"], v["occupancy"] }'
done
