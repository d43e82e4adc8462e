// vector.shape_cast between layouts that share no per-thread element order (here a
// batch-3 row of 96 split as 2x48 rows whose layout comes from the loop's reads)
// goes through workgroup memory: the source is written through a row-major
// memref.view of a byte buffer, and read back in the result's layout through a
// second view of the same bytes with the result's shape.  Found by
// `vptx fuzz-diff --seed=9000 --index=278`, which vptx used to reject.  @rows takes
// the other path: a conversion to the layout the result's layout reshapes to.
// RUN: %vptx check %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx
// CHECK: PASS fz
// CHECK: PASS rows
// SIMT-LABEL: func.func @fz
// SIMT: %[[RAW:[0-9]+]] = memref.alloc() : memref<192xi8, #gpu.address_space<workgroup>>
// SIMT-DAG: memref.view %[[RAW]][%{{.*}}][] : memref<192xi8, #gpu.address_space<workgroup>> to memref<96xi16, #gpu.address_space<workgroup>>
// SIMT-DAG: memref.view %[[RAW]][%{{.*}}][] : memref<192xi8, #gpu.address_space<workgroup>> to memref<2x48xi16, #gpu.address_space<workgroup>>
// SIMT: gpu.barrier
func.func @fz(%in0: memref<96xi16>, %in1: memref<4x48xi16>, %out0: memref<2x48xi16>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 2] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pi16 = arith.constant -3 : i16
  %v0 = vector.transfer_read %in0[%c0], %pi16 {in_bounds = [true]} : memref<96xi16>, vector<96xi16>
  %v1 = iree_vector_ext.to_layout %v0 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [3], outer_tile = [1], thread_tile = [4], element_tile = [8], subgroup_strides = [0], thread_strides = [1]>) : vector<96xi16>
  %v2 = vector.shape_cast %v1 : vector<96xi16> to vector<2x48xi16>
  %step3 = arith.constant 2 : index
  %ub3 = arith.constant 4 : index
  %v3 = scf.for %i3 = %c0 to %ub3 step %step3 iter_args(%acc3 = %v2) -> (vector<2x48xi16>) {
    %v4 = vector.transfer_read %in1[%i3, %c0], %pi16 {in_bounds = [true, true]} : memref<4x48xi16>, vector<2x48xi16>
    %v5 = arith.addi %acc3, %v4 : vector<2x48xi16>
    scf.yield %v5 : vector<2x48xi16>
  }
  vector.transfer_write %v3, %out0[%c0, %c0] {in_bounds = [true, true]} : vector<2x48xi16>, memref<2x48xi16>
  return
}
func.func @rows(%in0: memref<8x32xf32>, %out0: memref<256xf32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f32
  %v0 = vector.transfer_read %in0[%c0, %c0], %p {in_bounds = [true, true]} : memref<8x32xf32>, vector<8x32xf32>
  %v1 = iree_vector_ext.to_layout %v0 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 2], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [8, 4], element_tile = [1, 4], subgroup_strides = [0, 1], thread_strides = [1, 8]>) : vector<8x32xf32>
  %v2 = vector.shape_cast %v1 : vector<8x32xf32> to vector<256xf32>
  %v3 = iree_vector_ext.to_layout %v2 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [2], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [4], subgroup_strides = [1], thread_strides = [1]>) : vector<256xf32>
  %two = arith.constant dense<2.0> : vector<256xf32>
  %v4 = arith.mulf %v3, %two : vector<256xf32>
  vector.transfer_write %v4, %out0[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
