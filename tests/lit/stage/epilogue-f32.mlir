// The f32 epilogue with dynamic dims (docs/staging.md, Epilogue): C = relu(acc * alpha)
// for any M, N, K.  The elementwise ops run on the mma.sync fragments in registers; then the tile leaves through the pipeline's idle stage buffers, in four
// passes of 32 rows (a 4x2 warp split: one m16 tile half of every warp per pass), read
// back 16 bytes per lane, and stored with 128-bit stores where the 4 elements are
// inside C and its row length is a multiple of 4, element by element (each guarded)
// at the right edge.  Where the row length is not a multiple of 4 (a uniform test), the
// tile is read back one element a lane instead, the lanes of a warp along a row, so
// that a warp's 4-byte stores are one 128-byte run: at 257x129 1285 store requests take
// 5265 sectors (83%: a run that does not start on 32 bytes touches 5), where each
// lane's 4 elements 16 bytes apart took 17217 (25.4%).  Without this, the fragments leave as 4-byte guarded stores: 512 store
// requests at 50% sector efficiency for one 128x128 tile instead of 128 at 100%.
// The sizes: rows and columns past the edge (200x136), a row length that is not a
// multiple of 4 (130, 129: the element path everywhere), a multiple of 4 but not of 8
// (132), and 1x2.
// RUN: %vptx check %s --grid=1,1 --dim=128,64,64,128,128,128 --stats | %filecheck --check-prefix=FULL %s
// RUN: %vptx check %s --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck %s
// RUN: %vptx check %s --grid=2,2 --dim=130,66,66,130,130,130 | %filecheck %s
// RUN: %vptx check %s --grid=3,3 --dim=257,100,100,129,257,129 --stats | %filecheck --check-prefix=ODD %s
// RUN: %vptx check %s --grid=2,2 --dim=190,40,40,132,190,132 --stats | %filecheck --check-prefix=EDGE %s
// RUN: %vptx check %s --grid=1,1 --dim=1,3,3,2,1,2 | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS epilogue_f32 (sim vs eval
// FULL: global stores  128 requests, 2048 sectors (ideal 2048, 100.0% efficient), 65536 bytes
// FULL: shared loads {{.*}}, 100.0% conflict-free)
// FULL-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// FULL: barriers 7,
// FULL: PASS epilogue_f32 (sim vs eval
// ODD: global stores  1285 requests, 5265 sectors (ideal 4369, 83.0% efficient), 132612 bytes
// ODD: PASS epilogue_f32 (sim vs eval
// EDGE: global stores {{.*}}, {{(9[5-9]|100)\.[0-9]}}% efficient)
// EDGE: PASS epilogue_f32 (sim vs eval
// SIMT: scf.for
// SIMT: nvgpu.mma.sync
// SIMT: scf.yield
// SIMT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// SIMT: arith.mulf {{.*}} : vector<64xf32>
// SIMT: arith.maximumf {{.*}} : vector<64xf32>
// SIMT: gpu.barrier
// SIMT: vector.store {{.*}}, %C[{{.*}}] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// SIMT: memref.store {{.*}}, %C[
// SIMT: } else {
// SIMT: memref.load %{{[0-9]+}}[%{{[0-9]+}}, %{{[0-9]+}}] : memref<32x136xf32, #gpu.address_space<workgroup>>
// SIMT: memref.store {{.*}}, %C[
// PTX-NOT: st.global.v2.f32
// PTX: st.shared.v2.f32
// PTX: bar.sync
// PTX: ld.shared.v4.f32
// PTX: st.global.v4.f32
// PTX-NOT: st.global.v2.f32
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @epilogue_f32(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
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
  %sa = arith.constant 0.5 : f32
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  %alpha = vector.broadcast %sa : f32 to vector<128x128xf32>
  %s = arith.mulf %r, %alpha : vector<128x128xf32>
  %u = arith.maximumf %s, %zero : vector<128x128xf32>
  vector.transfer_write %u, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}
