// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: i32) {
  %0 = arith.cmpi less, %a, %a : i32
  return
}
// CHECK: 3:19: error: expected arith.cmpi predicate
