// The seed-003 attention kernel (tests/golden) after ptxgen's cleanup: each packed
// register is unpacked once per straight-line stretch, pairs put back together from
// the halves of one register reuse that register, unpacks nobody reads are deleted, and
// f16 exp / divf work on pairs, and a value-only instruction repeating an earlier one of
// the same straight-line stretch is merged into it.  Before (issue 18): 449 cvt + 2,795
// mov = 3,244 of 4,675 instructions.  The goal was a 3x drop: at most 1,081 cvt + mov.
// No unpack of the same register twice in a row, and no repeated value-only
// instruction (same opcode and sources) between two labels.
// RUN: %vptx --emit=ptx --arch=sm_80 %S/../../golden/seed003_attention.mlir -o %t.ptx
// RUN: awk '/^\t(cvt|mov)[.]/ { n++ } END { print (n <= 1081 ? "cvt+mov within 3x" : "cvt+mov " n " > 1081") }' %t.ptx | %filecheck %s
// RUN: awk '/^\tmov[.]b32 [{]/ { if ($NF == last) print "twice: " $0; last = $NF; next } /^\t[a-z]/ { last = "" } END { print "end" }' %t.ptx | %filecheck --check-prefix=TWICE %s
// RUN: awk '/^[$]L/ { split("", seen); next } /^\t(mov|cvt|add|sub|mul|mad|and|shr|shl|fma|max|min|ex2)[.]/ && !/^\t[^ ]+ [{]/ { k = $1; for (i = 3; i <= NF; i++) k = k " " $i; if (k in seen) print "repeated: " $0; seen[k] = 1 } END { print "end" }' %t.ptx | %filecheck --check-prefix=CSE %s
// CHECK: cvt+mov within 3x
// CSE-NOT: repeated
// CSE: end
// TWICE-NOT: twice
// TWICE: end
