// examples/gemm64.mlir with its A and B tiles staged through workgroup memory as
// IREE promotes matmul operands: each K step copies a 64x64 A tile and a 64x64 B
// tile from global memory with coalesced 128-bit accesses into the kernel's own
// buffers (XOR-swizzled by distribute, docs/staging.md: no padding), and the mma.sync operands
// are read from them with ldmatrix (A plain, B stored K x N with .trans).
// Measured in `make bench` (tests/bench/dist.sh): global sector efficiency and
// bank conflicts, next to gemm64.mlir's direct fragment reads.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx check --stats %s | %filecheck --check-prefix=STATS %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS gemm64_smem (sim vs eval
// STATS: global loads {{.*}}, 100.0% efficient)
// STATS: shared loads {{.*}}, 100.0% conflict-free)
// STATS-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// SIMT: scf.for
// SIMT: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<64x64xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = true} : memref<64x64xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.mma.sync
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm64_smem(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %sa = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  %sb = memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c64 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %ga = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x64xf16>
    %gb = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<64x64xf16>
    gpu.barrier
    vector.transfer_write %ga, %sa[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>
    vector.transfer_write %gb, %sb[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.barrier
    %a = vector.transfer_read %sa[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16, #gpu.address_space<workgroup>>, vector<64x64xf16>
    %b = vector.transfer_read %sb[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16, #gpu.address_space<workgroup>>, vector<64x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
