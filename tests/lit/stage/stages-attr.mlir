// The stage count named on the loop (vptx.pipeline_stages) wins over the default.
// A count whose buffers pass 48 KiB (7 x 8 KiB) puts them in the opt-in dynamic
// shared memory: the PTX names the size before the entry, and every vptx launcher
// (here check's simulator launch) passes it at launch.
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx check %s | %filecheck --check-prefix=PASS %s
// RUN: sed 's/pipeline_stages = 3/pipeline_stages = 7/' %s > %t.mlir
// RUN: %vptx --emit=ptx --arch=sm_80 %t.mlir -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=DYN %s < %t.ptx
// RUN: %vptx check %t.mlir | %filecheck --check-prefix=PASS %s
// The lowering_config of the loop's contract may name the count too:
// RUN: sed -e 's/ {vptx.pipeline_stages = 3 : i64}//' -e 's/\[0, 1, 2\]\]}/[0, 1, 2]], pipeline_stages = 2}/' %s > %t.lc.mlir
// RUN: %vptx --emit=simt %t.lc.mlir | %filecheck --check-prefix=LC %s
// RUN: sed 's/pipeline_stages = 3 : i64/pipeline_stages = 0 : i64/' %s > %t0.mlir && not %vptx %t0.mlir 2>&1 | %filecheck --check-prefix=ZERO %s
// LC: memref<2x2048xf16, #gpu.address_space<workgroup>>
// LC: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// ZERO: t0.mlir:{{[0-9]+}}:8: error: 'pipeline_stages' must be an integer from 1 to 8
// CHECK: memref<3x2048xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// PASS: PASS stages (sim vs eval
// DYN: .extern .shared .align {{[0-9]+}} .b8 vptx_dynamic_smem[];
// DYN: // vptx: dynamic shared memory 57344 bytes
// DYN-NEXT: .visible .entry stages(
// DYN: cp.async.wait_group 5;
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @stages(%A: memref<64x256xf16>, %B: memref<256x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c256 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  } {vptx.pipeline_stages = 3 : i64}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
