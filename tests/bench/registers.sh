#!/usr/bin/env bash
# Kernel quality: ptxas -v registers / spills / stack for each kernel vptx compiles,
# next to nvcc's for the same kernels where tests/bench/kernels has a .cu version.
set -euo pipefail
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [[ ! -x $PTXAS ]]; then
    echo "registers: skipped (no ptxas)"
    exit 0
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

stats() { # ptxas -v output -> "regs R, spills S, stack K"
    awk '/Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($(i+1) ~ /^registers/) r = $i }
         /bytes stack frame/ { s = $1; sp = $5 + $9 }
         END { printf "regs %s, stack %s, spill bytes %s", r, s == "" ? 0 : s, sp == "" ? 0 : sp }'
}

shopt -s nullglob
for f in examples/*.mlir tests/bench/kernels/*.mlir; do
    [[ -f $f ]] || continue
    name=$(basename "$f" .mlir)
    if "$BIN" --emit=ptx --arch=sm_80 "$f" -o "$TMP/$name.ptx" 2>/dev/null; then
        echo "vptx $name: $("$PTXAS" -v -arch=sm_80 "$TMP/$name.ptx" -o "$TMP/ptxas.cubin" 2>&1 | stats)"
    else
        echo "vptx $name: does not compile"
    fi
done
if [[ -x $NVCC ]]; then
    for cu in tests/bench/kernels/*.cu; do
        name=$(basename "$cu" .cu)
        if "$NVCC" -ptx -arch=sm_80 "$cu" -o "$TMP/nvcc_$name.ptx" 2>/dev/null; then
            echo "nvcc $name: $("$PTXAS" -v -arch=sm_80 "$TMP/nvcc_$name.ptx" -o "$TMP/ptxas.cubin" 2>&1 | stats)"
        fi
    done
fi
