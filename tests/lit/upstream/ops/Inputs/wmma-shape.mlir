// Input of ../err-wmma.mlir: WMMA that ptxgen refuses (an 8x8 fragment).
func.func @shape(%m: memref<16x16xf16>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %t = gpu.thread_id x
  %A = gpu.subgroup_mma_load_matrix %m[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<8x8xf16, "AOp">
  return
}
