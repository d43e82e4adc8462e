// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f() {
  %0 = arith.frobnicate : f32
  return
}
// CHECK: 3:8: error: unknown operation 'arith.frobnicate'
