// A tile of global memory read transposed (a transfer_read whose permutation_map
// swaps the memref's last two dims, as K^T of a K stored head-dim-major) is read in
// the memref's own orientation when its one use is a contract operand, the
// contract's map of it swapped (layout/assign.c, untranspose_read); with more uses
// it is staged as it lies in memory (rows of the memref, 16-byte cp.async, swizzled)
// and read with ldmatrix of the opposite transpose (distribute/schedule/stage.c,
// minor_map).  Either way its rows are read whole.
// @attn_kt is invariant.mlir's @attn with K stored 64 x 128 (head dim x keys): Q
// (32x64, read before the loop) and K (64 x 128) are each read once, so the ideal
// is (32x64 + 64x128) x 2 bytes / 32 = 640 sectors; unstaged, K's direct fragment
// loads (and Q's, whose staging needs a pipelined loop) took 2176 sectors for 36864
// bytes (52.9%).  @full is the whole flash-attention loop of examples/attention.mlir
// with K read as K^T: (32x64 + 2 x 128x64) x 2 / 32 = 1152 (before: 2688, 61.9%).
// @two_uses reads K^T for two contracts (the staged transposed read):
// (2 x 32x64 + 64x128) x 2 / 32 = 768 (before: 2304 for an ideal of 1280, 55.6%).
// transposed-wgmma.mlir checks the same on sm_90a's wgmma route.
// RUN: %vptx check --stats %s | %filecheck %s
// RUN: %vptx check --stats --arch=sm_90a %s | %filecheck --check-prefix=H %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=layout %s | %filecheck --check-prefix=LAYOUT %s
// RUN: %vptx --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK-LABEL: sim counters of attn_kt
// CHECK: global loads   40 requests, 640 sectors (ideal 640, 100.0% efficient), 20480 bytes
// CHECK: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: PASS attn_kt (sim vs eval
// CHECK-LABEL: sim counters of full
// CHECK: global loads   72 requests, 1152 sectors (ideal 1152, 100.0% efficient), 36864 bytes
// CHECK: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: PASS full (sim vs eval
// CHECK-LABEL: sim counters of two_uses
// CHECK: global loads   48 requests, 768 sectors (ideal 768, 100.0% efficient), 24576 bytes
// CHECK: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: PASS two_uses (sim vs eval
// H-LABEL: sim counters of attn_kt
// H: global loads   40 requests, 640 sectors (ideal 640, 100.0% efficient), 20480 bytes
// H: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// H: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// H: PASS attn_kt (sim vs eval
// H-LABEL: sim counters of full
// H: global loads   72 requests, 1152 sectors (ideal 1152, 100.0% efficient), 36864 bytes
// H: PASS full (sim vs eval
// H-LABEL: sim counters of two_uses
// H: global loads   48 requests, 768 sectors (ideal 768, 100.0% efficient), 24576 bytes
// H: PASS two_uses (sim vs eval
// K's copies are rows of the memref (64 rows of 64 keys), read back with ldmatrix
// .trans (the B operand K^T is K-major in memory):
// SIMT-LABEL: func.func @attn_kt
// SIMT: nvgpu.device_async_copy %Q
// SIMT: scf.for
// SIMT: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = true}
// SIMT-NOT: memref.load %K
// SIMT-LABEL: func.func @full
// The read with one use becomes a plain read, the contract's map of it (k, n):
// LAYOUT-LABEL: func.func @attn_kt
// LAYOUT: %k = vector.transfer_read %K[%c0, %j], %h {in_bounds = [true, true], vptx.layout
// LAYOUT-SAME: : memref<64x128xf16>, vector<64x64xf16>
// LAYOUT-NEXT: vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
// LAYOUT-LABEL: func.func @two_uses
// LAYOUT: %k = vector.transfer_read %K[%c0, %j], %h {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @attn_kt(%Q: memref<32x64xf16>, %K: memref<64x128xf16>, %O: memref<32x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zs = arith.constant dense<0.0> : vector<32x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  scf.for %j = %c0 to %c128 step %c64 {
    %k = vector.transfer_read %K[%c0, %j], %h {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<64x128xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 1, 1], [0, 1, 2]]}>} %q, %k, %zs : vector<32x64xf16>, vector<64x64xf16> into vector<32x64xf32>
    vector.transfer_write %s, %O[%c0, %j] {in_bounds = [true, true]} : vector<32x64xf32>, memref<32x128xf32>
  }
  return
}

func.func @full(%Q: memref<32x64xf16>, %K: memref<64x128xf16>, %V: memref<128x64xf16>, %O: memref<32x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<32xf32>
  %zl = arith.constant dense<0.0> : vector<32xf32>
  %zo = arith.constant dense<0.0> : vector<32x64xf32>
  %zs = arith.constant dense<0.0> : vector<32x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %r:3 = scf.for %j = %c0 to %c128 step %c64 iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<32xf32>, vector<32xf32>, vector<32x64xf32>) {
    %k = vector.transfer_read %K[%c0, %j], %h {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<64x128xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<32x64xf16>, vector<64x64xf16> into vector<32x64xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<32x64xf32> to vector<32xf32>
    %mb = vector.broadcast %mx : vector<32xf32> to vector<64x32xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<64x32xf32> to vector<32x64xf32>
    %d = arith.subf %s, %mt : vector<32x64xf32>
    %p = math.exp %d : vector<32x64xf32>
    %dm = arith.subf %m, %mx : vector<32xf32>
    %corr = math.exp %dm : vector<32xf32>
    %lc = arith.mulf %corr, %l : vector<32xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<32x64xf32> to vector<32xf32>
    %ph = arith.truncf %p : vector<32x64xf32> to vector<32x64xf16>
    %cb = vector.broadcast %corr : vector<32xf32> to vector<64x32xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x32xf32> to vector<32x64xf32>
    %as = arith.mulf %acc, %ct : vector<32x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<32x64xf16>, vector<64x64xf16> into vector<32x64xf32>
    scf.yield %mx, %ln, %on : vector<32xf32>, vector<32xf32>, vector<32x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<32xf32> to vector<64x32xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x32xf32> to vector<32x64xf32>
  %out = arith.divf %r#2, %lt : vector<32x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<32x64xf32>, memref<32x64xf32>
  return
}

func.func @two_uses(%Q: memref<32x64xf16>, %P: memref<32x64xf16>, %K: memref<64x128xf16>, %O: memref<32x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zs = arith.constant dense<0.0> : vector<32x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  %p = vector.transfer_read %P[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
  scf.for %j = %c0 to %c128 step %c64 {
    %k = vector.transfer_read %K[%c0, %j], %h {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<64x128xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 1, 1], [0, 1, 2]]}>} %q, %k, %zs : vector<32x64xf16>, vector<64x64xf16> into vector<32x64xf32>
    %t = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 1, 1], [0, 1, 2]]}>} %p, %k, %s : vector<32x64xf16>, vector<64x64xf16> into vector<32x64xf32>
    vector.transfer_write %t, %O[%c0, %j] {in_bounds = [true, true]} : vector<32x64xf32>, memref<32x128xf32>
  }
  return
}
