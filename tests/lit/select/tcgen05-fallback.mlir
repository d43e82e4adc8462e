// On sm_100a a plain contract that the tcgen05 route cannot take falls back to the sm_80
// selection (mma.sync), and --remarks says why not tcgen05; each kernel still runs right.
//   m64       M = 64: the route takes tiles of M = 128 (cta_group::1; no 2-CTA pairs)
//   i8kn      i8 x i8 -> i32 with B given as (k, n): the ring loads 8-bit operands K-major
//             only (f16 accumulators, fp8 and i8: tcgen05-kinds.mlir)
//   f32       f32 x f32 -> f32 without --allow-tf32 (kind::tf32 rounds the inputs)
//   stages1   vptx.pipeline_stages = 1 on the loop: no TMA ring to feed tcgen05
//   noloop    the contract is not in a K loop
//   n8        N = 8: tcgen05.mma with M = 128 takes N a multiple of 16
// RUN: %vptx --arch=sm_100a --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx check --arch=sm_100a %s | %filecheck %s
// REMARK: remark: 'vector.contract' 64x64x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not tcgen05: M = 64: vptx's tcgen05 route takes tiles of M = 128 (one cta_group::1 instruction; 2-CTA pairs are not built))
// REMARK: remark: 'vector.contract' 128x64x32 i8 x i8 -> i32: NV_MMA_SYNC_I32_16x8x32_I8 (chosen from the element types and shape; not tcgen05: its rhs is an 8-bit (k, n) operand, which the TMA ring loads K-major only)
// REMARK: remark: 'vector.contract' keeps the per-thread path: f32 x f32 -> f32 fits only tf32 mma.sync, which rounds the inputs to 10 mantissa bits (allow it with --allow-tf32); not tcgen05: f32 x f32 -> f32 fits only kind::tf32, which rounds the inputs to 10 mantissa bits (allow it with --allow-tf32)
// REMARK: remark: 'vector.contract' 128x64x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not tcgen05: 1 pipeline stage is asked for, and tcgen05 is fed by a TMA ring of 2 or more)
// REMARK: remark: 'vector.contract' 128x64x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not tcgen05: it is not in an scf.for at the top of the kernel that carries its accumulator alone, which tcgen05 keeps in tensor memory)
// REMARK: remark: 'vector.contract' 128x8x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not tcgen05: N = 8: tcgen05.mma with M = 128 takes N a multiple of 16 up to 256 and K steps of 16)
// PTX-NOT: tcgen05
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-NOT: tcgen05
// CHECK: PASS m64 (sim vs eval
// CHECK: PASS i8kn (sim vs eval
// CHECK: PASS f32 (sim vs eval
// CHECK: PASS stages1 (sim vs eval
// CHECK: PASS noloop (sim vs eval
// CHECK: PASS n8 (sim vs eval
#lhs = affine_map<(m, n, k) -> (m, k)>
#rkn = affine_map<(m, n, k) -> (k, n)>
#rnk = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @m64(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
func.func @i8kn(%A: memref<128x64xi8>, %B: memref<64x64xi8>, %C: memref<128x64xi32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0 : i8
  %zero = arith.constant dense<0> : vector<128x64xi32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x64xi32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xi8>, vector<128x32xi8>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xi8>, vector<32x64xi8>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xi8>, vector<32x64xi8> into vector<128x64xi32>
    scf.yield %d : vector<128x64xi32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xi32>, memref<128x64xi32>
  return
}
func.func @f32(%A: memref<128x32xf32>, %B: memref<32x32xf32>, %C: memref<128x32xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 16 : index
  %ck = arith.constant 32 : index
  %h = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<128x32xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x32xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x32xf32>, vector<128x16xf32>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<32x32xf32>, vector<32x16xf32>
    %d = vector.contract {indexing_maps = [#lhs, #rnk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x16xf32>, vector<32x16xf32> into vector<128x32xf32>
    scf.yield %d : vector<128x32xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x32xf32>, memref<128x32xf32>
  return
}
func.func @stages1(%A: memref<128x64xf16>, %B: memref<64x64xf16>, %C: memref<128x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  } {vptx.pipeline_stages = 1 : i64}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
func.func @noloop(%A: memref<128x32xf16>, %B: memref<32x64xf16>, %C: memref<128x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x32xf16>, vector<128x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %zero : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
func.func @n8(%A: memref<128x64xf16>, %B: memref<64x8xf16>, %C: memref<128x8xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %ck = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x8xf32>
  %r = scf.for %k = %c0 to %ck step %cs iter_args(%acc = %zero) -> (vector<128x8xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x8xf16>, vector<32x8xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x8xf16> into vector<128x8xf32>
    scf.yield %d : vector<128x8xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x8xf32>, memref<128x8xf32>
  return
}
