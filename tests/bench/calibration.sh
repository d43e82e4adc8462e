#!/usr/bin/env bash
# The timing model's calibration (docs/timing.md, "Calibration"):
#   - the cases on kernels from elsewhere (tests/timing/calibration.tsv: recorded; their
#     code is not in this repository) and this project's own cases
#     (tests/unit/test_timing_calib --table: run now), each against its published figure;
#     the goals: every case within 15%, the median error under 10%;
#   - two PTX files with the same SASS modeled within 5% (tests/timing/sass);
#   - vptx's GEMM next to the CUTLASS-style nvcc reference (tests/bench/ref_gemm.ptx),
#     4096^3, 32 of 1024 CTAs: one ratio through the CLI (vptx run), the C API
#     (vptx_timing_ptx) and the runtime API (vptx_context_set_timing);
#   - a sampled launch next to the full one on the own cases that fit a full simulation.
# Every figure is modeled (calibrated=published), none measured.
set -euo pipefail
BUILD=$(dirname "$BIN")
LIB=$BUILD/libvptx.a
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
CC="cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L"

# an all-zero .npy array: file, element count, dtype, bytes per element
npy_zero() {
    local hdr="{'descr': '$3', 'fortran_order': False, 'shape': ($2,), }"
    while (((10 + ${#hdr} + 1) % 64)); do hdr+=" "; done
    {
        printf '\x93NUMPY\x01\x00'
        printf "\\x$(printf %02x $(((${#hdr} + 1) % 256)))\\x$(printf %02x $(((${#hdr} + 1) / 256)))"
        printf '%s\n' "$hdr"
        head -c $(($2 * $4)) /dev/zero
    } >"$1"
}

echo "-- cases on kernels from elsewhere (recorded, tests/timing/calibration.tsv)"
awk -F'\t' '!/^#/ && $1 != "id" {
    printf "%-27s %s  published %8s %-7s [%s]  modeled %9.1f us (was %9.1f)  error %6s (was %6s) %s\n",
           $1, $2, $5, $6, $7, $10, $9, $12, $11, $13 }' tests/timing/calibration.tsv
echo "-- this project's own cases (run now)"
$CC tests/unit/test_timing_calib.c "$LIB" -lm -ldl -lpthread -o "$TMP/calib"
"$TMP/calib" --table | tee "$TMP/calib.txt"
awk -F'\t' '!/^#/ && $1 != "id" { e = $12; sub(/%/, "", e); e += 0; print (e < 0 ? -e : e) }' \
    tests/timing/calibration.tsv >"$TMP/errs"
awk '/ error / { e = $NF; sub(/%/, "", e); e += 0; print (e < 0 ? -e : e) }' "$TMP/calib.txt" >>"$TMP/errs"
sort -g "$TMP/errs" | awk '{ v[NR] = $1 } END {
    med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "calibration: %d cases, largest error %.1f%% (goal <= 15%%: %s), median %.1f%% (goal < 10%%: %s)\n",
           NR, v[NR], v[NR] <= 15 ? "met" : "NOT met", med, med < 10 ? "met" : "NOT met" }'

echo "-- same SASS, modeled within 5% (tests/timing/sass; kernel cycles without launch overhead)"
$CC tests/unit/test_timing_sass.c "$LIB" -lm -ldl -lpthread -o "$TMP/sass"
TIMING_SASS_TABLE=1 "$TMP/sass"

echo "-- vptx's GEMM next to the CUTLASS-style nvcc reference, 4096^3, 32 of 1024 CTAs"
"$BIN" --emit=ptx --arch=sm_80 examples/gemm.mlir -o "$TMP/gemm.ptx"
$CC tests/bench/gemm_timing.c "$LIB" -lm -ldl -lpthread -o "$TMP/gemm_timing"
N=4096
npy_zero "$TMP/a.npy" $((N * N)) '<f2' 2
npy_zero "$TMP/c.npy" $((N * N)) '<f4' 4
for gpu in a100 h100; do
    "$TMP/gemm_timing" "$TMP/gemm.ptx" tests/bench/ref_gemm.ptx $N 32 $gpu --runtime >"$TMP/g.txt"
    # the CLI: vptx run on both PTX files (memrefs as .npy arrays, sizes as scalars)
    v=$("$BIN" run "$TMP/gemm.ptx" --entry gemm --grid $((N / 128)),$((N / 128)) --block 256 \
        --timing=$gpu --timing-sample=32 --timeout=0 --out "$TMP" "$TMP/a.npy" $N $N \
        "$TMP/a.npy" $N $N "$TMP/c.npy" $N $N | sed -n 's/^timing: gemm .*time_us=\([0-9.]*\) .*/\1/p')
    r=$("$BIN" run tests/bench/ref_gemm.ptx --entry ref_gemm --grid $((N / 128)),$((N / 128)) \
        --block 256 --timing=$gpu --timing-sample=32 --timeout=0 --out "$TMP" "$TMP/a.npy" \
        "$TMP/a.npy" "$TMP/c.npy" $N $N $N | sed -n 's/^timing: ref_gemm .*time_us=\([0-9.]*\) .*/\1/p')
    awk -v gpu=$gpu -v v="$v" -v r="$r" '
        /^vptx gemm/ { for (i = 1; i <= NF; i++) if ($i ~ /^time_us=/) { sub(/time_us=/, "", $i); cv = $i } }
        /^nvcc gemm/ { for (i = 1; i <= NF; i++) if ($i ~ /^time_us=/) { sub(/time_us=/, "", $i); cr = $i } }
        /^runtime vptx/ { rv = $NF } /^runtime nvcc/ { rr = $NF }
        END { printf "%s  vptx / nvcc reference time: CLI %.1f / %.1f us = %.3fx faster, C API %.1f / %.1f = %.3fx, runtime API %.1f / %.1f = %.3fx%s\n",
                     gpu, v, r, r / v, cv, cr, cr / cv, rv, rr, rr / rv,
                     (sprintf("%.3f", r / v) == sprintf("%.3f", cr / cv) && sprintf("%.3f", cr / cv) == sprintf("%.3f", rr / rv)) ? " (one ratio)" : " (NOT the same)" }' "$TMP/g.txt"
done

echo "-- sampled next to full launches of the own cases that fit a full simulation"
M=$((1 << 22)) # int4 words: 64 MiB each way
npy_zero "$TMP/w.npy" $((M * 4)) '<i4' 4
for s in 64 0; do
    "$BIN" run tests/timing/calib.ptx --entry copy4 --grid $((M / 256)) --block 256 --timing=a100 \
        --timing-sample=$s --timeout=0 --out "$TMP" "$TMP/w.npy" "$TMP/w.npy" $M |
        sed -n "s/^timing: copy4 .*time_us=\([0-9.]*\) .*/copy4 a100 64 MiB sample=$s: \1 us/p"
done
for s in 64 0; do
    "$BIN" run tests/timing/calib.ptx --entry read_sum --grid $((M / 16384)) --block 1024 \
        --timing=h100 --timing-sample=$s --timeout=0 --out "$TMP" "$TMP/w.npy" "$TMP/c.npy" $M |
        sed -n "s/^timing: read_sum .*time_us=\([0-9.]*\) .*/read_sum h100 64 MiB sample=$s: \1 us/p"
done
