#!/usr/bin/env bash
# tests/docrefs.sh: every path, file and vptx option that README.md and docs/*.md name
# exists, so that the docs cannot point at what is gone.
#
#   BIN=build/vptx tests/docrefs.sh [FILE.md...]      (tests/lit/docs/doc-references.mlir)
#
# What is checked, in `code spans` and in link targets [text](target):
#   paths     a word that starts with a folder of the repository (ir/ layout/
#             distribute/ ptxgen/ sim/ eval/ fuzz/ runtime/ driver/ tools/ cli/ tests/ examples/ docs/) must
#             exist (a glob must match); a part in capitals (NAME, KERNEL) is a
#             placeholder and the word is not checked.
#   files     a bare file name ending in .md .c .h .def or .sh must be a file of the
#             repository, in any folder (`api.c`, `ptx-ptx.md`); a link target must
#             exist beside the page that links it.
#   options   in a span that starts with `vptx [SUB]`, and in a span that is one option
#             (`--remarks`, `--timing=GPU`), every --option must be one that some
#             `vptx ... --help` text names; spans of other tools (`pkg-config --libs`,
#             `cc -fsanitize=...`) are theirs, and the few bare options of other tools the
#             docs name are listed below with the tool.
# Prints one line per dangling reference, `FILE: what`; the exit status is 1 if any.
set -u -o pipefail
shopt -s nullglob globstar

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
BIN=${BIN:-build/vptx}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

# bare options of other tools that the docs name on their own
other_tools=" --static --libs --cflags --allow-empty --only-needed --leak-check --error-exitcode "

help=$(for sub in "" check run fuzz-diff layout; do "$BIN" $sub --help 2>&1; done)
help_has() { # the option's name (before =) appears in a help text as an option
    local name=${1%%=*}
    grep -qE -- "(^|[^a-z0-9-])${name}([^a-z0-9-]|$)" <<<"$help"
}

files=$(git ls-files 2>/dev/null || find . -type f | sed 's|^\./||')
repo_has_name() { grep -qE "(^|/)$1\$" <<<"$files"; }

bad=0
report() {
    echo "$1: $2"
    bad=1
}

check_path() { # page word
    local page=$1 w=$2
    w=${w%%[:#,;\)]*}
    w=${w%.}
    [[ -z $w || $w =~ [A-Z][A-Z] || $w == *'%'* || $w == *'$'* ]] && return
    if [[ $w == */* ]]; then
        case ${w#./} in
        ir/* | layout/* | distribute/* | ptxgen/* | sim/* | eval/* | fuzz/* | \
            runtime/* | driver/* | tools/* | cli/* | tests/* | examples/* | docs/*) ;;
        *) return ;; # build/ outputs, installed paths (include/, lib/), URLs
        esac
        compgen -G "${w#./}" > /dev/null || [[ -e ${w#./} || -e ${w#./}.c ]] ||
            report "$page" "no such path: $w"
        return
    fi
    case $w in
    *.md | *.c | *.h | *.def | *.sh)
        if [[ $w == *'*'* ]]; then
            local rx=${w//./\\.}
            rx=${rx//\*/[^/]*}
            grep -qE "(^|/)$rx\$" <<<"$files" || report "$page" "no file matches $w"
        else
            repo_has_name "${w//./\\.}" || report "$page" "no such file: $w"
        fi
        ;;
    esac
}

check_span() { # page span
    local page=$1 span=$2 words w
    read -r -a words <<<"${span//\// }" # `--rtol/--atol`: two options
    ((${#words[@]})) || return
    read -r -a paths <<<"$span"
    for w in "${paths[@]}"; do
        # a bare name in a command (`cc app.c ...`) is the user's file, not the repo's
        [[ $w == */* || ${#paths[@]} == 1 ]] && check_path "$page" "$w"
    done
    if [[ ${words[0]} == vptx ]] || { ((${#words[@]} == 1)) && [[ ${words[0]} == --[a-z]* ]]; }; then
        for w in "${words[@]}"; do
            [[ $w == --[a-z]* ]] || continue
            w=${w%%[,;:.\)]}
            [[ $other_tools == *" ${w%%=*} "* ]] && continue
            help_has "$w" || report "$page" "no vptx option ${w%%=*} (in \`$span\`)"
        done
    fi
}

pages=("$@")
((${#pages[@]})) || pages=(README.md docs/**/*.md)
for page in "${pages[@]}"; do
    dir=$(dirname "$page")
    # code spans, outside fenced blocks (those run as commands: tests/doccmds.sh)
    while IFS= read -r span; do
        check_span "$page" "$span"
    done < <(awk '/^```/ { fence = !fence; next } !fence' "$page" | grep -oE '`[^`]+`' | tr -d '`')
    while IFS= read -r target; do
        target=${target%%#*}
        [[ -z $target || $target == http* || $target == mailto:* ]] && continue
        [[ -e $dir/$target ]] || report "$page" "link to a missing file: $target"
    done < <(awk '/^```/ { fence = !fence; next } !fence' "$page" | grep -oE '\]\([^)]+\)' |
        sed 's/^](//; s/)$//')
    # a page named in the prose (`see ptx-sm90.md`) is one of the repository's
    while IFS= read -r name; do
        repo_has_name "${name//./\\.}" || report "$page" "no such page: $name"
    done < <(awk '/^```/ { fence = !fence; next } !fence' "$page" | sed 's/`[^`]*`//g' |
        grep -oE '(^|[ (])[A-Za-z0-9_-]+\.md\b' | sed 's/^[ (]//' | sort -u)
done
exit $bad
