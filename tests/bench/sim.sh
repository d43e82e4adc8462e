#!/usr/bin/env bash
# Simulator speed and kernel counters: vptx check (eval + compile + simulate) on the
# bundled examples, with the simulator's counters (instructions, sector efficiency,
# shared-memory wavefronts).
set -euo pipefail
shopt -s nullglob
for f in examples/*.mlir; do
    t0=$(date +%s%N)
    # an example with dynamic dims names its sizes in a `// vptx check args:` line
    args=$(sed -n 's|^// vptx check args: ||p' "$f" | head -n 1)
    out=$("$BIN" check --backend=sim $args "$f" 2>&1 || true)
    t1=$(date +%s%N)
    echo "check $(basename "$f"): $(echo "$out" | grep -E '^(PASS|FAIL)|error:' | head -1) in $(((t1 - t0) / 1000000)) ms"
done
