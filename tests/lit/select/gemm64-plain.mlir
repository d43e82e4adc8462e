// The 64x64 version of gemm128-plain.mlir (4 warps; it used to compile to scalar
// cvt/mul/add with 255 registers and 260 bytes of spills): m16n8k16 over M2 x N2
// (warp tile 32x32: A 16 + B 16 + C 32 registers per thread against M4 x N1's
// 8 + 32 + 32), checked on the simulator.  Per warp and K step: 2 x 4 x 2 = 16 mma.sync.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=layout %s | %filecheck --check-prefix=LAYOUT %s
// RUN: %vptx --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: grep -c 'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32' %t.ptx | %filecheck --check-prefix=COUNT %s
// RUN: %vptx check --remarks %s 2>&1 | %filecheck --check-prefix=REMARK %s
// REMARK: remark: 'vector.contract' 64x64x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape); subgroups M2 x N2 x K1 of 4
// REMARK: PASS gemm64 (sim vs eval
// CHECK: PASS gemm64 (sim vs eval
// LAYOUT: vector.contract {{.*}}mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>{{.*}}vptx.subgroup_split = array<i64: 2, 2, 1, 2, 1, 0>
// COUNT: {{^}}16{{$}}
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm64(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
