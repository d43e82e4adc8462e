// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: i7) {
  return
}
// CHECK: 2:18: error: unsupported type 'i7'
