// Every file of a pass (the verifier, tensor-core selection, layout assignment, the
// register budget, distribution, PTX generation)
// opens with its Requires / Ensures / Invalidates contract (docs/design.md), in the
// first comment of the file; a new file of a pass needs one too.
// NO-ROUNDTRIP
// RUN: n=0; for f in ir/verify*.c layout/select.c layout/assign*.c layout/budget.c distribute/*.c distribute/*/*.c ptxgen/*.c; do \
// RUN:   head=$(awk '{ print } /\*\// { exit }' "$f"); \
// RUN:   for w in 'Requires:' 'Ensures:' 'Invalidates:'; do \
// RUN:     grep -q "^ \* $w" <<<"$head" || { echo "$f: no '$w' in its first comment"; exit 1; }; \
// RUN:   done; n=$((n + 1)); \
// RUN: done; echo "$n pass files" | %filecheck %s
// CHECK: {{[0-9]+}} pass files
