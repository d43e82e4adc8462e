// nvgpu.mma.sp.sync on s8 run on the simulator (issue 25): m16n8k32 with
// sparsitySelector 1 and m16n8k64 (selector 0, every lane of a quad holding metadata).
// Each lane loads its own fragments (row `lane` of each argument); the inputs and the
// expected D come from Inputs/mma-sp-i8-gen.py, which builds a dense 2:4-sparse A,
// compresses it and computes D = C + A B from the dense A (the EXPECT lines); the lanes
// the selector does not name hold the complement of the metadata.
// RUN: %vptx check --arch=sm_80 %s --backend=sim --kernel=k32 --input=a:%S/Inputs/mma-sp-i8-k32-a.npy --input=b:%S/Inputs/mma-sp-i8-k32-b.npy --input=m:%S/Inputs/mma-sp-i8-k32-m.npy --input=c:%S/Inputs/mma-sp-i8-k32-c.npy --expect=d:%S/Inputs/mma-sp-i8-k32-d.npy | %filecheck --check-prefix=K32 %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --kernel=k64 --input=a:%S/Inputs/mma-sp-i8-k64-a.npy --input=b:%S/Inputs/mma-sp-i8-k64-b.npy --input=m:%S/Inputs/mma-sp-i8-k64-m.npy --input=c:%S/Inputs/mma-sp-i8-k64-c.npy --expect=d:%S/Inputs/mma-sp-i8-k64-d.npy | %filecheck --check-prefix=K64 %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// K32: PASS k32: argument #4 %d matches
// K64: PASS k64: argument #4 %d matches
func.func @k32(%a: memref<32x2x4xi8>, %b: memref<32x2x4xi8>, %m: memref<32x2xi16>,
    %c: memref<32x2x2xi32>, %d: memref<32x2x2xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %l = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%l, %c0, %c0] : memref<32x2x4xi8>, vector<2x4xi8>
  %B = vector.load %b[%l, %c0, %c0] : memref<32x2x4xi8>, vector<2x4xi8>
  %M = vector.load %m[%l, %c0] : memref<32x2xi16>, vector<2xi16>
  %C = vector.load %c[%l, %c0, %c0] : memref<32x2x2xi32>, vector<2x2xi32>
  %D = nvgpu.mma.sp.sync(%A, %B, %C) metadata(%M) {mmaShape = [16, 8, 32], sparsitySelector = 1 : i32} : (vector<2x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
  vector.store %D, %d[%l, %c0, %c0] : memref<32x2x2xi32>, vector<2x2xi32>
  return
}
func.func @k64(%a: memref<32x4x4xi8>, %b: memref<32x4x4xi8>, %m: memref<32x2xi16>,
    %c: memref<32x2x2xi32>, %d: memref<32x2x2xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %l = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%l, %c0, %c0] : memref<32x4x4xi8>, vector<4x4xi8>
  %B = vector.load %b[%l, %c0, %c0] : memref<32x4x4xi8>, vector<4x4xi8>
  %M = vector.load %m[%l, %c0] : memref<32x2xi16>, vector<2xi16>
  %C = vector.load %c[%l, %c0, %c0] : memref<32x2x2xi32>, vector<2x2xi32>
  %D = "nvgpu.mma.sp.sync"(%A, %B, %C, %M) {mmaShape = [16, 8, 64]} : (vector<4x4xi8>, vector<4x4xi8>, vector<2x2xi32>, vector<2xi16>) -> vector<2x2xi32>
  vector.store %D, %d[%l, %c0, %c0] : memref<32x2x2xi32>, vector<2x2xi32>
  return
}
