// nvgpu.mma.sp.sync on the operand types beyond f16 / bf16 (issue 25): tf32 (f32 with
// tf32Enabled) m16n8k8 and m16n8k16, i8 m16n8k32 and m16n8k64 (as s8, sums saturating as
// upstream lowers the dense i8 mma.sync), f8E4M3FN / f8E5M2 m16n8k64 (sm_89 and later),
// in the custom and generic forms, each with a sparsity selector at the top of the range
// ptxas 13.0 takes for its shape; the PTX of each is checked and assembled for sm_89 and
// sm_90a. A lane's vectors go to the registers in order, 32 bits a register, as upstream
// passes them. The simulator executes each (the SIM lines: no fault); its arithmetic and
// metadata reading for these types are checked against a C reference in
// tests/unit/test_sim_mma_sp.c.
// ARCH: sm_89
// RUN: %vptx --emit=ptx --arch=sm_89 %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx
// RUN: %vptx check --arch=sm_89 %s --backend=sim 2>&1 | %filecheck --check-prefix=SIM %s
// SIM: SKIP tf32_k8 (SIMT-level: ran on the simulator without a fault
// SIM: SKIP tf32_k16 (SIMT-level: ran on the simulator without a fault
// SIM: SKIP i8_k32 (SIMT-level: ran on the simulator without a fault
// SIM: SKIP i8_k64 (SIMT-level: ran on the simulator without a fault
// SIM: SKIP e4m3_k64 (SIMT-level: ran on the simulator without a fault
// SIM: SKIP e5m2_k64 (SIMT-level: ran on the simulator without a fault
// CHECK-LABEL: .entry tf32_k8(
// CHECK: mma.sp::ordered_metadata.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, {%f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 0x3;
// CHECK-LABEL: .entry tf32_k16(
// CHECK: mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {{.*}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, {{.*}}, 0x1;
// CHECK-LABEL: .entry i8_k32(
// CHECK: mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, {{.*}}, 0x1;
// CHECK-LABEL: .entry i8_k64(
// CHECK: mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32 {{.*}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, {{.*}}, 0x0;
// CHECK-LABEL: .entry e4m3_k64(
// CHECK: mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32
// CHECK-LABEL: .entry e5m2_k64(
// CHECK: mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e5m2.e5m2.f32 {{.*}}, 0x0;
func.func @tf32_k8(%a: memref<2x1xf32>, %b: memref<2x1xf32>, %m: memref<2xi16>, %o: memref<2x2xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%c0, %c0] : memref<2x1xf32>, vector<2x1xf32>
  %B = vector.load %b[%c0, %c0] : memref<2x1xf32>, vector<2x1xf32>
  %M = vector.load %m[%c0] : memref<2xi16>, vector<2xi16>
  %C = vector.load %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  %d = nvgpu.mma.sp.sync(%A, %B, %C) metadata(%M) {mmaShape = [16, 8, 8], sparsitySelector = 3 : i32, tf32Enabled} : (vector<2x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
  vector.store %d, %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  return
}
func.func @tf32_k16(%a: memref<4x1xf32>, %b: memref<4x1xf32>, %m: memref<2xi16>, %o: memref<2x2xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%c0, %c0] : memref<4x1xf32>, vector<4x1xf32>
  %B = vector.load %b[%c0, %c0] : memref<4x1xf32>, vector<4x1xf32>
  %M = vector.load %m[%c0] : memref<2xi16>, vector<2xi16>
  %C = vector.load %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  %d = "nvgpu.mma.sp.sync"(%A, %B, %C, %M) {mmaShape = [16, 8, 16], sparsitySelector = 1 : i32, tf32Enabled} : (vector<4x1xf32>, vector<4x1xf32>, vector<2x2xf32>, vector<2xi16>) -> vector<2x2xf32>
  vector.store %d, %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  return
}
func.func @i8_k32(%a: memref<2x4xi8>, %b: memref<2x4xi8>, %m: memref<2xi16>, %o: memref<2x2xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%c0, %c0] : memref<2x4xi8>, vector<2x4xi8>
  %B = vector.load %b[%c0, %c0] : memref<2x4xi8>, vector<2x4xi8>
  %M = vector.load %m[%c0] : memref<2xi16>, vector<2xi16>
  %C = vector.load %o[%c0, %c0] : memref<2x2xi32>, vector<2x2xi32>
  %d = nvgpu.mma.sp.sync(%A, %B, %C) metadata(%M) {mmaShape = [16, 8, 32], sparsitySelector = 1 : i32} : (vector<2x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
  vector.store %d, %o[%c0, %c0] : memref<2x2xi32>, vector<2x2xi32>
  return
}
func.func @i8_k64(%a: memref<4x4xi8>, %b: memref<4x4xi8>, %m: memref<2xi16>, %o: memref<2x2xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%c0, %c0] : memref<4x4xi8>, vector<4x4xi8>
  %B = vector.load %b[%c0, %c0] : memref<4x4xi8>, vector<4x4xi8>
  %M = vector.load %m[%c0] : memref<2xi16>, vector<2xi16>
  %C = vector.load %o[%c0, %c0] : memref<2x2xi32>, vector<2x2xi32>
  %d = "nvgpu.mma.sp.sync"(%A, %B, %C, %M) {mmaShape = [16, 8, 64]} : (vector<4x4xi8>, vector<4x4xi8>, vector<2x2xi32>, vector<2xi16>) -> vector<2x2xi32>
  vector.store %d, %o[%c0, %c0] : memref<2x2xi32>, vector<2x2xi32>
  return
}
func.func @e4m3_k64(%a: memref<4x4xf8E4M3FN>, %b: memref<4x4xf8E4M3FN>, %m: memref<2xi16>, %o: memref<2x2xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%c0, %c0] : memref<4x4xf8E4M3FN>, vector<4x4xf8E4M3FN>
  %B = vector.load %b[%c0, %c0] : memref<4x4xf8E4M3FN>, vector<4x4xf8E4M3FN>
  %M = vector.load %m[%c0] : memref<2xi16>, vector<2xi16>
  %C = vector.load %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  %d = nvgpu.mma.sp.sync(%A, %B, %C) metadata(%M) {mmaShape = [16, 8, 64]} : (vector<4x4xf8E4M3FN>, vector<4x4xf8E4M3FN>, vector<2x2xf32>) -> vector<2x2xf32>
  vector.store %d, %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  return
}
func.func @e5m2_k64(%a: memref<4x4xf8E5M2>, %b: memref<4x4xf8E5M2>, %m: memref<2xi16>, %o: memref<2x2xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%c0, %c0] : memref<4x4xf8E5M2>, vector<4x4xf8E5M2>
  %B = vector.load %b[%c0, %c0] : memref<4x4xf8E5M2>, vector<4x4xf8E5M2>
  %M = vector.load %m[%c0] : memref<2xi16>, vector<2xi16>
  %C = vector.load %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  %d = "nvgpu.mma.sp.sync"(%A, %B, %C, %M) {mmaShape = [16, 8, 64]} : (vector<4x4xf8E5M2>, vector<4x4xf8E5M2>, vector<2x2xf32>, vector<2xi16>) -> vector<2x2xf32>
  vector.store %d, %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  return
}
