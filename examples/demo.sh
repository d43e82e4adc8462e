#!/usr/bin/env bash
# examples/demo.sh -- `make demo`: what vptx does, on the bundled examples, in under a minute.
#
#   BIN=build/vptx examples/demo.sh
#
# For each example: compile to PTX, assemble with ptxas (when there is one) and print
# its register / spill / shared-memory figures; show one layout picture; then run
# `vptx check --backend=auto` on each (the GPU when a CUDA driver and device are there,
# else the PTX simulator) with the simulator's counters; last, examples/gemm.mlir for
# sm_90a (wgmma fed by a TMA ring) and examples/attention_sm90.mlir on the simulator.  The SIMT-level examples
# under examples/simt/ (hand-written gpu/nvgpu kernels) are checked against the
# vector-level ones with --reference.  examples/linalg_gemm.mlir is one level up: linalg
# ops with no lowering config, tiled into the kernel of examples/gemm.mlir (docs/op-level.md).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BIN=${BIN:-build/vptx}
ARCH=${ARCH:-sm_80}
if [[ ! -x $BIN ]]; then
    echo "demo: $BIN not found: run make first (or set BIN)" >&2
    exit 1
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-demo.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

examples=(examples/reduce.mlir examples/softmax.mlir examples/gemm64.mlir examples/gemm64_smem.mlir
          examples/mma16.mlir examples/gemm.mlir examples/attention.mlir examples/linalg_gemm.mlir)
# check's extra arguments of an example with dynamic dims (sizes off the tile, a grid):
# its `// vptx check args:` line
check_args() { sed -n 's|^// vptx check args: ||p' "$1" | head -n 1; }
simt=("examples/simt/k1_reduce.mlir examples/reduce.mlir"
      "examples/simt/k2_mma.mlir examples/mma16.mlir")

have_ptxas=0
for p in "${PTXAS:-}" "$(command -v ptxas || true)" "${CUDA_HOME:+$CUDA_HOME/bin/ptxas}" \
    /usr/local/cuda/bin/ptxas; do
    if [[ -n $p && -x $p ]]; then
        have_ptxas=1
        export PTXAS=$p
        break
    fi
done

section() {
    printf '\n=== %s\n\n' "$*"
}

section "1. MLIR -> PTX ($ARCH)"
for f in "${examples[@]}" examples/simt/*.mlir; do
    name=$(basename "$f" .mlir)
    "$BIN" --emit=ptx --arch="$ARCH" "$f" -o "$TMP/$name.ptx"
    printf '%-28s -> %5d lines of PTX, entries: %s\n' "$f" "$(wc -l <"$TMP/$name.ptx")" \
        "$(sed -n 's/^\.visible \.entry \([A-Za-z0-9_$]*\).*/\1/p' "$TMP/$name.ptx" | tr '\n' ' ')"
done

section "2. ptxas"
if ((have_ptxas)); then
    echo "ptxas: $PTXAS"
    for f in "${examples[@]}" examples/simt/*.mlir; do
        name=$(basename "$f" .mlir)
        "$BIN" --emit=cubin --ptxas-stats --arch="$ARCH" "$f" -o "$TMP/$name.cubin" 2>&1
    done
else
    echo "ptxas not found (PTXAS, PATH, CUDA_HOME/bin, /usr/local/cuda/bin): skipping this step"
fi

section "3. A layout: the accumulator of an mma.sync m16n8k16 (which lane holds what)"
"$BIN" layout 'outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2]'

section "4. vptx check --backend=auto (random inputs, compared with the reference)"
for f in "${examples[@]}"; do
    # shellcheck disable=SC2086 # the extra arguments are words
    "$BIN" check --backend=auto --stats $(check_args "$f") "$f"
    echo
done
for pair in "${simt[@]}"; do
    read -r f ref <<<"$pair"
    "$BIN" check --backend=auto --reference="$ref" "$f"
done

section "5. The Hopper route (sm_90a): wgmma, TMA rings, mbarriers"
# docs/hopper.md, sections 1d and 1e; the simulator, which runs sm_90a on any machine.
# examples/gemm.mlir: wgmma fed by a TMA ring and a producer warpgroup.
# shellcheck disable=SC2086 # the extra arguments are words
"$BIN" check --backend=sim --arch=sm_90a --stats $(check_args examples/gemm.mlir) examples/gemm.mlir
echo
# examples/attention_sm90.mlir (examples/attention.mlir with one warpgroup of 64 query
# rows; examples/attention.mlir's 2 warps are too few for wgmma and keep mma.sync):
# S = Q K^T and P V on wgmma, P from registers, K and V by TMA rings.
"$BIN" check --backend=sim --arch=sm_90a --stats examples/attention_sm90.mlir
echo
echo "demo: done"
