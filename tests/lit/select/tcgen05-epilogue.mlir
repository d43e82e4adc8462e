// The tcgen05 ring's epilogue (docs/blackwell.md section 4, "The epilogue"): tcgen05.ld
// leaves each thread one row of the accumulator, so the thread's own stores would put a
// warp's 32 lanes on 32 rows (a sector each).  Instead the result goes through the ring's
// idle stages in passes of 128 bytes of each warpgroup's columns: every thread writes its
// row's piece (16-byte shared stores), a barrier, and each warpgroup reads its 128 rows
// back 8 lanes a row and stores 16 bytes a lane, 4 rows' whole lines a warp store.  Ragged
// rows and columns are guarded (a row length that is not a multiple of 16 bytes: element by
// element).  @gemm: f32 result, B (k, n); @nk_f16: B (n, k), the result truncated to f16
// (8 elements a lane), N = 130 (not a multiple of 8); @two_stages: 2 stages of 16 KiB do
// not hold the 36 KiB pass, so the thread's own stores stay.
// RUN: %vptx --arch=sm_100a --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx check --arch=sm_100a --stats %s --kernel=gemm --grid=2,3 --dim=257,104,104,136,257,136 | %filecheck --check-prefix=TC %s
// RUN: %vptx check --arch=sm_100a %s --kernel=gemm --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --kernel=gemm --grid=2,2 --dim=130,0,0,136,130,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --kernel=gemm --grid=2,2 --dim=256,64,64,256,256,256 | %filecheck %s
// RUN: %vptx check --arch=sm_100a --stats %s --kernel=nk_f16 --grid=2,3 --dim=257,104,130,104,257,130 | %filecheck --check-prefix=TC %s
// RUN: %vptx check --arch=sm_100a %s --kernel=nk_f16 --grid=2,2 --dim=200,72,136,72,200,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --kernel=nk_f16 --grid=2,2 --dim=129,0,129,0,129,129 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --kernel=two_stages --grid=2,3 --dim=257,104,104,136,257,136 | %filecheck %s
// CHECK: PASS
// TC: tcgen05 {{[1-9][0-9]*}} mma
// TC: PASS
// REMARK: remark: 'vector.transfer_write' goes through the TMA ring's idle stages: the tcgen05 accumulator's rows (a thread each) in 2 pass(es) of 32 columns a warpgroup to shared memory, read back 8 lanes a row, 16-byte stores of 4 rows' whole 128-byte lines a warp (each thread's own stores would put a warp on 32 rows, a sector each)
// REMARK: remark: 'vector.transfer_write' goes through the TMA ring's idle stages: the tcgen05 accumulator's rows (a thread each) in 1 pass(es) of 64 columns a warpgroup
// REMARK-NOT: idle stages: the tcgen05
// PTX-LABEL: .entry gemm
// PTX: tcgen05.ld.sync.aligned.32x32b
// PTX: st.shared.v4.f32
// PTX: bar.sync
// PTX: ld.shared.v4.f32
// PTX: st.global.v4.f32
// PTX-LABEL: .entry nk_f16
// PTX: tcgen05.ld.sync.aligned.32x32b
// PTX: st.shared.v4.b32
// PTX: ld.shared.v4.b32
// PTX: st.global.v4.b32
// PTX-LABEL: .entry two_stages
// PTX-NOT: ld.shared.v4
// PTX: ret;
#lhs = affine_map<(m, n, k) -> (m, k)>
#rkn = affine_map<(m, n, k) -> (k, n)>
#rnk = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}
func.func @nk_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%n0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rnk, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<128x32xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  %o = arith.truncf %r : vector<128x128xf32> to vector<128x128xf16>
  vector.transfer_write %o, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf16>, memref<?x?xf16>
  return
}
func.func @two_stages(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rkn, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  } {vptx.pipeline_stages = 2 : i64}
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}
