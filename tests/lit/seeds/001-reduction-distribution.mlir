// RUN: %vptx --emit=mlir %s | %filecheck %s
// Seed 001 (reduction distribution): the IR before and after
// LLVMGPUVectorDistribute for the 8x64xf32 -> 8xf32 reduction, completed with
// the definitions the snippets leave out.

// CHECK-LABEL: func.func @before
func.func @before(%5: vector<64xf32>, %cst_0: f32) -> f32 {
  // CHECK: iree_vector_ext.to_layout %{{.*}} to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [64], element_tile = [1], subgroup_strides = [0], thread_strides = [1]>) : vector<64xf32>
  %6 = iree_vector_ext.to_layout %5 to layout(#iree_vector_ext.nested_layout<
      subgroup_tile = [1], batch_tile = [1], outer_tile = [1],
      thread_tile = [64], element_tile = [1],
      subgroup_strides = [0], thread_strides = [1]>) : vector<64xf32>
  // CHECK: vector.multi_reduction <add>, %{{.*}}, %cst_0 [0] : vector<64xf32> to f32
  %10 = vector.multi_reduction <add>, %6, %cst_0 [0] : vector<64xf32> to f32
  return %10 : f32
}

// CHECK-LABEL: func.func @after
func.func @after(%3: memref<8x64xf32>, %subview: memref<f32, strided<[], offset: ?>>, %arg0: index, %1: index) {
  %c0 = arith.constant 0 : index
  %0 = arith.constant 0.0 : f32
  %cst = arith.constant 0.0 : f32
  %cst_0 = arith.constant dense<0.0> : vector<1x1x1xf32>
  %6:2 = affine.delinearize_index %1 into (1, 64) : index, index
  %7:2 = affine.delinearize_index %1 into (64, 1) : index, index
  // CHECK: affine.linearize_index disjoint [%{{[0-9]+}}#1, %c0, %c0, %{{[0-9]+}}#1, %c0] by (1, 1, 1, 64, 1) : index
  %8 = affine.linearize_index disjoint [%6#1, %c0, %c0, %7#1, %c0] by (1, 1, 1, 64, 1) : index
  %9 = vector.transfer_read %3[%arg0, %8], %0 : memref<8x64xf32>, vector<1xf32>
  // CHECK: vector.insert_strided_slice %{{[0-9]+}}, %cst_0 {offsets = [0, 0, 0], strides = [1]} : vector<1xf32> into vector<1x1x1xf32>
  %10 = vector.insert_strided_slice %9, %cst_0 {offsets = [0, 0, 0], strides = [1]} : vector<1xf32> into vector<1x1x1xf32>
  %11 = arith.addf %10, %cst_0 : vector<1x1x1xf32>
  %12 = vector.multi_reduction <add>, %11, %cst [0, 1, 2] : vector<1x1x1xf32> to f32
  // CHECK: gpu.subgroup_reduce add %{{[0-9]+}} cluster(size = 64) : (f32) -> f32
  %13 = gpu.subgroup_reduce add %12 cluster(size = 64) : (f32) -> f32
  %14 = arith.cmpi eq, %1, %c0 : index
  scf.if %14 {
    // CHECK: vector.broadcast %{{[0-9]+}} : f32 to vector<f32>
    %15 = vector.broadcast %13 : f32 to vector<f32>
    // CHECK: vector.transfer_write %{{[0-9]+}}, %subview[] : vector<f32>, memref<f32, strided<[], offset: ?>>
    vector.transfer_write %15, %subview[] : vector<f32>, memref<f32, strided<[], offset: ?>>
  }
  return
}
