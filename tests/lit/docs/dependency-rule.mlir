// The dependency rule of docs/design.md, checked on the #include lines: each folder
// includes only the folders listed for it, so no cycle between folders can come back.
// On top, cli/ (main.c) may include tools/ (check, run, fuzz-diff) and driver/ (the C
// API, the pipeline); tools/ may include driver/, never cli/; driver/ includes neither,
// nor eval/ or fuzz/ (only the tools use them).  runtime/ (running a kernel: launch,
// devices, the PTX notes, ptxas, .npy, output files, the runtime API) sits below driver/:
// it includes no folder above sim/ and ir/, and of driver/ only the two public headers,
// driver/vptx.h and driver/vptx_runtime.h, which include nothing.  A folder
// with C files that the rule does not list fails the test.  distribute/ is checked layer by layer: core/
// includes nothing of distribute/ above it, lowering/ only core/, schedule/ core/ and
// lowering/, and only distribute.c sees the schedules.
// A C call needs the callee's prototype (an implicit declaration is an error under
// -Werror), so a layer that cannot include a header cannot call up into it either.
// NO-ROUNDTRIP
// RUN: declare -A may=([ir]="ir" [layout]="layout ir target" \
// RUN:   [distribute]="distribute distribute/core distribute/lowering distribute/schedule layout ir target" \
// RUN:   [distribute/core]="distribute/core layout ir target" \
// RUN:   [distribute/lowering]="distribute/core distribute/lowering layout ir target" \
// RUN:   [distribute/schedule]="distribute/core distribute/lowering distribute/schedule layout ir target" \
// RUN:   [ptxgen]="ptxgen ir target" [sim]="sim target" [target]="target" [eval]="eval ir" [fuzz]="fuzz layout ir" \
// RUN:   [tile]="tile layout ir target" [runtime]="runtime ir sim target" \
// RUN:   [driver]="driver runtime distribute ir layout ptxgen sim target tile" \
// RUN:   [tools]="tools driver runtime eval fuzz ir layout ptxgen sim target tile" \
// RUN:   [cli]="cli tools driver runtime ir layout target"); \
// RUN: bad=0; for d in "${!may[@]}"; do \
// RUN:   pub=; [[ $d == runtime ]] && pub='/^#include "driver\/vptx\(_runtime\)\{0,1\}\.h"/d'; \
// RUN:   for u in $(sed -e "$pub" $d/*.[ch] | sed -n 's,^#include "\([a-z_/]*\)/[a-z_0-9]*\.[a-z]*".*,\1,p' | sort -u); do \
// RUN:     [[ " ${may[$d]} " == *" $u "* ]] || { echo "$d/ includes $u/: not allowed"; grep -l "#include \"$u/[a-z_0-9]*\." $d/*.[ch]; bad=1; }; \
// RUN:   done; \
// RUN: done; for d in */; do d=${d%/}; case $d in build|tests|examples) continue;; esac; \
// RUN:   compgen -G "$d/*.c" > /dev/null || continue; \
// RUN:   [[ -v may[$d] ]] || { echo "$d/: a folder of C files the rule does not list"; bad=1; }; \
// RUN: done; echo "checked ${#may[@]} folders"; exit $bad
// RUN: for d in distribute/*/; do \
// RUN:   case $d in distribute/core/|distribute/lowering/|distribute/schedule/) ;; \
// RUN:   *) echo "$d: a folder of distribute/ the rule above does not list"; exit 1;; esac; \
// RUN: done
// Nor do they call up: no function a layer defines is named `NAME(` in a layer below it
// (core < lowering < schedule < distribute.c), which also catches a prototype of an upper
// function written in a lower header (tests/layercalls.sh).
// RUN: tests/layercalls.sh
// runtime/ does not call up into driver/ either (vptx.h declares the helpers that
// runtime/ptxnotes.c defines, a declaration downwards).
// RUN: tests/layercalls.sh runtime driver
// The check can fail: a lower layer's call and a lower header's declaration of an upper
// function are reported, a call down and a static function's name below are not.
// RUN: rm -rf %t && mkdir -p %t/low %t/high
// RUN: printf 'int\nlow_fn(void)\n{\n    return 1;\n}\nstatic int\nhelper(void)\n{\n    return up_fn();\n}\n' > %t/low/a.c
// RUN: printf 'int up_fn(void);\n' > %t/low/a.h
// RUN: printf 'int\nup_fn(void)\n{\n    return low_fn();\n}\nstatic int\nhelper(void)\n{\n    return 0;\n}\n' > %t/high/b.c
// RUN: not tests/layercalls.sh %t/low %t/high > %t/out.txt
// RUN: %filecheck --check-prefix=CALLS %s < %t/out.txt
// CALLS: low/a.c:9: calls {{.*}}high's up_fn
// CALLS: low/a.h:1: calls {{.*}}high's up_fn
// CALLS-NOT: low_fn
// CALLS-NOT: helper
