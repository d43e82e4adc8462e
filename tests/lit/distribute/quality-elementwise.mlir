// Elementwise kernels over a 256x256 tile, 16 rows per workgroup of 256 threads
// (grid 16): the layout pass gives each thread 128-bit pieces of consecutive
// elements, so every warp access covers whole 32-byte sectors.  Measured in `make
// bench` (tests/bench/dist.sh); the target is 100% global sector efficiency.
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx check --stats %s | %filecheck --check-prefix=STATS %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS ew_f32 (sim vs eval
// CHECK: PASS ew_f16 (sim vs eval
// STATS:      global loads {{.*}}, 100.0% efficient)
// STATS-NEXT: global stores {{.*}}, 100.0% efficient)
// STATS:      PASS ew_f32
// STATS:      global loads {{.*}}, 100.0% efficient)
// STATS-NEXT: global stores {{.*}}, 100.0% efficient)
// STATS:      PASS ew_f16
func.func @ew_f32(%x: memref<256x256xf32>, %y: memref<256x256xf32>, %z: memref<256x256xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>,
                gpu.known_grid_size = array<i32: 16, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant 0.0 : f32
  %wg = gpu.block_id x
  %row = arith.muli %wg, %c16 : index
  %a = vector.transfer_read %x[%row, %c0], %f {in_bounds = [true, true]} : memref<256x256xf32>, vector<16x256xf32>
  %b = vector.transfer_read %y[%row, %c0], %f {in_bounds = [true, true]} : memref<256x256xf32>, vector<16x256xf32>
  %e = math.exp %a : vector<16x256xf32>
  %r = vector.fma %a, %b, %e : vector<16x256xf32>
  vector.transfer_write %r, %z[%row, %c0] {in_bounds = [true, true]} : vector<16x256xf32>, memref<256x256xf32>
  return
}

func.func @ew_f16(%x: memref<256x256xf16>, %y: memref<256x256xf16>, %z: memref<256x256xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>,
                gpu.known_grid_size = array<i32: 16, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant 0.0 : f16
  %wg = gpu.block_id x
  %row = arith.muli %wg, %c16 : index
  %a = vector.transfer_read %x[%row, %c0], %f {in_bounds = [true, true]} : memref<256x256xf16>, vector<16x256xf16>
  %b = vector.transfer_read %y[%row, %c0], %f {in_bounds = [true, true]} : memref<256x256xf16>, vector<16x256xf16>
  %m = arith.mulf %a, %b : vector<16x256xf16>
  %r = arith.maximumf %m, %a : vector<16x256xf16>
  vector.transfer_write %r, %z[%row, %c0] {in_bounds = [true, true]} : vector<16x256xf16>, memref<256x256xf16>
  return
}
