// NO-ROUNDTRIP
// CHECK-EMPTY wants an empty line right after the previous match.
//
// RUN: printf '}\n\nfunc\n' | %filecheck %s --check-prefix=OK
// OK: }
// OK-EMPTY:
// OK-NEXT: func
//
// RUN: printf '}\n  \nfunc\n' | not %filecheck %s --check-prefix=BLANKS
// BLANKS: }
// BLANKS-EMPTY:
//
// RUN: printf '}\n' | not %filecheck %s --check-prefix=EOF
// EOF: }
// EOF-EMPTY:
