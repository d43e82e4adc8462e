// arith.constant -9223372036854775808 (INT64_MIN) as an operand of every integer
// op with a power-of-two fast path: ptxgen's range analysis negated it (UB,
// caught by UBSan in `make test`), and so did the simulator's parser for
// the PTX literal.  vptx check compares the simulator with eval on random inputs.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx check --seed=7 %s | %filecheck %s
// RUN: %vptx --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS k (sim vs eval
func.func @k(%x: memref<16xi64>) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %x[%c0] : memref<16xi64>
  %b = memref.load %x[%c1] : memref<16xi64>
  %m = arith.constant -9223372036854775808 : i64
  %q0 = arith.divsi %a, %m : i64
  %c2 = arith.constant 2 : index
  memref.store %q0, %x[%c2] : memref<16xi64>
  %q1 = arith.remsi %a, %m : i64
  %c3 = arith.constant 3 : index
  memref.store %q1, %x[%c3] : memref<16xi64>
  %q2 = arith.divui %a, %m : i64
  %c4 = arith.constant 4 : index
  memref.store %q2, %x[%c4] : memref<16xi64>
  %q3 = arith.remui %a, %m : i64
  %c5 = arith.constant 5 : index
  memref.store %q3, %x[%c5] : memref<16xi64>
  %q4 = arith.muli %a, %m : i64
  %c6 = arith.constant 6 : index
  memref.store %q4, %x[%c6] : memref<16xi64>
  %q5 = arith.floordivsi %a, %m : i64
  %c7 = arith.constant 7 : index
  memref.store %q5, %x[%c7] : memref<16xi64>
  %q6 = arith.ceildivsi %a, %m : i64
  %c8 = arith.constant 8 : index
  memref.store %q6, %x[%c8] : memref<16xi64>
  %q7 = arith.ceildivui %a, %m : i64
  %c9 = arith.constant 9 : index
  memref.store %q7, %x[%c9] : memref<16xi64>
  %n = arith.divsi %m, %b : i64
  %c15 = arith.constant 15 : index
  memref.store %n, %x[%c15] : memref<16xi64>
  return
}
