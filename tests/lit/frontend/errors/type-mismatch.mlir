// RUN: not %vptx %s 2>&1 | %filecheck %s
// A type mismatch names both types.
func.func @f(%a: f32, %b: i32) {
  %0 = arith.addf %a, %b : f32
  return
}
// CHECK: 4:23: error: type mismatch: '%b' is i32, but this use says f32
// CHECK-NOT: error:
