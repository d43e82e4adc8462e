// Found by `vptx fuzz-diff --seed=11 --index=9054` (crash, sm_80 and sm_90a),
// minimised: a select mask (vector of i1) converted through workgroup memory
// was written 32 elements per access (128 / 1 bit) into a 16-entry array on
// the stack; i1 is a byte in memory, so accesses now hold at most 16.
// RUN: %vptx check %s --backend=sim | %filecheck %s
// RUN: %vptx check %s --backend=sim --arch=sm_90a | %filecheck %s
// CHECK: PASS fz
func.func @fz(%in0: memref<1x32xbf16>, %in1: memref<1x32xbf16>, %in2: memref<32x1xbf16>, %out0: memref<1x32xbf16>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %pf32 = arith.constant -5.000000e-01 : f32
  %pf16 = arith.constant -5.000000e-01 : f16
  %pbf16 = arith.constant -5.000000e-01 : bf16
  %pi32 = arith.constant -3 : i32
  %pi16 = arith.constant -3 : i16
  %pi8 = arith.constant -3 : i8
  %v0 = vector.transfer_read %in0[%c0, %c0], %pbf16 {in_bounds = [true, true]} : memref<1x32xbf16>, vector<1x32xbf16>
  %v1 = iree_vector_ext.to_layout %v0 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 2], outer_tile = [1, 16], thread_tile = [1, 1], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [0, 0]>) : vector<1x32xbf16>
  %v2 = math.absf %v1 : vector<1x32xbf16>
  %v3 = arith.constant dense<1.000000e+00> : vector<1x32xbf16>
  %v4 = arith.addf %v2, %v3 : vector<1x32xbf16>
  %v5 = math.rsqrt %v4 : vector<1x32xbf16>
  %v6 = vector.transfer_read %in1[%c0, %c0], %pbf16 {in_bounds = [true, true]} : memref<1x32xbf16>, vector<1x32xbf16>
  %v7 = arith.cmpf olt, %v5, %v6 : vector<1x32xbf16>
  %v8 = arith.select %v7, %v5, %v6 : vector<1x32xi1>, vector<1x32xbf16>
  %v9 = arith.constant dense<-1.500000e+00> : vector<1x32xbf16>
  %v10 = arith.maximumf %v8, %v9 : vector<1x32xbf16>
  %v11 = vector.transfer_read %in2[%c0, %c0], %pbf16 {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<32x1xbf16>, vector<1x32xbf16>
  %v12 = iree_vector_ext.to_layout %v11 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [1, 8], element_tile = [1, 4], subgroup_strides = [0, 0], thread_strides = [0, 1]>) : vector<1x32xbf16>
  %v13 = arith.minimumf %v10, %v12 : vector<1x32xbf16>
  vector.transfer_write %v13, %out0[%c0, %c0] {in_bounds = [true, true]} : vector<1x32xbf16>, memref<1x32xbf16>
  return
}
