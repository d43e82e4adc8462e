// --time-passes: after the compilation, a table on stderr with the wall time of each
// pass that ran (how many times, its share), in pipeline order, then the total.  The
// times themselves vary; the test checks the table's structure and that the shares
// add up, and that stdout (the PTX) is unchanged.
// RUN: %vptx %s -o %t.plain.ptx
// RUN: %vptx --time-passes %s -o %t.ptx 2> %t.report
// RUN: cmp %t.plain.ptx %t.ptx
// RUN: %filecheck %s < %t.report
// CHECK:      ===-{{-+}}===
// CHECK-NEXT: vptx pass execution timing report
// CHECK-NEXT: ===-{{-+}}===
// CHECK-NEXT:   Total Execution Time: {{[0-9]+\.[0-9]{4}}} seconds
// CHECK-EMPTY:
// CHECK-NEXT:    ---Wall Time---  ---Runs---  ---Name---
// CHECK-NEXT:    {{[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\) +}}1  parse
// CHECK-NEXT:    {{[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\) +}}3  verify
// CHECK-NEXT:    {{[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\) +}}1  select
// CHECK-NEXT:    {{[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\) +}}1  layout
// CHECK-NEXT:    {{[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\) +}}1  budget
// CHECK-NEXT:    {{[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\) +}}1  distribute
// CHECK-NEXT:    {{[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\) +}}1  ptxgen
// CHECK-NEXT:    {{[0-9]+\.[0-9]{4}}} (100.0%)              Total
// The shares of the seven passes add up to 100% (give or take rounding):
// RUN: awk '/%\)/ && !/Total/ { gsub(/[(%)]/, " "); sum += $2 } END { if (sum < 99.4 || sum > 100.6) { print "sum", sum; exit 1 } }' %t.report
//
// --emit=mlir runs parse and one verify only; SIMT-level input skips layout and distribute.
// RUN: %vptx --time-passes --emit=mlir %s -o %t.mlir 2>&1 | %filecheck --check-prefix=MLIR %s
// MLIR: 1  parse
// MLIR-NEXT: 1  verify
// MLIR-NEXT: Total
// RUN: %vptx --time-passes --emit=simt %s -o %t.simt.mlir
// RUN: %vptx --time-passes %t.simt.mlir -o %t.simt.ptx 2>&1 | %filecheck --check-prefix=SIMT %s
// SIMT: 1  parse
// SIMT-NEXT: 1  verify
// SIMT-NEXT: 1  ptxgen
// SIMT-NEXT: Total
//
// With an error the table still comes, after the diagnostic, and the exit status is 1.
// RUN: not %vptx --time-passes %S/../layout/err-too-many-subgroups.mlir 2>&1 | %filecheck --check-prefix=ERR %s
// ERR: error: 'iree_vector_ext.to_layout' layout needs 4 subgroups
// ERR: vptx pass execution timing report
// ERR: 1  layout
// and no output file is written:
// RUN: not %vptx --time-passes %S/../layout/err-too-many-subgroups.mlir -o %t.err.ptx 2> /dev/null
// RUN: test ! -e %t.err.ptx
func.func @scale(%x: memref<256xf32>, %y: memref<256xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<256xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %r = arith.mulf %v, %two : vector<256xf32>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
