// Software pipelining of a K loop (8 iterations, 8 KiB of operands per stage).
// Default: 4 stages (4 x 8 KiB fit the 48 KiB of static shared memory): three
// cp.async groups before the loop, then in each iteration wait_group 2, one barrier,
// the ldmatrix reads, the mma ops with the copies of iteration k+3 (zero bytes read
// past the end) and their commit among those of the last K step; wait_group 0 after
// the loop.  --pipeline-stages=N overrides the default
// (N = 1: copy, wait_group 0, barrier in every iteration); every count must still
// compute the same product as eval.
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=simt --pipeline-stages=2 %s | %filecheck --check-prefix=TWO %s
// RUN: %vptx --emit=simt --pipeline-stages=1 %s | %filecheck --check-prefix=ONE %s
// RUN: %vptx check %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --pipeline-stages=1 %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --pipeline-stages=2 %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --pipeline-stages=3 %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: not %vptx --pipeline-stages=9 %s 2>&1 | %filecheck --check-prefix=BAD %s
// CHECK: memref<4x2048xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_create_group
// CHECK: [[LAST:%[0-9]+]] = nvgpu.device_async_create_group
// CHECK-NEXT: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: nvgpu.device_async_wait [[LAST]] {numGroups = 2 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: nvgpu.ldmatrix
// CHECK-NOT: gpu.barrier
// CHECK: nvgpu.mma.sync
// CHECK-NOT: gpu.barrier
// CHECK: nvgpu.device_async_copy
// CHECK-NOT: gpu.barrier
// CHECK: nvgpu.mma.sync
// CHECK-NOT: gpu.barrier
// CHECK: nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.mma.sync
// CHECK-NOT: gpu.barrier
// CHECK: scf.yield
// CHECK: nvgpu.device_async_wait [[LAST]] {numGroups = 0 : i32}
// TWO: memref<2x2048xf16, #gpu.address_space<workgroup>>
// TWO: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// ONE: memref<1x2048xf16, #gpu.address_space<workgroup>>
// ONE: scf.for
// ONE-NEXT: gpu.barrier
// ONE: nvgpu.device_async_create_group
// ONE-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// ONE-NEXT: gpu.barrier
// PASS: PASS stages (sim vs eval
// PTX: cp.async.wait_group 2;
// PTX: bar.sync 0;
// PTX: cp.async.commit_group;
// BAD: vptx: error: --pipeline-stages=9: the stage count must be from 1 to 8
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @stages(%A: memref<64x256xf16>, %B: memref<256x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c256 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
