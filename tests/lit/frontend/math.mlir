// RUN: %vptx --emit=mlir %s | %filecheck %s
// Custom forms of the math dialect.

// CHECK-LABEL: func.func @math_ops
func.func @math_ops(%x: f32, %y: f32, %z: f32, %v: vector<8xf16>) {
  // CHECK: math.exp %x : f32
  %0 = math.exp %x : f32
  // CHECK: math.exp2 %v fastmath<afn> : vector<8xf16>
  %1 = math.exp2 %v fastmath<afn> : vector<8xf16>
  %2 = math.log %x : f32
  %3 = math.log2 %x : f32
  %4 = math.sqrt %x : f32
  %5 = math.rsqrt %x : f32
  %6 = math.tanh %x : f32
  %7 = math.absf %x : f32
  // CHECK: math.fma %x, %y, %z : f32
  %8 = math.fma %x, %y, %z : f32
  %9 = math.powf %x, %y : f32
  %10 = math.sin %x : f32
  %11 = math.cos %x : f32
  %12 = math.erf %x : f32
  return
}
