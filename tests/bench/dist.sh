#!/usr/bin/env bash
# Quality of distribute's code, from the simulator's counters (`vptx check --stats`:
# one launch on random data, checked against eval) and ptxas -v: global sector
# efficiency of the reduction and elementwise kernels (target 100%), shared-memory
# bank conflicts of the conversion and ldmatrix paths (target: wavefronts = ideal),
# and local memory (target: no stack, no spills).  One line per kernel and figure.
set -euo pipefail
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# "global" or "shared": the counters of each kernel of FILE, as "name figure value unit"
counters() { # FILE WHAT
    "$BIN" check --backend=sim --stats "$1" 2>&1 | awk -v what="$2" '
        /^sim counters of / { k = $4 }
        what == "global" && /^global (loads|stores)/ {
            eff = $0; sub(/.*ideal [0-9]+, /, "", eff); sub(/ efficient.*/, "", eff)
            printf "%s global %s sector efficiency %s (%s sectors)\n", k, $2, eff, $5 }
        what == "shared" && /^shared (loads|stores)/ {
            printf "%s shared %s %s wavefronts, ideal %s, %s extra (bank conflicts)\n",
                k, $2, $5, substr($8, 1, length($8) - 1), $5 - substr($8, 1, length($8) - 1) }
        /^(PASS|FAIL)/ { printf "%s %s\n", $2, $1 }'
}

echo "-- global sector efficiency (reduction, elementwise; target 100%)"
for f in examples/reduce.mlir tests/golden/seed001_reduce.mlir tests/lit/distribute/reduction-kinds.mlir \
    examples/softmax.mlir tests/lit/distribute/quality-elementwise.mlir \
    examples/gemm64.mlir examples/gemm64_smem.mlir; do
    counters "$f" global
done
echo "-- shared-memory bank conflicts (conversions, ldmatrix, K-split sums; target 0 extra)"
for f in tests/lit/distribute/quality-conversion.mlir tests/lit/distribute/contract-ldmatrix.mlir \
    examples/gemm64_smem.mlir tests/golden/seed003_attention.mlir \
    tests/lit/distribute/contract-ksplit-basis.mlir; do
    counters "$f" shared
done
echo "-- local memory (ptxas -v sm_80; target 0)"
if [[ ! -x $PTXAS ]]; then
    echo "ptxas: skipped (not installed)"
    exit 0
fi
for f in examples/reduce.mlir examples/softmax.mlir examples/gemm64.mlir tests/golden/seed001_reduce.mlir \
    tests/golden/seed003_contract.mlir tests/golden/seed003_attention.mlir tests/lit/distribute/*.mlir; do
    name=$(basename "$f" .mlir)
    if ! "$BIN" --emit=ptx --arch=sm_80 "$f" -o "$TMP/$name.ptx" 2>/dev/null; then
        continue # a test that needs arguments vptx cannot guess, or an error test
    fi
    "$PTXAS" -v -arch=sm_80 "$TMP/$name.ptx" -o "$TMP/ptxas.cubin" 2>&1 | awk -v f="$name" '
        /Compiling entry function/ { k = $7; gsub(/\047/, "", k) }
        /bytes stack frame/ { printf "%s/%s stack %s bytes, spill stores %s bytes, spill loads %s bytes\n", f, k, $1, $5, $9 }
        /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($(i + 1) ~ /^registers/) printf "%s/%s registers %s\n", f, k, $i }'
done
