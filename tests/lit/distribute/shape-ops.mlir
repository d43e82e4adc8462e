// Ops that move no data once the layouts agree: a non-splat constant (each slot
// holds one value in every thread: per-slot constants), step, broadcast,
// elementwise, scf.if with a vector result, shape_cast (a register reuse here).
// Then ops whose result another thread holds: extract of a row and of a
// scalar, and a to_layout between thread layouts, go through workgroup memory
// (barriers before a buffer is rewritten; the to_layout needs no padding against
// bank conflicts, so it reuses the 8x16 buffer); insert becomes selects on the
// element index.
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx

// CHECK-LABEL: func.func @shapes
// CHECK:       %[[BUF:.*]] = memref.alloc() : memref<8x16xf32, #gpu.address_space<workgroup>>
// CHECK:       %[[X:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT:  %[[K:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT:  arith.mulf %[[X]], %[[K]] : vector<4xf32>
// CHECK:       %[[STEP:.*]] = vector.from_elements %{{.*}} : vector<4xindex>
// CHECK:       arith.index_cast %[[STEP]] : vector<4xindex> to vector<4xi32>
// CHECK:       %[[W:.*]] = scf.if %flag -> (vector<4xf32>) {
// CHECK:         arith.negf %{{.*}} : vector<4xf32>
// CHECK:       vector.store %{{.*}}, %out[%{{.*}}] : memref<128xf32>, vector<4xf32>
// CHECK:       vector.store %{{.*}}, %[[BUF]][%{{.*}}, %{{.*}}]
// CHECK-NEXT:  gpu.barrier
// CHECK:       vector.load %[[BUF]]
// CHECK:       scf.if
// CHECK:         vector.store %{{.*}}, %v[%{{.*}}] : memref<16xf32>, vector<4xf32>
// CHECK:       gpu.barrier
// CHECK:       vector.store %{{.*}}, %[[BUF]]
// CHECK-NEXT:  gpu.barrier
// CHECK:       %[[E:.*]] = memref.load %[[BUF]]
// CHECK:       arith.select %{{.*}}, %[[E]], %{{.*}} : f32
// CHECK:       gpu.barrier
// CHECK:       vector.store %{{.*}}, %[[BUF]]
// CHECK-NEXT:  gpu.barrier
// CHECK:       vector.load %[[BUF]]
// CHECK-NOT:   vptx.layout
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#f = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [4], subgroup_strides = [0], thread_strides = [1]>
#r = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [4], element_tile = [4], subgroup_strides = [0], thread_strides = [1]>
#k = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [8, 1], outer_tile = [1, 1], thread_tile = [1, 4], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [0, 1]>
func.func @shapes(%in: memref<8x16xf32>, %v: memref<16xf32>, %out: memref<128xf32>, %o2: memref<8x16xf32>, %flag: i1) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %x = vector.transfer_read %in[%c0, %c0], %p {in_bounds = [true, true], vptx.layout = [#l]} : memref<8x16xf32>, vector<8x16xf32>
  %cst = arith.constant {vptx.layout = [#l]} dense<[[1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0]]> : vector<8x16xf32>
  %y = arith.mulf %x, %cst {vptx.layout = [#l]} : vector<8x16xf32>
  %s = vector.step {vptx.layout = [#r]} : vector<16xindex>
  %si = arith.index_cast %s {vptx.layout = [#r]} : vector<16xindex> to vector<16xi32>
  %sf = arith.sitofp %si {vptx.layout = [#r]} : vector<16xi32> to vector<16xf32>
  %b = vector.broadcast %sf {vptx.layout = [#l]} : vector<16xf32> to vector<8x16xf32>
  %z = arith.addf %y, %b {vptx.layout = [#l]} : vector<8x16xf32>
  %w = scf.if %flag -> (vector<8x16xf32>) {
    %n = arith.negf %z {vptx.layout = [#l]} : vector<8x16xf32>
    scf.yield %n : vector<8x16xf32>
  } else {
    scf.yield %z : vector<8x16xf32>
  } {vptx.layout = [#l]}
  %flat = vector.shape_cast %w {vptx.layout = [#f]} : vector<8x16xf32> to vector<128xf32>
  vector.transfer_write %flat, %out[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  %row = vector.extract %w[3] {vptx.layout = [#r]} : vector<16xf32> from vector<8x16xf32>
  vector.transfer_write %row, %v[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  %e = vector.extract %w[2, 5] : f32 from vector<8x16xf32>
  %ins = vector.insert %e, %w [0, 0] {vptx.layout = [#l]} : f32 into vector<8x16xf32>
  %kk = iree_vector_ext.to_layout %ins to layout(#k) {vptx.layout = [#k]} : vector<8x16xf32>
  vector.transfer_write %kk, %o2[%c0, %c0] {in_bounds = [true, true]} : vector<8x16xf32>, memref<8x16xf32>
  return
}
