// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: f32, %b: i32) {
  %0 = arith.addf %a, %b : f32
  return
}
// CHECK: 3:23: error: use of value '%b' expects different type than prior uses
