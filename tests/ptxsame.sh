#!/usr/bin/env bash
# tests/ptxsame.sh: show that a change leaves the emitted PTX byte for byte as it was.
#
#   BIN=build/vptx tests/ptxsame.sh save DIR    compile every kernel, keep the results in DIR
#   BIN=build/vptx tests/ptxsame.sh check DIR   compile them again and cmp with DIR
#
# The kernels: every *.mlir under tests/ and examples/ (the lit and golden tests, their
# Inputs, the bench kernels, the examples).  Each is compiled with --remarks under a fixed
# set of targets and options (sm_80, sm_90a and its schedule options, sm_100a, one and
# two pipeline stages), and under the compile options of each of its own RUN lines.  The
# PTX and the diagnostics (errors and remarks, on stderr) are both kept and compared, so
# a file the compiler refuses is compared by its error text.  `check` lists every result
# that differs and exits 1 when one does; it prints how many it compared.
#
# Run `save` with the compiler before the change and `check` with the one after (a
# refactoring that must not change the output: docs/testing.md).  JOBS=n runs n at once
# (default 2).
set -u
mode=${1:-} dir=${2:-}
BIN=${BIN:-build/vptx}
JOBS=${JOBS:-2}
if [[ $mode != save && $mode != check ]] || [[ -z $dir ]]; then
    echo "usage: BIN=build/vptx $0 save|check DIR" >&2
    exit 2
fi
[[ -x $BIN ]] || { echo "$0: $BIN: no such executable (make first)" >&2; exit 2; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

fixed=(
    "--arch=sm_80"
    "--arch=sm_80 --pipeline-stages=1"
    "--arch=sm_80 --pipeline-stages=2"
    "--arch=sm_90a"
    "--arch=sm_90a --pipeline-stages=2"
    "--arch=sm_90a --ping-pong"
    "--arch=sm_90a --no-ping-pong"
    "--arch=sm_90a --no-warp-specialize"
    "--arch=sm_90a --overlap-softmax"
    "--arch=sm_90a --persistent"
    "--arch=sm_90a --persistent --ping-pong"
    "--arch=sm_100a"
)

# The compile options of each `// RUN:` line of file $1 that runs %vptx, one set a line.
run_options() {
    grep -h '^// RUN:.*%vptx' "$1" | while read -r line; do
        grep -oE -- '(^| )(--arch=sm_[0-9a-z]+|--pipeline-stages=[0-9]+|--ping-pong|--no-ping-pong|--no-warp-specialize|--overlap-softmax|--persistent|--allow-tf32|--precise-math|-g)( |$)' <<<"$line" |
            tr -d ' ' | tr '\n' ' ' | sed 's/ $//'
        echo
    done | grep -v '^$' | sort -u
}

# One line per compile: FILE<TAB>OPTIONS
jobs_list() {
    find tests examples -name '*.mlir' | sort | while read -r f; do
        { printf '%s\n' "${fixed[@]}"; run_options "$f"; } | sort -u | while read -r opts; do
            printf '%s\t%s\n' "$f" "$opts"
        done
    done
}

# Compiles one FILE<TAB>OPTIONS into OUT/<key>.ptx and .err (the exit status ends .err).
compile_one() {
    local f=${1%%$'\t'*} opts=${1#*$'\t'} out=$2
    local key
    key=$(printf '%s %s' "$f" "$opts" | tr '/ =' '___')
    # shellcheck disable=SC2086
    "$BIN" --remarks $opts "$f" -o "$out/$key.ptx" 2>"$out/$key.err"
    echo "exit $?" >>"$out/$key.err"
    [[ -e $out/$key.ptx ]] || : >"$out/$key.ptx"
}
export -f compile_one
export BIN

out=$dir
[[ $mode == check ]] && out=$(mktemp -d "${TMPDIR:-/tmp}/ptxsame.XXXXXX")
mkdir -p "$out"
jobs_list | tr '\n' '\0' | xargs -0 -P "$JOBS" -I{} bash -c 'compile_one "$1" "$2"' _ {} "$out"
n=$(find "$out" -name '*.ptx' | wc -l)
if [[ $mode == save ]]; then
    echo "saved $n compiles in $dir"
    exit 0
fi
bad=0
for p in "$out"/*.ptx "$out"/*.err; do
    b=$dir/$(basename "$p")
    if [[ ! -e $b ]]; then
        echo "new: $(basename "$p")"
        bad=1
    elif ! cmp -s "$p" "$b"; then
        echo "differs: $(basename "$p")"
        bad=1
    fi
done
for b in "$dir"/*.ptx; do
    [[ -e $out/$(basename "$b") ]] || { echo "gone: $(basename "$b")"; bad=1; }
done
if ((bad)); then
    echo "ptxsame: differences (new results in $out)"
    exit 1
fi
rm -rf "$out"
echo "ptxsame: $n compiles, PTX and diagnostics identical"
