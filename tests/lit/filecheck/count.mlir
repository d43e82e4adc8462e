// NO-ROUNDTRIP
// CHECK-COUNT-n matches its pattern n times in a row.
//
// RUN: printf 'shfl.sync\nshfl.sync shfl.sync\nshfl.sync\nbar.sync\n' | %filecheck %s --check-prefix=OK
// OK-COUNT-4: shfl.sync
// OK-NOT: shfl.sync
// OK: bar.sync
//
// RUN: printf 'shfl.sync\nshfl.sync\n' | not %filecheck %s --check-prefix=FEW 2>&1 \
// RUN:   | %filecheck %s --check-prefix=FEW-ERR
// FEW-COUNT-3: shfl.sync
// FEW-ERR: error: {{FEW}}-COUNT-3: expected string found 2 times of 3
