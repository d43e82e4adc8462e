// nvgpu.mma.sp.sync forms vptx refuses, each a located verifier error: a sparsity selector
// past the lanes the shape reads metadata from (m16n8k16: 0..3, m16n8k32: 0 or 1, PTX ISA
// 9.7.14.6.1; ptxas 13.0 takes the same ranges, and for i8 m16n8k64 only 0), a shape mma.sp
// lacks, f32 operands without tf32Enabled, f64 operands, a bf16 product into an f16
// accumulator, i8 into f32, fragments of the wrong shape, metadata that is not
// vector<2xi16> (verifier), and fp8 operands on sm_80 (ptxgen, Inputs/mma-sp-fp8.mlir).
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/mma-sp-fp8.mlir 2>&1 | %filecheck --check-prefix=FP8 %s
// FP8: mma-sp-fp8.mlir:8:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' needs mma.sp on fp8 operands (sm_89), but the target is sm_80
!a16 = vector<2x2xf16>
!a32 = vector<4x2xf16>
!c = vector<2x2xf32>
!m = vector<2xi16>
func.func @sel(%a: !a32, %b: !a32, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has sparsitySelector 2 but m16n8k32 with f16 operands reads metadata from one lane pair of each quad of lanes (0..1)
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 32], sparsitySelector = 2 : i32} : (!a32, !a32, !c) -> !c
  return %d : !c
}
func.func @sel16(%a: !a16, %b: !a16, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has sparsitySelector 4 but m16n8k16 with f16 operands reads metadata from one lane of each quad of lanes (0..3)
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 16], sparsitySelector = 4 : i32} : (!a16, !a16, !c) -> !c
  return %d : !c
}
func.func @shape(%a: !a16, %b: !a16, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has mmaShape [16, 8, 8], which is no mma.sp form for f16 (m16n8k16 or m16n8k32 for f16 and bf16, m16n8k8 or m16n8k16 for tf32, m16n8k32 or m16n8k64 for i8, m16n8k64 for fp8)
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 8]} : (!a16, !a16, !c) -> !c
  return %d : !c
}
func.func @f32(%a: vector<4x1xf32>, %b: vector<2x1xf32>, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has f32 operands without 'tf32Enabled': mma.sp reads f32 as tf32, as upstream's verifier says
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
func.func @i8sel(%a: vector<4x4xi8>, %b: vector<4x4xi8>, %c: vector<2x2xi32>, %m: !m) -> vector<2x2xi32> {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has sparsitySelector 1 but m16n8k64 with i8 operands reads metadata from all four lanes of each quad of lanes (0..0)
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 64], sparsitySelector = 1 : i32} : (vector<4x4xi8>, vector<4x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
  return %d : vector<2x2xi32>
}
func.func @i8f32(%a: vector<2x4xi8>, %b: vector<2x4xi8>, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' operand #2 has type vector<2x2xf32> but i8 operands accumulate in i32
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 32]} : (vector<2x4xi8>, vector<2x4xi8>, !c) -> !c
  return %d : !c
}
func.func @tf32k32(%a: vector<8x1xf32>, %b: vector<8x1xf32>, %c: !c, %m: !m) -> !c {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has mmaShape [16, 8, 32], which is no mma.sp form for f32
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 32], tf32Enabled} : (vector<8x1xf32>, vector<8x1xf32>, !c) -> !c
  return %d : !c
}
func.func @f64(%a: vector<2x1xf64>, %b: vector<2x1xf64>, %c: vector<2x2xf64>, %m: !m) -> vector<2x2xf64> {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' has f64 operands; mma.sp takes f16, bf16, f32 (as tf32), i8 (as s8), f8E4M3FN and f8E5M2
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 8]} : (vector<2x1xf64>, vector<2x1xf64>, vector<2x2xf64>) -> vector<2x2xf64>
  return %d : vector<2x2xf64>
}
func.func @i8shape(%a: vector<4x4xi8>, %b: vector<2x4xi8>, %c: vector<2x2xi32>, %m: !m) -> vector<2x2xi32> {
  // CHECK: err-mma-sp.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.mma.sp.sync' operand #0 has type vector<4x4xi8> but mmaShape [16, 8, 32] needs vector<2x4xi8>
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 32]} : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
  return %d : vector<2x2xi32>
}
