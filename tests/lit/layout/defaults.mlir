// Values no anchor reaches get the coalesced default: 128 bits per thread on
// the innermost dim, then lanes innermost-first, then subgroups, then batch;
// values joined by elementwise ops share it; 0-d vectors get a rank-0 layout.
// RUN: %vptx --emit=layout %s | %filecheck %s

func.func @defaults(%m: memref<64x64xf16>, %n: memref<4x64xf32>, %s: memref<f32>, %o: memref<64x64xf16>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %p = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<64x64xf16>
  %a = vector.transfer_read %m[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %b = arith.addf %a, %one : vector<64x64xf16>
  %e = math.exp %b : vector<64x64xf16>
  vector.transfer_write %e, %o[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf16>, memref<64x64xf16>
  %x = vector.transfer_read %n[%c0, %c0], %p {in_bounds = [true, true]} : memref<4x64xf32>, vector<4x64xf32>
  vector.transfer_write %x, %n[%c0, %c0] {in_bounds = [true, true]} : vector<4x64xf32>, memref<4x64xf32>
  %z = vector.transfer_read %s[], %p : memref<f32>, vector<f32>
  %z2 = arith.mulf %z, %z : vector<f32>
  vector.transfer_write %z2, %s[] : vector<f32>, memref<f32>
  return
}
// CHECK-LABEL: func.func @defaults
// 64x64xf16 over 128 threads: E = 8 halves (128 bits), 8 lanes along a row, 4 rows
// of lanes, the 4 warps over the rows, 4 batches.
// CHECK: %one = arith.constant {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [4, 1], batch_tile = [4, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [1, 8], subgroup_strides = [1, 0], thread_strides = [8, 1]>]}
// CHECK: %a = vector.transfer_read {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [4, 1], batch_tile = [4, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [1, 8], subgroup_strides = [1, 0], thread_strides = [8, 1]>]
// CHECK: %b = arith.addf %a, %one {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [4, 1], batch_tile = [4, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [1, 8]
// CHECK: %e = math.exp %b {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [4, 1], batch_tile = [4, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [1, 8]
// 4x64xf32: E = 4, 16 lanes along the row, 2 rows of lanes, 2 of the 4 warps
// over the rows; the other 2 warps replicate.
// CHECK: %x = vector.transfer_read {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [2, 16], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [16, 1]>]
// CHECK: %z = vector.transfer_read {{.*}}vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [], outer_tile = [], thread_tile = [], element_tile = [], subgroup_strides = [], thread_strides = []>]
// CHECK: %z2 = arith.mulf %z, %z {vptx.layout = [#iree_vector_ext.nested_layout<subgroup_tile = []
