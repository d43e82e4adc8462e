// A contract left on the per-thread path (f32 x f32 -> f32 without --allow-tf32: no
// tensor-core intrinsic fits) whose products do not fit in a thread is a located error
// from the register budget (layout/budget.c) that names the dim to shrink, instead of
// ptxgen's old "'vector.from_elements' with more than 1024 elements per thread".
// @cfg: a lowering_config with only a subgroup_basis leaves each warp's 32x32 tile of
// the accumulator to every lane: 32 x 32 x 32 products per thread.
// @plain: the coalesced default layouts give 8 x 4 per thread of M x N, and K = 64 is
// held whole: 2048 products; with K = 32 (1024) the same kernel compiles (last RUN).
// RUN: not %vptx --emit=ptx %s 2>&1 | %filecheck %s
// RUN: sed -e '/^\/\//d' -e '/^func.func @cfg/,/^}/d' -e 's/step %%c64 iter/step %%c32 iter/' -e 's/%%c64 = arith.constant 64 : index/%%c64 = arith.constant 64 : index\n  %%c32 = arith.constant 32 : index/' -e '/%%a = vector.transfer_read/s/vector<64x64xf32>$/vector<64x32xf32>/' -e '/%%b = vector.transfer_read/s/vector<64x64xf32>$/vector<32x64xf32>/' -e 's/: vector<64x64xf32>, vector<64x64xf32> into/: vector<64x32xf32>, vector<32x64xf32> into/' %s > %t.mlir
// RUN: %vptx check --kernel=plain %t.mlir | %filecheck --check-prefix=K32 %s
// CHECK: err-contract-too-much-per-thread.mlir:[[@LINE+16]]:10: error: 'vector.contract' on the per-thread path (no tensor-core intrinsic fits it; --remarks says why) needs 32768 products per thread (M 32 x N 32 x K 32), more than the 1024 a thread can hold: shrink M (size 64, 32 of it in each thread), or lay the contract out over more threads
// CHECK: err-contract-too-much-per-thread.mlir:[[@LINE+31]]:10: error: 'vector.contract' on the per-thread path (no tensor-core intrinsic fits it; --remarks says why) needs 2048 products per thread (M 8 x N 4 x K 64), more than the 1024 a thread can hold: shrink K (size 64, 64 of it in each thread), or lay the contract out over more threads
// K32: PASS plain
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @cfg(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf32>, vector<64x32xf32>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf32>, vector<32x64xf32>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{subgroup_basis = [[2, 2, 1], [0, 1, 2]]}>} %a, %b, %acc : vector<64x32xf32>, vector<32x64xf32> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @plain(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %c64 step %c64 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x64xf32>, vector<64x64xf32>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf32>, vector<64x64xf32>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<64x64xf32>, vector<64x64xf32> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
