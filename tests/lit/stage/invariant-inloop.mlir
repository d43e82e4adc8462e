// A contract operand read inside its loop at loop-invariant indices (attention's Q
// written in the key loop) is read once, before the loop (distribute/distribute.c,
// hoist_invariant_reads), and then staged as a loop-invariant operand
// (invariant.mlir).  @attn_qin is invariant.mlir's @attn with Q read in the loop:
// Q (32x64) and K (128x64) are each read once, (32x64 + 128x64) x 2 / 32 = 640
// sectors, 20480 bytes (before: Q staged in both iterations, 768 sectors for
// 24576 bytes: each sector used, but Q's 4096 bytes read twice).  @wg is tests/bench/kernels/attn_q_inloop.mlir, one
// warpgroup on sm_90a (wgmma, K and V by TMA): it stopped with an internal error;
// now Q's 64x64 tile is 8192 bytes of global loads (256 sectors) and K and V's
// 2 x 256x64 x 2 = 65536 bytes come by TMA.
// RUN: %vptx check --stats %s | %filecheck %s
// RUN: %vptx check --stats --arch=sm_90a %s | %filecheck --check-prefix=H %s
// RUN: %vptx --remarks --emit=simt %s -o %t.mlir 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %vptx --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK-LABEL: sim counters of attn_qin
// CHECK: global loads   40 requests, 640 sectors (ideal 640, 100.0% efficient), 20480 bytes
// CHECK: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: PASS attn_qin (sim vs eval
// CHECK-LABEL: sim counters of wg
// CHECK: global loads   144 requests, 2304 sectors (ideal 2304, 100.0% efficient), 73728 bytes
// CHECK: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// CHECK: PASS wg (sim vs eval
// H-LABEL: sim counters of wg
// H: global loads   16 requests, 256 sectors (ideal 256, 100.0% efficient), 8192 bytes
// H: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// H: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// H: TMA            8 loads, 65536 bytes (0 zero-filled)
// H: PASS wg (sim vs eval
// REMARK: invariant-inloop.mlir:[[#@LINE+14]]:{{[0-9]+}}: remark: 'vector.transfer_read' reads the same tile in every iteration of its loop: read once, before the loop
// REMARK: invariant-inloop.mlir:[[#@LINE+32]]:{{[0-9]+}}: remark: 'vector.transfer_read' reads the same tile in every iteration of its loop: read once, before the loop
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @attn_qin(%Q: memref<32x64xf16>, %K: memref<128x64xf16>, %O: memref<32x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zs = arith.constant dense<0.0> : vector<32x64xf32>
  scf.for %j = %c0 to %c128 step %c64 {
    %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<32x64xf16>, vector<32x64xf16>
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 1, 1], [0, 1, 2]]}>} %q, %k, %zs : vector<32x64xf16>, vector<64x64xf16> into vector<32x64xf32>
    vector.transfer_write %s, %O[%c0, %j] {in_bounds = [true, true]} : vector<32x64xf32>, memref<32x128xf32>
  }
  return
}

func.func @wg(%Q: memref<64x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x64xf32>
  %r:3 = scf.for %j = %c0 to %c256 step %c64 iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<64x64xf32> to vector<64xf32>
    %mb = vector.broadcast %mx : vector<64xf32> to vector<64x64xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %d = arith.subf %s, %mt : vector<64x64xf32>
    %p = math.exp %d : vector<64x64xf32>
    %dm = arith.subf %m, %mx : vector<64xf32>
    %corr = math.exp %dm : vector<64xf32>
    %lc = arith.mulf %corr, %l : vector<64xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<64x64xf32> to vector<64xf32>
    %ph = arith.truncf %p : vector<64x64xf32> to vector<64x64xf16>
    %cb = vector.broadcast %corr : vector<64xf32> to vector<64x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %as = arith.mulf %acc, %ct : vector<64x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
