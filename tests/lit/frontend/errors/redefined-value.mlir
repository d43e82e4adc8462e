// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: f32) {
  %0 = arith.addf %a, %a : f32
  %0 = arith.mulf %a, %a : f32
  return
}
// CHECK: 4:3: error: redefinition of SSA value '%0'
