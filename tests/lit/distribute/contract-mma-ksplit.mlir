// K split across subgroups: a 32x16x64 mma.sync contract on 4 warps, M over 2 of
// them (subgroup stride 1) and K over 2 (stride 2).  Each warp multiplies its
// 32-wide K slice from a zero accumulator (2 x 2 mma.sync m16n8k16 per 16 rows),
// the two slices' partial tiles are summed through workgroup memory (the
// reduction's cross-subgroup stage, one barrier), then the accumulator is added
// once.  The layouts are given here (contract-ksplit-basis.mlir gets them from a
// subgroup_basis).
// RUN: %vptx check %s | %filecheck --check-prefix=OK %s
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// OK: PASS ksplit (sim vs eval
// CHECK-LABEL: func.func @ksplit
// CHECK:       memref.alloc() : memref<2x32x{{[0-9]+}}xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK:       gpu.barrier
// CHECK-NOT:   nvgpu.mma.sync
#a = #iree_vector_ext.nested_layout<subgroup_tile = [2, 2], batch_tile = [1, 2], outer_tile = [2, 2], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [1, 2], thread_strides = [4, 1]>
#b = #iree_vector_ext.nested_layout<subgroup_tile = [1, 2], batch_tile = [2, 2], outer_tile = [1, 2], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 2], thread_strides = [4, 1]>
#c = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [1, 2], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [1, 0], thread_strides = [4, 1]>
func.func @ksplit(%A: memref<32x64xf16>, %Bt: memref<16x64xf16>, %C0: memref<32x16xf32>, %C: memref<32x16xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true], vptx.layout = [#a]} : memref<32x64xf16>, vector<32x64xf16>
  %b = vector.transfer_read %Bt[%c0, %c0], %h {in_bounds = [true, true], vptx.layout = [#b]} : memref<16x64xf16>, vector<16x64xf16>
  %acc = vector.transfer_read %C0[%c0, %c0], %f {in_bounds = [true, true], vptx.layout = [#c]} : memref<32x16xf32>, vector<32x16xf32>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, vptx.layout = [#c]} %a, %b, %acc : vector<32x64xf16>, vector<16x64xf16> into vector<32x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x16xf32>, memref<32x16xf32>
  return
}
