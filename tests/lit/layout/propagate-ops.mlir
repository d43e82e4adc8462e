// Propagation from one to_layout anchor through each op kind, forward and
// backward: elementwise, transpose, shape_cast, multi_reduction (project),
// broadcast (backward, from its user), extract/insert, vector.reduction,
// scf.for iter_args/yield/results, scf.if results, transfer_read/write.
// RUN: %vptx --emit=layout %s | %filecheck %s

#row = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [8, 1]>
func.func @ops(%m: memref<8x32xf32>, %n: memref<32x8xf32>, %v: memref<8xf32>, %w: memref<256xf32>, %q: memref<32xf32>, %c: i1)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %p = arith.constant 0.0 : f32
  %acc = arith.constant dense<0.0> : vector<8xf32>
  %a = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<8x32xf32>, vector<8x32xf32>
  %x = iree_vector_ext.to_layout %a to layout(#row) : vector<8x32xf32>
  %e = math.exp %x : vector<8x32xf32>
  %t = vector.transpose %e, [1, 0] : vector<8x32xf32> to vector<32x8xf32>
  %sc = vector.shape_cast %e : vector<8x32xf32> to vector<256xf32>
  %r = vector.multi_reduction <add>, %e, %acc [1] : vector<8x32xf32> to vector<8xf32>
  %b = vector.broadcast %r : vector<8xf32> to vector<32x8xf32>
  %tb = arith.addf %t, %b : vector<32x8xf32>
  %ex = vector.extract %e[0] : vector<32xf32> from vector<8x32xf32>
  %in = vector.insert %ex, %e [1] : vector<32xf32> into vector<8x32xf32>
  %sum = vector.reduction <add>, %ex : vector<32xf32> into f32
  %loop = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %in) -> (vector<8x32xf32>) {
    %y = arith.mulf %it, %it : vector<8x32xf32>
    scf.yield %y : vector<8x32xf32>
  }
  %sel = scf.if %c -> (vector<8xf32>) {
    scf.yield %r : vector<8xf32>
  } else {
    %z = arith.negf %r : vector<8xf32>
    scf.yield %z : vector<8xf32>
  }
  vector.transfer_write %tb, %n[%c0, %c0] {in_bounds = [true, true]} : vector<32x8xf32>, memref<32x8xf32>
  vector.transfer_write %sc, %w[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  vector.transfer_write %sel, %v[%c0] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  vector.transfer_write %loop, %m[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x32xf32>
  memref.store %sum, %q[%c0] : memref<32xf32>
  return
}

// CHECK-LABEL: func.func @ops
// Without a launch shape the workgroup is what the anchors need: one warp.
// CHECK-SAME:  gpu.known_block_size = array<i32: 32, 1, 1>
// The accumulator constant takes the reduction's projected layout.
// CHECK: %acc = arith.constant {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [2], outer_tile = [1], thread_tile = [4], element_tile = [1], subgroup_strides = [0], thread_strides = [8]>]}
// Backward from the anchor into the read, which then needs no conversion.
// CHECK: %a = vector.transfer_read {{.*}}batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [8, 1]>]}
// CHECK: iree_vector_ext.to_layout %a {{.*}}vptx.conversion = "none"
// CHECK: %e = math.exp %x {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [8, 1]>]}
// CHECK: %t = vector.transpose %e, [1, 0] {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 2], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [4, 1], subgroup_strides = [0, 0], thread_strides = [1, 8]>]}
// CHECK: %sc = vector.shape_cast %e {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [2], outer_tile = [1], thread_tile = [32], element_tile = [4], subgroup_strides = [0], thread_strides = [1]>]}
// CHECK: %r = vector.multi_reduction <add>, %e, %acc [1] {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [2], outer_tile = [1], thread_tile = [4], element_tile = [1], subgroup_strides = [0], thread_strides = [8]>]}
// The broadcast takes its user's layout (the transpose's), not a forward one.
// CHECK: %b = vector.broadcast %r {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 2], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [4, 1], subgroup_strides = [0, 0], thread_strides = [1, 8]>], vptx.rematerialized}
// CHECK: %tb = arith.addf %t, %b {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 2]
// CHECK: %ex = vector.extract %e[0] {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [8], element_tile = [4], subgroup_strides = [0], thread_strides = [1]>]}
// CHECK: %in = vector.insert %ex, %e[1] {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [4, 8]
// CHECK: %sum = vector.reduction <add>, %ex : vector<32xf32> into f32
// CHECK: %loop = scf.for
// CHECK: %y = arith.mulf %it, %it {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [4, 8]
// CHECK: } {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [4, 8]
// CHECK: %sel = scf.if
// CHECK: %z = arith.negf %r {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [2], outer_tile = [1], thread_tile = [4]
// CHECK: } {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [2], outer_tile = [1], thread_tile = [4]
// CHECK-NOT: vptx.conversion = "{{registers|shared}}"
