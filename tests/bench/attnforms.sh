#!/usr/bin/env bash
# Attention with its Q tile read outside the key loop, in the forms a user writes
# (issue 29): tests/bench/kernels/attn_q_once.mlir (Q read once before the key loop),
# attn_q_inloop.mlir (Q read inside the loop at loop-invariant indices) and
# attn_kt.mlir (K stored D x S and read as K^T: a transfer_read with a transposed
# permutation map); 64 query rows, 256 keys in blocks of 64, head dim 64, f16 in, f32
# out, 4 warps.  From the simulator's counters (`vptx check --stats`: one launch on
# random data, checked against eval), on sm_80 (mma.sync) and sm_90a (wgmma, K and V
# by TMA): global-load sector efficiency (the counter's ideal is the fewest sectors
# for the bytes the loads request), the bytes read from global memory (loads and
# TMA) against the ideal from the shapes (Q, K and V each read once:
# (64x64 + 2 x 256x64) x 2 = 73728 bytes), and shared-memory wavefronts against the
# conflict-free ideal.  Goal: 100% sector-efficient, the shapes' bytes, no conflicts.
set -uo pipefail
IDEAL=$(((64 * 64 + 2 * 256 * 64) * 2))
for k in attn_q_once attn_q_inloop attn_kt; do
    for arch in sm_80 sm_90a; do
        out=$("$BIN" check --backend=sim --stats --arch=$arch "tests/bench/kernels/$k.mlir" 2>&1)
        printf '%s\n' "$out" | awk -v k="$k" -v a="$arch" -v ideal="$IDEAL" '
            /^global loads/ { eff = $0; sub(/.*ideal [0-9]+, /, "", eff); sub(/ efficient.*/, "", eff)
                              gl = sprintf("global loads %s sectors (ideal %s", $5, $8 + 0); gle = eff; gb = $(NF - 1) }
            /^TMA/ { tb = $4 }
            /^shared (loads|stores)/ { sh = sh sprintf(", shared %s %s wavefronts (ideal %s)", $2, $5, $8 + 0) }
            /^(PASS|FAIL)/ { st = $1 }
            /error/ && st == "" { st = "ERROR: " $0 }
            END {
                if (gl == "") { printf "%s %s %s\n", k, a, st; exit }
                printf "%s %s %s, %s efficient), %d bytes from global memory (ideal %d)%s: %s\n",
                       k, a, gl, gle, gb + tb, ideal, sh, st }'
    done
done
