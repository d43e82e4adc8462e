// Diffable PTX (issue 32): by default the PTX names no source line, so an edit that
// moves code without changing it changes no PTX line, on every example; an edit of one
// op changes only the lines of that op; an edit of one kernel changes no line of another.
//
// A comment line at the top and a blank line in the middle of each example:
// RUN: rm -rf %t && mkdir -p %t && n=0; for f in examples/*.mlir examples/simt/*.mlir; do \
// RUN:   %vptx "$f" -o %t/a.ptx 2> /dev/null || continue; \
// RUN:   { echo "// an added comment"; awk 'NR == 12 { print "" } { print }' "$f"; } > %t/moved.mlir; \
// RUN:   %vptx %t/moved.mlir -o %t/b.ptx && cmp %t/a.ptx %t/b.ptx || { echo "moved lines change the PTX of $f"; exit 1; }; \
// RUN:   n=$((n + 1)); done; test "$n" -ge 8
// With -g the lines are there (and differ):
// RUN: %vptx -g examples/reduce.mlir | %filecheck --check-prefix=LOC %s
// LOC: // gpu.thread_id reduce.mlir:{{[0-9]+}}
// LOC: .loc 1 {{[0-9]+}}
//
// One op edited (mulf -> addf): every changed line is that op's comment or instruction.
// RUN: %vptx %s -o %t/one.ptx && sed 's/%%m = arith.mulf/%%m = arith.addf/' %s > %t/edit.mlir
// RUN: %vptx %t/edit.mlir -o %t/two.ptx
// RUN: diff %t/one.ptx %t/two.ptx > %t/diff.txt; test $? = 1
// RUN: grep -c '^[<>]' %t/diff.txt | %filecheck --check-prefix=COUNT %s
// RUN: grep '^[<>]' %t/diff.txt | { grep -v -e 'mul' -e 'add' || true; } | %filecheck --allow-empty --check-prefix=NONE %s
// COUNT: {{^[1-9][0-9]*$}}
// NONE-NOT: {{.}}
// The same on two examples: softmax's subtraction made an addition, attention's
// rescale of l made an addition: only that op's lines change.
// RUN: %vptx examples/softmax.mlir -o %t/s1.ptx && sed 's/%%d = arith.subf %%x, %%mt/%%d = arith.addf %%x, %%mt/' examples/softmax.mlir > %t/s2.mlir
// RUN: %vptx %t/s2.mlir -o %t/s2.ptx; diff %t/s1.ptx %t/s2.ptx > %t/sdiff.txt; test $? = 1
// RUN: grep '^[<>]' %t/sdiff.txt | { grep -v -e 'sub' -e 'add' || true; } | %filecheck --allow-empty --check-prefix=NONE %s
// RUN: %vptx examples/attention.mlir -o %t/a1.ptx && sed 's/%%lc = arith.mulf %%corr, %%l/%%lc = arith.addf %%corr, %%l/' examples/attention.mlir > %t/a2.mlir
// RUN: %vptx %t/a2.mlir -o %t/a2.ptx; diff %t/a1.ptx %t/a2.ptx > %t/adiff.txt; test $? = 1
// RUN: grep '^[<>]' %t/adiff.txt | { grep -v -e 'mul' -e 'add' || true; } | %filecheck --allow-empty --check-prefix=NONE %s
//
// The second kernel edited: the first kernel's PTX is the same, line for line.
// RUN: sed 's/%%t2 = arith.constant dense<2.0>/%%t2 = arith.constant dense<3.0>/' %s > %t/edit2.mlir
// RUN: %vptx %t/edit2.mlir -o %t/three.ptx && ! cmp -s %t/one.ptx %t/three.ptx
// RUN: awk '/^.visible .entry first/,/^}/' %t/one.ptx > %t/first1.ptx && test -s %t/first1.ptx
// RUN: awk '/^.visible .entry first/,/^}/' %t/three.ptx > %t/first3.ptx && cmp %t/first1.ptx %t/first3.ptx
func.func @first(%x: memref<256xf32>, %out: memref<256xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<256xf32>
  %one = arith.constant dense<1.0> : vector<256xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %m = arith.mulf %v, %two : vector<256xf32>
  %r = arith.addf %m, %one : vector<256xf32>
  vector.transfer_write %r, %out[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
func.func @second(%x: memref<256xf32>, %out: memref<256xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %t2 = arith.constant dense<2.0> : vector<256xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %m = arith.subf %v, %t2 : vector<256xf32>
  vector.transfer_write %m, %out[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
