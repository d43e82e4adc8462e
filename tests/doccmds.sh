#!/usr/bin/env bash
# tests/doccmds.sh: run the commands that README.md and docs/*.md show, so the docs cannot rot.
#
#   BIN=build/san/vptx FILECHECK=build/san/tests/filecheck tests/doccmds.sh [FILE.md...]
#
# With no FILE: README.md, CHANGELOG.md and every docs/**/*.md.  `make test` runs it once
# per file (tests/run.sh: one `doc:FILE:LINE` test per command).
#
# What runs, by the fence's info string (the words after the ```):
#   ```sh                   every command in the block runs; it must exit 0 (```bash
#                           and ```shell blocks are the same).  A command
#                           is a line, plus the lines a trailing `\` joins to it, plus the
#                           body of a here-document (`<<EOF` / `<<'EOF'` up to `EOF`),
#                           plus the lines up to where it parses (`f() {` ... `}`, loops).
#   ```console              each line `$ CMD` runs; the lines after it, up to the next
#                           `$ ` line or the end of the block, are its expected output
#                           (stdout and stderr together; any exit status): each must
#                           be found in the output, on consecutive lines (a run of
#                           blanks matches any run of blanks; filecheck does the
#                           matching), and a line `...` skips any number of lines.
#                           With no expected lines the command must exit 0.
#   ```sh norun             not run (reported as skipped): `make` itself, commands that
#                           take minutes, or that need things a test machine lacks.
#   ```sh requires=gpu      skipped unless every feature is there: ptxas (found as
#   ```sh requires=ptxas    tests/run.sh finds it), nvcc, gpu (VPTX_HAVE_GPU=1).
#   anything else           (```c, ```mlir, ```text, ``` ...) is not a command.
#
# The commands of one file run in order, in one fresh scratch folder (kept in
# $DOCTMP/NAME, default build/san/tests/tmp/doc), in one bash per block, so a block may
# use files that an earlier block of the same file made.  The folder holds a copy of
# examples/ and links to the repository's other top-level folders; `vptx` on PATH (and
# build/vptx) is $BIN, and build/share the man page and completion file beside it.
# Each command prints PASS, FAIL (with its output) or SKIP; after a failed command the
# rest of its block is skipped.  The exit status is 1 if any command failed.
set -u -o pipefail
shopt -s nullglob globstar

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
BIN=$(realpath -m -- "${BIN:-build/san/vptx}")
FILECHECK=$(realpath -m -- "${FILECHECK:-build/san/tests/filecheck}")
DOCTMP=$(realpath -m -- "${DOCTMP:-build/san/tests/tmp/doc}")
TIMEOUT=${DOC_TIMEOUT:-120}
export LC_ALL=C

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

have_feature() {
    case $1 in
    ptxas) [[ -n ${PTXAS:-$(find_tool ptxas)} ]] ;;
    nvcc) [[ -n ${NVCC:-$(find_tool nvcc)} ]] ;;
    gpu) [[ ${VPTX_HAVE_GPU:-0} == 1 ]] ;;
    *) return 1 ;;
    esac
}

if (($# == 0)); then
    set -- README.md CHANGELOG.md docs/**/*.md
fi
if [[ ! -x $BIN ]]; then
    echo "doccmds: $BIN not found (set BIN)" >&2
    exit 2
fi

npass=0 nfail=0 nskip=0

# report_fail NAME CMD LOG
report_fail() {
    ((++nfail))
    echo "FAIL $1"
    printf '  %s\n' "$2" | head -n 5
    [[ -s $3 ]] && sed -e 's/^/  | /' "$3" | head -n 40
}

# ---- splitting a file into blocks and commands ----
# blocks: kind ("sh" | "console"), info words, first line, lines

# sh_commands LINE0 LINES...: prints "LINENO<TAB>COMMAND" records separated by NUL.
sh_commands() {
    local n=$1 line cmd='' start=0 heredoc='' cont=0
    shift
    for line in "$@"; do
        ((n++))
        if [[ -n $heredoc ]]; then
            cmd+=$'\n'"$line"
            if [[ $line == "$heredoc" ]]; then
                heredoc=''
                printf '%d\t%s\0' "$start" "$cmd"
                cmd=''
            fi
            continue
        fi
        if ((!cont)); then
            [[ $line =~ ^[[:space:]]*(#.*)?$ ]] && continue # blank or comment line
            start=$n
            cmd=$line
        else
            cmd+=$'\n'"$line"
        fi
        if [[ $line =~ \\$ ]]; then
            cont=1
            continue
        fi
        cont=0
        if [[ $line =~ \<\<-?[[:space:]]*[\'\"]?([A-Za-z_][A-Za-z_0-9]*) ]]; then
            heredoc=${BASH_REMATCH[1]}
            continue
        fi
        # a function, loop or if spanning lines: wait until the text parses
        if ! bash -n -c "$cmd" 2>/dev/null; then
            cont=1
            continue
        fi
        printf '%d\t%s\0' "$start" "$cmd"
        cmd=''
    done
    if [[ -n $cmd ]]; then
        printf '%d\t%s\0' "$start" "$cmd"
    fi
}

# expect_file OUT LINES...: a filecheck file for the expected output lines.
expect_file() {
    local out=$1 line directive=CHECK first=1
    shift
    : >"$out"
    for line in "$@"; do
        if [[ $line == ... ]]; then
            directive=CHECK
            continue
        fi
        if [[ -z ${line//[[:space:]]/} ]]; then
            ((first)) && continue
            echo "CHECK-EMPTY:" >>"$out"
        else
            # {{ and [[X: would be filecheck syntax: match them as regex-quoted text.
            line=${line//'{{'/'{{\{\{}}'}
            line=${line//'[['/'{{\[\[}}'}
            printf '%s: %s\n' "$directive" "$line" >>"$out"
        fi
        directive=CHECK-NEXT first=0
    done
}

# run_block FILE KIND DIR FIRSTLINE INFO LINES...: one fenced block.  Every block runs
# in its own bash, the commands one after another in one script that records each
# status, so that `cd` and variables carry over inside a block.
run_block() {
    local file=$1 kind=$2 dir=$3 first=$4 info=$5
    shift 5
    local -a recs=() lines=("$@") exp_lines=()
    local rec n cmd i j script=$dir/.block.sh feature feats reason=''
    local -a cmds=() nums=() expects=()

    if [[ $kind == sh ]]; then
        while IFS= read -r -d '' rec; do
            recs+=("$rec")
        done < <(sh_commands "$first" "${lines[@]}")
        for rec in "${recs[@]}"; do
            nums+=("${rec%%$'\t'*}")
            cmds+=("${rec#*$'\t'}")
            expects+=("")
        done
    else
        n=$first
        i=-1
        for cmd in "${lines[@]}"; do
            ((n++))
            if [[ $cmd == '$ '* ]]; then
                ((++i))
                nums+=("$n")
                cmds+=("${cmd#'$ '}")
                expects+=("$dir/.expect.$n")
                : >"$dir/.expect.$n.lines"
            elif ((i >= 0)); then
                printf '%s\n' "$cmd" >>"${expects[i]}.lines"
            fi
        done
        for i in "${!expects[@]}"; do
            mapfile -t exp_lines <"${expects[i]}.lines"
            expect_file "${expects[i]}" "${exp_lines[@]}"
            [[ -s ${expects[i]} ]] || expects[i]=""
        done
    fi
    ((${#cmds[@]})) || return 0

    for feature in $info; do
        case $feature in
        norun) reason="marked norun" ;;
        requires=*)
            feats=${feature#requires=}
            for j in ${feats//,/ }; do
                have_feature "$j" || reason="requires $j"
            done
            ;;
        esac
    done
    if [[ -n $reason ]]; then
        for i in "${!cmds[@]}"; do
            ((++nskip))
            echo "SKIP doc:$file:${nums[i]} ($reason)"
        done
        return 0
    fi

    # the block as one script: each command's output and status go to files
    {
        echo "cd $(printf '%q' "$dir") || exit 99"
        for i in "${!cmds[@]}"; do
            printf '{\n%s\n} >%q 2>&1 </dev/null\n' "${cmds[i]}" "$dir/.out.$i"
            printf 'echo $? >%q\n' "$dir/.st.$i"
            if [[ -z ${expects[i]} ]]; then
                printf '[[ $(<%q) == 0 ]] || exit 0\n' "$dir/.st.$i"
            fi
        done
    } >"$script"
    rm -f "$dir"/.st.* "$dir"/.out.*
    timeout -k 10 "$TIMEOUT" bash -o pipefail "$script" >"$dir/.block.log" 2>&1

    local failed=0 st
    for i in "${!cmds[@]}"; do
        local name="doc:$file:${nums[i]}"
        if ((failed)); then
            ((++nskip))
            echo "SKIP $name (an earlier command of the block failed)"
            continue
        fi
        if [[ ! -e $dir/.st.$i ]]; then
            cat "$dir/.block.log" >>"$dir/.out.$i" 2>/dev/null
            echo "(did not finish: timed out after ${TIMEOUT}s, or the block exited)" >>"$dir/.out.$i"
            report_fail "$name" "${cmds[i]}" "$dir/.out.$i"
            failed=1
            continue
        fi
        st=$(<"$dir/.st.$i")
        if [[ -n ${expects[i]} ]]; then
            if "$FILECHECK" "${expects[i]}" --input-file="$dir/.out.$i" >"$dir/.fc.$i" 2>&1; then
                ((++npass))
                echo "PASS $name"
            else
                {
                    echo "output (exit status $st) does not match the lines shown in $file:"
                    cat "$dir/.fc.$i"
                } >"$dir/.fclog.$i"
                report_fail "$name" "${cmds[i]}" "$dir/.fclog.$i"
            fi
        elif [[ $st == 0 ]]; then
            ((++npass))
            echo "PASS $name"
        else
            echo "(exit status $st)" >>"$dir/.out.$i"
            report_fail "$name" "${cmds[i]}" "$dir/.out.$i"
            failed=1
        fi
    done
}

# doc_file FILE: every block of FILE, in order, in one scratch folder.
doc_file() {
    local file=$1 dir n=0 line in=0 kind info first entry
    local -a lines=() block=()
    dir=$DOCTMP/${file//\//_}
    rm -rf "$dir"
    mkdir -p "$dir/build" "$dir/.bin" || return
    for entry in "$ROOT"/*; do
        case ${entry##*/} in
        build) ;;
        examples) cp -R "$entry" "$dir/examples" ;;
        *) ln -s "$entry" "$dir/${entry##*/}" ;;
        esac
    done
    ln -s "$BIN" "$dir/build/vptx"
    [[ -d ${BIN%/*}/share ]] && ln -s "${BIN%/*}/share" "$dir/build/share"
    ln -s "$BIN" "$dir/.bin/vptx"
    mapfile -t lines <"$file"
    for line in "${lines[@]}"; do
        ((n++))
        line=${line%$'\r'}
        if ((!in)); then
            if [[ $line =~ ^\`\`\`(sh|bash|shell|console)([[:space:]]+(.*))?$ ]]; then
                in=1 kind=${BASH_REMATCH[1]} info=${BASH_REMATCH[3]} first=$n block=()
                [[ $kind == console ]] || kind=sh
            elif [[ $line =~ ^\`\`\` ]]; then
                in=2
            fi
        elif [[ $line =~ ^\`\`\`[[:space:]]*$ ]]; then
            ((in == 1)) && PATH="$dir/.bin:$PATH" run_block "$file" "$kind" "$dir" "$first" "$info" "${block[@]}"
            in=0
        elif ((in == 1)); then
            block+=("$line")
        fi
    done
}

for f in "$@"; do
    f=$(realpath -m --relative-to="$ROOT" -- "$f")
    if [[ ! -f $f ]]; then
        echo "doccmds: no such file: $f" >&2
        exit 2
    fi
    doc_file "$f"
done
summary="doccmds: $npass passed, $nfail failed"
((nskip)) && summary+=", $nskip skipped"
echo "$summary"
((nfail == 0))
