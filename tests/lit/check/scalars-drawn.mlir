// `vptx check` draws the scalar arguments it is not given, from the seed like the
// arrays: an index scalar in 0..7 (a valid row of the 8-row memref here) and a float
// scalar in [-2, 2]; it prints what it drew, and --scalar still sets them.
// RUN: %vptx check %s --backend=sim | %filecheck %s
// CHECK: scalar #2 %row : index = [[ROW:[0-7]]] (drawn with seed 1; --scalar V sets it)
// CHECK-NEXT: scalar #3 %s : f32 = {{-?[0-2](\.[0-9]+)?(e-[0-9]+)?}} (drawn with seed 1; --scalar V sets it)
// CHECK-NEXT: PASS axpy_row (sim vs eval,
//
// Another seed draws other values (seed 1 and seed 5 differ for this kernel) and passes:
// RUN: %vptx check %s --backend=sim --seed=1 > %t.1
// RUN: %vptx check %s --backend=sim --seed=5 > %t.5
// RUN: not cmp -s %t.1 %t.5
// RUN: %filecheck --check-prefix=PASS %s < %t.5
// PASS: PASS axpy_row
//
// Over 40 seeds every index is in 0..7 and every float in [-2, 2], and the draws
// cover the ranges (0 and 7 both appear, some |float| > 1):
// RUN: for i in $(seq 1 40); do %vptx check %s --backend=sim --seed=$i || exit 1; done > %t.all
// RUN: awk '/^scalar #2/ { n++; v = $7 + 0; if (v < 0 || v > 7 || v != int(v)) bad = 1; seen[v] = 1 } \
// RUN:      /^scalar #3/ { f = $7 + 0; if (f < -2 || f > 2) bad = 1; if (f > 1 || f < -1) wide = 1 } \
// RUN:      END { if (bad || n != 40 || !seen[0] || !seen[7] || !wide) { print "bad draws"; exit 1 } }' %t.all
//
// The same seed draws the same values (the output is deterministic):
// RUN: %vptx check %s --backend=sim --seed=1 | cmp - %t.1
//
// --scalar sets the first scalar; the second is still drawn.  Both given: nothing drawn.
// RUN: %vptx check %s --backend=sim --scalar=3 | %filecheck --check-prefix=ONE %s
// ONE-NOT: scalar #2
// ONE: scalar #3 %s : f32 =
// ONE: PASS axpy_row
// RUN: %vptx check %s --backend=sim --scalar=7 --scalar=-1.5 | %filecheck --check-prefix=BOTH %s
// BOTH-NOT: drawn
// BOTH: PASS axpy_row
//
// The drawn value is the one the kernel used: giving it back with --scalar reproduces
// the run.  Row 7 with s = 0.5 is checked against eval like any other input.
// RUN: %vptx check %s --backend=sim --scalar=7 --scalar=0.5 --verbose | %filecheck --check-prefix=GIVEN %s
// GIVEN: PASS axpy_row
//
// A wrong value is still an error.
// RUN: not %vptx check %s --backend=sim --scalar=x 2>&1 | %filecheck --check-prefix=BAD %s
// BAD: vptx check: error: --scalar for argument #2 %row: 'x' is not an integer (decimal, or hexadecimal with 0x) for index
func.func @axpy_row(%x: memref<8x64xf32>, %y: memref<8x64xf32>, %row: index, %s: f32)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %x[%row, %c0], %pad {in_bounds = [true]} : memref<8x64xf32>, vector<64xf32>
  %b = vector.transfer_read %y[%row, %c0], %pad {in_bounds = [true]} : memref<8x64xf32>, vector<64xf32>
  %sb = vector.broadcast %s : f32 to vector<64xf32>
  %r = vector.fma %a, %sb, %b : vector<64xf32>
  vector.transfer_write %r, %y[%row, %c0] {in_bounds = [true]} : vector<64xf32>, memref<8x64xf32>
  return
}
