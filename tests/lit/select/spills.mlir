// REQUIRES: ptxas
// Register budgets (issue 18 part 3).  gemm128-plain.mlir's kernel fits: vptx's
// estimate (--remarks) is 112 registers per thread for its vectors (C 64 + A 16 +
// B 32 at the contract) and ptxas assembles it without spilling.  A 256x256 f32
// accumulator over the same 8 warps is 256x256x4 bytes / 256 threads / 4 = 256
// registers per thread by itself: vptx warns before ptxas runs (naming the value and
// the dim), and ptxas's spill is a warning naming the kernel (--ptxas-stats,
// --emit=cubin and vptx check).  Its K loop runs 8 times: with 2, ptxas unrolls it,
// finishes one accumulator tile at a time and no longer spills (since ldmatrix
// fragments come in mma order and need no copies).
// RUN: %vptx --remarks --ptxas-stats %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: remark: 'gemm128' needs about 112 registers per thread for its vectors
// CHECK: remark: 'big' needs about {{[0-9]+}} registers per thread
// CHECK: warning: kernel 'big' needs about {{[0-9]+}} registers per thread for its vectors, more than the 255 a thread has (ptxas will spill); the largest is loop-carried value %acc, vector<256x256xf32>, 256 registers per thread: shrink its dim 1 (the contract's N; 32 elements of it in each thread)
// CHECK-DAG: ptxas stats sm_80 gemm128: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads
// CHECK-DAG: ptxas stats sm_80 big: {{[0-9]+}} registers, {{[1-9][0-9]*}} bytes spill stores
// CHECK-DAG: vptx: warning: kernel 'big' spills registers on sm_80
// CHECK-NOT: warning: kernel 'gemm128'
// vptx check runs ptxas too when it is there: the spill warning, and the kernel still
// passes on the simulator.
// RUN: %vptx check %s 2>&1 | %filecheck --check-prefix=CHECKER %s
// CHECKER-NOT: warning: kernel 'gemm128'
// CHECKER-DAG: vptx: warning: kernel 'big' spills registers on sm_80
// CHECKER-DAG: PASS gemm128 (sim vs eval
// CHECKER-DAG: PASS big (sim vs eval
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm128(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}

func.func @big(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<256x256xf32>
  %r = scf.for %k = %c0 to %c256 step %c32 iter_args(%acc = %zero) -> (vector<256x256xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<256x256xf16>, vector<256x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<256x256xf16>, vector<32x256xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<256x32xf16>, vector<32x256xf16> into vector<256x256xf32>
    scf.yield %d : vector<256x256xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<256x256xf32>, memref<256x256xf32>
  return
}
