// A softmax chain (seed 003's reduce / broadcast / transpose back): two warps
// split the rows, the row max and sum are clustered over the 4 lanes of a row,
// and the broadcast + transpose back to the source layout is a register reuse:
// no workgroup memory.  128-bit global loads and stores.
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx

// CHECK-LABEL: func.func @softmax
// CHECK-COUNT-4: vector.load %{{.*}} : memref<16x64xf32>, vector<4xf32>
// CHECK:       %[[MX:.*]] = gpu.subgroup_reduce maximumf %{{.*}} cluster(size = 4) : (f32) -> f32
// CHECK:       %[[M:.*]] = arith.maximumf %[[MX]], %{{.*}} : f32
// CHECK:       %[[MB:.*]] = vector.from_elements %[[M]], %[[M]], {{.*}} : vector<16xf32>
// CHECK:       %[[D:.*]] = arith.subf %{{.*}}, %[[MB]] : vector<16xf32>
// CHECK:       %[[E:.*]] = math.exp %[[D]] : vector<16xf32>
// CHECK:       gpu.subgroup_reduce add %{{.*}} cluster(size = 4) : (f32) -> f32
// CHECK:       arith.divf %[[E]], %{{.*}} : vector<16xf32>
// CHECK-COUNT-4: vector.store %{{.*}} : memref<16x64xf32>, vector<4xf32>
// CHECK-NOT:   memref.alloc
// CHECK-NOT:   gpu.barrier
// PTX-COUNT-4: ld.global.nc.v4.f32
// PTX:         shfl.sync.bfly.b32
// PTX-COUNT-4: st.global.v4.f32
#l2 = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [1, 4], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [4, 1]>
#lt = #iree_vector_ext.nested_layout<subgroup_tile = [1, 2], batch_tile = [4, 1], outer_tile = [1, 1], thread_tile = [4, 8], element_tile = [4, 1], subgroup_strides = [0, 1], thread_strides = [1, 4]>
#l1 = #iree_vector_ext.nested_layout<subgroup_tile = [2], batch_tile = [1], outer_tile = [1], thread_tile = [8], element_tile = [1], subgroup_strides = [1], thread_strides = [4]>
func.func @softmax(%in: memref<16x64xf32>, %out: memref<16x64xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %in[%c0, %c0], %pad {in_bounds = [true, true], vptx.layout = [#l2]} : memref<16x64xf32>, vector<16x64xf32>
  %ninf = arith.constant {vptx.layout = [#l1]} dense<0xFF800000> : vector<16xf32>
  %mx = vector.multi_reduction <maximumf>, %x, %ninf [1] {vptx.layout = [#l1]} : vector<16x64xf32> to vector<16xf32>
  %mb = vector.broadcast %mx {vptx.layout = [#lt]} : vector<16xf32> to vector<64x16xf32>
  %mt = vector.transpose %mb, [1, 0] {vptx.layout = [#l2]} : vector<64x16xf32> to vector<16x64xf32>
  %d = arith.subf %x, %mt {vptx.layout = [#l2]} : vector<16x64xf32>
  %e = math.exp %d {vptx.layout = [#l2]} : vector<16x64xf32>
  %zero = arith.constant {vptx.layout = [#l1]} dense<0.0> : vector<16xf32>
  %s = vector.multi_reduction <add>, %e, %zero [1] {vptx.layout = [#l1]} : vector<16x64xf32> to vector<16xf32>
  %sb = vector.broadcast %s {vptx.layout = [#lt]} : vector<16xf32> to vector<64x16xf32>
  %st = vector.transpose %sb, [1, 0] {vptx.layout = [#l2]} : vector<64x16xf32> to vector<16x64xf32>
  %r = arith.divf %e, %st {vptx.layout = [#l2]} : vector<16x64xf32>
  vector.transfer_write %r, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x64xf32>
  return
}
