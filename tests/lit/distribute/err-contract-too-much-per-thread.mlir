// examples/gemm64.mlir without its mma_kind: the contract takes the generic per-thread
// path, whose operands would hold more than 1024 elements in every thread.  The error
// names the contract and says what to do; it comes quickly (slot_map used to take half a
// second on this kernel before failing).
// RUN: not %vptx --emit=ptx %s 2>&1 | %filecheck %s
// CHECK: err-contract-too-much-per-thread.mlir:[[@LINE+14]]:{{[0-9]+}}: error: 'vector.from_elements' with more than 1024 elements per thread: the layout leaves too much of a vector to one thread (for a vector.contract, give it an mma_kind)
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm64(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
