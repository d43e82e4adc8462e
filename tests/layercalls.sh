#!/usr/bin/env bash
# tests/layercalls.sh: no layer of distribute/ calls up (docs/design.md, "The layers of
# distribute"): a function that a layer defines is not named, as a call or a declaration
# `NAME(`, in any file of a layer below it.  The include rule
# (tests/lit/docs/dependency-rule.mlir) keeps a layer from seeing an upper header; this
# also catches a prototype written by hand, or an upper function declared in a lower header.
#
#   tests/layercalls.sh [DIR...]      (tests/lit/docs/dependency-rule.mlir)
#
# DIRs are the layers, lowest first: a folder's .c and .h files, or one file.  With
# none: distribute/core,
# distribute/lowering, distribute/schedule, then distribute/distribute.c (the dispatcher).
# A function is found as clang-format writes a definition: its name at column 0, not after
# a `static` line.  Prints `LOWER-FILE: calls UPPER-LAYER's NAME` for each; the exit
# status is 1 if any.
set -u -o pipefail

ROOT=$(cd "$(dirname "$(realpath "${BASH_SOURCE[0]}")")/.." && pwd)
cd "$ROOT" || exit 2
(($# == 0)) && set -- distribute/core distribute/lowering distribute/schedule distribute/distribute.c
layers=("$@")

files_of() { # the files of a layer: a folder's .c and .h, or a file
    if [[ -d $1 ]]; then ls "$1"/*.c "$1"/*.h 2>/dev/null; else echo "$1"; fi
}
defined_in() { # the non-static functions a layer's .c files define
    local f
    for f in $(files_of "$1"); do
        [[ $f == *.c ]] || continue
        awk 'prev !~ /^static/ && /^[A-Za-z_][A-Za-z0-9_]*\(/ { n = $0; sub(/\(.*/, "", n); print n }
             { prev = $0 }' "$f"
    done | sort -u
}

bad=0
for ((hi = 1; hi < ${#layers[@]}; hi++)); do
    names=$(defined_in "${layers[hi]}")
    [[ -z $names ]] && continue
    pattern="(^|[^A-Za-z0-9_])($(paste -sd'|' <<<"$names"))\("
    for ((lo = 0; lo < hi; lo++)); do
        for f in $(files_of "${layers[lo]}"); do
            grep -noE "$pattern" "$f" | sed -E 's/^([0-9]+):[^A-Za-z_]*([A-Za-z0-9_]+)\($/\1 \2/' |
                while read -r line name; do
                    echo "$f:$line: calls ${layers[hi]}'s $name"
                done | grep . && bad=1
        done
    done
done
exit $bad
