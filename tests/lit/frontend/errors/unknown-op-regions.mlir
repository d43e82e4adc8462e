// RUN: not %vptx %s 2>&1 | %filecheck %s
// An unknown op with regions: one error at the op, its regions skipped (their ops are not
// parsed, so the undefined values inside say nothing), the ops after it parsed as usual,
// and uses of its results silent.
func.func @f(%a: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %sum = scf.forr %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<64xf32>
    %y = arith.addf %acc, %x : f32
    %w = arith.frob %nothing : f32
    scf.yield %y : f32
  }
  %twice = arith.addf %sum, %sum : f32
  memref.store %twice, %a[%c0] : memref<64xf32>
  %bad = arith.addf %z, %undefined : f32
  return
}
// CHECK: 9:10: error: unknown operation 'scf.forr'; did you mean 'scf.for'?
// CHECK-NEXT: %sum = scf.forr
// CHECK-NOT: 12:
// CHECK-NOT: 15:
// CHECK: 17:25: error: use of undefined value '%undefined'
// CHECK-NOT: error:
