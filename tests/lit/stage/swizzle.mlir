// Operand staging: both operands of a K-loop contract with an mma.sync kind are
// copied into shared memory by 16-byte cp.async.cg and read back by ldmatrix (.trans
// for B, stored K x N).  The buffers are XOR-swizzled, not padded: A's rows are 64
// bytes (4 chunks, swizzled by (row/2)%4), B's are 128 bytes (8 chunks, by row%8).
// The simulator's bank model must count every ldmatrix (shared loads) and every
// cp.async write (shared stores) as conflict-free, and every global read sector full.
// RUN: %vptx check --stats %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx
// CHECK: global loads {{.*}}, 100.0% efficient)
// CHECK: shared loads {{.*}}, 100.0% conflict-free)
// CHECK-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// CHECK: PASS swizzle (sim vs eval
// SIMT: memref.alloc() {alignment = 128 : i64} : memref<32768xi8, #gpu.address_space<workgroup>>
// SIMT: memref.view {{.*}} to memref<4x2048xf16, #gpu.address_space<workgroup>>
// SIMT: arith.xori
// SIMT: memref.view {{.*}} to memref<4x2048xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.device_async_copy %{{[0-9]+}}[{{.*}}], %{{.*}}[{{.*}}], 8 {bypassL1} : memref<128xf16, strided<[1], offset: ?>>
// SIMT: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<4x2048xf16
// SIMT: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = true} : memref<4x2048xf16
// SIMT-NOT: vector.load %A
// PTX: cp.async.cg.shared.global [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], [%rd_{{[A-Za-z0-9_$]+_[0-9]+}}], 16;
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @swizzle(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
