// The kernel's own workgroup buffers whose rows are a multiple of 32 bytes get
// a longer row when every use indexes them by element (in-bounds transfers,
// vector/memref loads and stores): 16 bytes (seed003_attention's K/V tiles,
// contract-ldmatrix.mlir), or one element for 32-bit elements that a transfer
// reads transposed: @padded's 64x32 f32 buffer (128-byte rows) becomes 64x33,
// so its column reads spread over all 32 banks.  A
// transfer that may run out of bounds compares indices with the memref's sizes,
// so @unpadded's buffer keeps its shape.
// RUN: %vptx check %s | %filecheck --check-prefix=OK %s
// RUN: %vptx --emit=simt %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx check --kernel=padded --stats %s | %filecheck --check-prefix=STATS %s
// The transposed read has 4 consecutive rows per thread, so 16 lanes read rows
// 4j + e of one column: 4j*33 mod 32 takes 8 values, 2 lanes per bank (the
// unpadded buffer: 1 value, 16 per bank).
// STATS: shared loads 64 requests, 128 wavefronts
// OK-DAG: PASS padded (sim vs eval
// OK-DAG: PASS unpadded (sim vs eval
// STATS: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)

// CHECK-LABEL: func.func @padded
// CHECK:       memref.alloc() : memref<64x33xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: func.func @unpadded
// CHECK:       memref.alloc() : memref<64x32xf32, #gpu.address_space<workgroup>>
#t = affine_map<(d0, d1) -> (d1, d0)>
func.func @padded(%x: memref<64x32xf32>, %y: memref<32x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<64x32xf32, #gpu.address_space<workgroup>>
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<64x32xf32>, vector<64x32xf32>
  vector.transfer_write %v, %buf[%c0, %c0] {in_bounds = [true, true]} : vector<64x32xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>
  gpu.barrier
  %w = vector.transfer_read %buf[%c0, %c0], %f {in_bounds = [true, true], permutation_map = #t} : memref<64x32xf32, #gpu.address_space<workgroup>>, vector<32x64xf32>
  vector.transfer_write %w, %y[%c0, %c0] {in_bounds = [true, true]} : vector<32x64xf32>, memref<32x64xf32>
  return
}

func.func @unpadded(%x: memref<64x32xf32>, %y: memref<64x32xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<64x32xf32, #gpu.address_space<workgroup>>
  %v = vector.transfer_read %x[%c0, %c0], %f {in_bounds = [true, true]} : memref<64x32xf32>, vector<64x32xf32>
  vector.transfer_write %v, %buf[%c0, %c0] {in_bounds = [true, true]} : vector<64x32xf32>, memref<64x32xf32, #gpu.address_space<workgroup>>
  gpu.barrier
  %w = vector.transfer_read %buf[%c0, %c0], %f {in_bounds = [false, true]} : memref<64x32xf32, #gpu.address_space<workgroup>>, vector<64x32xf32>
  vector.transfer_write %w, %y[%c0, %c0] {in_bounds = [true, true]} : vector<64x32xf32>, memref<64x32xf32>
  return
}
