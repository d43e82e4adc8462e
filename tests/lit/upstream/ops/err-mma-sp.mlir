// nvgpu.mma.sp.sync forms vptx refuses, each a located verifier error: a sparsity selector
// past the lanes the shape reads metadata from (m16n8k16: 0..3, m16n8k32: 0 or 1, PTX ISA
// 9.7.14.6.1), a shape mma.sp lacks, operands other than f16/bf16, a bf16 product into an
// f16 accumulator, fragments of the wrong shape, and metadata that is not vector<2xi16>.
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
!a16 = vector<2x2xf16>
!a32 = vector<4x2xf16>
!c = vector<2x2xf32>
!m = vector<2xi16>
func.func @sel(%a: !a32, %b: !a32, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has sparsitySelector 2 but m16n8k32 reads metadata from one lane pair of each quad of lanes (0..1)
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 32], sparsitySelector = 2 : i32} : (!a32, !a32, !c) -> !c
  return %d : !c
}
func.func @sel16(%a: !a16, %b: !a16, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has sparsitySelector 4 but m16n8k16 reads metadata from one lane of each quad of lanes (0..3)
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 16], sparsitySelector = 4 : i32} : (!a16, !a16, !c) -> !c
  return %d : !c
}
func.func @shape(%a: !a16, %b: !a16, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has mmaShape [16, 8, 8], which is no mma.sp form (m16n8k16 or m16n8k32)
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 8]} : (!a16, !a16, !c) -> !c
  return %d : !c
}
func.func @f32(%a: vector<4x1xf32>, %b: vector<2x1xf32>, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has f32 operands; vptx emits mma.sp for f16 and bf16 operands only
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 16]} : (vector<4x1xf32>, vector<2x1xf32>, !c) -> !c
  return %d : !c
}
func.func @bf16acc(%a: vector<2x2xbf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf16>, %m: !m) -> vector<2x2xf16> {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' operand #2 has type vector<2x2xf16> but bf16 operands accumulate in f32
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 16]} : (vector<2x2xbf16>, vector<2x2xbf16>, vector<2x2xf16>) -> vector<2x2xf16>
  return %d : vector<2x2xf16>
}
func.func @frag(%a: !a32, %b: !a16, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' operand #0 has type vector<4x2xf16> but mmaShape [16, 8, 16] needs vector<2x2xf16>
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 16]} : (!a32, !a16, !c) -> !c
  return %d : !c
}
func.func @meta(%a: !a16, %b: !a16, %c: !c, %m: vector<4xi8>) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' operand #3 has type vector<4xi8> but must be vector<2xi16>
  %d = "nvgpu.mma.sp.sync"(%a, %b, %c, %m) {mmaShape = [16, 8, 16]} : (!a16, !a16, !c, vector<4xi8>) -> !c
  return %d : !c
}
