// The two ops in upstream's generic form (mlir-opt --mlir-print-op-generic)
func.func @generic(%in: memref<16x16xf32>, %out: memref<16x16xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %M = gpu.subgroup_mma_load_matrix %in[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
  %x = "gpu.subgroup_mma_extract_thread_local"(%M, %c0) : (!gpu.mma_matrix<16x16xf32, "COp">, index) -> f32
  %m = "gpu.subgroup_mma_insert_thread_local"(%x, %M, %c0) : (f32, !gpu.mma_matrix<16x16xf32, "COp">, index) -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %m, %out[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
  return
}
