// The failure path of `vptx fuzz-diff`: with zero tolerances the rounding
// differences of f32 sums count as mismatches, so kernels of seed 1 fail; each
// is minimised (here down to a single mma.sync tile with no chain steps) and
// kept as a lit test that passes `vptx check` with the real tolerances.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: not %vptx fuzz-diff --seed=1 --count=12 --rtol=0 --atol=0 --keep-dir=%t.d > %t.out
// RUN: %filecheck %s < %t.out
// RUN: %vptx check %t.d/fuzz-1-7-sm_80.mlir --backend=sim | %filecheck --check-prefix=KEPT %s
// RUN: %filecheck --check-prefix=FILE %s < %t.d/fuzz-1-7-sm_80.mlir
// CHECK: FAIL kernel 7 of seed 1 (sm_80, mismatch): FAIL fz (sim vs eval)
// CHECK-NEXT: minimised in {{[0-9]+}} checks to 0 steps: FAIL fz
// CHECK-NEXT: kept {{.*}}fuzz-1-7-sm_80.mlir
// CHECK: fuzz-diff: 12 kernels, {{[0-9]+}} passed, 0 rejected, {{[1-9][0-9]*}} mismatches (seed 1)
// CHECK-NEXT: failed: {{[0-9]+}} x mismatch (first: kernel 7)
// KEPT: PASS fz
// FILE: // Found by `vptx fuzz-diff --seed=1 --index=7 --arch=sm_80` (mismatch), minimised:
// FILE: // RUN: %vptx check %s --backend=sim --arch=sm_80 | %filecheck %s
// FILE: func.func @fz(
// FILE: vector.contract
