#!/usr/bin/env bash
# Ragged GEMMs (issue 29): examples/gemm.mlir, written plainly, at M x N x K = 200x136x72,
# 257x129x100 and 1000x1000x1000 on sm_80 (mma.sync, cp.async staging; rows that are not
# a multiple of 8 elements take the element copies) and sm_90a (wgmma, the TMA ring; rows
# TMA cannot map take the register copies).  From the simulator's counters (`vptx check
# --stats`: one launch on random data, checked against eval): the sector efficiency of
# the global loads and stores (the counter's ideal is, per warp request, the fewest
# 32-byte sectors for the bytes it moves, so a run of a row that does not start on 32
# bytes counts one sector over; "TMA": no load requests, A and B come by TMA, which the
# counter does not see).  Goal: >= 95%.  Counts, not times.  "sm_80+w": the same kernel
# with vptx.sector_windows on its K loop (docs/staging.md, sector windows: A's rows
# copied from the sector at or below their first element; opt-in, one pipeline stage
# less of latency hiding: see there for the modeled times).
set -uo pipefail
BIN=${BIN:-build/vptx}
win=$(mktemp "${TMPDIR:-/tmp}/ragged-win.XXXXXX.mlir")
trap 'rm -f "$win"' EXIT
awk 'prev ~ /scf\.yield %d/ && $0 == "  }" { $0 = "  } {vptx.sector_windows = true}" } { print; prev = $0 }' \
    examples/gemm.mlir > "$win"
printf '%-14s %-7s %10s %10s  %s\n' size arch loads stores check
while read -r m n k arch; do
    gx=$(((n + 127) / 128)) gy=$(((m + 127) / 128)) src=examples/gemm.mlir
    [[ $arch == *+w ]] && src=$win
    out=$("$BIN" check --backend=sim --stats --arch="${arch%+w}" "$src" \
        --grid="$gx,$gy" --dim="$m,$k,$k,$n,$m,$n" 2>&1)
    printf '%s\n' "$out" | awk -v s="${m}x${n}x${k}" -v a="$arch" '
        function eff(line) { sub(/.*ideal [0-9]+, /, "", line); sub(/ efficient.*/, "", line); return line }
        /^global loads/ { ld = $3 == "0" ? "TMA" : eff($0) }
        /^global stores/ { st = eff($0) }
        /^(PASS|FAIL)/ { ok = $1 }
        END { printf "%-14s %-7s %10s %10s  %s\n", s, a, ld, st, ok == "" ? "ERROR" : ok }'
done <<'LIST'
200 136 72 sm_80
200 136 72 sm_80+w
200 136 72 sm_90a
257 129 100 sm_80
257 129 100 sm_80+w
257 129 100 sm_90a
1000 1000 1000 sm_80
1000 1000 1000 sm_80+w
1000 1000 1000 sm_90a
LIST
