// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f() {
  %0 = arith.constant 1 : i32
// CHECK: 5:1: error: expected '}' to end the region
