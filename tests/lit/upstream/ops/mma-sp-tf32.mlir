// nvgpu.mma.sp.sync on tf32 (f32 with tf32Enabled; A 1:2 sparse) run on the simulator
// (issue 25): m16n8k8 with sparsitySelector 2 and m16n8k16 with selector 1. Each lane
// loads its own fragments (row `lane` of each argument); the inputs and the expected D
// come from Inputs/mma-sp-tf32-gen.py, which builds a dense A with one value of each
// 2-wide chunk kept and computes D = C + A B from it (the EXPECT lines); the lanes the
// selector does not name hold the complement of the metadata.
// RUN: %vptx check --arch=sm_80 %s --backend=sim --kernel=k8 --input=a:%S/Inputs/mma-sp-tf32-k8-a.npy --input=b:%S/Inputs/mma-sp-tf32-k8-b.npy --input=m:%S/Inputs/mma-sp-tf32-k8-m.npy --input=c:%S/Inputs/mma-sp-tf32-k8-c.npy --expect=d:%S/Inputs/mma-sp-tf32-k8-d.npy | %filecheck --check-prefix=K8 %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --kernel=k16 --input=a:%S/Inputs/mma-sp-tf32-k16-a.npy --input=b:%S/Inputs/mma-sp-tf32-k16-b.npy --input=m:%S/Inputs/mma-sp-tf32-k16-m.npy --input=c:%S/Inputs/mma-sp-tf32-k16-c.npy --expect=d:%S/Inputs/mma-sp-tf32-k16-d.npy | %filecheck --check-prefix=K16 %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// K8: PASS k8: argument #4 %d matches
// K16: PASS k16: argument #4 %d matches
func.func @k8(%a: memref<32x2x1xf32>, %b: memref<32x2x1xf32>, %m: memref<32x2xi16>,
    %c: memref<32x2x2xf32>, %d: memref<32x2x2xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %l = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%l, %c0, %c0] : memref<32x2x1xf32>, vector<2x1xf32>
  %B = vector.load %b[%l, %c0, %c0] : memref<32x2x1xf32>, vector<2x1xf32>
  %M = vector.load %m[%l, %c0] : memref<32x2xi16>, vector<2xi16>
  %C = vector.load %c[%l, %c0, %c0] : memref<32x2x2xf32>, vector<2x2xf32>
  %D = nvgpu.mma.sp.sync(%A, %B, %C) metadata(%M) {mmaShape = [16, 8, 8], sparsitySelector = 2 : i32, tf32Enabled} : (vector<2x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
  vector.store %D, %d[%l, %c0, %c0] : memref<32x2x2xf32>, vector<2x2xf32>
  return
}
func.func @k16(%a: memref<32x4x1xf32>, %b: memref<32x4x1xf32>, %m: memref<32x2xi16>,
    %c: memref<32x2x2xf32>, %d: memref<32x2x2xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %l = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%l, %c0, %c0] : memref<32x4x1xf32>, vector<4x1xf32>
  %B = vector.load %b[%l, %c0, %c0] : memref<32x4x1xf32>, vector<4x1xf32>
  %M = vector.load %m[%l, %c0] : memref<32x2xi16>, vector<2xi16>
  %C = vector.load %c[%l, %c0, %c0] : memref<32x2x2xf32>, vector<2x2xf32>
  %D = nvgpu.mma.sp.sync(%A, %B, %C) metadata(%M) {mmaShape = [16, 8, 16], sparsitySelector = 1 : i32, tf32Enabled} : (vector<4x1xf32>, vector<4x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
  vector.store %D, %d[%l, %c0, %c0] : memref<32x2x2xf32>, vector<2x2xf32>
  return
}
