// NO-ROUNDTRIP
// CHECK matches in order, each search starting where the previous match ended; runs of
// blanks match runs of blanks; a failure names the CHECK line and exits 1.
//
// RUN: printf 'alpha  beta\n\tgamma\n' | %filecheck %s --check-prefix=OK
// OK: alpha beta
// OK: gamma
//
// RUN: printf 'alpha\ngamma\n' | not %filecheck %s --check-prefix=MISSING 2>&1 \
// RUN:   | %filecheck %s --check-prefix=MISSING-ERR
// MISSING: alpha
// MISSING: beta
// MISSING-ERR: check.mlir:[[@LINE-1]]: error: {{MISSING}}: expected string not found in input
// MISSING-ERR-NEXT: {{MISSING}}: beta
// MISSING-ERR-NEXT: <stdin>:1:6: note: scanning from here
//
// RUN: printf 'beta alpha\n' | not %filecheck %s --check-prefix=ORDER
// ORDER: alpha
// ORDER: beta
//
// RUN: printf 'ab\n' | not %filecheck %s --check-prefix=BLANK
// BLANK: a b
//
// A prefix counts only at the start of a word.
// RUN: printf 'x\n' | %filecheck %s --check-prefix=WORD
// WORD: x
// XWORD: never checked
//
// Exit 2: no check lines for the prefix, or an empty input.
// RUN: printf 'x\n' | %filecheck %s --check-prefix=NONE; test $? = 2
// RUN: printf '' | %filecheck %s --check-prefix=OK; test $? = 2
// RUN: printf '' | not %filecheck %s --check-prefix=OK --allow-empty 2>&1 \
// RUN:   | %filecheck %s --check-prefix=ALLOW
// ALLOW: error: {{OK}}: expected string not found in input
//
// Several prefixes at once.
// RUN: printf 'alpha\nbeta\n' | %filecheck %s --check-prefixes=PA,PB
// PA: alpha
// PB: beta
