// cp.async / mma interleave (docs/staging.md, Pipelining): in the pipelined K loop of
// a 128x128x32 tile (8 warps of 32x64: 16 mma.sync per K step, 2 steps), the copies
// of the next stage are not issued as a block between the barrier and the first mma:
// the barrier is followed by the first step's ldmatrix and mma ops; the copies'
// address arithmetic (pure ops) is spread between the mma ops of the last K step, and
// the copies (one scf.if: skipped past the loop's end) and their commit come just
// before its last mma.  Results stay exact off the tile, at K not a multiple of 32,
// and with 2 and 4 stages.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx check %s --grid=2,2 --dim=200,200,200,136,200,136 | %filecheck %s
// RUN: %vptx check %s --grid=1,1 --dim=96,70,70,120,96,120 | %filecheck %s
// RUN: %vptx check %s --grid=1,1 --dim=128,160,160,128,128,128 --pipeline-stages=2 | %filecheck %s
// RUN: %vptx check %s --grid=1,1 --dim=128,160,160,128,128,128 --pipeline-stages=4 | %filecheck %s
// CHECK: PASS gemm (sim vs eval
// PTX: cp.async.wait_group 1;
// PTX-NEXT: // gpu.barrier
// PTX-NEXT: bar.sync 0;
// PTX-NOT: cp.async
// PTX: ldmatrix
// PTX-NOT: cp.async
// PTX: mma.sync.aligned
// PTX-NOT: bar.sync
// PTX: cp.async.cg.shared.global
// PTX-NOT: bar.sync
// PTX: cp.async.commit_group;
// PTX-NOT: bar.sync
// PTX: mma.sync.aligned
// PTX: cp.async.wait_group 0;
// SIMT: gpu.barrier
// SIMT-NOT: nvgpu.device_async_copy
// SIMT-COUNT-16: nvgpu.mma.sync
// SIMT-NOT: nvgpu.device_async_copy
// SIMT: memref.dim %A
// SIMT-NEXT: nvgpu.mma.sync
// SIMT: arith.{{.*}} : index
// SIMT-NEXT: nvgpu.mma.sync
// SIMT: nvgpu.device_async_copy
// SIMT: nvgpu.device_async_create_group
// SIMT-NEXT: nvgpu.mma.sync
// SIMT: scf.yield
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}
