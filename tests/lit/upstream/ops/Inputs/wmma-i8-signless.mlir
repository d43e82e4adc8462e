// Input of ../err-wmma.mlir: WMMA that ptxgen refuses (i8 fragments without a sign).
func.func @signless(%m: memref<16x16xi8>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %t = gpu.thread_id x
  %A = gpu.subgroup_mma_load_matrix %m[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xi8> -> !gpu.mma_matrix<16x16xi8, "AOp">
  return
}
