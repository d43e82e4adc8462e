// RUN: %vptx --emit=mlir %s | %filecheck %s
// Custom forms of the vector and iree_vector_ext ops.

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 2], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>
#contract = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
// CHECK-LABEL: func.func @vector_ops
func.func @vector_ops(%m: memref<16x16xf16>, %a: vector<16x16xf16>, %b: vector<8x16xf16>, %c: vector<16x8xf16>, %i: index, %f: f32, %v4: vector<4xf32>, %mask: vector<16x16xi1>, %w: memref<64x64xf32, 3>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  // CHECK: vector.transfer_read %m[%c0, %i], %pad {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %0 = vector.transfer_read %m[%c0, %i], %pad {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  // CHECK: vector.transfer_read %m[%c0, %c0], %pad, %mask {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<16x16xf16>, vector<16x16xf16>
  %1 = vector.transfer_read %m[%c0, %c0], %pad, %mask {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<16x16xf16>, vector<16x16xf16>
  // CHECK: vector.transfer_read %m[%c0, %c0], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (0)>} : memref<16x16xf16>, vector<16xf16>
  %2 = vector.transfer_read %m[%c0, %c0], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (0)>} : memref<16x16xf16>, vector<16xf16>
  // CHECK: vector.transfer_write %0, %m[%c0, %c0] : vector<16x16xf16>, memref<16x16xf16>
  vector.transfer_write %0, %m[%c0, %c0] {in_bounds = [false, false]} : vector<16x16xf16>, memref<16x16xf16>
  // CHECK: vector.transfer_write %0, %m[%c0, %c0], %mask {in_bounds = [true, false]} : vector<16x16xf16>, memref<16x16xf16>
  vector.transfer_write %0, %m[%c0, %c0], %mask {in_bounds = [true, false]} : vector<16x16xf16>, memref<16x16xf16>
  // CHECK: vector.load %m[%c0, %i] : memref<16x16xf16>, vector<8xf16>
  %3 = vector.load %m[%c0, %i] : memref<16x16xf16>, vector<8xf16>
  vector.store %3, %m[%c0, %i] : memref<16x16xf16>, vector<8xf16>
  // CHECK: vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf16>
  %4 = vector.contract #contract %a, %b, %c : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf16>
  %5 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = [#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>]} %a, %b, %c : vector<16x16xf16>, vector<8x16xf16> into vector<16x8xf16>
  %init = arith.constant dense<0.0> : vector<16xf16>
  // CHECK: vector.multi_reduction <maximumf>, %4, %init [1] : vector<16x8xf16> to vector<16xf16>
  %6 = vector.multi_reduction <maxf>, %4, %init [1] : vector<16x8xf16> to vector<16xf16>
  // CHECK: vector.multi_reduction <add>, %4, %init [1] : vector<16x8xf16> to vector<16xf16>
  %7 = vector.multi_reduction #vector.kind<add>, %4, %init [1] : vector<16x8xf16> to vector<16xf16>
  // CHECK: vector.reduction <add>, %v4 : vector<4xf32> into f32
  %8 = vector.reduction <add>, %v4 : vector<4xf32> into f32
  // CHECK: vector.reduction <mul>, %v4, %f fastmath<fast> : vector<4xf32> into f32
  %9 = vector.reduction <mul>, %v4, %f fastmath<fast> : vector<4xf32> into f32
  // CHECK: vector.broadcast %f : f32 to vector<4xf32>
  %10 = vector.broadcast %f : f32 to vector<4xf32>
  %11 = vector.broadcast %6 : vector<16xf16> to vector<8x16xf16>
  // CHECK: vector.transpose %11, [1, 0] : vector<8x16xf16> to vector<16x8xf16>
  %12 = vector.transpose %11, [1, 0] : vector<8x16xf16> to vector<16x8xf16>
  %13 = vector.shape_cast %12 : vector<16x8xf16> to vector<128xf16>
  // CHECK: vector.extract %12[0, %i] : f16 from vector<16x8xf16>
  %14 = vector.extract %12[0, %i] : f16 from vector<16x8xf16>
  // CHECK: vector.extract %12[3] : vector<8xf16> from vector<16x8xf16>
  %15 = vector.extract %12[3] : vector<16x8xf16>
  %z = arith.constant dense<0.0> : vector<f32>
  // CHECK: vector.extract %z[] : f32 from vector<f32>
  %16 = vector.extract %z[] : f32 from vector<f32>
  // CHECK: vector.insert %15, %12[2] : vector<8xf16> into vector<16x8xf16>
  %17 = vector.insert %15, %12[2] : vector<8xf16> into vector<16x8xf16>
  // CHECK: vector.extract_strided_slice %12 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<16x8xf16> to vector<2x4xf16>
  %18 = vector.extract_strided_slice %12 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<16x8xf16> to vector<2x4xf16>
  %19 = vector.insert_strided_slice %18, %12 {offsets = [4, 0], strides = [1, 1]} : vector<2x4xf16> into vector<16x8xf16>
  // CHECK: vector.splat %f : vector<4xf32>
  %20 = vector.splat %f : vector<4xf32>
  %21 = vector.fma %20, %20, %20 : vector<4xf32>
  // CHECK: vector.step : vector<16xindex>
  %22 = vector.step : vector<16xindex>
  %23 = vector.create_mask %i, %c0 : vector<4x8xi1>
  // CHECK: vector.constant_mask [2, 3] : vector<4x8xi1>
  %24 = vector.constant_mask [2, 3] : vector<4x8xi1>
  %25 = vector.bitcast %20 : vector<4xf32> to vector<8xf16>
  // CHECK: vector.from_elements %f, %f : vector<2xf32>
  %26 = vector.from_elements %f, %f : vector<2xf32>
  // CHECK: iree_vector_ext.to_layout %a to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [2, 2], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [4, 1]>) : vector<16x16xf16>
  %27 = iree_vector_ext.to_layout %a to layout(#layout) : vector<16x16xf16>
  // defaults: tiles 1, strides row-major over the distributed dims
  // CHECK: to_layout %v4 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [4], element_tile = [1], subgroup_strides = [0], thread_strides = [1]>) {shared_memory_conversion} : vector<4xf32>
  %28 = iree_vector_ext.to_layout %v4 to layout(#iree_vector_ext.nested_layout<thread_tile = [4]>) {shared_memory_conversion} : vector<4xf32>
  // CHECK: iree_vector_ext.to_simt %v4 : vector<4xf32> -> vector<1xf32>
  %29 = iree_vector_ext.to_simt %v4 : vector<4xf32> -> vector<1xf32>
  %30 = iree_vector_ext.to_simd %29 : vector<1xf32> -> vector<4xf32>
  return
}
