// A deliberately broken layout: the softmax of tests/lit/distribute/softmax-chain.mlir
// with an off-by-one thread stride in the layout of the 16x64 tile (thread_strides
// [4, 1] -> [4, 2]: lanes 4k+1 and 4k+2 hold the same columns, and some columns no
// lane holds).  The kernel still compiles and runs; vptx check must catch it.
// RUN: not %vptx check %s --backend=sim > %t
// RUN: %filecheck %s < %t
// CHECK:     FAIL softmax (sim vs eval): argument #1 %out (memref<16x64xf32>): first mismatch at [0, 0]: expected {{.*}}, got {{.*}} (|err| {{.*}} > tol {{.*}}); {{[0-9]+}} of 1024 elements differ (seed 1)
// CHECK-NOT: PASS

#l2 = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [1, 4], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [4, 2]>
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
