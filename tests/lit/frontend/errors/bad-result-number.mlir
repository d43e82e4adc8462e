// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: f32) {
  %0 = arith.addf %a, %a : f32
  %1 = arith.addf %0#3, %a : f32
  return
}
// CHECK: 4:19: error: reference to invalid result number '%0#3'
