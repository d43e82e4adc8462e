#!/usr/bin/env bash
# Operand staging and pipelining (docs/staging.md): examples/gemm.mlir next to
# tests/bench/ref_gemm.cu, a CUTLASS-style CUDA C kernel with the same 128x128x32
# tile, 8 warps, 3 cp.async stages, ldmatrix and mma.sync in inline PTX, built by nvcc
# to tests/bench/ref_gemm.ptx (shipped; rebuilt here when nvcc is installed).
#   - ptxas -v (sm_80): registers, spills, shared memory
#   - the steady-state K loop's static PTX instruction mix: mma : ldmatrix : cp.async :
#     mov : other (the backward branch enclosing the most mma.sync; `mov` counted apart
#     because ptxas coalesces register copies).  vptx's loop also holds the cold path
#     for rows of a dynamic length that is not a multiple of 8 (element copies), so
#     the executed mix below is the fairer figure
#   - the executed instruction mix per executed mma.sync (simulator, whole kernel)
#   - simulator counters of a launch on 256^3 and on 128x128x4096 (tests/bench/staging.c;
#     both results checked bit for bit against C).  Shared loads are ldmatrix (and, for
#     vptx, the epilogue's 128-bit reads), shared stores cp.async (and the epilogue's
#     fragment stores; nvcc's reference stores its fragments straight to global memory)
#   - the modeled A100 and H100 time of a 4096^3 launch (tests/bench/gemm_timing.c)
set -euo pipefail
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

REF=tests/bench/ref_gemm.ptx
if [[ -x $NVCC ]]; then
    "$NVCC" -arch=sm_80 -ptx -O3 tests/bench/ref_gemm.cu -o "$TMP/ref_gemm.ptx"
    REF=$TMP/ref_gemm.ptx
fi
"$BIN" --emit=ptx --arch=sm_80 examples/gemm.mlir -o "$TMP/gemm.ptx"

echo "-- ptxas -v sm_80 (registers, spill bytes, shared memory)"
if [[ -x $PTXAS ]]; then
    for k in "nvcc:$REF" "vptx:$TMP/gemm.ptx"; do
        "$PTXAS" -arch=sm_80 -v "${k#*:}" -o "$TMP/k.cubin" 2>&1 | awk -v who="${k%%:*}" '
            /spill stores/ { for (i = 1; i <= NF; i++) if ($i == "spill" && $(i+1) == "stores,") st = $(i-2) }
            /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) { if ($i == "registers,") r = $(i-1)
                                                                if ($(i+1) == "bytes" && $(i+2) == "smem,") s = $i } }
            END { printf "%s gemm registers %s, spill stores %s bytes, smem %s bytes\n", who, r, st, s }'
    done
else
    echo "ptxas: skipped (not installed)"
fi

echo "-- steady-state K loop (static PTX): mma : ldmatrix : cp.async : mov : other"
for k in "nvcc:$REF" "vptx:$TMP/gemm.ptx"; do
    awk -v who="${k%%:*}" '
        function isins(s) { return s !~ /^[ \t]*($|\/\/|\.|[{}]|[$A-Za-z_0-9]+:)/ }
        { line[NR] = $0 }
        /^[$A-Za-z_0-9]+:/ { lab = $0; sub(/:.*/, "", lab); at[lab] = NR }
        /bra/ { t = $NF; sub(/;$/, "", t); if (t in at && at[t] < NR) { bs[++nb] = at[t]; be[nb] = NR } }
        END {
            best = 0
            for (i = 1; i <= nb; i++) {
                n = 0
                for (j = bs[i]; j <= be[i]; j++) if (line[j] ~ /mma\.sync/) n++
                if (n > best) { best = n; k = i }
            }
            m = l = c = v = o = 0
            for (j = bs[k]; best && j <= be[k]; j++) {
                s = line[j]
                if (!isins(s)) continue
                if (s ~ /mma\.sync/) m++
                else if (s ~ /ldmatrix/) l++
                else if (s ~ /cp\.async/) c++
                else if (s ~ /^[ \t]*mov\./) v++
                else o++
            }
            printf "%s gemm loop %d : %d : %d : %d : %d  (%.2f non-mma per mma, %.2f without mov)\n",
                who, m, l, c, v, o, m ? (l + c + v + o) / m : 0, m ? (l + c + o) / m : 0
        }' "${k#*:}"
done

LIB=$(dirname "$BIN")/libvptx.a
cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/bench/staging.c "$LIB" -lm -ldl -lpthread \
    -o "$TMP/staging"
echo "-- simulator, one launch of M = N = K = 256 (grid 2 x 2)"
"$TMP/staging" "$REF" examples/gemm.mlir 256 256 256
echo "-- simulator, M = N = 128, K = 4096 (one workgroup, 128 K steps: the steady state)"
"$TMP/staging" "$REF" examples/gemm.mlir 128 128 4096
cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/bench/gemm_timing.c "$LIB" -lm -ldl -lpthread \
    -o "$TMP/gemm_timing"
echo "-- A100 and H100 models (docs/timing.md), 4096^3, 32 of the 1024 CTAs simulated"
"$TMP/gemm_timing" "$TMP/gemm.ptx" "$REF" 4096 32 a100
# The H100 model (docs/timing.md): the mma.sync route of examples/gemm.mlir (its sm_80
# PTX, as on an sm_90 without wgmma) and nvcc's reference, 32 CTAs sampled as above; then
# the Hopper route (sm_90a: wgmma fed by a TMA ring, a producer warpgroup; docs/hopper.md)
# of examples/gemm.mlir (128x128 tiles) and of tests/bench/kernels/gemm_128x256.mlir,
# launched with their hidden tensor maps by tests/bench/hopper_timing.c.  These sample
# 132 CTAs (one per SM): one wave that shares A and B in L2 as the whole launch does
# (a 32-CTA sample now gives the same time, through the sampled launch's DRAM sharing
# of docs/timing.md, but one wave is the plainer measurement).
# Dense f16 tensor peak: 989 TFLOP/s; the goal of issue 14 is 70% (692).
echo "-- H100 model, 4096^3: the mma.sync route (sm_80 PTX), 32 of the 1024 CTAs simulated"
"$TMP/gemm_timing" "$TMP/gemm.ptx" "$REF" 4096 32 h100
cc -std=c11 -O2 -I. -D_POSIX_C_SOURCE=200809L tests/bench/hopper_timing.c "$LIB" -lm -ldl \
    -lpthread -o "$TMP/hopper_timing"
"$BIN" --emit=ptx --arch=sm_90a examples/gemm.mlir -o "$TMP/gemm90.ptx"
"$BIN" --emit=ptx --arch=sm_90a tests/bench/kernels/gemm_128x256.mlir -o "$TMP/gemm90w.ptx"
echo "-- H100 model, 4096^3: the Hopper route, 132 CTAs simulated"
"$TMP/hopper_timing" "$TMP/gemm90.ptx" 4096 128 128 132 h100
"$TMP/hopper_timing" "$TMP/gemm90w.ptx" 4096 128 256 132 h100
# The B200 model (uncalibrated; docs/blackwell.md section 4, "Figures"): the tcgen05 route
# (sm_100a: a TMA ring feeding tcgen05.mma, the result through the idle stages) of the
# same two kernels, 148 CTAs (one per SM).  The published figure of issue 30's goal:
# cuBLAS at about 1610 TFLOP/s at 8192^3 ([TILUS-B200], docs/timing.md "b200").
"$BIN" --emit=ptx --arch=sm_100a examples/gemm.mlir -o "$TMP/gemm100.ptx"
"$BIN" --emit=ptx --arch=sm_100a tests/bench/kernels/gemm_128x256.mlir -o "$TMP/gemm100w.ptx"
echo "-- B200 model (uncalibrated), 4096^3: the tcgen05 route, 148 CTAs simulated"
"$TMP/hopper_timing" "$TMP/gemm100.ptx" 4096 128 128 148 b200
"$TMP/hopper_timing" "$TMP/gemm100w.ptx" 4096 128 256 148 b200
# The persistent tile loop (--persistent) and whole-tile ping-pong (--persistent
# --ping-pong) of examples/gemm.mlir (docs/hopper.md 1c) at 4096x4096x512, against the
# default: all three L2-bound on the model (the same time); latency_bound_us is each one's
# critical path, which they shorten.  Every persistent CTA (132) is simulated.
"$BIN" --emit=ptx --arch=sm_90a --persistent examples/gemm.mlir -o "$TMP/gemm90p.ptx"
"$BIN" --emit=ptx --arch=sm_90a --persistent --ping-pong examples/gemm.mlir -o "$TMP/gemm90wt.ptx"
echo "-- H100 model, 4096x4096x512: default, persistent, whole-tile ping-pong"
for p in gemm90 gemm90p gemm90wt; do
    "$TMP/hopper_timing" "$TMP/$p.ptx" 4096 128 128 132 h100 0 512
done
# The Hopper route's kernels as issue 14 asks them to be judged: registers per thread of
# the producer and consumer warpgroups (ptxas -v gives the launch count; setmaxnreg moves
# it per warpgroup), spills, and the simulator's counters of a 256x256x1024 launch: the
# bytes TMA reads against the ideal computed here (A once per column of tiles, B once
# per row), the wgmma groups in flight, and shared-memory bank conflicts of the epilogue
# (the plain epilogue stores from registers: no shared stores; the opt-in TMA-store
# epilogue of tests/lit/distribute/tma-ring-epilogue.mlir stages C in shared memory).
echo "-- the Hopper route's kernels: ptxas -v sm_90a, setmaxnreg, simulator counters at 256x256x1024"
for k in "examples/gemm.mlir:128:128" "tests/bench/kernels/gemm_128x256.mlir:128:256"; do
    IFS=: read -r f tm tn <<<"$k"
    name="$(basename "$f" .mlir) (tile ${tm}x$tn)"
    "$BIN" --emit=ptx --arch=sm_90a "$f" -o "$TMP/h.ptx"
    if [[ -x $PTXAS ]]; then
        "$PTXAS" -arch=sm_90a -v "$TMP/h.ptx" -o "$TMP/h.cubin" 2>&1 | awk -v who="$name" '
            /spill stores/ { for (i = 1; i <= NF; i++) if ($i == "spill" && $(i+1) == "stores,") st = $(i-2) }
            /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($i == "registers,") r = $(i-1) }
            END { printf "%s: launched with %s registers a thread, spill stores %s bytes\n", who, r, st }'
    fi
    awk -v who="$name" '
        /setmaxnreg.dec/ { d = $NF; sub(/;/, "", d) }
        /setmaxnreg.inc/ { c = $NF; sub(/;/, "", c) }
        END { printf "%s: setmaxnreg: producer warpgroup %s, consumer warpgroups %s registers a thread\n",
                     who, d ? d : "-", c ? c : "-" }' "$TMP/h.ptx"
    M=256 N=256 K=1024
    ideal=$((M * K * 2 * (N / tn) + K * N * 2 * (M / tm)))
    "$BIN" check --backend=sim --arch=sm_90a --stats --grid=$((N / tn)),$((M / tm)) \
        --dim=$M,$K,$K,$N,$M,$N "$f" >"$TMP/h.txt"
    awk -v who="$name" -v ideal="$ideal" '
        /^TMA/ { printf "%s: TMA loads %s bytes, ideal %d (%s)\n", who, $4, ideal, $4 + 0 == ideal ? "equal" : "NOT equal" }
        /^wgmma/ { sub(/^wgmma */, ""); printf "%s: wgmma %s\n", who, $0 }
        /^shared stores/ { printf "%s: epilogue %s\n", who, $0 }
        /^(PASS|FAIL)/ { print who ": " $1 }' "$TMP/h.txt"
done
"$BIN" check --backend=sim --arch=sm_90a --stats tests/lit/distribute/tma-ring-epilogue.mlir |
    awk '/^shared stores|^TMA/ { print "TMA-store epilogue (128x128x256, opt-in): " $0 }'
# Small K (issue 29): the cost rule leaves a K loop of one trip unstaged.  The 64x64
# tile at K = 32 (one trip: direct fragment loads) and K = 64 (two trips: staged), each
# with its modeled A100 time (one workgroup, so launch-bound) and its global-load
# sector efficiency (the direct fragment loads waste half of each sector).  Last
# measured: k32 4271 modeled cycles unstaged, 4500 when it was staged (48 and 63
# registers); k64 4732 staged, 4936 with the rule forced to leave it unstaged.
for k in k32 k64; do
    "$BIN" check --backend=sim --stats --timing=a100 --kernel=$k tests/lit/stage/small-k.mlir |
        awk -v k=$k '
            /^timing:/ { for (i = 1; i <= NF; i++) if ($i ~ /^cycles=|^regs=/) t = t " " $i }
            /^global loads/ { s = $0; sub(/^global loads */, "", s) }
            END { printf "small K %s: modeled%s; global loads %s\n", k, t, s }'
done
"$BIN" --remarks --emit=simt tests/lit/stage/small-k.mlir -o "$TMP/s.mlir" 2>&1 |
    awk '/runs 1 time/ { n++ } END { print "small K: loops left unstaged by the cost rule: " n + 0 " (goal: 1, k32)" }'
