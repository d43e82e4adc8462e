// Verifier errors for vptx.wgmma, the SIMT op a contract with an NV_WGMMA_* mma_kind
// becomes (ir/verify_gpu.c): its k and swizzle, the buffers' shapes, memory space and
// element types, the accumulator vector, B's MN-major span.  f32 buffers are tf32 (4-byte
// elements: k a multiple of 8, rows of swizzle/4 elements; no MN-major B).
// RUN: not %vptx %s 2>&1 | %filecheck %s
!A = memref<64x32xf16, #gpu.address_space<workgroup>>
!B = memref<32x32xf16, #gpu.address_space<workgroup>>
func.func @ok(%a: !A, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK-NOT: verify/vptx-wgmma.mlir:[[@LINE+1]]
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64} : (!A, index, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
!T = memref<64x8xf32, #gpu.address_space<workgroup>>
func.func @tf32_ok(%a: !T, %b: !T, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK-NOT: verify/vptx-wgmma.mlir:[[@LINE+1]]
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 8 : i64, swizzle = 32 : i64} : (!T, index, !T, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @tf32_k(%a: !T, %b: !T, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' has k = 4 and swizzle = 32: k must be a multiple of 8 and 4k a multiple of the swizzle span (32, 64 or 128 bytes)
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 4 : i64, swizzle = 32 : i64} : (!T, index, !T, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @tf32_mn(%a: !T, %b: !T, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' has b_mn_swizzle with f32 (tf32) operands, which wgmma reads K-major only
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 8 : i64, swizzle = 32 : i64, b_mn_swizzle = 32 : i64} : (!T, index, !T, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @k(%a: !A, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' has k = 24 and swizzle = 64: k must be a multiple of 16 and 2k a multiple of the swizzle span (32, 64 or 128 bytes)
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 24 : i64, swizzle = 64 : i64} : (!A, index, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @nok(%a: !A, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' requires attribute 'k'
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {swizzle = 64 : i64} : (!A, index, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @shape(%a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' operand #0 has type memref<64x64xf16, #gpu.address_space<workgroup>> but must be a 2-d f16, bf16, f32 (tf32) or fp8 workgroup memref of (Ek/swizzle x 8r) x swizzle/E, E its element's bytes
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64} : (memref<64x64xf16, #gpu.address_space<workgroup>>, index, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @global(%a: memref<64x32xf16>, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' operand #0 has type memref<64x32xf16> but must be a 2-d f16, bf16, f32 (tf32) or fp8 workgroup memref
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64} : (memref<64x32xf16>, index, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @mixed(%a: !A, %b: memref<32x32xbf16, #gpu.address_space<workgroup>>, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' has A of memref<64x32xf16, #gpu.address_space<workgroup>> but B of memref<32x32xbf16, #gpu.address_space<workgroup>>
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64} : (!A, index, memref<32x32xbf16, #gpu.address_space<workgroup>>, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @acc(%a: !A, %b: !B, %r: index, %d: vector<6xf32>) -> vector<6xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' operand #4 has type vector<6xf32> but must be a vector<N/2 x f32> (or x f16 with f16 operands), N in 8..256 a multiple of 8
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64} : (!A, index, !B, index, vector<6xf32>) -> vector<6xf32>
  return %x : vector<6xf32>
}
func.func @mn(%a: !A, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' operand #2 has type memref<32x32xf16, #gpu.address_space<workgroup>> but must be a 2-d f16 or bf16 workgroup memref of (2N/b_mn_swizzle x k) x b_mn_swizzle/2
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64, b_mn_swizzle = 128 : i64} : (!A, index, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
func.func @mnbad(%a: !A, %b: !B, %r: index, %d: vector<16xf32>) -> vector<16xf32> {
  // CHECK: verify/vptx-wgmma.mlir:[[@LINE+1]]:8: error: 'vptx.wgmma' has b_mn_swizzle = 48, not 32, 64 or 128
  %x = "vptx.wgmma"(%a, %r, %b, %r, %d) {k = 32 : i64, swizzle = 64 : i64, b_mn_swizzle = 48 : i64} : (!A, index, !B, index, vector<16xf32>) -> vector<16xf32>
  return %x : vector<16xf32>
}
