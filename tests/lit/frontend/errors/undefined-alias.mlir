// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%a: index) {
  %0 = affine.apply #nomap(%a)
  return
}
// CHECK: 3:21: error: undefined attribute alias '#nomap'
