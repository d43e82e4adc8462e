// --print-after=PASS and --print-after-all print the IR after a pass on stderr, as
// parseable MLIR text under a "// -----// IR Dump After PASS //----- //" line; the
// output (PTX on stdout) is the same bytes as without them.
// RUN: %vptx %s -o %t.plain.ptx
// RUN: %vptx --print-after=layout %s -o %t.ptx 2> %t.layout
// RUN: cmp %t.plain.ptx %t.ptx
// RUN: %filecheck --check-prefix=LAYOUT %s < %t.layout
// LAYOUT: // -----// IR Dump After layout //----- //
// LAYOUT-NEXT: func.func @scale(
// LAYOUT: vector.transfer_read {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<
// LAYOUT-NOT: IR Dump After
// The dump is MLIR that vptx reads back, and compiles to the same PTX (but for the
// comments that name the source line):
// RUN: sed 1d %t.layout > %t.layout.mlir
// RUN: %vptx %t.layout.mlir -o %t.again.ptx
// RUN: grep -v '//' %t.plain.ptx > %t.a && grep -v '//' %t.again.ptx > %t.b && cmp %t.a %t.b
//
// After distribute the IR is per-thread:
// RUN: %vptx --print-after=distribute %s -o %t.ptx 2>&1 >/dev/null | %filecheck --check-prefix=DIST %s
// DIST: // -----// IR Dump After distribute //----- //
// DIST: gpu.thread_id
// DIST-NOT: vector<256xf32>
//
// Several passes: each dump once per run of the pass, in pipeline order; verify runs
// after parsing and after each transform.
// RUN: %vptx --print-after=verify --print-after=parse %s -o %t.ptx 2>&1 | grep 'IR Dump' > %t.two
// RUN: %filecheck --check-prefix=TWO %s < %t.two
// TWO:      IR Dump After parse
// TWO-NEXT: IR Dump After verify
// TWO-NEXT: IR Dump After verify
// TWO-NEXT: IR Dump After verify
// TWO-NOT:  IR Dump
// RUN: %vptx --print-after-all %s -o %t.ptx 2>&1 | grep 'IR Dump' > %t.all
// RUN: %filecheck --check-prefix=ALL %s < %t.all
// ALL:      IR Dump After parse
// ALL-NEXT: IR Dump After verify
// ALL-NEXT: IR Dump After select
// ALL-NEXT: IR Dump After layout
// ALL-NEXT: IR Dump After verify
// ALL-NEXT: IR Dump After budget
// ALL-NEXT: IR Dump After distribute
// ALL-NEXT: IR Dump After verify
// ALL-NOT:  IR Dump
//
// --emit=mlir stops after the first verify, so nothing runs layout:
// RUN: %vptx --emit=mlir --print-after=layout %s -o %t.mlir 2> %t.none
// RUN: test ! -s %t.none
//
// Bad pass names are errors that list the passes, and nothing is written.
// RUN: not %vptx --print-after=lay %s -o %t.bad 2>&1 | %filecheck --check-prefix=UNKNOWN %s
// UNKNOWN: vptx: error: unknown pass 'lay' for --print-after (the passes that print IR: parse, verify, select, layout, budget, distribute)
// RUN: test ! -e %t.bad
// RUN: not %vptx --print-after=ptxgen %s 2>&1 | %filecheck --check-prefix=PTXGEN %s
// PTXGEN: vptx: error: no IR after pass 'ptxgen' for --print-after
// RUN: not %vptx %s --print-after 2>&1 | %filecheck --check-prefix=MISSING %s
// MISSING: vptx: error: option '--print-after' needs a pass name (parse, verify, select, layout, budget, distribute, ptxgen)
// The passes are listed in --help:
// RUN: %vptx --help | %filecheck --check-prefix=HELP %s
// HELP: --time-passes
// HELP: --print-after=PASS
// HELP: parse, verify, select, layout, budget or distribute
// HELP: --print-after-all
// HELP: (the passes, in order: parse, verify, select, layout, budget,
// HELP-NEXT: distribute, ptxgen)
//
// A failing pass prints no dump after it, and the error is the usual one:
// RUN: not %vptx --print-after-all %S/../layout/err-too-many-subgroups.mlir 2>&1 | %filecheck --check-prefix=FAIL %s
// FAIL: IR Dump After verify
// FAIL-NOT: IR Dump After layout
// FAIL: err-too-many-subgroups.mlir:{{[0-9]+}}:8: error: 'iree_vector_ext.to_layout' layout needs 4 subgroups
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
