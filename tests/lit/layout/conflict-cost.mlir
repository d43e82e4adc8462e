// Conflicts decided by cost.  One warp; three anchors over vector<16x8xf32>:
//   #A  the mma.sync accumulator fragment (rows as outer tiles)
//   #A2 the same threads and elements, rows as batch tiles: a conversion from
//       #A stays in registers
//   #B  a different thread map: a conversion needs shared memory
// RUN: %vptx --emit=layout %s | %filecheck %s

#A = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [2, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#A2 = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#B = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [16, 2], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [2, 1]>
func.func @conflicts(%m: memref<16x8xf32>, %n: memref<16x8xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %r1 = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
  %r2 = vector.transfer_read %n[%c0, %c0], %p {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
  %x = iree_vector_ext.to_layout %r1 to layout(#A) : vector<16x8xf32>
  %y = iree_vector_ext.to_layout %r1 to layout(#A2) : vector<16x8xf32>
  %z = iree_vector_ext.to_layout %r2 to layout(#B) : vector<16x8xf32>
  // A register conflict: %s computes in #A, %y is #A2.
  %s = arith.addf %x, %y : vector<16x8xf32>
  // A shared-memory conflict: %t computes in #B (from %z), %s is #A.
  %t = arith.mulf %s, %z : vector<16x8xf32>
  // A constant wanted in #A and in #B: cloning it costs nothing, so it is re-materialised.
  %k = arith.constant dense<1.0> : vector<16x8xf32>
  %u = arith.addf %x, %k : vector<16x8xf32>
  %w = arith.addf %z, %k : vector<16x8xf32>
  // A chain of five exps of a constant, wanted in #A and #A2: re-computing it
  // (5 ops x 4 slots) costs more than a register conversion (4 moves).
  %k2 = arith.constant dense<2.0> : vector<16x8xf32>
  %e1 = math.exp %k2 : vector<16x8xf32>
  %e2 = math.exp %e1 : vector<16x8xf32>
  %e3 = math.exp %e2 : vector<16x8xf32>
  %e4 = math.exp %e3 : vector<16x8xf32>
  %e5 = math.exp %e4 : vector<16x8xf32>
  %v1 = arith.addf %x, %e5 : vector<16x8xf32>
  %v2 = arith.addf %y, %e5 : vector<16x8xf32>
  // The same chain wanted in #B: a shared-memory conversion (4 + 4 slots x 8
  // + 64) costs more than re-computing (20), so the chain is cloned.
  %v3 = arith.addf %z, %e5 : vector<16x8xf32>
  vector.transfer_write %t, %m[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  vector.transfer_write %u, %m[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  vector.transfer_write %w, %m[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  vector.transfer_write %v1, %m[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  vector.transfer_write %v2, %m[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  vector.transfer_write %v3, %m[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}

// CHECK-LABEL: func.func @conflicts
// CHECK: %y = iree_vector_ext.to_layout %r1 {{.*}}vptx.conversion = "registers"
// CHECK: %[[R:[0-9]+]] = iree_vector_ext.to_layout %y to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [2, 1], thread_tile = [8, 4]{{.*}}vptx.conversion = "registers"
// CHECK: %s = arith.addf %x, %[[R]]
// CHECK: %[[SH:[0-9]+]] = iree_vector_ext.to_layout %s to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [16, 2]{{.*}}vptx.conversion = "shared"
// CHECK: %t = arith.mulf %[[SH]], %z
// CHECK: %k = arith.constant {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [2, 1], thread_tile = [8, 4]
// CHECK: %[[K:[0-9]+]] = arith.constant {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [16, 2]{{.*}}vptx.rematerialized} dense<1.0
// CHECK: %u = arith.addf %x, %k
// CHECK: %w = arith.addf %z, %[[K]]
// CHECK: %e5 = math.exp %e4
// CHECK-NEXT: %[[E5B:[0-9]+]] = math.exp %{{[0-9]+}} {{.*}}thread_tile = [16, 2]{{.*}}vptx.rematerialized
// CHECK-NEXT: %v1 = arith.addf %x, %e5
// CHECK: %[[CV:[0-9]+]] = iree_vector_ext.to_layout %e5 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1]{{.*}}vptx.conversion = "registers"
// CHECK: %v2 = arith.addf %y, %[[CV]]
// CHECK: %v3 = arith.addf %z, %[[E5B]]
