// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  return %0 : f32
}
// One error per root cause: %0 is the result of an op that failed to parse, and its
// use on line 4 is not reported again.
// CHECK: 3:23: error: use of undefined value '%b'
// CHECK-NOT: error
