// RUN: not %vptx %s 2>&1 | %filecheck %s
func.func @f(%v: vector<4xf32>) {
  %0 = vector.reduction <plus>, %v : vector<4xf32> into f32
  return
}
// CHECK: 3:25: error: unknown combining kind 'plus'
