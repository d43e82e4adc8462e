// Seed 001's reduction of a 64-element row on 32-lane warps: one element per
// thread, a clustered subgroup_reduce over the 32 lanes, then (two warps) the
// cross-subgroup stage through workgroup memory, the accumulator last, and the
// 0-d result written by thread 0 only.
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx

#row2 = #iree_vector_ext.nested_layout<subgroup_tile = [2], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [1], subgroup_strides = [1], thread_strides = [1]>
#row1 = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [2], subgroup_strides = [0], thread_strides = [1]>
#scalar = #iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [], outer_tile = [], thread_tile = [], element_tile = [], subgroup_strides = [], thread_strides = []>

// CHECK-LABEL: func.func @row_two_warps
// CHECK:       %[[TID:.*]] = gpu.thread_id x
// CHECK:       %[[LANE:.*]] = arith.remui %[[TID]], %{{.*}} : index
// CHECK:       %[[WARP:.*]] = arith.divui %[[TID]], %{{.*}} : index
// CHECK:       %[[BUF:.*]] = memref.alloc() : memref<2xf32, #gpu.address_space<workgroup>>
// CHECK:       %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x64xf32>
// CHECK:       %[[R:.*]] = gpu.subgroup_reduce add %[[X]] cluster(size = 32) : (f32) -> f32
// CHECK:       memref.store %[[R]], %[[BUF]][%[[WARP]]]
// CHECK-NEXT:  gpu.barrier
// CHECK:       %[[P:.*]] = vector.load %[[BUF]][%{{.*}}] : memref<2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK:       %[[P0:.*]] = vector.extract %[[P]][0]
// CHECK:       %[[P1:.*]] = vector.extract %[[P]][1]
// CHECK:       %[[S:.*]] = arith.addf %[[P0]], %[[P1]] : f32
// CHECK:       %[[T:.*]] = arith.addf %[[S]], %{{.*}} : f32
// CHECK:       %[[IS0:.*]] = arith.andi
// CHECK:       scf.if %[[IS0]] {
// CHECK:         memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xf32>
// CHECK-NOT:   vector.multi_reduction
// CHECK-NOT:   vptx.layout
func.func @row_two_warps(%in: memref<8x64xf32>, %out: memref<8xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %row = gpu.block_id x
  %cst = arith.constant 0.0 : f32
  %v = vector.transfer_read %in[%row, %c0], %cst {in_bounds = [true], vptx.layout = [#row2]} : memref<8x64xf32>, vector<64xf32>
  %r = vector.multi_reduction <add>, %v, %cst [0] : vector<64xf32> to f32
  %b = vector.broadcast %r {vptx.layout = [#scalar]} : f32 to vector<f32>
  vector.transfer_write %b, %out[%row] : vector<f32>, memref<8xf32>
  return
}

// One warp, two elements per lane: a 64-bit load, the two combined in the
// thread, then the butterfly; no workgroup memory, no barrier.
// CHECK-LABEL: func.func @row_one_warp
// CHECK-NOT:   memref.alloc
// CHECK:       %[[V:.*]] = vector.load %{{.*}} : memref<8x64xf32>, vector<2xf32>
// CHECK:       %[[A:.*]] = vector.extract %[[V]][0]
// CHECK:       %[[B:.*]] = vector.extract %[[V]][1]
// CHECK:       %[[L:.*]] = arith.maximumf %[[A]], %[[B]] : f32
// CHECK:       %[[R:.*]] = gpu.subgroup_reduce maximumf %[[L]] cluster(size = 32) : (f32) -> f32
// CHECK:       arith.maximumf %[[R]], %{{.*}} : f32
// CHECK-NOT:   gpu.barrier
// CHECK:       memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xf32>
// CHECK:       return
func.func @row_one_warp(%in: memref<8x64xf32>, %out: memref<8xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %row = gpu.block_id x
  %pad = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %v = vector.transfer_read %in[%row, %c0], %pad {in_bounds = [true], vptx.layout = [#row1]} : memref<8x64xf32>, vector<64xf32>
  %r = vector.reduction <maximumf>, %v, %ninf : vector<64xf32> into f32
  memref.store %r, %out[%row] : memref<8xf32>
  return
}
