// cf.br / cf.cond_br (issue 25 part 3): successors must be blocks of the same region
// (not the entry), get as many values as they take, of their types; a value must
// dominate its uses across blocks; vector-level code keeps to scf.
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx --emit=ptx %S/Inputs/cf-vector-level.mlir 2>&1 | %filecheck --check-prefix=VEC %s
// RUN: not %vptx %S/Inputs/cf-unknown-label.mlir 2>&1 | %filecheck --check-prefix=LABEL %s
// LABEL: cf-unknown-label.mlir:3:{{[0-9]+}}: error: 'cf.br' branches to '^nowhere', which is no block of this region
// VEC: cf-vector-level.mlir:6:{{[0-9]+}}: error: 'cf.br' in vector-level code: vptx distributes structured control flow only (scf.for, scf.if); unstructured branches are for per-thread (gpu, nvgpu) code
func.func @count(%a: i32) {
  // CHECK: err-cf-branches.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'cf.br' passes 0 values to ^bb1, which takes 1
  cf.br ^bb1
^bb1(%x: i32):
  return
}
func.func @types(%a: i32) {
  // CHECK: err-cf-branches.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'cf.br' operand #0 has type i32 but must be f32
  cf.br ^bb1(%a : i32)
^bb1(%x: f32):
  return
}
func.func @dominance(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  %v = arith.constant 1 : i32
  cf.br ^b
^b:
  // CHECK: err-cf-branches.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'arith.addi' operand #0 does not dominate this use
  %w = arith.addi %v, %v : i32
  return
}
