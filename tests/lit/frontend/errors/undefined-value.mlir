// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  return %0 : f32
}
// CHECK: 3:23: error: use of undefined value '%b'
// CHECK: 4:10: error: use of undefined value '%0'
