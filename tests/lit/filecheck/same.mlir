// NO-ROUNDTRIP
// CHECK-SAME matches later on the line of the previous match.
//
// RUN: printf 'mma.sync.aligned.m16n8k16.row.col\n' | %filecheck %s --check-prefix=OK
// OK: mma.sync
// OK-SAME: .m16n8k16
// OK-SAME: .row.col
//
// RUN: printf 'mma.sync\n.m16n8k16\n' | not %filecheck %s --check-prefix=BAD 2>&1 \
// RUN:   | %filecheck %s --check-prefix=BAD-ERR
// BAD: mma.sync
// BAD-SAME: .m16n8k16
// BAD-ERR: same.mlir:[[@LINE-1]]: error: {{BAD}}-SAME: expected string not found on the line of the previous match
//
// Earlier on the same line does not count.
// RUN: printf 'b a\n' | not %filecheck %s --check-prefix=BEFORE
// BEFORE: a
// BEFORE-SAME: b
