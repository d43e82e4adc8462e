// A progress line for long launches (runtime/progress.c): on a terminal, once the work
// has run 2 s, `vptx check` and `vptx run` say where the reference evaluator and the
// simulator are.  VPTX_PROGRESS=always shows every update at once, one line each, so
// that this test needs neither a terminal nor a slow kernel; piped, without it,
// nothing is printed.
// RUN: VPTX_PROGRESS=always %vptx check %s --grid=3 2>&1 | %filecheck %s
// CHECK: vptx check: rows in the reference evaluator: workgroup 1 of 3 (33%), {{[0-9]+}} s
// CHECK: vptx check: rows in the reference evaluator: workgroup 3 of 3 (100%)
// CHECK: vptx check: rows on the simulator: CTA 1 of 3 (33%)
// CHECK: vptx check: rows on the simulator: CTA 3 of 3 (100%)
// CHECK: PASS rows
// RUN: rm -rf %t && mkdir -p %t && %vptx %s -o %t/k.ptx
// RUN: VPTX_PROGRESS=always %vptx run %s --grid=3 %S/Inputs/ones64.npy --out=%t --timing=a100 2>&1 | %filecheck --check-prefix=RUNMLIR %s
// RUN: VPTX_PROGRESS=always %vptx run %t/k.ptx --grid=3 %S/Inputs/ones64.npy --out=%t 2>&1 | %filecheck --check-prefix=RUNPTX %s
// RUN: %vptx check %s --grid=3 2>&1 | %filecheck --check-prefix=QUIET %s
// RUN: VPTX_PROGRESS=never %vptx check %s --grid=3 2>&1 | %filecheck --check-prefix=QUIET %s
// RUNMLIR: vptx run: rows on the simulator with timing: CTA 3 of 3 (100%)
// RUNPTX: vptx run: rows on the simulator: CTA 3 of 3 (100%)
// QUIET-NOT: vptx check: rows
// QUIET: PASS rows
func.func @rows(%x: memref<64xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %id = gpu.block_id x
  %one = arith.constant dense<1.0> : vector<64xf32>
  %a = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<64xf32>, vector<64xf32>
  %r = arith.addf %a, %one : vector<64xf32>
  %z = arith.constant 0 : index
  %first = arith.cmpi eq, %id, %z : index
  scf.if %first {
    vector.transfer_write %r, %x[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  }
  return
}
