// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f() {
  %0 = arith.constant dense<[1.0, 2.0, 3.0]> : vector<4xf32>
  return
}
// CHECK: 3:28: error: dense literal does not match the shape of its type
