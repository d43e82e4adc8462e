// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f() {
  %0 = arith.constant 1 : i32 `
  return
}
// CHECK: 3:31: error: unexpected character
