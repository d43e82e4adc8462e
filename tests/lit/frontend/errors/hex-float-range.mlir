// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f() {
  %0 = arith.constant 0x1FFFF : f16
  return
}
// CHECK: 3:23: error: hexadecimal float literal out of range for the type
