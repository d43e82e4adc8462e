// Found by `vptx fuzz-diff --seed=10 --index=4725` (mismatch), minimised: an f16
// mul reduction (rounded in f16, in a different order on the device) widened
// to f32 by extf was compared with the f32 tolerance.  Not a miscompile: the
// tolerance now uses the coarsest type an arithmetic op rounds to (f16 here).
// RUN: %vptx check %s --backend=sim --verbose | %filecheck %s
// CHECK: argument #4: rtol 0.0156, atol 0.0625 (accumulation of 16 at unit roundoff 0.000488, 4 rounding(s) at 0.000488
// CHECK: PASS fz
func.func @fz(%in0: memref<16x16xf16>, %in1: memref<32x16xf16>, %in2: memref<16x32xf16>, %out0: memref<32xf16>, %out1: memref<16x32xf32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pf32 = arith.constant -5.000000e-01 : f32
  %pf16 = arith.constant -5.000000e-01 : f16
  %pbf16 = arith.constant -5.000000e-01 : bf16
  %pi32 = arith.constant -3 : i32
  %pi16 = arith.constant -3 : i16
  %pi8 = arith.constant -3 : i8
  %v0 = vector.transfer_read %in2[%c0, %c0], %pf16 {in_bounds = [true, true]} : memref<16x32xf16>, vector<16x32xf16>
  %v2 = vector.transfer_read %in0[%c0, %c0], %pf16 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %v3 = vector.transfer_read %in1[%c0, %c0], %pf16 {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %v4 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>} %v2, %v3, %v0 : vector<16x16xf16>, vector<32x16xf16> into vector<16x32xf16>
  %v5 = arith.constant dense<-1.000000e+00> : vector<16x32xf16>
  %v6 = arith.constant dense<1.000000e+00> : vector<16x32xf16>
  %v7 = arith.maximumf %v4, %v5 : vector<16x32xf16>
  %v8 = arith.minimumf %v7, %v6 : vector<16x32xf16>
  %v9 = arith.constant dense<1.000000e+00> : vector<32xf16>
  %v10 = vector.multi_reduction <mul>, %v8, %v9 [0] : vector<16x32xf16> to vector<32xf16>
  vector.transfer_write %v10, %out0[%c0] {in_bounds = [true]} : vector<32xf16>, memref<32xf16>
  %v11 = vector.broadcast %v10 : vector<32xf16> to vector<16x32xf16>
  %v12 = arith.addf %v8, %v11 : vector<16x32xf16>
  %v13 = arith.extf %v12 : vector<16x32xf16> to vector<16x32xf32>
  vector.transfer_write %v13, %out1[%c0, %c0] {in_bounds = [true, true]} : vector<16x32xf32>, memref<16x32xf32>
  return
}
