// Loop-invariant contract operands, read from global memory before the loop that
// uses them, are staged too (distribute/schedule/stage.c, place_invariant): 16-byte
// cp.async into a swizzled slice, then ldmatrix.  The slice is the last stage's
// of one of the loop's pipelined reads (the loop's prologue fills the other
// stages; iteration 0 overwrites it only after its barrier), so the pipeline keeps
// its stage count, and the invariant tile's wait, barrier and ldmatrix reads come
// after the loop's prologue copies, whose latency they overlap.
// @attn is examples/attention.mlir's Q K^T loop: Q (32x64) is read once; with
// direct fragment loads its 4-byte reads fill half of each sector (768 sectors
// for an ideal of 640 = (4096 + 16384 bytes of K) / 32).  @inv_b reads B (32x64,
// K x N, loaded with ldmatrix .trans) before a loop over row blocks of A (4096 +
// 16384 bytes too).  examples/attention.mlir checks the same for its Q.
// RUN: %vptx check --stats %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK-LABEL: sim counters of attn
// CHECK: global loads   40 requests, 640 sectors (ideal 640, 100.0% efficient), 20480 bytes
// CHECK: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: PASS attn (sim vs eval
// CHECK-LABEL: sim counters of inv_b
// CHECK: global loads   40 requests, 640 sectors (ideal 640, 100.0% efficient), 20480 bytes
// CHECK: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: PASS inv_b (sim vs eval, max abs err 0,
// The invariant tile borrows stage 3 of K's 4-stage buffer (byte 3 x 8192 of the
// arena): no buffer of its own, and its group is waited for (3 newer groups: the
// loop's prologue copies, the third one empty) right before the loop.
// SIMT-LABEL: func.func @attn
// SIMT: [[ARENA:%[0-9]+]] = memref.alloc() {alignment = 128 : i64} : memref<32768xi8, #gpu.address_space<workgroup>>
// SIMT: [[OFF:%[0-9]+]] = arith.constant 24576 : index
// SIMT-NEXT: memref.view [[ARENA]][[[OFF]]][] : memref<32768xi8, #gpu.address_space<workgroup>> to memref<1x2048xf16, #gpu.address_space<workgroup>>
// SIMT-NOT: memref.alloc
// SIMT: nvgpu.device_async_copy %Q
// SIMT: [[QG:%[0-9]+]] = nvgpu.device_async_create_group
// SIMT: [[KV:%[0-9]+]] = memref.subview %K
// SIMT: nvgpu.device_async_copy [[KV]]
// SIMT: nvgpu.device_async_create_group
// SIMT: nvgpu.device_async_copy [[KV]]
// SIMT: nvgpu.device_async_create_group
// SIMT-NEXT: nvgpu.device_async_create_group
// SIMT-NEXT: nvgpu.device_async_wait [[QG]] {numGroups = 3 : i32}
// SIMT-NEXT: gpu.barrier
// SIMT-NEXT: nvgpu.ldmatrix
// SIMT: scf.for
// SIMT-LABEL: func.func @inv_b
// SIMT: memref.view {{.*}} to memref<1x2048xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.device_async_copy %B
// SIMT: nvgpu.device_async_wait {{.*}} {numGroups = 3 : i32}
// SIMT-NEXT: gpu.barrier
// SIMT-NEXT: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = true}
// SIMT: scf.for
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @attn(%Q: memref<32x64xf16>, %K: memref<128x64xf16>, %O: memref<32x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zs = arith.constant dense<0.0> : vector<32x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  scf.for %j = %c0 to %c128 step %c64 {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 1, 1], [0, 1, 2]]}>} %q, %k, %zs : vector<32x64xf16>, vector<64x64xf16> into vector<32x64xf32>
    vector.transfer_write %s, %O[%c0, %j] {in_bounds = [true, true]} : vector<32x64xf32>, memref<32x128xf32>
  }
  return
}

func.func @inv_b(%A: memref<256x32xf16>, %B: memref<32x64xf16>, %C: memref<256x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  scf.for %i = %c0 to %c256 step %c64 {
    %a = vector.transfer_read %A[%i, %c0], %h {in_bounds = [true, true]} : memref<256x32xf16>, vector<64x32xf16>
    %d = vector.contract {indexing_maps = [#q, #b, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %zero : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    vector.transfer_write %d, %C[%i, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<256x64xf32>
  }
  return
}
