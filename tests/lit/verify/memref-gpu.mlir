// Verifier errors for memref, affine and gpu ops.
// RUN: not %vptx %s 2>&1 | %filecheck %s

func.func @load(%m: memref<4x8xf32>, %i: index) -> f32 {
  // CHECK: error: 'memref.load' has 1 indices but the memref has rank 2
  %r = memref.load %m[%i] : memref<4x8xf32>
  return %r : f32
}

func.func @apply(%i: index) -> index {
  // CHECK: error: 'affine.apply' expects 2 operands (the map's dims and symbols) but has 1
  %r = "affine.apply"(%i) {map = affine_map<(d0, d1) -> (d0 + d1)>} : (index) -> index
  return %r : index
}

func.func @shuffle(%x: f16, %o: i32, %w: i32) -> f16 {
  // CHECK: error: 'gpu.shuffle' operand #0 has type f16 but must be a 32- or 64-bit integer or float, or a 1-d vector of 32 or 64 bits
  %r, %v = gpu.shuffle xor %x, %o, %w : f16
  return %r : f16
}

func.func @subgroup_reduce(%x: f32) -> f32 {
  // CHECK: error: 'gpu.subgroup_reduce' combining kind 'and' does not apply to element type f32
  %r = gpu.subgroup_reduce and %x : (f32) -> f32
  return %r : f32
}
