// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f() {
  "x.y"() : () -> ()
  return
}
// CHECK: 3:3: error: unknown operation 'x.y'
