// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: f32) {
  %0 = arith.addf %a, %x : f32
  %1 = arith.bogus %a : f32
  %2 = arith.mulf %a, %y : f32
  return
}
// CHECK: 3:23: error: use of undefined value '%x'
// CHECK: 4:8: error: unknown operation 'arith.bogus'
// CHECK: 5:23: error: use of undefined value '%y'
