#!/usr/bin/env bash
# tests/funclen.sh: no C function has a body longer than MAX lines (default 150), so that
# per-op logic too long for a function goes into a table (docs/design.md, "Function length").
#
#   tests/funclen.sh [FILE.c|FILE.h...]      (tests/lit/docs/function-length.mlir)
#
# With no FILE: every .c and .h of the source folders and of tests/ and examples/.
# A function is found as clang-format writes a definition (.clang-format: the return
# type on a line of its own, the name at column 0, `{` and `}` alone at column 0), so a
# table (`static const T t[] = {`) is never one.  Its length is the lines between its
# braces.  Prints `FILE:LINE: NAME: N lines` for each function over MAX that
# tests/funclen-allow.txt (lines `FILE:NAME`) does not list, and `FILE:NAME: allowed
# but no longer over MAX lines` for each entry of the list that is not, so the list only
# shrinks.  The exit status is 1 if it printed anything.
#
#   MAX=N      the limit (default 150)
#   ALLOW=F    the allow-list (default tests/funclen-allow.txt; /dev/null: none)
set -u -o pipefail

ROOT=$(cd "$(dirname "$(realpath "${BASH_SOURCE[0]}")")/.." && pwd)
cd "$ROOT" || exit 2
MAX=${MAX:-150}
ALLOW=${ALLOW:-tests/funclen-allow.txt}

if (($# == 0)); then
    mapfile -t files < <(find ir layout distribute tile ptxgen sim eval runtime driver tools cli target \
        fuzz tests examples -name '*.[ch]' -not -path 'tests/lit/*' | sort)
    set -- "${files[@]}" port.h
fi

# one line per function over MAX: FILE LINE NAME N
long=$(awk -v max="$MAX" '
    FNR == 1 { cand = ""; inbody = 0 }
    /^[A-Za-z_][A-Za-z0-9_]*\(/ && !inbody { cand = $0; sub(/\(.*/, "", cand); next }
    /^\{$/ && !inbody { if (cand != "") { name = cand; start = FNR; inbody = 1 } next }
    /^\}/ && inbody {
        n = FNR - start - 1
        if (n > max) print FILENAME, start, name, n
        inbody = 0; cand = ""
        next
    }
    /;[ \t]*$/ && !inbody { cand = "" }
' "$@")

bad=0
allowed() { [[ -r $ALLOW ]] && grep -qxF -- "$1:$2" "$ALLOW"; }
while read -r file line name n; do
    [[ -z $file ]] && continue
    allowed "$file" "$name" && continue
    echo "$file:$line: $name: $n lines (more than $MAX: split it, or make its per-case logic a table)"
    bad=1
done <<<"$long"
if [[ -r $ALLOW ]]; then
    while read -r entry; do
        [[ -z $entry || $entry == \#* ]] && continue
        file=${entry%%:*} name=${entry#*:}
        grep -qE "^$file [0-9]+ $name [0-9]+\$" <<<"$long" ||
            { echo "$file:$name: allowed but no longer over $MAX lines (remove it from $ALLOW)"; bad=1; }
    done <"$ALLOW"
fi
exit $bad
