// tcgen05 operand kinds at the vector level (docs/blackwell.md section 4): plain K-loop
// contracts that layout/select.c gives, on sm_100a, kind::f8f6f4 (fp8), kind::i8 (s8 x s8
// -> s32) and kind::f16 with an f16 accumulator, each fed by the TMA ring, run on the
// simulator against eval at ragged sizes (partial row, column and K blocks, K = 0) and
// assembled by ptxas.  check draws fp8 inputs k/4 and i8 inputs small: the sums are exact.
//   e4m3       f8E4M3FN x f8E4M3FN -> f32, B (n, k), 128x128 tiles, K steps of 64 (2
//              tcgen05.mma K32 a step), 256 threads
//   e5m2_e4m3  f8E5M2 x f8E4M3FN -> f32 (A and B types apart in the descriptor), 128x64
//              tiles on one warpgroup, 2 stages
//   s8         i8 x i8 -> i32: kind::i8, D s32; rows TMA cannot map (K = 72: 72-byte rows)
//              take the mma.sync copy (NV_MMA_SYNC_I32_16x8x32_I8)
//   f16acc     f16 x f16 -> f16: kind::f16 with D f16 (the low half of each cell: stored
//              and loaded as i32 cells), B (k, n) MN-major; K = 66 takes the mma.sync copy
// fp8 rows TMA cannot map have no copy (no fp8 mma.sync): the launcher refuses them.
// RUN: %vptx check --arch=sm_100a --stats %s --kernel=e4m3 --grid=2,2 --dim=200,80,136,80,200,136 | %filecheck --check-prefix=E4M3 %s
// RUN: %vptx check --arch=sm_100a %s --kernel=e4m3 --grid=2,3 --dim=257,208,129,208,257,129 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_100a %s --kernel=e4m3 --grid=2,2 --dim=130,0,136,0,130,136 | %filecheck --check-prefix=PASS %s
// RUN: not %vptx check --arch=sm_100a %s --kernel=e4m3 --grid=2,2 --dim=200,72,136,72,200,136 2>&1 | %filecheck --check-prefix=ROWS %s
// RUN: %vptx check --arch=sm_100a --stats %s --kernel=e5m2_e4m3 --grid=3,2 --dim=200,48,136,48,200,136 | %filecheck --check-prefix=E5M2 %s
// RUN: %vptx check --arch=sm_100a --stats %s --kernel=s8 --grid=2,2 --dim=200,80,136,80,200,136 | %filecheck --check-prefix=S8 %s
// RUN: %vptx check --arch=sm_100a --stats %s --kernel=s8 --grid=2,2 --dim=200,72,136,72,200,136 | %filecheck --check-prefix=COPY %s
// RUN: %vptx check --arch=sm_100a --stats %s --kernel=f16acc --grid=2,2 --dim=200,80,80,136,200,136 | %filecheck --check-prefix=F16 %s
// RUN: %vptx check --arch=sm_100a %s --kernel=f16acc --grid=2,2 --dim=130,24,24,136,130,136 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_100a %s --kernel=f16acc --grid=2,2 --dim=130,0,0,136,130,136 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_100a --stats %s --kernel=f16acc --grid=2,3 --dim=257,66,66,136,257,136 | %filecheck --check-prefix=COPY %s
// RUN: %vptx --arch=sm_100a --emit=layout %s -o %t.mlir && %filecheck --check-prefix=LAYOUT %s < %t.mlir
// RUN: %vptx --arch=sm_100a %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --arch=sm_100a --remarks %s -o %t.r.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// 4 CTAs x 2 K steps x 2 (K 32 of 64) = 16 tcgen05.mma; exact sums:
// E4M3-NOT: spills
// E4M3: tcgen05 16 mma
// E4M3: PASS e4m3 (sim vs eval, max abs err 0,
// PASS-NOT: spills
// PASS: PASS
// ROWS: rows are 72 bytes apart: TMA needs a multiple of 16
// 6 CTAs x 2 K steps (48 of 32) x 1 = 12
// E5M2: tcgen05 12 mma
// E5M2: PASS e5m2_e4m3 (sim vs eval, max abs err 0,
// 4 CTAs x 3 K steps (80 of 32) = 12
// S8-NOT: spills
// S8: tcgen05 12 mma
// S8: PASS s8 (sim vs eval, max abs err 0, max rel err 0, exact)
// COPY-NOT: tcgen05 {{ *[0-9]+}} mma
// COPY: PASS
// 4 CTAs x 3 K steps x 2 (K 16 of 32) = 24
// F16-NOT: spills
// F16: tcgen05 24 mma
// F16: PASS f16acc (sim vs eval
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x128x32_F8E4M3FN>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F32_128x64x32_F8E5M2_F8E4M3FN>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_I32_128x128x32_I8>
// LAYOUT: mma_kind = #iree_gpu.mma_layout<NV_TCGEN05_F16_128x128x16_F16>
// The instruction descriptors (PTX ISA Table 42), worked by hand: D type at bit 4 (F16 0,
// F32 1, S32 2), A type at 7 and B type at 10 (f8f6f4: E4M3 0, E5M2 1; i8: S8 1),
// transpose B at 16, N >> 3 at 17, M >> 4 = 8 at 24:
//   e4m3       1 << 4 | 16 << 17 | 8 << 24 = 136314896
//   e5m2_e4m3  1 << 4 | 1 << 7 | 8 << 17 | 8 << 24 = 135266448
//   s8         2 << 4 | 1 << 7 | 1 << 10 | 16 << 17 | 8 << 24 = 136316064
//   f16acc     1 << 16 | 16 << 17 | 8 << 24 = 136380416
// PTX-LABEL: .entry e4m3
// PTX: 136314896
// PTX: tcgen05.mma.cta_group::1.kind::f8f6f4
// PTX: tcgen05.mma.cta_group::1.kind::f8f6f4
// PTX: tcgen05.ld.sync.aligned.32x32b.x64.b32
// PTX-LABEL: .entry e5m2_e4m3
// PTX: 135266448
// PTX: tcgen05.mma.cta_group::1.kind::f8f6f4
// PTX-LABEL: .entry s8
// PTX: 136316064
// PTX: tcgen05.mma.cta_group::1.kind::i8
// PTX: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// PTX-LABEL: .entry f16acc
// PTX: tcgen05.st.sync.aligned.32x32b.x64.b32
// PTX: 136380416
// PTX: tcgen05.mma.cta_group::1.kind::f16
// PTX: tcgen05.ld.sync.aligned.32x32b.x64.b32
// PTX: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// REMARK: remark: 'vector.contract' 128x128x64 f8E4M3FN x f8E4M3FN -> f32: NV_TCGEN05_F32_128x128x32_F8E4M3FN (sm_100a: tcgen05, chosen from the element types and shape); one thread issues 2 tcgen05.mma M128 N128 K32 per K step
// REMARK: remark: 'vector.contract' 128x128x32 i8 x i8 -> i32: NV_TCGEN05_I32_128x128x32_I8 (sm_100a: tcgen05
// REMARK: remark: 'vector.contract' 128x128x32 f16 x f16 -> f16: NV_TCGEN05_F16_128x128x16_F16 (sm_100a: tcgen05
#lhs = affine_map<(m, n, k) -> (m, k)>
#rkn = affine_map<(m, n, k) -> (k, n)>
#rnk = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @e4m3(%A: memref<?x?xf8E4M3FN>, %B: memref<?x?xf8E4M3FN>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cs = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f8E4M3FN
  %K = memref.dim %A, %c1 : memref<?x?xf8E4M3FN>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %cs iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf8E4M3FN>, vector<128x64xf8E4M3FN>
    %b = vector.transfer_read %B[%n0, %k], %h {in_bounds = [false, false]} : memref<?x?xf8E4M3FN>, vector<128x64xf8E4M3FN>
    %d = vector.contract {indexing_maps = [#lhs, #rnk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x64xf8E4M3FN>, vector<128x64xf8E4M3FN> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}
func.func @e5m2_e4m3(%A: memref<?x?xf8E5M2>, %B: memref<?x?xf8E4M3FN>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cs = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %ha = arith.constant 0.0 : f8E5M2
  %hb = arith.constant 0.0 : f8E4M3FN
  %K = memref.dim %A, %c1 : memref<?x?xf8E5M2>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c64 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %K step %cs iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %ha {in_bounds = [false, false]} : memref<?x?xf8E5M2>, vector<128x32xf8E5M2>
    %b = vector.transfer_read %B[%n0, %k], %hb {in_bounds = [false, false]} : memref<?x?xf8E4M3FN>, vector<64x32xf8E4M3FN>
    %d = vector.contract {indexing_maps = [#lhs, #rnk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf8E5M2>, vector<64x32xf8E4M3FN> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  } {vptx.pipeline_stages = 2 : i64}
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x64xf32>, memref<?x?xf32>
  return
}
func.func @s8(%A: memref<?x?xi8>, %B: memref<?x?xi8>, %C: memref<?x?xi32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cs = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0 : i8
  %K = memref.dim %A, %c1 : memref<?x?xi8>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0> : vector<128x128xi32>
  %r = scf.for %k = %c0 to %K step %cs iter_args(%acc = %zero) -> (vector<128x128xi32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xi8>, vector<128x32xi8>
    %b = vector.transfer_read %B[%n0, %k], %h {in_bounds = [false, false]} : memref<?x?xi8>, vector<128x32xi8>
    %d = vector.contract {indexing_maps = [#lhs, #rnk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xi8>, vector<128x32xi8> into vector<128x128xi32>
    scf.yield %d : vector<128x128xi32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xi32>, memref<?x?xi32>
  return
}
func.func @f16acc(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>)
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
  %zero = arith.constant dense<0.0> : vector<128x128xf16>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf16>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf16>
    scf.yield %d : vector<128x128xf16>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf16>, memref<?x?xf16>
  return
}
