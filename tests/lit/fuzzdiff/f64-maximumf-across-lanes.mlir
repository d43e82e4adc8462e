// f64 maximumf/minimumf reductions across lanes had no PTX lowering (the shuffle
// step only knew max.NaN.f32); `vptx fuzz-diff` avoided them and f64 math until
// ptxgen gained both.  The combining step is max.f64 + setp.nan.f64 + selp, as for
// elementwise arith.maximumf on f64; the f64 math chain runs the new sequences.
// RUN: %vptx check %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS fmax64
// CHECK: PASS fmin64
// PTX-LABEL: .entry fmax64(
// PTX: shfl.sync.bfly.b32
// PTX: max.f64
// PTX-NEXT: setp.nan.f64
// PTX-NEXT: selp.f64 {{%fd_[A-Za-z0-9_$]+_[0-9]+}}, 0d7FF8000000000000,
// PTX-LABEL: .entry fmin64(
// PTX: min.f64
// PTX-NEXT: setp.nan.f64
func.func @fmax64(%in0: memref<4x32xf64>, %out0: memref<4xf64>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f64
  %v0 = vector.transfer_read %in0[%c0, %c0], %p {in_bounds = [true, true]} : memref<4x32xf64>, vector<4x32xf64>
  %v1 = iree_vector_ext.to_layout %v0 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [2, 16], element_tile = [1, 2], subgroup_strides = [1, 0], thread_strides = [16, 1]>) : vector<4x32xf64>
  %v2 = math.exp %v1 : vector<4x32xf64>
  %v3 = math.sin %v2 : vector<4x32xf64>
  %v4 = math.tanh %v3 : vector<4x32xf64>
  %acc = arith.constant dense<-1.0e300> : vector<4xf64>
  %v5 = vector.multi_reduction <maximumf>, %v4, %acc [1] : vector<4x32xf64> to vector<4xf64>
  vector.transfer_write %v5, %out0[%c0] {in_bounds = [true]} : vector<4xf64>, memref<4xf64>
  return
}
func.func @fmin64(%in0: memref<32xf64>, %out0: memref<f64>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0.0 : f64
  %v0 = vector.transfer_read %in0[%c0], %p {in_bounds = [true]} : memref<32xf64>, vector<32xf64>
  %v1 = math.absf %v0 : vector<32xf64>
  %v2 = arith.constant dense<1.0> : vector<32xf64>
  %v3 = arith.addf %v1, %v2 : vector<32xf64>
  %v4 = math.log %v3 : vector<32xf64>
  %acc = arith.constant 1.0e300 : f64
  %r = vector.reduction <minimumf>, %v4, %acc : vector<32xf64> into f64
  %b = vector.broadcast %r : f64 to vector<f64>
  vector.transfer_write %b, %out0[] : vector<f64>, memref<f64>
  return
}
