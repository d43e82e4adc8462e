// NO-ROUNDTRIP
// CHECK-LABEL lines match first, in order, and cut the input into blocks; the other
// checks of a block stay inside it, and each block reports its own failure.
//
// RUN: printf 'func @f\n  ret 1\nfunc @g\n  ret 2\n' | %filecheck %s --check-prefix=OK
// OK-LABEL: func @f
// OK: ret 1
// OK-LABEL: func @g
// OK: ret 2
//
// A check cannot match past the next label.
// RUN: printf 'func @f\nfunc @g\n  ret 1\n' | not %filecheck %s --check-prefix=BLOCK
// BLOCK-LABEL: func @f
// BLOCK: ret 1
// BLOCK-LABEL: func @g
//
// Labels must appear in order.
// RUN: printf 'func @g\nfunc @f\n' | not %filecheck %s --check-prefix=ORDER 2>&1 \
// RUN:   | %filecheck %s --check-prefix=ORDER-ERR
// ORDER-LABEL: func @f
// ORDER-LABEL: func @g
// ORDER-ERR: label.mlir:[[@LINE-1]]: error: {{ORDER}}-LABEL: expected string not found in input
//
// Both failing blocks are reported.
// RUN: printf 'func @f\n  ret 0\nfunc @g\n  ret 0\n' | not %filecheck %s --check-prefix=TWO 2>&1 \
// RUN:   | %filecheck %s --check-prefix=TWO-ERR
// TWO-LABEL: func @f
// TWO: ret 1
// TWO-LABEL: func @g
// TWO: ret 2
// TWO-ERR: label.mlir:[[@LINE-3]]: error:
// TWO-ERR: label.mlir:[[@LINE-2]]: error:
//
// A NOT in a block stops at the next label.
// RUN: printf 'func @f\nfunc @g\n  ret 1\n' | %filecheck %s --check-prefix=NOT
// NOT-LABEL: func @f
// NOT-NOT: ret
// NOT-LABEL: func @g
//
// Labels may not use variables (exit 2).
// RUN: printf 'x\n' | %filecheck %s --check-prefix=VAR; test $? = 2
// VAR-LABEL: [[X]]
