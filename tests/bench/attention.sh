#!/usr/bin/env bash
# Attention on Hopper (docs/hopper.md, "Attention"): tests/bench/kernels/
# attention_s8192_d128.mlir (sequence 8192, head dim 128, 8 heads, 1024 workgroups of
# one warpgroup and 64 query rows) compiled for sm_90a (both contracts on wgmma, P V
# with P from registers) and for sm_90 (mma.sync with the cp.async pipeline), each run
# under the simulator's H100 model on a sample of 16 of the 1024 workgroups
# (--timing-sample, docs/timing.md).  Printed: ptxas registers and spills, the modeled
# time, TFLOP/s (4 * 8192^2 * 128 * 8 flops) and their share of the H100's dense f16
# tensor peak, 989.4 TFLOP/s (the model's 2048 f16 FMA per clock and SM x 132 SMs x
# 1830 MHz, sim/timing_tables.c); the goal of issue 14 part 6 is >= 60%.
set -euo pipefail
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
K=tests/bench/kernels/attention_s8192_d128.mlir
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

for arch in sm_90a sm_90; do
    route=$([[ $arch == sm_90a ]] && echo wgmma || echo mma.sync)
    "$BIN" --arch=$arch "$K" -o "$TMP/$arch.ptx"
    if [[ -x $PTXAS ]]; then
        "$PTXAS" -arch=sm_90a -v "$TMP/$arch.ptx" -o "$TMP/$arch.cubin" 2>&1 | awk -v r="$route" '
            /spill stores/ { for (i = 1; i <= NF; i++) if ($i == "spill" && $(i+1) == "stores,") st = $(i-2) }
            /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($i == "registers,") reg = $(i-1) }
            END { printf "attention_s8192_d128 %s registers %s, spill stores %s bytes\n", r, reg, st }'
    fi
    "$BIN" run "$TMP/$arch.ptx" --grid 128,8 --block 128 --timing=h100 --timing-sample=16 \
        --timeout=0 --out "$TMP" "$TMP/x.npy" "$TMP/x.npy" "$TMP/x.npy" "$TMP/o.npy" 2>&1 |
        awk -v r="$route" '/^timing: attention/ {
            for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
            tf = 4 * 8192 * 8192 * 128 * 8 / (v["time_us"] * 1e6)
            printf "attention_s8192_d128 %s h100 %s us, %.0f TFLOP/s = %.1f%% of the dense f16 peak (limiter %s)\n",
                   r, v["time_us"], tf, 100 * tf / 989.4, v["limiter"] }'
done
