// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: f32) {
  %0 = "arith.negf"(%a) : (f32, f32) -> f32
  return
}
// CHECK: 3:20: error: expected 1 operand types but had 2
