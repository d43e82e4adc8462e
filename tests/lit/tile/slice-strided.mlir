// GEMM operands read through slices with strides other than 1 (tensor.extract_slice of
// an argument, memref.subview at the vector level).  A stride along the rows (the
// leading dim) keeps each row contiguous: staged in shared memory by 16-byte
// cp.async.cg copies, with the run-time alignment test of unit-stride slices
// (slice-staged.mlir).  A stride along a row (the last dim) leaves no 16 contiguous
// bytes: such an operand is read straight into the mma.sync fragments, not staged (the
// cost rule of distribute/schedule/stage.c; a remark says so): staging it took element
// copies, which the timing model put slower than the direct loads at every size tried
// (docs/staging.md).
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --arch=sm_90a %s -o %t90.ptx
// RUN: %ptxas-verify %t90.ptx
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx check %s --kernel=gemm_tensor --dim=300,304,299,303 --scalar=131 --scalar=71 --scalar=101 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_tensor --dim=300,301,299,303 --scalar=131 --scalar=71 --scalar=101 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_tensor --dim=257,200,90,130 --scalar=128 --scalar=77 --scalar=63 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_tensor --dim=300,304,299,303 --scalar=131 --scalar=71 --scalar=101 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_tensor --dim=257,200,90,130 --scalar=128 --scalar=77 --scalar=63 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_static | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_static | %filecheck %s
// A vector-level function in a file with op-level ones is evaluated as itself, on its
// grid of 2 workgroups (eval ran it on one, and columns 64..99 were never computed)
// RUN: %vptx check %s --kernel=gemm_vector | %filecheck %s
// CHECK: PASS
// REMARK: remark: 'vector.transfer_read' of a 32x128 tile of a view with stride 2 along its rows is read straight into the mma.sync fragments, not staged through shared memory
// REMARK: remark: 'vector.transfer_read' of a 64x32 tile of a view with stride 3 along its rows is read straight into the mma.sync fragments, not staged through shared memory
// REMARK: [[@LINE+49]]:{{[0-9]+}}: remark: 'vector.transfer_read' of a 64x32 tile of a view with stride 3 along its rows is read straight
// SIMT-LABEL: func.func @gemm_tensor
// SIMT: nvgpu.device_async_copy {{.*}} : memref<?xf16, strided<[1], offset: ?>> to memref<{{[0-9]+}}x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.ldmatrix
// SIMT: memref.load {{.*}} : memref<?x?xf16, strided<[?, 2], offset: ?>>
// SIMT-LABEL: func.func @gemm_static
// SIMT-NOT: memref.store {{.*}} : memref<{{[0-9]+}}x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.device_async_copy {{.*}} : memref<{{.*}}xf16, strided<[{{.*}}1]{{.*}}>> to memref<{{[0-9]+}}x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>
// SIMT-NOT: memref.store {{.*}} : memref<{{[0-9]+}}x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>
// SIMT: memref.load {{.*}} : memref<50x40xf16, strided<[256, 3], offset: 130>>
// SIMT-LABEL: func.func @gemm_vector
// SIMT-NOT: memref.store {{.*}} : memref<{{[0-9]+}}x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>
// SIMT: memref.load {{.*}} : memref<50x40xf16, strided<[256, 3], offset: 130>>
func.func @gemm_tensor(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>, %m: index, %k: index, %n: index) -> tensor<?x?xf32> {
  %a = tensor.extract_slice %A[1, 0] [%m, %k] [2, 1] : tensor<?x?xf16> to tensor<?x?xf16>
  %b = tensor.extract_slice %B[0, 3] [%k, %n] [1, 2] : tensor<?x?xf16> to tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %mm : tensor<?x?xf32>
}
func.func @gemm_static(%A: tensor<100x128xf16>, %B: tensor<80x104xf16>) -> tensor<50x100xf32> {
  %a = tensor.extract_slice %A[1, 2] [50, 40] [2, 3] : tensor<100x128xf16> to tensor<50x40xf16>
  %b = tensor.extract_slice %B[0, 0] [40, 100] [2, 1] : tensor<80x104xf16> to tensor<40x100xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<50x100xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<50x100xf32>) -> tensor<50x100xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<50x40xf16>, tensor<40x100xf16>) outs(%f : tensor<50x100xf32>) -> tensor<50x100xf32>
  return %mm : tensor<50x100xf32>
}
// The vector-level program of @gemm_static (--emit=vector), memref.subview ops in it.
func.func @gemm_vector(%A: memref<100x128xf16>, %B: memref<80x104xf16>, %result0: memref<50x100xf32> {vptx.result = affine_map<() -> (50, 100)>}) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>, vptx.grid = affine_map<() -> (2, 1, 1)>, vptx.sizes = []} {
  %0 = arith.constant 50 : index
  %1 = arith.constant 100 : index
  %2 = arith.constant 40 : index
  %3 = arith.constant 64 : index
  %4 = arith.constant 0.000000e+00 : f32
  %5 = arith.constant dense<0.000000e+00> : vector<64x64xf32>
  %6 = arith.constant 0 : index
  %7 = arith.constant 32 : index
  %8 = memref.subview %A[1, 2][50, 40][2, 3] : memref<100x128xf16> to memref<50x40xf16, strided<[256, 3], offset: 130>>
  %9 = arith.constant 0.000000e+00 : f16
  %10 = memref.subview %B[0, 0][40, 100][2, 1] : memref<80x104xf16> to memref<40x100xf16, strided<[208, 1]>>
  %11 = gpu.block_id x
  %12 = gpu.block_id y
  %13 = arith.muli %11, %3 : index
  %14 = arith.muli %12, %3 : index
  %15 = scf.for %16 = %6 to %2 step %7 iter_args(%17 = %5) -> (vector<64x64xf32>) {
    %18 = vector.transfer_read %8[%14, %16], %9 : memref<50x40xf16, strided<[256, 3], offset: 130>>, vector<64x32xf16>
    %19 = vector.transfer_read %10[%16, %13], %9 : memref<40x100xf16, strided<[208, 1]>>, vector<32x64xf16>
    %20 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %18, %19, %17 : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %20 : vector<64x64xf32>
  }
  vector.transfer_write %15, %result0[%14, %13] : vector<64x64xf32>, memref<50x100xf32>
  return
}
