// Verifier errors for nvgpu ops: mma.sync fragments (PTX ISA 9.7.14.5.14), ldmatrix tiles.
// RUN: not %vptx %s 2>&1 | %filecheck %s

func.func @mma_fragment(%a: vector<2x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // CHECK: error: 'nvgpu.mma.sync' operand #0 has type vector<2x2xf16> but mmaShape [16, 8, 16] needs vector<4x2xf16>
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

func.func @mma_shape(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // CHECK: error: 'nvgpu.mma.sync' has mmaShape [16, 8, 32] with f16 operands, which is no mma.sync form
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 32]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

func.func @ldmatrix_tiles(%m: memref<64x64xf16, 3>, %i: index) -> vector<4x2xf16> {
  // CHECK: error: 'nvgpu.ldmatrix' attribute 'numTiles' is 3 but must be 1, 2 or 4
  %r = nvgpu.ldmatrix %m[%i, %i] {numTiles = 3 : i32, transpose = false} : memref<64x64xf16, 3> -> vector<4x2xf16>
  return %r : vector<4x2xf16>
}

func.func @ldmatrix_global(%m: memref<64x64xf16, 1>, %i: index) -> vector<4x2xf16> {
  // CHECK: error: 'nvgpu.ldmatrix' operand #0 has type memref<64x64xf16, 1> but must be a memref in workgroup memory (address space 3)
  %r = nvgpu.ldmatrix %m[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16, 1> -> vector<4x2xf16>
  return %r : vector<4x2xf16>
}
