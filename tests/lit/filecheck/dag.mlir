// NO-ROUNDTRIP
// A run of CHECK-DAG lines matches in any order, without two of them sharing text.
//
// RUN: echo -e 'start\n%c1 = const 1\n%c0 = const 0\nend' | %filecheck %s --check-prefix=OK
// OK: start
// OK-DAG: %[[C0:.*]] = const 0
// OK-DAG: %[[C1:.*]] = const 1
// OK: end
//
// RUN: printf 'const 0\n' | not %filecheck %s --check-prefix=OVERLAP
// OVERLAP-DAG: const 0
// OVERLAP-DAG: const 0
//
// RUN: printf 'a\nb\n' | not %filecheck %s --check-prefix=MISSING
// MISSING-DAG: a
// MISSING-DAG: c
//
// A NOT between two DAG groups holds between them.
// RUN: printf 'x\nbarrier\ny\n' | not %filecheck %s --check-prefix=SPLIT
// RUN: printf 'x\ny\nbarrier\n' | %filecheck %s --check-prefix=SPLIT
// SPLIT-DAG: x
// SPLIT-NOT: barrier
// SPLIT-DAG: y
