// A 64x64x64 matmul over 2x2 warps, K in steps of 16 by an scf.for whose
// accumulator (the C fragments, vector<32xf32> per thread) stays in registers:
// per warp and step 2 (M) x 4 (N) mma.sync tiles.
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx

// CHECK-LABEL: func.func @matmul64
// CHECK:       %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<32xf32>
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[Z]]) -> (vector<32xf32>) {
// CHECK-COUNT-8: nvgpu.mma.sync
// CHECK:         scf.yield %{{.*}} : vector<32xf32>
// CHECK:       }
// CHECK-COUNT-16: vector.store %{{.*}} : memref<64x64xf32>, vector<2xf32>
// PTX-COUNT-8: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
#a = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 1], outer_tile = [2, 2], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [2, 0], thread_strides = [4, 1]>
#b = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [4, 1], outer_tile = [1, 2], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [1, 0], thread_strides = [4, 1]>
#c = #iree_vector_ext.nested_layout<subgroup_tile = [2, 2], batch_tile = [2, 4], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [2, 1], thread_strides = [4, 1]>
func.func @matmul64(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant {vptx.layout = [#c]} dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true], vptx.layout = [#a]} : memref<64x64xf16>, vector<64x16xf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true], vptx.layout = [#b]} : memref<64x64xf16>, vector<64x16xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, vptx.layout = [#c]} %a, %b, %acc : vector<64x16xf16>, vector<64x16xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  } {vptx.layout = [#c]}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
