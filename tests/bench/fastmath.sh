#!/usr/bin/env bash
# --fast-math (issue 29): SASS instructions of division-heavy kernels compiled without
# and with --fast-math, in all and per output element of a thread (the output tile's
# elements / threads).  An f32 arith.divf is div.rn.f32 (about 13 SASS instructions, an
# IEEE subroutine) by default, and rcp.approx.ftz.f32 + one Newton step on the
# reciprocal, shared by the elements of one divisor, then one mul with --fast-math; an
# f32 exp(a - b) is sub, mul, ex2 by default and fma, ex2 (b * -log2 e once per row)
# with it, and a loop's row sum stays per lane until after the loop
# (docs/ptx-generation.md).  SASS size = the cubin's .text bytes / 16 (ptxas
# 13.0, as tests/bench/sass.sh).  Goal: per element at least 2x fewer.  Static counts,
# not executed ones, and not times.
# Last measured (ptxas 13.0): softmax sm_80 528 -> 216 SASS (33.0 -> 13.5 an element,
# 2.44x); normalize (x / sum x, tests/lit/check/fast-math.mlir) 432 -> 128 (27.0 ->
# 8.0, 3.38x); attention sm_80 1128 -> 560 (35.2 -> 17.5, 2.01x: its mma.sync, ex2, row
# max and sum stay); attention_sm90 sm_90a 1360 -> 648 (42.5 -> 20.2, 2.10x: with the
# row sum's shuffles after the key loop, ptxas's divergent-warp copy of the code between
# shuffles, BRA.DIV, no longer holds the softmax); attention sm_90a 1408 -> 800 (1.76x,
# NOT MET) and sm_100a 1368 -> 760 (1.80x, NOT MET): the same PTX as on sm_80, but
# ptxas 13.0 unrolls the two-trip key loop for these targets, so its body, which the
# flag shrinks from about 272 to 232 SASS (mma.sync, ldmatrix, the row max and sum, the
# rescale of O and ex2 stay), is counted twice.  The column "rolled" counts the same
# PTX with '.pragma "nounroll";' at each loop head (a measurement only, not what vptx
# emits): 1136 -> 568 (2.00x) and 1120 -> 552 (2.03x), sm_80's figure.  Executed
# instructions fall by much less than static ones (docs/ptx-generation.md).
set -euo pipefail
BIN=${BIN:-build/vptx}
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
if [[ ! -x $PTXAS ]] || ! command -v readelf >/dev/null; then
    echo "fastmath: no ptxas or readelf: skipped"
    exit 0
fi

sass() { # PTX, arch -> SASS instructions
    "$PTXAS" -arch="$2" "$1" -o "$TMP/k.cubin"
    local size total=0
    for size in $(readelf -SW "$TMP/k.cubin" 2>/dev/null |
        awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\.text\./) { print $(i + 4); break } }'); do
        total=$((total + 16#$size))
    done
    echo $((total / 16))
}

# The PTX with '.pragma "nounroll";' after each label that a later branch jumps back to.
rolled() {
    awk 'FNR == NR { if ($0 ~ /bra(\.uni)? \$L__/) { l = $NF; sub(/;$/, "", l); back[l] = FNR }
                     next }
         { print } /^\$L__[A-Za-z0-9_$]*:$/ { l = substr($0, 1, length($0) - 1)
             if (back[l] > FNR) print "\t.pragma \"nounroll\";" }' "$1" "$1"
}

printf '%-16s %-7s %8s %8s %9s %9s %7s %14s\n' kernel arch default fast "per elem" "fast/el" ratio \
    "rolled"
# file, arch, output elements a thread writes
while read -r file arch per; do
    "$BIN" --emit=ptx --arch="$arch" "$file" -o "$TMP/a.ptx"
    "$BIN" --emit=ptx --arch="$arch" --fast-math "$file" -o "$TMP/b.ptx"
    a=$(sass "$TMP/a.ptx" "$arch")
    b=$(sass "$TMP/b.ptx" "$arch")
    rolled "$TMP/a.ptx" >"$TMP/ra.ptx"
    rolled "$TMP/b.ptx" >"$TMP/rb.ptx"
    ra=$(sass "$TMP/ra.ptx" "$arch")
    rb=$(sass "$TMP/rb.ptx" "$arch")
    awk -v n="$(basename "$file" .mlir)" -v ar="$arch" -v a="$a" -v b="$b" -v p="$per" \
        -v ra="$ra" -v rb="$rb" 'BEGIN {
        printf "%-16s %-7s %8d %8d %9.1f %9.1f %6.2fx %4d->%-4d %.2fx %s\n", n, ar, a, b,
            a / p, b / p, a / b, ra, rb, ra / rb, (a / b >= 2 ? "goal met" : "goal NOT MET") }'
done <<'LIST'
examples/softmax.mlir sm_80 16
tests/lit/check/fast-math.mlir sm_80 16
examples/attention.mlir sm_80 32
examples/attention.mlir sm_90a 32
examples/attention.mlir sm_100a 32
examples/attention_sm90.mlir sm_90a 32
examples/attention_sm90.mlir sm_100a 32
LIST
