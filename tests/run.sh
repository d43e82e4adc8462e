#!/usr/bin/env bash
# tests/run.sh: the lit-style test runner behind `make test` (bash 5 and the base utilities).
#
#   BUILD=build/san BIN=build/san/vptx FILECHECK=build/san/tests/filecheck \
#   UNIT='build/san/tests/unit/test_a ...' FUZZ='build/san/tests/fuzz/replay_a ...' \
#   [JOBS=n] tests/run.sh [--update-golden] [PATH...]
#
# The tests, in the order they are reported:
#   unit:NAME          each binary in $UNIT: exit 0 passes, 77 skips, anything else fails
#   fuzz:NAME          each replay_NAME in $FUZZ (tests/fuzz/fuzz_NAME.c linked with
#                      tests/fuzz/replay.c) runs the fuzz target on its seeds and corpus
#   FILE               the `// RUN:` lines of each *.mlir and *.ptx under tests/lit,
#                      tests/gpu, tests/golden and examples, run in order with
#                      `bash -o pipefail` from the repository root
#   roundtrip:FILE     for each *.mlir there: print(parse(print(parse(x)))) == print(parse(x)),
#                      unless the file says NO-ROUNDTRIP, expected-error or `// RUN: not`
#   golden:NAME        `$BIN --emit=ptx [ARGS] tests/golden/NAME.mlir` equals NAME.ptx
#                      (ARGS from a `// ARGS: --arch=sm_90a` line of the .mlir)
#   determinism:NAME   compiling NAME.mlir twice gives the same bytes
#   ptxas:NAME         ptxas accepts NAME.ptx, for the arch of its .target line
#   doc:FILE:LINE      each command shown in README.md, CHANGELOG.md and docs/**/*.md
#                      (```sh and ```console blocks; tests/doccmds.sh says how)
#
# In a RUN line: %s the test file, %S its folder, %t a scratch path (its folder is emptied
# before the test), %T that folder, %vptx $BIN, %filecheck $FILECHECK, %ptxas the ptxas
# binary (with `// REQUIRES: ptxas`), %ptxas-verify FILE (assembles FILE for the arch of
# its .target line when ptxas is there, else does nothing), %% a '%' (write %%tid.x),
# `not CMD` (tests/not.sh).
# A RUN line ending in `\` continues on the next RUN line.  `// REQUIRES: ptxas, nvcc, gpu`
# skips the test unless all are there (gpu: for now, VPTX_HAVE_GPU=1).  A RUN line that
# exits 77 skips the test.
#
# PATH arguments (`make test T=tests/lit/ir`) keep only the tests of the files under them.
# --update-golden rewrites tests/golden/*.ptx from the compiler's output instead of testing.
# Up to $JOBS tests run at once (default: nproc); results print in the order above; the
# last line is "N passed, N failed[, N skipped]" and the exit status is 1 if any failed.
set -u -o pipefail
shopt -s nullglob globstar

usage() {
    sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2
    exit 2
}

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
update_golden=0
selected=()
for arg in "$@"; do
    case $arg in
    --update-golden) update_golden=1 ;;
    -h | --help) usage ;;
    -*)
        echo "run.sh: unknown option '$arg'" >&2
        usage
        ;;
    *)
        # Test paths are relative to the caller's folder; keep them relative to ROOT.
        if [[ ! -e $arg ]]; then
            echo "run.sh: no such test file or folder: $arg" >&2
            exit 2
        fi
        rel=$(realpath -m --relative-to="$ROOT" -- "$arg")
        if [[ $rel == .. || $rel == ../* ]]; then
            echo "run.sh: $arg is outside the repository" >&2
            exit 2
        fi
        selected+=("$rel")
        ;;
    esac
done
cd "$ROOT" || exit 2

# Paths become absolute, so that a RUN line may cd; reports show them relative to ROOT.
abs() {
    if [[ $1 == */* ]]; then realpath -m -- "$1"; else printf '%s\n' "$1"; fi
}
BUILD=$(abs "${BUILD:-build}")
BIN=$(abs "${BIN:-$BUILD/vptx}")
FILECHECK=$(abs "${FILECHECK:-$BUILD/tests/filecheck}")
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 4)}
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || JOBS=1
TIMEOUT=${TIMEOUT:-300} # seconds per command
TMPROOT=$BUILD/tests/tmp

find_tool() {
    local dir
    if command -v "$1" 2>/dev/null; then return; fi
    for dir in ${CUDA_HOME:+"$CUDA_HOME/bin"} /usr/local/cuda/bin; do
        if [[ -x $dir/$1 ]]; then
            echo "$dir/$1"
            return
        fi
    done
}
PTXAS=${PTXAS:-$(find_tool ptxas)}
NVCC=${NVCC:-$(find_tool nvcc)}

# Sanitizer reports get their own exit status, so that `not` can tell them from errors.
export VPTX_SAN_EXITCODE=86
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=$VPTX_SAN_EXITCODE"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1"
export UBSAN_OPTIONS="$UBSAN_OPTIONS:exitcode=$VPTX_SAN_EXITCODE"
export LC_ALL=C VPTX_PTXAS=$PTXAS

# %ptxas-verify FILE: assemble FILE for the arch of its .target line, when ptxas is there.
ptxas_verify() {
    local line arch=
    [[ -n ${VPTX_PTXAS:-} ]] || return 0
    while IFS= read -r line; do
        if [[ $line =~ ^[[:space:]]*\.target[[:space:]]+([A-Za-z0-9_]+) ]]; then
            arch=${BASH_REMATCH[1]}
            break
        fi
    done <"$1"
    if [[ -z $arch ]]; then
        echo "ptxas-verify: no .target line in $1" >&2
        return 1
    fi
    # a file of its own, never -o /dev/null (ptxas replaces its output file, and as root
    # that would replace /dev/null itself)
    local out
    out=$(mktemp "${TMPDIR:-/tmp}/ptxas-verify.XXXXXX") || return 1
    "$VPTX_PTXAS" -arch="$arch" -o "$out" "$1"
    local rc=$?
    rm -f "$out"
    return $rc
}
export -f ptxas_verify

rm -rf "$TMPROOT"
mkdir -p "$TMPROOT/bin" "$TMPROOT/results" || exit 2
printf '#!/usr/bin/env bash\nexec bash %q "$@"\n' "$ROOT/tests/not.sh" >"$TMPROOT/bin/not"
chmod +x "$TMPROOT/bin/not"
export PATH="$TMPROOT/bin:$PATH"

# ---- Choosing the tests ----

# is_selected FILE: true if no PATH was given or FILE is one of them or under one.
is_selected() {
    local s
    ((${#selected[@]} == 0)) && return 0
    for s in "${selected[@]}"; do
        [[ $s == . || $1 == "$s" || $1 == "$s"/* ]] && return 0
    done
    return 1
}

re_run='^[[:space:]]*//[[:space:]]*RUN:(.*)$'
re_requires='^[[:space:]]*//[[:space:]]*REQUIRES:(.*)$'
re_args='^[[:space:]]*//[[:space:]]*ARGS:(.*)$'

# A job is "unit BINARY", "file FILE" or "golden FILE.mlir"; each reports one or more tests.
jobs_list=()
if ((!update_golden)); then
    for bin in ${UNIT:-}; do
        is_selected "tests/unit/$(basename "$bin").c" && jobs_list+=("unit $bin")
    done
    for bin in ${FUZZ:-}; do
        name=${bin##*/replay_}
        if is_selected "tests/fuzz/fuzz_$name.c" || is_selected "tests/fuzz/corpus/$name"; then
            jobs_list+=("fuzz $bin")
        fi
    done
fi
# Golden outputs (tests/golden/*.ptx) are not inputs; a golden job checks them.
for f in tests/lit/**/*.mlir tests/lit/**/*.ptx tests/gpu/**/*.mlir tests/gpu/**/*.ptx \
    tests/golden/*.mlir examples/**/*.mlir examples/**/*.ptx; do
    echo "$f"
done | sort -u >"$TMPROOT/files"
while IFS= read -r f; do
    golden=0
    if [[ $f == tests/golden/*.mlir ]] && { is_selected "$f" || is_selected "${f%.mlir}.ptx"; }; then
        golden=1
    fi
    if ((!update_golden)) && is_selected "$f"; then
        jobs_list+=("file $f")
    fi
    if ((golden)); then
        jobs_list+=("golden $f")
    fi
done <"$TMPROOT/files"

# Commands shown in the documentation (tests/doccmds.sh), one job per file.
if ((!update_golden)); then
    for f in README.md CHANGELOG.md docs/**/*.md; do
        [[ -f $f ]] && is_selected "$f" && jobs_list+=("doc $f")
    done
fi

# ---- Running one job ----
# A job writes its report to results/N: a first line "PASSED FAILED SKIPPED", then text.

npass=0 nfail=0 nskip=0
report=

pass() {
    ((++npass))
    report+="PASS $1"$'\n'
}

skip() {
    ((++nskip))
    report+="SKIP $1 ($2)"$'\n'
}

# fail NAME WHAT [LOG]: WHAT is the failing command or a sentence; LOG its output.
fail() {
    local lines n
    ((++nfail))
    report+="FAIL $1"$'\n'"  ${2//"$ROOT/"/}"$'\n'
    [[ -n ${3-} && -s ${3-} ]] || return 0
    mapfile -t lines <"$3"
    n=${#lines[@]}
    if ((n > 60)); then
        lines=("${lines[@]:0:40}" "... ($((n - 55)) lines left out) ..." "${lines[@]:n-15}")
    fi
    report+=$(printf '  | %s\n' "${lines[@]}")$'\n'
}

# run LOG COMMAND: runs a shell command line from ROOT with a time limit; returns its status.
run() {
    timeout -k 10 "$TIMEOUT" bash -o pipefail -c "$2" >"$1" 2>&1 3>&1 </dev/null
    local rc=$?
    ((rc == 124)) && echo "(timed out after ${TIMEOUT}s)" >>"$1"
    return $rc
}

# q VALUE: VALUE quoted for a shell command line.
q() {
    printf '%q' "$1"
}

have_feature() {
    case $1 in
    ptxas) [[ -n $PTXAS ]] ;;
    nvcc) [[ -n $NVCC ]] ;;
    gpu) [[ ${VPTX_HAVE_GPU:-0} == 1 ]] ;;
    *) return 1 ;;
    esac
}

job_unit() {
    local bin=$1 name="unit:${1##*/}" log=$TMPROOT/${1##*/}.log rc
    run "$log" "$(q "$bin")"
    rc=$?
    case $rc in
    0) pass "$name" ;;
    77) skip "$name" "exit 77: $(tail -n 1 "$log" | cut -c1-80)" ;;
    *) fail "$name" "$bin (exit status $rc)" "$log" ;;
    esac
}

job_fuzz() {
    local bin=$1 name="fuzz:${1##*/replay_}" log=$TMPROOT/${1##*/}.log rc
    run "$log" "$(q "$bin")"
    rc=$?
    if ((rc == 0)); then
        pass "$name ($(grep -o '[0-9]* inputs' "$log"))"
    else
        # again with -v, to name the input that failed (UBSan reports do not name it)
        run "$log.v" "$(q "$bin") -v"
        fail "$name" "$bin (exit status $rc): $(grep '^replay: running ' "$log.v" | tail -n 1)" "$log"
    fi
}

# job_file FILE: runs FILE's RUN lines (if any) and its round-trip (if it takes one).
job_file() {
    local f=$1 n line part words cur='' cont=0 no_roundtrip=0 dir=$TMPROOT/$1.d
    local -a lines features=() runs=() run_at=()
    mapfile -t lines <"$f"
    for n in "${!lines[@]}"; do
        line=${lines[n]%$'\r'}
        if [[ $line =~ $re_run ]]; then
            part=${BASH_REMATCH[1]}
            ((cont)) || run_at+=($((n + 1)))
            if [[ $part =~ ^(.*)\\[[:space:]]*$ ]]; then
                cur+="${BASH_REMATCH[1]} "
                cont=1
                continue
            fi
            part="$cur$part"
            part=${part#"${part%%[![:space:]]*}"}
            runs+=("${part%"${part##*[![:space:]]}"}")
            cur='' cont=0
        elif [[ $line =~ $re_requires ]]; then
            IFS=', ' read -ra words <<<"${BASH_REMATCH[1]}"
            features+=("${words[@]}")
        fi
        [[ $line == *NO-ROUNDTRIP* || $line == *expected-error* ]] && no_roundtrip=1
    done
    for line in "${runs[@]}"; do
        [[ $line =~ ^[[:space:]]*not[[:space:]] ]] && no_roundtrip=1
    done
    rm -rf "$dir"
    mkdir -p "$dir"

    if ((${#runs[@]} || cont)); then
        lit_test "$f" "$dir"
    fi
    if [[ $f == *.mlir ]] && ((!no_roundtrip)); then
        roundtrip_test "$f" "$dir"
    fi
}

# lit_test FILE DIR: the RUN lines; uses job_file's features, runs, run_at and cont.
lit_test() {
    local f=$1 dir=$2 feature cmd i rc log=$2/run.log
    if ((cont)); then
        fail "$f" "the last RUN line ends in '\\' but no RUN line follows"
        return
    fi
    for feature in "${features[@]}"; do
        if ! have_feature "$feature"; then
            skip "$f" "requires $feature"
            return
        fi
    done
    for i in "${!runs[@]}"; do
        cmd=${runs[i]//%%/$'\001'}
        cmd=${cmd//%filecheck/"$(q "$FILECHECK")"}
        cmd=${cmd//%vptx/"$(q "$BIN")"}
        cmd=${cmd//%ptxas-verify/ptxas_verify}
        cmd=${cmd//%ptxas/"$(q "$PTXAS")"}
        cmd=${cmd//%S/"$(q "$(dirname "$f")")"}
        cmd=${cmd//%s/"$(q "$f")"}
        cmd=${cmd//%T/"$(q "$dir")"}
        cmd=${cmd//%t/"$(q "$dir/t")"}
        cmd=${cmd//$'\001'/%}
        run "$log" "$cmd"
        rc=$?
        if ((rc == 77)); then
            skip "$f" "RUN at line ${run_at[i]} exited 77: $(tail -n 1 "$log" | cut -c1-80)"
            return
        fi
        if ((rc != 0)); then
            fail "$f" "RUN at line ${run_at[i]} (exit status $rc): $cmd" "$log"
            return
        fi
    done
    pass "$f"
}

roundtrip_test() {
    local f=$1 dir=$2 name="roundtrip:$1" a=$2/roundtrip1.mlir b=$2/roundtrip2.mlir
    local cmd log=$2/roundtrip.log
    cmd="$(q "$BIN") --emit=mlir $(q "$f") > $(q "$a")"
    if ! run "$log" "$cmd"; then
        fail "$name" "$cmd" "$log"
    elif cmd="$(q "$BIN") --emit=mlir $(q "$a") > $(q "$b")" && ! run "$log" "$cmd"; then
        fail "$name" "printed IR does not parse back: $cmd" "$log"
    elif ! diff -u --label "print(parse(x))" --label "print(parse(print(parse(x))))" \
        "$a" "$b" >"$log"; then
        fail "$name" "printing the printed IR again changes it: diff -u $a $b" "$log"
    else
        pass "$name"
    fi
}

job_golden() {
    local f=$1 base=${1%.mlir} name=${1#tests/golden/} dir=$TMPROOT/$1.golden line
    local args=() out1 out2 cmd log
    name=${name%.mlir}
    out1=$dir/out1.ptx out2=$dir/out2.ptx log=$dir/log
    rm -rf "$dir"
    mkdir -p "$dir"
    while IFS= read -r line; do
        if [[ $line =~ $re_args ]]; then
            read -ra args <<<"${BASH_REMATCH[1]}"
            break
        fi
    done <"$f"
    cmd="$(q "$BIN") --emit=ptx"
    for line in "${args[@]}"; do cmd+=" $(q "$line")"; done
    cmd+=" $(q "$f")"

    if ((update_golden)); then
        if ! run "$log" "$cmd > $(q "$out1")"; then
            fail "golden:$name" "$cmd" "$log"
        elif cmp -s "$out1" "$base.ptx"; then
            pass "golden:$name (unchanged)"
        else
            cp "$out1" "$base.ptx" && pass "golden:$name (updated $base.ptx)"
        fi
        return
    fi

    local compiled=0
    if [[ ! -e $base.ptx ]]; then
        fail "golden:$name" "$base.ptx is missing: run \`make update-golden\` and review it"
    elif ! run "$log" "$cmd > $(q "$out1")"; then
        fail "golden:$name" "$cmd" "$log"
    else
        compiled=1
        if diff -u --label "$base.ptx" --label "$cmd" "$base.ptx" "$out1" >"$log"; then
            pass "golden:$name"
        else
            fail "golden:$name" \
                "output differs from $base.ptx (\`make update-golden\` rewrites it)" "$log"
        fi
    fi

    if ((!compiled)); then
        skip "determinism:$name" "the first compilation failed"
    elif ! run "$log" "$cmd > $(q "$out2")"; then
        fail "determinism:$name" "second compilation failed: $cmd" "$log"
    elif ! cmp "$out1" "$out2" >"$log" 2>&1; then
        fail "determinism:$name" "two compilations differ: cmp $out1 $out2" "$log"
    else
        pass "determinism:$name"
    fi

    if [[ ! -e $base.ptx ]]; then
        :
    elif [[ -z $PTXAS ]]; then
        skip "ptxas:$name" "ptxas not found"
    elif ! ptxas_verify "$base.ptx" >"$log" 2>&1; then
        fail "ptxas:$name" "ptxas rejects $base.ptx" "$log"
    else
        pass "ptxas:$name"
    fi
}

# job_doc FILE.md: tests/doccmds.sh's PASS / FAIL / SKIP lines become this job's tests.
job_doc() {
    local f=$1 log=$TMPROOT/doc-${1//\//_}.log line name=
    BIN=$BIN FILECHECK=$FILECHECK DOCTMP=$TMPROOT/doc tests/doccmds.sh "$f" >"$log" 2>&1
    while IFS= read -r line; do
        case $line in
        "PASS "*) pass "${line#PASS }" ;;
        "SKIP "*)
            line=${line#SKIP }
            skip "${line%% (*}" "$(sed -e 's/^[^(]*(//' -e 's/)$//' <<<"$line")"
            ;;
        "FAIL "*)
            ((++nfail))
            report+="$line"$'\n'
            ;;
        "  "*) report+="$line"$'\n' ;;
        "doccmds: "*[0-9]" passed"*) ;;
        *)
            ((++nfail))
            report+="FAIL doc:$f"$'\n'"  $line"$'\n'
            ;;
        esac
    done <"$log"
}

run_job() {
    local i=$1 kind=${2%% *} arg=${2#* }
    case $kind in
    unit) job_unit "$arg" ;;
    fuzz) job_fuzz "$arg" ;;
    file) job_file "$arg" ;;
    golden) job_golden "$arg" ;;
    doc) job_doc "$arg" ;;
    esac
    printf '%d %d %d\n%s' "$npass" "$nfail" "$nskip" "$report" >"$TMPROOT/results/$i.tmp"
    mv "$TMPROOT/results/$i.tmp" "$TMPROOT/results/$i"
}

# ---- Running them all, JOBS at a time, reporting in order ----

total_pass=0 total_fail=0 total_skip=0 next=0

# flush [all]: prints the finished reports that come next in order (with "all", every one).
flush() {
    local file p f s
    while ((next < ${#jobs_list[@]})); do
        file=$TMPROOT/results/$next
        if [[ ! -e $file ]]; then
            [[ ${1-} == all ]] || return
            echo "FAIL ${jobs_list[next]#* }"
            echo "  the runner lost this test's result"
            ((++total_fail))
            ((++next))
            continue
        fi
        { read -r p f s && cat; } <"$file"
        ((total_pass += p, total_fail += f, total_skip += s, ++next))
    done
}

trap 'kill $(jobs -p) 2>/dev/null; exit 130' INT TERM

ptxas_note=${PTXAS:-not found}
echo "vptx tests: ${#jobs_list[@]} test files and programs, $JOBS at a time," \
    "BIN=${BIN#"$ROOT/"}, ptxas: $ptxas_note"
if ((${#selected[@]} && ${#jobs_list[@]} == 0)); then
    echo "run.sh: no tests under ${selected[*]}" >&2
    echo "0 passed, 0 failed"
    exit 1
fi

running=0
for i in "${!jobs_list[@]}"; do
    run_job "$i" "${jobs_list[i]}" &
    if ((++running >= JOBS)); then
        wait -n
        ((running--))
        flush
    fi
done
wait
flush all

summary="$total_pass passed, $total_fail failed"
((total_skip)) && summary+=", $total_skip skipped"
echo "$summary"
((total_fail == 0))
