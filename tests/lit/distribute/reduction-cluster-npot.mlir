// Reductions over lane clusters whose size or stride is not a power of two (no
// butterfly): a layout with 4 x 6 lanes (thread_strides [6, 1]; lanes 24..31 hold
// copies of lanes 0..7).  Each lane reads the cluster's members with gpu.shuffle
// idx from its canonical lane (its ids put back together, so the copies past lane
// 23 read lanes 0..23 too) and combines them in member order.
// @rows: clusters of 6 lanes, stride 1; @cols: 4 lanes, stride 6 (f16 widened to
// f32 for the shuffle, maximumf; two columns per thread);
// @all: both dims, merged into one cluster of 24 lanes, to a scalar.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS rows (sim vs eval
// CHECK: PASS cols (sim vs eval
// CHECK: PASS all (sim vs eval
// SIMT-LABEL: func.func @rows
// SIMT-COUNT-6: gpu.shuffle idx
// SIMT-NOT:   gpu.shuffle
// SIMT-NOT:   gpu.subgroup_reduce
// SIMT-LABEL: func.func @cols
// SIMT-COUNT-8: gpu.shuffle idx
// SIMT-NOT:   gpu.shuffle
// SIMT-LABEL: func.func @all
// SIMT-COUNT-24: gpu.shuffle idx
// SIMT-NOT:   gpu.shuffle
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [4, 6], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [6, 1]>
func.func @rows(%x: memref<4x12xf32>, %y: memref<4xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<4x12xf32>, vector<4x12xf32>
  %a = iree_vector_ext.to_layout %v to layout(#l) : vector<4x12xf32>
  %z = vector.transfer_read %y[%c0], %f {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
  %r = vector.multi_reduction <add>, %a, %z [1] : vector<4x12xf32> to vector<4xf32>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  return
}

func.func @cols(%x: memref<4x12xf16>, %y: memref<12xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f16
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<4x12xf16>, vector<4x12xf16>
  %a = iree_vector_ext.to_layout %v to layout(#l) : vector<4x12xf16>
  %z = vector.transfer_read %y[%c0], %f {in_bounds = [true]} : memref<12xf16>, vector<12xf16>
  %r = vector.multi_reduction <maximumf>, %a, %z [0] : vector<4x12xf16> to vector<12xf16>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<12xf16>, memref<12xf16>
  return
}

func.func @all(%x: memref<4x12xf32>, %y: memref<1xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<4x12xf32>, vector<4x12xf32>
  %a = iree_vector_ext.to_layout %v to layout(#l) : vector<4x12xf32>
  %r = vector.multi_reduction <add>, %a, %f [0, 1] : vector<4x12xf32> to f32
  memref.store %r, %y[%c0] : memref<1xf32>
  return
}
