// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: f32) {
  %0 = arith.negf %a f32
  return
}
// CHECK: 3:22: error: expected ':'
