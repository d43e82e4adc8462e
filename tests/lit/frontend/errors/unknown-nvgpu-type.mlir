// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: !nvgpu.frob) {
  return
}
// CHECK: 2:18: error: unknown type '!nvgpu.frob'
