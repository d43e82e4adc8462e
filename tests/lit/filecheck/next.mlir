// NO-ROUNDTRIP
// CHECK-NEXT matches on the line right after the previous match.
//
// RUN: printf 'a\nb\nc\n' | %filecheck %s --check-prefix=OK
// OK: a
// OK-NEXT: b
// OK-NEXT: c
//
// RUN: printf 'a\nx\nb\n' | not %filecheck %s --check-prefix=GAP 2>&1 \
// RUN:   | %filecheck %s --check-prefix=GAP-ERR
// GAP: a
// GAP-NEXT: b
// GAP-ERR: next.mlir:[[@LINE-1]]: error: {{GAP}}-NEXT: is not on the line after the previous match
// GAP-ERR: <stdin>:3:1: note: match is here
// GAP-ERR: <stdin>:1:2: note: previous match ended here
//
// RUN: printf 'a b\nb\n' | not %filecheck %s --check-prefix=SAMELINE 2>&1 \
// RUN:   | %filecheck %s --check-prefix=SAMELINE-ERR
// SAMELINE: a
// SAMELINE-NEXT: b
// SAMELINE-ERR: match on the same line as the previous match
//
// RUN: printf 'a\n' | not %filecheck %s --check-prefix=EOF
// EOF: a
// EOF-NEXT: b
//
// CHECK-NEXT with nothing before it is a malformed check file (exit 2).
// RUN: printf 'a\n' | %filecheck %s --check-prefix=FIRST; test $? = 2
// FIRST-NEXT: a
