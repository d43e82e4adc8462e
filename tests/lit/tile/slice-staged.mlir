// Sliced GEMM operands (tensor.extract_slice of an argument: a memref.subview with unit
// strides) are staged in shared memory like unsliced ones: cp.async.cg copies of the
// view, ldmatrix reads, a pipelined K loop.  The copies need rows that start on 16
// bytes: with static offsets and row lengths that is known when compiling (@gemm_odd:
// A's column offset 4, never aligned: A read without staging, B staged); with dynamic ones the kernel
// checks the argument's row length and the view's column offset once, and takes
// element-by-element copies when either is not a multiple of 8 (@gemm_window at offsets
// 8 / 5 and row lengths 96 / 99 / 161: each misaligned case faults on the simulator,
// misaligned global read, without the check).
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx check %s --kernel=gemm_window --dim=200,96,96,160 --scalar=8 --scalar=16 --scalar=150 --scalar=70 --scalar=130 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_window --dim=200,96,96,160 --scalar=8 --scalar=5 --scalar=150 --scalar=70 --scalar=130 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_window --dim=200,99,96,160 --scalar=8 --scalar=16 --scalar=150 --scalar=70 --scalar=130 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_window --dim=200,96,96,161 --scalar=8 --scalar=16 --scalar=150 --scalar=70 --scalar=130 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_window --dim=200,96,96,160 --scalar=8 --scalar=16 --scalar=150 --scalar=70 --scalar=130 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_odd --dim=40 | %filecheck %s
// CHECK: PASS
// REMARK: 30:1: remark: 'scf.for' stages its contract operands through XOR-swizzled shared memory
// SIMT-LABEL: func.func @gemm_window
// SIMT-COUNT-2: nvgpu.device_async_copy {{.*}} : memref<?xf16, strided<[1], offset: ?>> to memref<{{[0-9]+}}x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.device_async_copy {{.*}} : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<{{[0-9]+}}x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.ldmatrix
// SIMT-LABEL: func.func @gemm_odd
// SIMT-NOT: nvgpu.device_async_copy {{.*}}memref<64x128xf16
// SIMT: nvgpu.device_async_copy {{.*}} : memref<128x?xf16, strided<[?, 1], offset: ?>> to
// SIMT-NOT: nvgpu.device_async_copy {{.*}}memref<64x128xf16
// SIMT: vector.load {{.*}} : memref<64x128xf16, strided<[256, 1], offset: 4>>, vector<2xf16>
func.func @gemm_window(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>, %r: index, %c: index, %m: index, %k: index, %n: index) -> tensor<?x?xf32> {
  %a = tensor.extract_slice %A[%r, %c] [%m, %k] [1, 1] : tensor<?x?xf16> to tensor<?x?xf16>
  %b = tensor.extract_slice %B[%c, 8] [%k, %n] [1, 1] : tensor<?x?xf16> to tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %mm : tensor<?x?xf32>
}
func.func @gemm_odd(%A: tensor<64x256xf16>, %B: tensor<128x?xf16>) -> tensor<64x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %B, %c1 : tensor<128x?xf16>
  %a = tensor.extract_slice %A[0, 4] [64, 128] [1, 1] : tensor<64x256xf16> to tensor<64x128xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<64x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x?xf32>) -> tensor<64x?xf32>
  %mm = linalg.matmul ins(%a, %B : tensor<64x128xf16>, tensor<128x?xf16>) outs(%f : tensor<64x?xf32>) -> tensor<64x?xf32>
  return %mm : tensor<64x?xf32>
}
