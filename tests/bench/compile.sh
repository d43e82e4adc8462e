#!/usr/bin/env bash
# Compile-time figures: parse + print of a 10,000-op function (target < 20 ms),
# and MLIR -> PTX for the bundled kernels and the SIMT-level bench kernels of
# tests/bench/kernels (best of 20 runs, whole process, so it includes start-up).
set -euo pipefail
# Outputs go to a tmpfs where there is one: on this machine's disk, replacing an existing
# file (vptx writes FILE.tmp and renames it over FILE, so that an error never leaves a
# partial output) costs ~1.3 ms, more than the compile itself.
scratch=${TMPDIR:-/tmp}
[[ -z ${TMPDIR:-} && -d /dev/shm && -w /dev/shm ]] && scratch=/dev/shm
TMP=$(mktemp -d "$scratch/vptx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# best-of-N wall time of a command, in milliseconds
best_ms() {
    local n=$1 best=999999 t0 t1 ms
    shift
    for ((i = 0; i < n; i++)); do
        t0=$(date +%s%N)
        "$@" >/dev/null
        t1=$(date +%s%N)
        ms=$(((t1 - t0) / 1000))
        ((ms < best)) && best=$ms
    done
    printf '%d.%03d' $((best / 1000)) $((best % 1000))
}

{
    echo 'func.func @big(%a: f32, %b: f32) -> f32 {'
    echo '  %x0 = arith.addf %a, %b : f32'
    for ((i = 1; i < 10000; i++)); do
        echo "  %x$i = arith.mulf %x$((i - 1)), %a : f32"
    done
    echo '  return %x9999 : f32'
    echo '}'
} >"$TMP/big.mlir"
echo "parse+print 10k ops   $(best_ms 10 "$BIN" --emit=mlir "$TMP/big.mlir") ms"

shopt -s nullglob
for f in examples/*.mlir tests/bench/kernels/*.mlir; do
    [[ -f $f ]] || continue
    # a kernel written for Hopper (its `// vptx check args:` line says sm_90a, or its
    # name ends in _sm90) is timed for sm_90a: for sm_80 it would take mma.sync with
    # more registers than a thread has, and warn
    arch=sm_80
    if [[ $f == *_sm90.mlir ]] || grep -q '^// vptx check args:.*--arch=sm_90a' "$f"; then
        arch=sm_90a
    fi
    echo "compile $(basename "$f") ($arch)   $(best_ms 20 "$BIN" --emit=ptx --arch=$arch "$f" -o "$TMP/out.ptx") ms"
done
