// vector.extract / vector.insert at dynamic positions.  @extract_regs: the rows of
// an 8x64 tile are batches of every thread (to_layout), so extracting row %i is a
// select chain over the 8 rows each thread holds; @extract_shared: the rows are
// spread over the threads, so the tile goes through a workgroup buffer read at row
// %i; @extract_scalar: one element at (%i, %j), through the buffer, in every
// thread; @insert_row: row %i of the tile replaced by a 64-element vector, a
// compare of each element's row with %i per slot.
// (Every kernel takes the --scalar values from the first: %i, then %j.)
// RUN: %vptx check %s --scalar=5 --scalar=41 | %filecheck %s
// RUN: %vptx check %s --scalar=0 --scalar=63 --seed=2 | %filecheck %s
// RUN: %vptx check %s --scalar=7 --scalar=0 --seed=3 | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS extract_regs (sim vs eval
// CHECK: PASS extract_shared (sim vs eval
// CHECK: PASS extract_scalar (sim vs eval
// CHECK: PASS insert_row (sim vs eval
// SIMT-LABEL: func.func @extract_regs
// SIMT-NOT:   gpu.barrier
// SIMT-COUNT-7: arith.select
// SIMT-LABEL: func.func @extract_shared
// SIMT:       memref.alloc() : memref<8x64xf32, #gpu.address_space<workgroup>>
// SIMT:       gpu.barrier
// SIMT:       vector.load %{{.*}}[%i, %{{.*}}] : memref<8x64xf32, #gpu.address_space<workgroup>>
// SIMT-LABEL: func.func @extract_scalar
// SIMT:       gpu.barrier
// SIMT:       memref.load %{{.*}}[%i, %j] : memref<8x64xf32, #gpu.address_space<workgroup>>
// SIMT-LABEL: func.func @insert_row
// SIMT:       arith.cmpi eq, %{{.*}}, %i : index
// SIMT-NOT:   gpu.barrier
#rows_in_thread = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [8, 1], outer_tile = [1, 1], thread_tile = [1, 32], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [0, 1]>
func.func @extract_regs(%x: memref<8x64xf32>, %y: memref<64xf32>, %i: index)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<8x64xf32>, vector<8x64xf32>
  %a = iree_vector_ext.to_layout %v to layout(#rows_in_thread) : vector<8x64xf32>
  %r = vector.extract %a[%i] : vector<64xf32> from vector<8x64xf32>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}

func.func @extract_shared(%x: memref<8x64xf32>, %y: memref<64xf32>, %i: index)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<8x64xf32>, vector<8x64xf32>
  %e = math.exp %v : vector<8x64xf32>
  %r = vector.extract %e[%i] : vector<64xf32> from vector<8x64xf32>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}

func.func @extract_scalar(%x: memref<8x64xf32>, %y: memref<1xf32>, %i: index, %j: index)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<8x64xf32>, vector<8x64xf32>
  %s = vector.extract %v[%i, %j] : f32 from vector<8x64xf32>
  memref.store %s, %y[%c0] : memref<1xf32>
  return
}

func.func @insert_row(%x: memref<8x64xf32>, %p: memref<64xf32>, %y: memref<8x64xf32>, %i: index)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<8x64xf32>, vector<8x64xf32>
  %q = vector.transfer_read %p[%c0], %f {in_bounds = [true]} : memref<64xf32>, vector<64xf32>
  %w = vector.insert %q, %v[%i] : vector<64xf32> into vector<8x64xf32>
  vector.transfer_write %w, %y[%c0, %c0] {in_bounds = [true, true]} : vector<8x64xf32>, memref<8x64xf32>
  return
}
