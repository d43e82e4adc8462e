// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: f32) {
  %0, %1 = arith.addf %a, %a : f32
  return
}
// CHECK: 3:12: error: operation defines 1 results but was provided 2 to bind
