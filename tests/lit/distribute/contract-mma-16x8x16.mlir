// Seed 003's contract on one m16n8k16 tile: the operand layouts are the
// mma.sync fragments, so the contract is one nvgpu.mma.sync.  The A registers
// are reordered from slot order (oM, oK, e) to the instruction's (oK, oM, e):
// a0 a1 = row g, a2 a3 = row g+8, a4 a5 = col +8 (ptx-sm80.md §5).
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx

// CHECK-LABEL: func.func @mma
// A: four 32-bit loads in memory order: (oM0,oK0) (oM0,oK1) (oM1,oK0) (oM1,oK1)
// CHECK:       %[[A00:.*]] = vector.load %{{.*}} : memref<16x16xf16>, vector<2xf16>
// CHECK:       %[[X0:.*]] = vector.extract %[[A00]][0]
// CHECK:       %[[X1:.*]] = vector.extract %[[A00]][1]
// CHECK:       %[[A01:.*]] = vector.load %{{.*}} : memref<16x16xf16>, vector<2xf16>
// CHECK:       %[[X2:.*]] = vector.extract %[[A01]][0]
// CHECK:       %[[X3:.*]] = vector.extract %[[A01]][1]
// CHECK:       %[[A10:.*]] = vector.load %{{.*}} : memref<16x16xf16>, vector<2xf16>
// CHECK:       %[[X4:.*]] = vector.extract %[[A10]][0]
// CHECK:       %[[X5:.*]] = vector.extract %[[A10]][1]
// CHECK:       %[[A11:.*]] = vector.load %{{.*}} : memref<16x16xf16>, vector<2xf16>
// CHECK:       %[[X6:.*]] = vector.extract %[[A11]][0]
// CHECK:       %[[X7:.*]] = vector.extract %[[A11]][1]
// CHECK:       %[[C:.*]] = vector.from_elements {{.*}} : vector<2x2xf32>
// CHECK:       %[[A:.*]] = vector.from_elements %[[X0]], %[[X1]], %[[X4]], %[[X5]], %[[X2]], %[[X3]], %[[X6]], %[[X7]] : vector<4x2xf16>
// CHECK:       %[[B:.*]] = vector.from_elements {{.*}} : vector<2x2xf16>
// CHECK:       %[[D:.*]] = nvgpu.mma.sync(%[[A]], %[[B]], %[[C]]) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK:       vector.extract %[[D]][0, 0]
// CHECK:       vector.extract %[[D]][1, 1]
// CHECK-NOT:   vector.contract
// PTX:         mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
#a = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [2, 2], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#b = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 2], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#c = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>
func.func @mma(%A: memref<16x16xf16>, %B: memref<8x16xf16>, %C: memref<16x8xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true], vptx.layout = [#a]} : memref<16x16xf16>, vector<16x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true], vptx.layout = [#b]} : memref<8x16xf16>, vector<8x16xf16>
  %acc = vector.transfer_read %C[%c0, %c0], %f {in_bounds = [true, true], vptx.layout = [#c]} : memref<16x8xf32>, vector<16x8xf32>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, vptx.layout = [#c]} %a, %b, %acc : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}
