// Verifier errors for vptx.wgmma_ra, vptx.wgmma with A in registers (ir/verify_gpu.c):
// k and swizzle as for vptx.wgmma, A as vector<(k/4) x 2 x f16|bf16> (4 registers of the
// m64nNk16 A fragment per 16 of K), B's buffer of A's element type, the accumulator.
// RUN: not %vptx %s 2>&1 | %filecheck %s
!B = memref<32x32xf16, #gpu.address_space<workgroup>>
func.func @ok(%a: vector<8x2xf16>, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK-NOT: verify/vptx-wgmma-ra.mlir:[[@LINE+1]]
  %x = "vptx.wgmma_ra"(%a, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64} : (vector<8x2xf16>, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @k(%a: vector<8x2xf16>, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma-ra.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma_ra' has k = 24 and swizzle = 64: k must be a multiple of 16 and 2k a multiple of the swizzle span (32, 64 or 128 bytes)
  %x = "vptx.wgmma_ra"(%a, %b, %r, %d) {k = 24 : i64, swizzle = 64 : i64} : (vector<8x2xf16>, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @aregs(%a: vector<4x2xf16>, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma-ra.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma_ra' operand #0 has type vector<4x2xf16> but must be a vector<(k/4) x 2 x f16|bf16>: 4 registers of A fragment per 16 of K
  %x = "vptx.wgmma_ra"(%a, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64} : (vector<4x2xf16>, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @mixed(%a: vector<8x2xbf16>, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma-ra.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma_ra' operand #1 has type memref<32x32xf16, #gpu.address_space<workgroup>> but must be a 2-d workgroup memref of A's element type holding B's swizzled image
  %x = "vptx.wgmma_ra"(%a, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64} : (vector<8x2xbf16>, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @acc(%a: vector<8x2xf16>, %b: !B, %r: index, %d: vector<6xf32>) -> vector<6xf32> {
  // CHECK: verify/vptx-wgmma-ra.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma_ra' operand #3 has type vector<6xf32> but must be a vector<N/2 x f32>, N in 8..256 a multiple of 8
  %x = "vptx.wgmma_ra"(%a, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64} : (vector<8x2xf16>, !B, index, vector<6xf32>) -> vector<6xf32>
  return %x : vector<6xf32>
}
