#!/usr/bin/env bash
# Conformance with upstream MLIR's GPU code (issue 25): how many of the repository's own
# upstream-style cases vptx takes, per area.  The cases are the lit tests of
# tests/lit/upstream/AREA/*.mlir, written in the forms of upstream's integration tests
# (mlir/test/Integration/GPU/CUDA) and checked by their own RUN and CHECK lines:
#
#   area  folder      what
#   0     flags       nvgpu / gpu flags with upstream's meaning (transposeB, ...)
#   1     devfuncs    functions that are not kernels: .func, func.call
#   2     host        host code: gpu.launch_func, gpu.launch, gpu.alloc, printMemref*, ...
#   3     ops         the gpu / nvgpu / vector ops and types upstream tests use
#   4     refusals    what vptx will not do, said once (wave64, transform scripts, ...)
#
# Columns, per area:
#   cases    the .mlir files of the folder
#   compile  `vptx --arch=A CASE` exits 0 (A: the case's `// ARCH: sm_XX` line, else
#            sm_80), or, for a case marked `// CONFORMANCE: refused`, exits 1 with a
#            located error (FILE:LINE:COL: error:) and no crash
#   ptxas    of the cases that compiled, those whose PTX ptxas accepts for A ("-" when
#            there is no ptxas)
#   checks   the cases whose every RUN line passes (tests/run.sh), CHECK lines included
# Figures are counts of this repository's cases: not upstream's own tests, which are not
# copied here.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BIN=${BIN:-build/vptx}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vptx-conformance.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

PTXAS=${PTXAS:-$(command -v ptxas || true)}
[[ -z $PTXAS && -x /usr/local/cuda/bin/ptxas ]] && PTXAS=/usr/local/cuda/bin/ptxas
FILECHECK=${FILECHECK:-$(dirname "$BIN")/tests/filecheck}
if [[ ! -x $FILECHECK ]]; then
    FILECHECK=$TMP/filecheck
    ${CC:-cc} -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -o "$FILECHECK" tests/filecheck.c
fi

areas=(flags devfuncs host ops refusals)
names=("0 flags" "1 device functions" "2 host code" "3 missing ops" "4 refusals")

# n/m, or "-" when nothing applies
frac() {
    if (($2 == 0)); then echo "-"; else echo "$1/$2"; fi
}

printf '%-20s %6s %8s %8s %8s\n' area cases compile ptxas checks
tc=0 tcomp=0 tptx=0 tptxn=0 tchk=0
for i in "${!areas[@]}"; do
    dir=tests/lit/upstream/${areas[$i]}
    shopt -s nullglob
    cases=("$dir"/*.mlir)
    shopt -u nullglob
    n=${#cases[@]} comp=0 ptx=0 ptxn=0 chk=0
    for f in "${cases[@]}"; do
        arch=$(sed -n 's|^// ARCH: *\(sm_[0-9a-z]*\).*|\1|p' "$f" | head -n 1)
        arch=${arch:-sm_80}
        out=$TMP/case.ptx
        rm -f "$out"
        set +e
        "$BIN" --arch="$arch" "$f" -o "$out" 2>"$TMP/err"
        rc=$?
        set -e
        if grep -q '^// CONFORMANCE: refused' "$f"; then
            ((rc == 1)) && grep -qE ':[0-9]+:[0-9]+: error: ' "$TMP/err" && comp=$((comp + 1))
            continue
        fi
        ((rc == 0)) || continue
        comp=$((comp + 1))
        if [[ -n $PTXAS ]]; then
            ptxn=$((ptxn + 1))
            "$PTXAS" -arch="$arch" -o "$TMP/case.cubin" "$out" 2>/dev/null && ptx=$((ptx + 1))
        fi
    done
    if ((n)); then
        # the cases' own RUN and CHECK lines, through the test runner
        BUILD=$TMP/run BIN=$BIN FILECHECK=$FILECHECK tests/run.sh "$dir" >"$TMP/run.log" 2>&1 || true
        chk=$(grep -cE "^PASS $dir/[^ ]*\.mlir$" "$TMP/run.log" || true)
    fi
    printf '%-20s %6d %8s %8s %8s\n' "${names[$i]}" "$n" "$(frac $comp $n)" \
        "$( [[ -n $PTXAS ]] && frac $ptx $ptxn || echo -)" "$(frac "$chk" $n)"
    tc=$((tc + n)) tcomp=$((tcomp + comp)) tptx=$((tptx + ptx)) tptxn=$((tptxn + ptxn))
    tchk=$((tchk + chk))
done
printf '%-20s %6d %8s %8s %8s\n' all "$tc" "$(frac $tcomp $tc)" \
    "$( [[ -n $PTXAS ]] && frac $tptx $tptxn || echo -)" "$(frac $tchk $tc)"
