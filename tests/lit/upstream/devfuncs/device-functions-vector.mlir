// Device functions called from vector-level code are inlined before layout (issue 25
// part 1): @softplus and @twice take and return whole-workgroup vectors, @twice calls
// @softplus, and @norm reads a memref and returns a scalar.  The compiled kernel runs on
// the simulator against eval of this same file, which executes the calls as calls.
// RUN: %vptx check --arch=sm_80 %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// CHECK: PASS k
// The device functions are gone after inlining; the kernel stays.
// SIMT-NOT: func.func @softplus
// SIMT-NOT: func.func @twice
// SIMT-NOT: func.call
// SIMT: func.func @k(
// SIMT-NOT: func.call
func.func @softplus(%x: vector<64xf32>) -> vector<64xf32> {
  %e = math.exp %x : vector<64xf32>
  %one = arith.constant dense<1.0> : vector<64xf32>
  %s = arith.addf %e, %one : vector<64xf32>
  %l = math.log %s : vector<64xf32>
  return %l : vector<64xf32>
}
func.func @twice(%x: vector<64xf32>, %w: f32) -> vector<64xf32> {
  %a = func.call @softplus(%x) : (vector<64xf32>) -> vector<64xf32>
  %wb = vector.broadcast %w : f32 to vector<64xf32>
  %b = arith.mulf %a, %wb : vector<64xf32>
  return %b : vector<64xf32>
}
func.func @norm(%m: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0], %z : memref<64xf32>, vector<64xf32>
  %sq = arith.mulf %v, %v : vector<64xf32>
  %r = vector.reduction <add>, %sq : vector<64xf32> into f32
  return %r : f32
}
func.func @k(%a: memref<64xf32>, %b: memref<64xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %n = func.call @norm(%a) : (memref<64xf32>) -> f32
  %v = vector.transfer_read %a[%c0], %z : memref<64xf32>, vector<64xf32>
  %w = func.call @twice(%v, %n) : (vector<64xf32>, f32) -> vector<64xf32>
  vector.transfer_write %w, %b[%c0] : vector<64xf32>, memref<64xf32>
  return
}
