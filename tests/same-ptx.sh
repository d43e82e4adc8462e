#!/usr/bin/env bash
# tests/same-ptx.sh: vptx builds made by different compilers must compile every input to
# the same bytes (docs/building.md).
#
#   tests/same-ptx.sh REF OTHER... [-- FILE...]
#   e.g. tests/same-ptx.sh build/gcc/vptx build/clang/vptx build/tcc/vptx build/static/vptx
#
# Compiles each FILE (default: every .mlir under tests/lit, tests/golden, tests/gpu,
# tests/bench/kernels and examples) with every binary, three ways: the defaults (sm_80),
# `--arch=sm_90a -g --precise-math`, and a golden file's own `// ARGS:`.  What is kept and
# compared is stdout (the PTX), stderr (the diagnostics) and the exit status, with each
# binary's path written as "vptx" so that the names of the builds do not count.  Every
# OTHER's result must equal REF's; each difference is shown (the first lines of diff -u)
# and fails the run.  Runs $JOBS compilations at once (default: nproc).
# The last line is "same-ptx: N compilations by each of K builds, M differ".
set -u -o pipefail
shopt -s nullglob globstar
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

bins=() files=()
while (($#)); do
    if [[ $1 == -- ]]; then
        shift
        files=("$@")
        break
    fi
    bins+=("$1")
    shift
done
if ((${#bins[@]} < 2)); then
    echo "usage: tests/same-ptx.sh REF OTHER... [-- FILE...]" >&2
    exit 2
fi
for b in "${bins[@]}"; do
    if [[ ! -x $b ]]; then
        echo "same-ptx: $b: no such program" >&2
        exit 2
    fi
done
if ((${#files[@]} == 0)); then
    files=(tests/lit/**/*.mlir tests/golden/*.mlir tests/gpu/**/*.mlir tests/bench/kernels/**/*.mlir
        examples/**/*.mlir)
fi

OUT=${TMPDIR:-/tmp}/same-ptx.$$
rm -rf "$OUT"
mkdir -p "$OUT"
trap 'rm -rf "$OUT"' EXIT

# one compilation: binary index, variant index, file
compile() {
    local b=$1 v=$2 f=$3 bin=${bins[$1]} args=()
    case $v in
    1) args=(--arch=sm_90a -g --precise-math) ;;
    2) read -r -a args < <(sed -n 's|^// ARGS: *||p' "$f" | head -n 1) ;;
    esac
    local out=$OUT/$b/$v/${f//\//_}
    timeout 120 "$bin" "${args[@]}" "$f" >"$out.out" 2>"$out.err" </dev/null
    echo "exit status $?" >>"$out.err"
    sed -i "s|$bin|vptx|g" "$out.out" "$out.err"
}
export -f compile
export OUT
export BINS="${bins[*]}"

work=()
for b in "${!bins[@]}"; do
    mkdir -p "$OUT/$b/0" "$OUT/$b/1" "$OUT/$b/2"
    for f in "${files[@]}"; do
        work+=("$b 0 $f" "$b 1 $f")
        if grep -q '^// ARGS:' "$f"; then
            work+=("$b 2 $f")
        fi
    done
done
printf '%s\n' "${work[@]}" |
    xargs -P "${JOBS:-$(nproc)}" -L 1 bash -c 'read -r -a bins <<<"$BINS"; compile "$@"' _

n=0 bad=0
for job in "${work[@]}"; do
    read -r b v f <<<"$job"
    ((b == 0)) && continue
    n=$((n + 1))
    ref=$OUT/0/$v/${f//\//_} got=$OUT/$b/$v/${f//\//_}
    if ! cmp -s "$ref.out" "$got.out" || ! cmp -s "$ref.err" "$got.err"; then
        bad=$((bad + 1))
        echo "same-ptx: DIFFERENT: ${bins[$b]} vs ${bins[0]} on $f (variant $v)"
        { diff -u "$ref.out" "$got.out"; diff -u "$ref.err" "$got.err"; } | head -n 20 | sed 's/^/  | /'
    fi
done
echo "same-ptx: $((n / (${#bins[@]} - 1))) compilations by each of ${#bins[@]} builds, $bad differ"
((bad == 0))
