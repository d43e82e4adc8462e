// RUN: not %vptx %s 2>&1 | %filecheck %s
// One error per root cause: %0, whose op had the error, is not reported again at its use.
func.func @f(%a: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  return %0 : f32
}
// CHECK: 4:23: error: use of undefined value '%b'
// CHECK-NOT: error:
