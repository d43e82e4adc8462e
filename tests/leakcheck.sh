#!/usr/bin/env bash
# tests/leakcheck.sh: the CLI under valgrind (behind `make leakcheck`): no leak and no
# memory error on good inputs or on bad ones.
#
#   BIN=build/vg/vptx [JOBS=2] tests/leakcheck.sh
#
# Each case runs `valgrind -q --leak-check=full --error-exitcode=1 BIN ARGS` and passes
# when valgrind reports nothing (with -q it writes only errors and leaks) and vptx
# exited as expected: 0 for the good inputs (compile every example and golden kernel,
# `check --backend=sim` and `run` on small kernels), 1 for the bad ones (the
# frontend, verifier, layout and ptxgen error tests, and the fuzzers' regression
# inputs: each must fail with a diagnostic).  The last line is "N passed, N failed".
set -u -o pipefail
shopt -s nullglob
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
BIN=${BIN:-build/vg/vptx}
JOBS=${JOBS:-2}
OUT=$(dirname "$BIN")/leakcheck
rm -rf "$OUT"
mkdir -p "$OUT"

cases=() # "EXPECTED_STATUS ARGS..."
for f in examples/*.mlir examples/simt/*.mlir tests/golden/*.mlir; do
    arch=$(sed -n 's|^// ARGS: \(--arch=[a-z0-9_]*\).*|\1|p' "$f" | head -1)
    cases+=("0 --emit=ptx ${arch:---arch=sm_80} $f -o $OUT/out.\$\$.ptx")
done
cases+=("0 check examples/reduce.mlir --backend=sim"
    "0 check examples/mma16.mlir --backend=sim"
    "0 check tests/lit/check/grid-dims-scalars.mlir --backend=sim --grid=4 --dim=4 --scalar=0.5"
    "1 check tests/lit/check/err-simt-off-by-one.mlir --backend=sim --reference=examples/reduce.mlir"
    "1 check tests/lit/check/err-layout-wrong-stride.mlir --backend=sim"
    "0 run tests/lit/sim/mbarrier-test-wait-late-arrival.ptx --grid 1 --block 64 tests/lit/sim/Inputs/zeros2.npy --out $OUT"
    "1 run tests/lit/sim/mbarrier-test-wait-deadlock.ptx --grid 1 --block 1"
    )
for f in tests/fuzz/corpus/ptx/crash-* tests/fuzz/corpus/ptx/leak-*; do
    cases+=("1 run $f --grid 1 --block 32")
done
for f in tests/lit/frontend/errors/*.mlir tests/lit/verify/*.mlir tests/lit/{layout,ptxgen}/err-*.mlir \
    tests/fuzz/corpus/pipeline/*; do
    cases+=("1 --emit=ptx --arch=sm_80 $f")
done

# one_case I EXPECTED ARGS...: writes "PASS ..." or "FAIL ..." to $OUT/I.result
one_case() {
    local i=$1 want=$2 log=$OUT/$1.vg rc
    shift 2
    eval "set -- $*" # expands the \$\$ of scratch paths
    valgrind -q --leak-check=full --error-exitcode=1 --log-file="$log" "$BIN" "$@" \
        >"$OUT/$i.out" 2>&1
    rc=$?
    if [[ -s $log ]]; then # -q: valgrind writes only what it reports
        { echo "FAIL vptx $*: valgrind reports"; sed 's/^/  | /' "$log" | head -60; } >"$OUT/$i.result"
    elif ((rc != want)); then
        { echo "FAIL vptx $*: exit status $rc, expected $want"; sed 's/^/  | /' "$OUT/$i.out" | head -20; } >"$OUT/$i.result"
    else
        echo "PASS vptx $*" >"$OUT/$i.result"
    fi
}

running=0
for i in "${!cases[@]}"; do
    one_case "$i" ${cases[i]} &
    if ((++running >= JOBS)); then
        wait -n
        ((running--))
    fi
done
wait

npass=0 nfail=0
for i in "${!cases[@]}"; do
    cat "$OUT/$i.result"
    if grep -q '^PASS' "$OUT/$i.result"; then ((++npass)); else ((++nfail)); fi
done
echo "$npass passed, $nfail failed"
((nfail == 0))
