#!/usr/bin/env bash
# Op-level kernels (docs/op-level.md), the figures issue 24 asks for:
#   - examples/linalg_gemm.mlir (linalg.fill + linalg.matmul on memref<?x?xf16>, no
#     config) next to the hand-written examples/gemm.mlir: the PTX instructions compared
#     (comments and header lines aside), the modeled A100 time of their sm_80 PTX and the
#     modeled H100 time of their sm_90a PTX at 4096^3 (the same sampling as staging.sh),
#     and the simulator's memory counters at 256^3
#   - IREE's TileAndFuse config (tests/lit/tile/tile-and-fuse.mlir): mma.sync per warp per
#     K step, staging
#   - one kernel each, registers and spills (ptxas -v sm_80), right answers at ragged sizes
#     (vptx check): GEMM + bias + ReLU + truncf, GEMM with cast/scale prologues, softmax (a
#     generic chain and linalg.softmax), layernorm, RMSnorm, a seed-000 reduction, batch
#     matmul, a transpose
#   - compile time of the op-level GEMM against the hand-written one (CPU time, 100 compiles)
# Modeled times are the simulator's performance model (docs/timing.md), not measured on
# a GPU, and the model is not calibrated on one yet.
set -euo pipefail
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
LIB=$(dirname "$BIN")/libvptx.a

strip() { grep -v -P '^\t// |^// vptx: (sizes|grid|result)' "$1"; }

echo "-- examples/linalg_gemm.mlir against examples/gemm.mlir"
for arch in sm_80 sm_90a; do
    "$BIN" --arch=$arch examples/gemm.mlir -o "$TMP/hand_$arch.ptx"
    "$BIN" --arch=$arch examples/linalg_gemm.mlir -o "$TMP/op_$arch.ptx"
    if cmp -s <(strip "$TMP/hand_$arch.ptx") <(strip "$TMP/op_$arch.ptx"); then
        echo "oplevel gemm $arch: the same PTX instructions as the hand-written kernel"
    else
        echo "oplevel gemm $arch: PTX differs from the hand-written kernel ($(diff \
            <(strip "$TMP/hand_$arch.ptx") <(strip "$TMP/op_$arch.ptx") | grep -c '^[<>]') lines)"
    fi
done

cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/bench/gemm_timing.c "$LIB" -lm -ldl -lpthread \
    -o "$TMP/gemm_timing"
cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/bench/hopper_timing.c "$LIB" -lm -ldl \
    -lpthread -o "$TMP/hopper_timing"
echo "-- modeled time (the simulator's model, uncalibrated), 4096^3 f16 -> f32"
for who in hand op; do
    "$TMP/gemm_timing" "$TMP/${who}_sm_80.ptx" tests/bench/ref_gemm.ptx 4096 32 a100 |
        sed -n "s/^vptx /$who (sm_80 PTX, a100 model, 32 of 1024 CTAs) /p" | tee -a "$TMP/times"
done
for who in hand op; do
    "$TMP/hopper_timing" "$TMP/${who}_sm_90a.ptx" 4096 128 128 132 h100 |
        sed "s/^/$who (sm_90a PTX, h100 model, 132 CTAs) /" | tee -a "$TMP/times"
done
awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^time_us=/) { sub("time_us=", "", $i); t[n++] = $i } }
     END { if (n == 4) printf "oplevel gemm modeled time / hand-written: a100 %.4f, h100 %.4f (goal: within 5%%)\n",
                                t[1] / t[0], t[3] / t[2] }' "$TMP/times"

echo "-- simulator counters, 256^3 (sectors, bank conflicts)"
for f in examples/gemm.mlir examples/linalg_gemm.mlir; do
    grid=()
    [[ $f == examples/gemm.mlir ]] && grid=(--grid=2,2)
    "$BIN" check --backend=sim --stats "${grid[@]}" --dim=256,256,256,256,256,256 "$f" |
        grep -E 'global (loads|stores)|shared (loads|stores)|^PASS' | sed "s|^|$(basename "$f" .mlir): |"
done

echo "-- TileAndFuse config (workgroup 64x64, reduction 8, subgroup 2x4, mma.sync 16x8x16)"
"$BIN" check --backend=sim --stats tests/lit/tile/tile-and-fuse.mlir |
    awk '/^ctas/ { ctas = $2 } /^  mma / { mma = $2 }
         END { warps = ctas * 4; printf "tile-and-fuse: %d mma.sync per warp per K step (%d warps, 2 K steps of 128)\n",
                                       mma / 32 / warps / 2, warps }'
"$BIN" --remarks tests/lit/tile/tile-and-fuse.mlir -o "$TMP/tf.ptx" 2>&1 |
    grep -o "'scf.for' stages its contract operands[^:]*" | sed 's/^/tile-and-fuse: /'

echo "-- one kernel each: entries, ptxas -v sm_80, vptx check at ragged sizes"
while read -r f dims extra; do
    name=$(basename "$f" .mlir)
    "$BIN" "$f" -o "$TMP/$name.ptx"
    entries=$(grep -c '^\.visible \.entry' "$TMP/$name.ptx")
    regs=
    if [[ -x $PTXAS ]]; then
        regs=$("$PTXAS" -arch=sm_80 -v "$TMP/$name.ptx" -o "$TMP/$name.cubin" 2>&1 | awk '
            /spill stores/ { for (i = 1; i <= NF; i++) if ($i == "spill" && $(i+1) == "stores,") st = $(i-2) }
            /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($i == "registers,") r = $(i-1) }
            END { printf "%s registers, %s bytes spilled", r, st }')
    fi
    # shellcheck disable=SC2086 # extra: more check options, as words
    result=$("$BIN" check --backend=sim --dim="$dims" $extra "$f" | grep -E '^(PASS|FAIL)' | cut -d'(' -f1)
    echo "$name: $entries kernel(s), $regs; --dim=$dims: $result"
done <<'EOF'
tests/lit/tile/gemm-bias-relu.mlir 200,72,72,136,136
tests/lit/tile/gemm-prologue.mlir 200,72,72,136 --scalar=0.5
tests/lit/tile/softmax-chain.mlir 5,1000
tests/lit/tile/softmax.mlir 5,1000
tests/lit/tile/layernorm.mlir 5,1000,1000,1000
tests/lit/tile/rmsnorm.mlir 5,1000,1000 --scalar=1000
tests/lit/tile/reduce-seed000.mlir 100,390
tests/lit/tile/batch-matmul.mlir 3,70,40,3,40,50
tests/lit/tile/transpose.mlir 100,70
EOF

echo "-- compile time: CPU seconds (user + sys) of 100 compiles each (sm_80, to PTX)"
# CPU time, not wall time: the figure holds on a loaded machine
cpu() {
    local TIMEFORMAT='%3U %3S' t
    t=$({ time for _ in $(seq 100); do "$BIN" "$1" -o "$TMP/t.ptx" 2>/dev/null; done; } 2>&1)
    awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.0f", (a[1] + a[2]) * 1e4 }' # us per compile
}
hand=$(cpu examples/gemm.mlir)
op=$(cpu examples/linalg_gemm.mlir)
awk -v h="$hand" -v o="$op" 'BEGIN { printf "compile time: hand-written gemm %d us, op-level gemm %d us of CPU per compile, ratio %.2f (goal: under 2)\n", h, o, o / h }'
