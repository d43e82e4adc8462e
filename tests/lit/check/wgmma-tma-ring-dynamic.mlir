// TMA rings over memrefs with dynamic sizes (issue 14 part 1; docs/hopper.md, "Dynamic
// sizes"): the launcher encodes each hidden tensor map with the sizes and strides of
// the memref it is given, TMA zero-fills what a box reads past them (the reads are
// in_bounds = false with a zero padding, which is what eval computes), the K loop's trip
// count is whatever K gives (one partial trip, none, fewer than the stages), and the
// store of C clips at the edge.  Every kernel is run on the simulator against eval.
//   dyn_nk:   B given as (n, k) (K-major B), a 64x64 tile, K steps of 64 (128-byte
//             swizzle), one warpgroup, grid 2x2 over M = 100, N = 72.
//   strided:  A with a row pitch of 88 elements (176 bytes, a multiple of 16) wider
//             than its K, B (k, n); a 128x64 tile over two warpgroups.
//   dyn_bf16: bf16, B (k, n), K steps of 16 (32-byte swizzle), 4 stages.
// The sizes: K = 40 (one partial trip of 64), 0 (no trip: C = 0), 24 (fewer trips than
// stages for dyn_bf16: 2 of 16), 200 (three full trips of 64 and one of 8).
// RUN: %vptx check --arch=sm_90a %s --kernel=dyn_nk --grid=2,2 --dim=100,40,72,40,100,72 | %filecheck --check-prefix=NK %s
// RUN: %vptx check --arch=sm_90a %s --kernel=dyn_nk --grid=2,2 --dim=100,0,72,0,100,72 | %filecheck --check-prefix=NK %s
// RUN: %vptx check --arch=sm_90a %s --kernel=dyn_nk --grid=2,2 --dim=100,200,72,200,100,72 | %filecheck --check-prefix=NK %s
// Rows TMA cannot map (a row of 66 or 20 elements, a B of 130 columns) take the copy of
// the loop with register copies (distribute/schedule/tma_ring.c's split); the 88-pitch A does not
// depend on K, so at K = 66 with N = 120 its kernel still takes the ring (4 CTAs x 3 K
// steps of 32 x 2 TMA copies, A's box of 128 x 32 and B's of 32 x 64: 24):
// RUN: %vptx check --arch=sm_90a %s --kernel=dyn_nk --grid=2,2 --dim=100,66,72,66,100,72 | %filecheck --check-prefix=NK %s
// RUN: %vptx check --arch=sm_90a %s --kernel=strided --grid=3,2 --dim=200,88,88,130,200,130 | %filecheck --check-prefix=ST %s
// RUN: %vptx check --arch=sm_90a --stats %s --kernel=strided --grid=2,2 --dim=200,66,66,120,200,120 | %filecheck --check-prefix=STTMA %s
// RUN: %vptx check --arch=sm_90a %s --kernel=dyn_bf16 --grid=3,2 --dim=72,20,20,136,72,136 | %filecheck --check-prefix=BF %s
// STTMA: cp.async 24
// STTMA: PASS strided
// Without the producer warpgroup (thread 0 fills the first S - 1 stages while they exist):
// RUN: %vptx check --arch=sm_90a --no-warp-specialize %s --kernel=dyn_nk --grid=2,2 --dim=100,40,72,40,100,72 | %filecheck --check-prefix=NK %s
// RUN: %vptx check --arch=sm_90a --no-warp-specialize %s --kernel=dyn_nk --grid=2,2 --dim=100,0,72,0,100,72 | %filecheck --check-prefix=NK %s
// RUN: %vptx check --arch=sm_90a --no-warp-specialize %s --kernel=dyn_bf16 --grid=2,2 --dim=72,24,24,136,72,136 | %filecheck --check-prefix=BF %s
// NK: PASS dyn_nk (sim vs eval
// RUN: %vptx check --arch=sm_90a %s --kernel=strided --grid=2,2 --dim=200,88,88,120,200,120 | %filecheck --check-prefix=ST %s
// RUN: %vptx check --arch=sm_90a %s --kernel=strided --grid=1,2 --dim=130,40,40,64,130,64 | %filecheck --check-prefix=ST %s
// ST: PASS strided (sim vs eval
// RUN: %vptx check --arch=sm_90a %s --kernel=dyn_bf16 --grid=2,2 --dim=72,24,24,136,72,136 | %filecheck --check-prefix=BF %s
// RUN: %vptx check --arch=sm_90a %s --kernel=dyn_bf16 --grid=1,1 --dim=64,200,200,64,64,64 | %filecheck --check-prefix=BF %s
// BF: PASS dyn_bf16 (sim vs eval
// The remarks: the ring of each loop (stage bytes 2 (M + N) K: 16384, 12288, 4096), and
// which operands have a row length only the launcher knows (the 88-pitch A does not):
// RUN: %vptx --arch=sm_90a --remarks %s -o %t.r.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// REMARK: wgmma-tma-ring-dynamic.mlir:[[@LINE+34]]:8: remark: 'scf.for' feeds its wgmma operands through a TMA ring (cp.async.bulk.tensor, full and empty mbarriers): 3 stages of 16384 bytes in dynamic shared memory; warp-specialized: a producer warpgroup issues the copies (the block gains 128 threads); the rows of %A and %B have a dynamic length
// REMARK: remark: 'scf.for' feeds its wgmma operands through a TMA ring (cp.async.bulk.tensor, full and empty mbarriers): 3 stages of 12288 bytes in dynamic shared memory; warp-specialized: a producer warpgroup issues the copies (the block gains 128 threads); the rows of %B have a dynamic length
// REMARK: remark: 'scf.for' feeds its wgmma operands through a TMA ring (cp.async.bulk.tensor, full and empty mbarriers): 4 stages of 4096 bytes in dynamic shared memory; warp-specialized: a producer warpgroup issues the copies (the block gains 128 threads); the rows of %A and %B have a dynamic length
// The maps the PTX asks for (those of rows of a dynamic length, which the kernel tests,
// marked unused for rows TMA cannot map; the 88-pitch A's is always used): A's box of 64 rows x 64 f16 and B's (n, k) box the same
// (128-byte swizzle: K steps of 64 f16 are 128 bytes), and the 88-pitch A's box of 128 x
// 32 (64-byte swizzle), B (k, n) MN-major in boxes of 32 rows x 64 f16:
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=MAPS %s < %t.ptx
// MAPS: // vptx: hidden tensor map of argument 0, box 64x64, swizzle 128
// MAPS-NEXT: // vptx: hidden tensor map of argument 1, box 64x64, swizzle 128
// MAPS: .visible .entry dyn_nk(
// MAPS: // vptx: hidden tensor map of argument 0, box 128x32, swizzle 64, parameter {{[0-9]+}}{{$}}
// MAPS-NEXT: // vptx: hidden tensor map of argument 1, box 32x64, swizzle 128, parameter {{[0-9]+}}, unused when its rows are not whole 16-byte pieces
// MAPS: .visible .entry strided(
// MAPS: // vptx: hidden tensor map of argument 0, box 64x16, swizzle 32
// MAPS-NEXT: // vptx: hidden tensor map of argument 1, box 16x64, swizzle 128
// MAPS: .visible .entry dyn_bf16(
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>

func.func @dyn_nk(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c64 : index
  %m0 = arith.muli %by, %c64 : index
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<64x64xf16>
    %b = vector.transfer_read %B[%n0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<64x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhsT, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<64x64xf32>, memref<?x?xf32>
  return
}

func.func @strided(%A: memref<?x?xf16, strided<[88, 1]>>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16, strided<[88, 1]>>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c64 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x64xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x64xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16, strided<[88, 1]>>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x64xf32>, memref<?x?xf32>
  return
}

func.func @dyn_bf16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>, %C: memref<?x?xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : bf16
  %K = memref.dim %A, %c1 : memref<?x?xbf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c64 : index
  %m0 = arith.muli %by, %c64 : index
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xbf16>, vector<64x16xbf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xbf16>, vector<16x64xbf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<64x16xbf16>, vector<16x64xbf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  } {vptx.pipeline_stages = 4}
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<64x64xf32>, memref<?x?xf32>
  return
}
