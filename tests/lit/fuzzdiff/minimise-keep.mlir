// The failure path of `vptx fuzz-diff`: with zero tolerances the rounding
// differences of f32 sums count as mismatches, so some kernels of seed 1 fail;
// each is minimised and kept as a lit test that passes `vptx check` with the
// real tolerances (so it is not a miscompile).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: not %vptx fuzz-diff --seed=1 --count=12 --rtol=0 --atol=0 --keep-dir=%t.d > %t.out
// RUN: %filecheck %s < %t.out
// RUN: for f in %t.d/*.mlir; do %vptx check $f --backend=sim | %filecheck --check-prefix=KEPT %s || exit 1; done
// RUN: cat %t.d/*.mlir | %filecheck --check-prefix=FILE %s
// CHECK: FAIL kernel [[K:[0-9]+]] of seed 1 (sm_80, mismatch): FAIL fz (sim vs eval)
// CHECK-NEXT: minimised in {{[0-9]+}} checks to {{[0-9]+}} steps: FAIL fz
// CHECK-NEXT: kept {{.*}}fuzz-1-[[K]]-sm_80.mlir
// CHECK: fuzz-diff: 12 kernels, {{[0-9]+}} passed, {{[0-9]+}} rejected{{.*}}, {{[1-9][0-9]*}} mismatches (seed 1)
// CHECK-NEXT: failed: {{[0-9]+}} x mismatch (first: kernel [[K]])
// KEPT: PASS fz
// FILE: // Found by `vptx fuzz-diff --seed=1 --index={{[0-9]+}} --arch=sm_80` (mismatch), minimised:
// FILE: // RUN: %vptx check %s --backend=sim --arch=sm_80 | %filecheck %s
// FILE: func.func @fz(
