// mma.sync operands read from workgroup memory become nvgpu.ldmatrix: the A
// fragment (16x16, rows of 8 x 16 bytes) as one x4 load, the B operand stored
// K x N as ldmatrix.trans (x2), and a B stored N x K (the "col" operand) as a
// plain x2 load; the accumulator is read from workgroup memory too (x4, its
// 16x8 f16 tile is two 8x8 matrices per 16 rows).  The tiles are staged from
// global memory by the kernel (coalesced copy, gpu.barrier) and the results
// are compared with the evaluator.  The kernel's buffers with rows of 2 or more
// 16-byte chunks are XOR-swizzled (vptx.swizzle, docs/staging.md; 16x8 has 16-byte rows
// and stays) so that the 8 row addresses of an ldmatrix phase fall in 8 different bank
// groups without padding.
// RUN: %vptx check %s | %filecheck --check-prefix=CHECK-RUN %s
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx
// CHECK-RUN: PASS mma_kn (sim vs eval
// CHECK-RUN: PASS mma_nk (sim vs eval
// CHECK-RUN: PASS mma_unaligned (sim vs eval

// CHECK-LABEL: func.func @mma_kn
// CHECK:       memref.alloc() {vptx.swizzle = 2 : i64} : memref<16x16xf16, #gpu.address_space<workgroup>>
// CHECK:       memref.alloc() : memref<16x8xf16, #gpu.address_space<workgroup>>
// CHECK:       gpu.barrier
// CHECK:       nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK:       nvgpu.ldmatrix %{{.*}} {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
// CHECK-NOT:   memref.load {{.*}}workgroup
// CHECK:       nvgpu.mma.sync
// CHECK-LABEL: func.func @mma_nk
// CHECK:       nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK:       nvgpu.ldmatrix %{{.*}} {numTiles = 2 : i32, transpose = false} : memref<8x16xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
// CHECK:       nvgpu.ldmatrix %{{.*}} {numTiles = 2 : i32, transpose = false} : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
// CHECK:       nvgpu.mma.sync
// PTX:         ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX:         ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// PTX:         mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-LABEL: func.func @mma_unaligned
// CHECK-NOT:   nvgpu.ldmatrix
// CHECK:       vector.load %sa[%{{.*}}] : memref<16x24xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-NOT:   nvgpu.ldmatrix
// CHECK:       nvgpu.mma.sync
// CHECK-NOT:   nvgpu.ldmatrix
// PTX-LABEL:   .entry mma_nk
// PTX:         ldmatrix.sync.aligned.m8n8.x2.shared.b16
// PTX:         mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16

#lhs = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @mma_kn(%a: memref<16x16xf16>, %b: memref<16x8xf16>, %d: memref<16x8xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %sa = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
  %sb = memref.alloc() : memref<16x8xf16, #gpu.address_space<workgroup>>
  %ga = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  vector.transfer_write %ga, %sa[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>
  %gb = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  vector.transfer_write %gb, %sb[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf16>, memref<16x8xf16, #gpu.address_space<workgroup>>
  gpu.barrier
  %A = vector.transfer_read %sa[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
  %B = vector.transfer_read %sb[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
  %z = arith.constant dense<0.0> : vector<16x8xf32>
  %D = vector.contract {indexing_maps = [#lhs, #kn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>} %A, %B, %z : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
  vector.transfer_write %D, %d[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}

func.func @mma_nk(%a: memref<16x16xf16>, %bt: memref<8x16xf16>, %c: memref<16x8xf16>, %d: memref<16x8xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %sa = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
  %sb = memref.alloc() : memref<8x16xf16, #gpu.address_space<workgroup>>
  %sc = memref.alloc() : memref<16x8xf16, #gpu.address_space<workgroup>>
  %ga = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  vector.transfer_write %ga, %sa[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>
  %gb = vector.transfer_read %bt[%c0, %c0], %h {in_bounds = [true, true]} : memref<8x16xf16>, vector<8x16xf16>
  vector.transfer_write %gb, %sb[%c0, %c0] {in_bounds = [true, true]} : vector<8x16xf16>, memref<8x16xf16, #gpu.address_space<workgroup>>
  %gc = vector.transfer_read %c[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  vector.transfer_write %gc, %sc[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf16>, memref<16x8xf16, #gpu.address_space<workgroup>>
  gpu.barrier
  %A = vector.transfer_read %sa[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
  %B = vector.transfer_read %sb[%c0, %c0], %h {in_bounds = [true, true]} : memref<8x16xf16, #gpu.address_space<workgroup>>, vector<8x16xf16>
  %C = vector.transfer_read %sc[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<16x8xf16>
  %D = vector.contract {indexing_maps = [#lhs, #nk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>} %A, %B, %C : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf16>
  vector.transfer_write %D, %d[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf16>, memref<16x8xf16>
  return
}

// A at column 4 of its buffer: its rows do not start on 16-byte boundaries, so no
// ldmatrix (32-bit loads instead); the result is the same.
func.func @mma_unaligned(%a: memref<16x16xf16>, %bt: memref<8x16xf16>, %d: memref<16x8xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h = arith.constant 0.0 : f16
  %sa = memref.alloc() : memref<16x24xf16, #gpu.address_space<workgroup>>
  %ga = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  vector.transfer_write %ga, %sa[%c0, %c4] {in_bounds = [true, true]} : vector<16x16xf16>, memref<16x24xf16, #gpu.address_space<workgroup>>
  gpu.barrier
  %A = vector.transfer_read %sa[%c0, %c4], %h {in_bounds = [true, true]} : memref<16x24xf16, #gpu.address_space<workgroup>>, vector<16x16xf16>
  %B = vector.transfer_read %bt[%c0, %c0], %h {in_bounds = [true, true]} : memref<8x16xf16>, vector<8x16xf16>
  %z = arith.constant dense<0.0> : vector<16x8xf32>
  %D = vector.contract {indexing_maps = [#lhs, #nk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>} %A, %B, %z : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf32>
  vector.transfer_write %D, %d[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}
