// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f() {
  %0 = arith.constant 300 : i8
  return
}
// CHECK: 3:23: error: integer constant out of range for type
