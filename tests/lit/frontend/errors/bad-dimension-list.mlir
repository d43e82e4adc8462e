// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: vector<4y8xf32>) {
  return
}
// CHECK: 2:26: error: expected 'x' in dimension list
