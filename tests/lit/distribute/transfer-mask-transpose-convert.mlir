// A transposing, masked, partly out-of-bounds transfer_read, a to_layout that
// moves data between threads through workgroup memory (rows padded by the
// bank-conflict model, dist_best_pad; one
// barrier between write and read), and a write guarded on the rows.  The mask
// bit of each element is found by its index in memref-dim order, not by tile
// order (iree-notes §7.2.3).
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx

// CHECK-LABEL: func.func @transposed
// CHECK:       %[[BUF:.*]] = memref.alloc() : memref<16x{{[0-9]+}}xf32, #gpu.address_space<workgroup>>
// CHECK:       %[[M0:.*]] = arith.cmpi slt, %[[ROW:.*]], %n : index
// CHECK:       %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %{{.*}} : index
// CHECK:       %[[G:.*]] = arith.andi %{{.*}}, %[[IN]] : i1
// CHECK:       %[[V:.*]] = scf.if %[[G]] -> (f32) {
// CHECK-NEXT:    %[[L:.*]] = memref.load %in[%[[ROW]], %{{.*}}] : memref<8x16xf32>
// CHECK-NEXT:    scf.yield %[[L]] : f32
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %pad : f32
// CHECK-NEXT:  }
// CHECK:       memref.store %[[V]], %[[BUF]][%{{.*}}, %[[ROW]]]
// CHECK:       gpu.barrier
// CHECK:       vector.load %[[BUF]][%{{.*}}, %{{.*}}] : memref<16x{{[0-9]+}}xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK:       scf.if %{{.*}} {
// CHECK:         vector.store %{{.*}}, %out[%{{.*}}, %{{.*}}] : memref<16x8xf32>, vector<2xf32>
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [2, 1], subgroup_strides = [0, 0], thread_strides = [8, 1]>
#m = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 2], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [1, 8]>
#n = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>
func.func @transposed(%in: memref<8x16xf32>, %out: memref<16x8xf32>, %n: index) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant -1.0 : f32
  %mask = vector.create_mask %n, %n {vptx.layout = [#m]} : vector<8x16xi1>
  %x = vector.transfer_read %in[%c0, %c0], %pad, %mask {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (d1, d0)>, vptx.layout = [#l]} : memref<8x16xf32>, vector<16x8xf32>
  %y = iree_vector_ext.to_layout %x to layout(#n) {vptx.layout = [#n]} : vector<16x8xf32>
  vector.transfer_write %y, %out[%c0, %c0] {in_bounds = [false, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}
