// Epilogue: D = f16(relu(acc * alpha + bias)), the elementwise ops fused on the
// accumulator in registers (its mma.sync fragment layout), then the f16 result,
// whose fragments give each lane 4 contiguous bytes per row (16 bytes per row and
// warp: half-sector stores), goes through workgroup memory into the row-major layout
// in which every lane stores 16 contiguous bytes: 128-bit, 100% sector-efficient
// stores.  The ops before the conversion stay elementwise on per-thread vectors.
// RUN: %vptx check --stats %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: global stores  16 requests, 256 sectors (ideal 256, 100.0% efficient), 8192 bytes
// CHECK: shared loads {{.*}}, 100.0% conflict-free)
// CHECK: PASS epilogue (sim vs eval
// SIMT: scf.for
// SIMT: nvgpu.mma.sync
// SIMT: scf.yield
// SIMT: arith.mulf {{.*}} : vector<32xf32>
// SIMT: arith.addf {{.*}} : vector<32xf32>
// SIMT: arith.maximumf {{.*}} : vector<32xf32>
// SIMT: arith.truncf {{.*}} : vector<32xf32> to vector<32xf16>
// SIMT: gpu.barrier
// SIMT: vector.store {{.*}} : memref<64x64xf16>, vector<8xf16>
// PTX: st.global.v4.b32
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @epilogue(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %D: memref<64x64xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %alpha = arith.constant dense<0.5> : vector<64x64xf32>
  %bias = arith.constant dense<-0.25> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  %s = arith.mulf %r, %alpha : vector<64x64xf32>
  %t = arith.addf %s, %bias : vector<64x64xf32>
  %z = arith.constant dense<0.0> : vector<64x64xf32>
  %u = arith.maximumf %t, %z : vector<64x64xf32>
  %o = arith.truncf %u : vector<64x64xf32> to vector<64x64xf16>
  vector.transfer_write %o, %D[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf16>, memref<64x64xf16>
  return
}
