// WMMA ops that upstream's verifier or GPUToNVVM's lowering would refuse, or that would
// be undefined on the GPU, are located errors: a fragment used with a layout other than
// the one it was loaded with, a stored "AOp", mismatched shapes, an elementwise op vptx
// does not lower, integer A and B of two signs, without a sign or into a float C
// (verifier, this file); fragments of a type or shape WMMA lacks and a
// leadDimension whose rows would start off the fragment's alignment (ptxgen, the three
// Inputs/wmma-*.mlir).
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/wmma-i8-signless.mlir 2>&1 | %filecheck --check-prefix=INT %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/wmma-shape.mlir 2>&1 | %filecheck --check-prefix=SHAPE %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/wmma-lead.mlir 2>&1 | %filecheck --check-prefix=LEAD %s
// INT: wmma-i8-signless.mlir:5:{{[0-9]+}}: error: 'gpu.subgroup_mma_load_matrix' on i8 fragments: vptx lowers WMMA on f16 and f32 (tf32 for A and B), and on si8 or ui8 A and B with i32 C
// SHAPE: wmma-shape.mlir:5:{{[0-9]+}}: error: 'gpu.subgroup_mma_load_matrix' of a 8x8 f16 "AOp" fragment: WMMA has m16n16k16, m32n8k16 and m8n32k16 (f16, si8, ui8) and m16n16k8 (tf32)
// LEAD: wmma-lead.mlir:5:{{[0-9]+}}: error: 'gpu.subgroup_mma_load_matrix' has leadDimension 24: each row (or column) must start a multiple of the fragment's 32 bytes apart (16 elements)
!a = !gpu.mma_matrix<16x16xf16, "AOp">
!b = !gpu.mma_matrix<16x16xf16, "BOp">
!c = !gpu.mma_matrix<16x16xf32, "COp">
func.func @layout(%m: memref<16x16xf16>, %c: !c) -> !c {
  %c0 = arith.constant 0 : index
  %A = gpu.subgroup_mma_load_matrix %m[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<16x16xf16> -> !a
  %B = gpu.subgroup_mma_load_matrix %m[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !b
  // CHECK: err-wmma.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_compute' takes operand #0 loaded with transpose but says no a_transpose: a WMMA fragment keeps the layout it was loaded with, so the two must agree
  %D = gpu.subgroup_mma_compute %A, %B, %c : !a, !b -> !c
  return %D : !c
}
func.func @store_a(%m: memref<16x16xf16>, %a: !a) {
  %c0 = arith.constant 0 : index
  // CHECK: err-wmma.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_store_matrix' operand #0 has type !gpu.mma_matrix<16x16xf16, "AOp"> but must be a "COp" !gpu.mma_matrix
  gpu.subgroup_mma_store_matrix %a, %m[%c0, %c0] {leadDimension = 16 : index} : !a, memref<16x16xf16>
  return
}
func.func @shapes(%a: !gpu.mma_matrix<16x8xf16, "AOp">, %b: !b, %c: !c) -> !c {
  // CHECK: err-wmma.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_compute' multiplies !gpu.mma_matrix<16x8xf16, "AOp"> by !gpu.mma_matrix<16x16xf16, "BOp"> into !gpu.mma_matrix<16x16xf32, "COp">: the shapes must be MxK, KxN and MxN
  %D = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x8xf16, "AOp">, !b -> !c
  return %D : !c
}
func.func @elementwise(%c: !c) -> !c {
  // CHECK: err-wmma.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_elementwise' has opType extf; vptx lowers addf, mulf, subf, divf, maxf, minf and negatef
  %e = gpu.subgroup_mma_elementwise extf %c : (!c) -> !c
  return %e : !c
}
func.func @signs(%a: !gpu.mma_matrix<16x16xsi8, "AOp">, %b: !gpu.mma_matrix<16x16xui8, "BOp">, %c: !gpu.mma_matrix<16x16xi32, "COp">) {
  // CHECK: err-wmma.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_compute' has A of !gpu.mma_matrix<16x16xsi8, "AOp"> but B of !gpu.mma_matrix<16x16xui8, "BOp">
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xui8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  return
}
func.func @signless(%a: !gpu.mma_matrix<16x16xi8, "AOp">, %b: !gpu.mma_matrix<16x16xi8, "BOp">, %c: !gpu.mma_matrix<16x16xi32, "COp">) {
  // CHECK: err-wmma.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_compute' multiplies i8 fragments: write si8 or ui8 (the signedness of the products, as upstream's !gpu.mma_matrix)
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xi8, "AOp">, !gpu.mma_matrix<16x16xi8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  return
}
func.func @int_float(%a: !gpu.mma_matrix<16x16xsi8, "AOp">, %b: !gpu.mma_matrix<16x16xsi8, "BOp">, %c: !c) {
  // CHECK: err-wmma.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_compute' has integer A and B but a C of f32: integer (si8, ui8) A and B accumulate into i32, float ones into f16 or f32
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xsi8, "BOp"> -> !c
  return
}
