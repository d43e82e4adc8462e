// The dependency rule of docs/design.md, checked on the #include lines: each folder
// includes only the folders listed for it (driver/ may include all of them), so no
// cycle between folders can come back.
// NO-ROUNDTRIP
// RUN: declare -A may=([ir]="ir" [frontend]="frontend ir" [layout]="layout ir" \
// RUN:   [distribute]="distribute layout ir" [tile]="tile layout ir" [ptxgen]="ptxgen ir" [sim]="sim" \
// RUN:   [eval]="eval ir" [fuzz]="fuzz layout ir"); \
// RUN: bad=0; for d in "${!may[@]}"; do \
// RUN:   for u in $(grep -ho '^#include "[a-z_]*/' $d/*.[ch] | sed 's/#include "//; s,/,,' | sort -u); do \
// RUN:     [[ " ${may[$d]} " == *" $u "* ]] || { echo "$d/ includes $u/: not allowed"; grep -l "#include \"$u/" $d/*.[ch]; bad=1; }; \
// RUN:   done; \
// RUN: done; echo "checked ${#may[@]} folders"; exit $bad
