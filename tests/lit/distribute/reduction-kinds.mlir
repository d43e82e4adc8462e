// multi_reduction over a dim spread over lanes with stride 4 (cluster stride 4),
// for several combining kinds and element types: the per-thread stage uses the
// kind's arith op, the lane stage one clustered subgroup_reduce (a vector of all
// partials for 32-bit types, two a register for 16-bit floats), the accumulator last.
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx

#l = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 1], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#r = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [4], element_tile = [4], subgroup_strides = [0], thread_strides = [1]>

// CHECK-LABEL: func.func @maxsi
// CHECK:       arith.maxsi %{{.*}}, %{{.*}} : i32
// CHECK:       gpu.subgroup_reduce maxsi %{{.*}} cluster(size = 8, stride = 4) : (vector<4xi32>) -> vector<4xi32>
// CHECK:       arith.maxsi
// CHECK:       vector.store %{{.*}} : memref<16xi32>, vector<4xi32>
func.func @maxsi(%in: memref<16x16xi32>, %out: memref<16xi32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i32
  %x = vector.transfer_read %in[%c0, %c0], %p {in_bounds = [true, true], vptx.layout = [#l]} : memref<16x16xi32>, vector<16x16xi32>
  %init = arith.constant {vptx.layout = [#r]} dense<-2147483648> : vector<16xi32>
  %m = vector.multi_reduction <maxsi>, %x, %init [0] {vptx.layout = [#r]} : vector<16x16xi32> to vector<16xi32>
  vector.transfer_write %m, %out[%c0] {in_bounds = [true]} : vector<16xi32>, memref<16xi32>
  return
}

// CHECK-LABEL: func.func @xor_and_or
// CHECK:       gpu.subgroup_reduce xor %{{.*}} cluster(size = 8, stride = 4)
// CHECK:       gpu.subgroup_reduce and %{{.*}} cluster(size = 8, stride = 4)
// CHECK:       gpu.subgroup_reduce or %{{.*}} cluster(size = 8, stride = 4)
// CHECK:       gpu.subgroup_reduce minui %{{.*}} cluster(size = 8, stride = 4)
func.func @xor_and_or(%in: memref<16x16xi32>, %out: memref<4x16xi32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %p = arith.constant 0 : i32
  %x = vector.transfer_read %in[%c0, %c0], %p {in_bounds = [true, true], vptx.layout = [#l]} : memref<16x16xi32>, vector<16x16xi32>
  %zero = arith.constant {vptx.layout = [#r]} dense<0> : vector<16xi32>
  %ones = arith.constant {vptx.layout = [#r]} dense<-1> : vector<16xi32>
  %a = vector.multi_reduction <xor>, %x, %zero [0] {vptx.layout = [#r]} : vector<16x16xi32> to vector<16xi32>
  %b = vector.multi_reduction <and>, %x, %ones [0] {vptx.layout = [#r]} : vector<16x16xi32> to vector<16xi32>
  %c = vector.multi_reduction <or>, %x, %zero [0] {vptx.layout = [#r]} : vector<16x16xi32> to vector<16xi32>
  %d = vector.multi_reduction <minui>, %x, %ones [0] {vptx.layout = [#r]} : vector<16x16xi32> to vector<16xi32>
  vector.transfer_write %a, %out[%c0, %c0] {in_bounds = [true]} : vector<16xi32>, memref<4x16xi32>
  vector.transfer_write %b, %out[%c1, %c0] {in_bounds = [true]} : vector<16xi32>, memref<4x16xi32>
  vector.transfer_write %c, %out[%c2, %c0] {in_bounds = [true]} : vector<16xi32>, memref<4x16xi32>
  vector.transfer_write %d, %out[%c3, %c0] {in_bounds = [true]} : vector<16xi32>, memref<4x16xi32>
  return
}

// CHECK-LABEL: func.func @float_kinds
// CHECK:       gpu.subgroup_reduce mul %{{.*}} cluster(size = 8, stride = 4) : (vector<4xf32>)
// CHECK:       gpu.subgroup_reduce minnumf %{{.*}} cluster(size = 8, stride = 4) : (vector<4xf32>)
// CHECK:       gpu.subgroup_reduce minimumf %{{.*}} cluster(size = 8, stride = 4) : (vector<4xf32>)
// CHECK:       gpu.subgroup_reduce maxnumf %{{.*}} cluster(size = 8, stride = 4) : (vector<4xf32>)
func.func @float_kinds(%in: memref<16x16xf32>, %out: memref<4x16xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %p = arith.constant 0.0 : f32
  %x = vector.transfer_read %in[%c0, %c0], %p {in_bounds = [true, true], vptx.layout = [#l]} : memref<16x16xf32>, vector<16x16xf32>
  %one = arith.constant {vptx.layout = [#r]} dense<1.0> : vector<16xf32>
  %inf = arith.constant {vptx.layout = [#r]} dense<0x7F800000> : vector<16xf32>
  %ninf = arith.constant {vptx.layout = [#r]} dense<0xFF800000> : vector<16xf32>
  %a = vector.multi_reduction <mul>, %x, %one [0] {vptx.layout = [#r]} : vector<16x16xf32> to vector<16xf32>
  %b = vector.multi_reduction <minnumf>, %x, %inf [0] {vptx.layout = [#r]} : vector<16x16xf32> to vector<16xf32>
  %c = vector.multi_reduction <minimumf>, %x, %inf [0] {vptx.layout = [#r]} : vector<16x16xf32> to vector<16xf32>
  %d = vector.multi_reduction <maxnumf>, %x, %ninf [0] {vptx.layout = [#r]} : vector<16x16xf32> to vector<16xf32>
  vector.transfer_write %a, %out[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x16xf32>
  vector.transfer_write %b, %out[%c1, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x16xf32>
  vector.transfer_write %c, %out[%c2, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x16xf32>
  vector.transfer_write %d, %out[%c3, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x16xf32>
  return
}

// 16-bit floats are reduced two at a time: one register, one shuffle and one add.f16x2
// per butterfly step for two partials (reduction.c thread_reduce).
// CHECK-LABEL: func.func @half_add
// CHECK-COUNT-2: gpu.subgroup_reduce add %{{.*}} cluster(size = 8, stride = 4) : (vector<2xf16>) -> vector<2xf16>
// CHECK-NOT: gpu.subgroup_reduce
func.func @half_add(%in: memref<16x16xf16>, %out: memref<16xf16>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f16
  %x = vector.transfer_read %in[%c0, %c0], %p {in_bounds = [true, true], vptx.layout = [#l]} : memref<16x16xf16>, vector<16x16xf16>
  %zero = arith.constant {vptx.layout = [#r]} dense<0.0> : vector<16xf16>
  %a = vector.multi_reduction <add>, %x, %zero [0] {vptx.layout = [#r]} : vector<16x16xf16> to vector<16xf16>
  vector.transfer_write %a, %out[%c0] {in_bounds = [true]} : vector<16xf16>, memref<16xf16>
  return
}
