// NO-ROUNDTRIP
// CHECK-NOT forbids its pattern between the neighbouring positive matches, or up to the
// end of the input (or of the CHECK-LABEL block) after the last one.
//
// RUN: printf 'begin\nvector.load\nend\nvector.store\n' | %filecheck %s --check-prefix=OK
// OK: begin
// OK-NOT: vector.store
// OK: end
//
// RUN: printf 'begin\nvector.store\nend\n' | not %filecheck %s --check-prefix=BETWEEN 2>&1 \
// RUN:   | %filecheck %s --check-prefix=BETWEEN-ERR
// BETWEEN: begin
// BETWEEN-NOT: vector.store
// BETWEEN: end
// BETWEEN-ERR: not.mlir:[[@LINE-2]]: error: {{BETWEEN}}-NOT: excluded string found in input
// BETWEEN-ERR: <stdin>:2:1: note: found here
// BETWEEN-ERR-NEXT: 2 | vector.store
// BETWEEN-ERR-NEXT: | ^~~~~~~~~~~~
//
// RUN: printf 'begin\nend\nvector.store\n' | not %filecheck %s --check-prefix=TAIL
// TAIL: begin
// TAIL-NOT: vector.store
//
// RUN: printf 'vector.store\nbegin\n' | not %filecheck %s --check-prefix=HEAD
// HEAD-NOT: vector.store
// HEAD: begin
//
// RUN: printf 'gpu.barrier\n' | %filecheck %s --check-prefix=ONLY
// ONLY-NOT: vector.
