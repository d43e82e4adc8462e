// Sector windows (vptx.sector_windows on the K loop, distribute/schedule/stage.c,
// docs/staging.md): where a row of A (M x K, f16) is not a multiple of 16 elements, every
// other row starts 16 bytes into a 32-byte sector and its 64-byte piece of each K tile
// touches 3 sectors, two of them shared with the previous and the next tile's copies.
// With the windows each row's copies start at the sector at or below its first element
// (whole sectors; the tile's last chunk comes with the next tile's copies, one cp.async
// group later), so every sector of A is fetched once.  Figures from the simulator's
// counters (`vptx check --stats`: sectors touched against the fewest that hold each warp
// request's bytes), against eval:
//   200x136x72 (grid 2x2)   loads 3768 sectors, 80.3% -> 3368, 92.8% (B's rows, 272
//                           bytes, stay as they are: their partial sectors are shared
//                           with the next column of CTAs, and the K and N edges' last
//                           partial sectors count against the ideal)
//   64x64x1000 (grid 1x1)   9024 sectors, 88.7% -> 8032, 99.8%
//   fixed 200x72 static A   2352 sectors, 87.2% -> 2152, 97.7%
//   the same from column 8  2024 sectors, 90.1% -> 1924, 97.4%
// Without the attribute (sed), the same kernel keeps the tile's windows (80.3%).  Rows of
// a length that is a multiple of 16 take the plain copies at run time (K = 1024: 100%);
// K = 24 (one tile, whose last chunk comes with the copies of the tile after the loop),
// K = 8 and K = 0 against eval; under 3 stages the windows are refused, with a remark.
// RUN: %vptx check --stats --kernel=dyn %s --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck --check-prefix=S200 %s
// S200: global loads   294 requests, 3368 sectors (ideal 3124, 92.8% efficient)
// S200: PASS dyn
// RUN: sed 's/ {vptx.sector_windows = true}//' %s > %t.plain.mlir
// RUN: %vptx check --stats --kernel=dyn %t.plain.mlir --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck --check-prefix=PLAIN %s
// PLAIN: global loads   294 requests, 3768 sectors (ideal 3024, 80.3% efficient)
// PLAIN: PASS dyn
// RUN: %vptx check --stats --kernel=dyn %s --grid=1,1 --dim=64,1000,1000,64,64,64 | %filecheck --check-prefix=S1000 %s
// S1000: global loads   756 requests, 8032 sectors (ideal 8016, 99.8% efficient)
// S1000: PASS dyn
// RUN: %vptx check --stats --kernel=fixed %s --grid=1,2 | %filecheck --check-prefix=FIXED %s
// FIXED: global loads   147 requests, 2152 sectors (ideal 2102, 97.7% efficient)
// FIXED: PASS fixed
// RUN: %vptx check --stats --kernel=dyn %s --grid=1,1 --dim=64,1024,1024,64,64,64 | %filecheck --check-prefix=S1024 %s
// S1024: global loads {{.*}}, 100.0% efficient)
// S1024: PASS dyn
// RUN: %vptx check --kernel=dyn %s --grid=2,2 --dim=130,24,24,136,130,136 | %filecheck %s
// RUN: %vptx check --kernel=dyn %s --grid=2,2 --dim=130,8,8,136,130,136 | %filecheck %s
// RUN: %vptx check --kernel=dyn %s --grid=2,2 --dim=130,0,0,136,130,136 | %filecheck %s
// RUN: %vptx check --kernel=dyn %s --grid=2,2 --dim=130,66,66,130,130,130 | %filecheck %s
// RUN: %vptx check --pipeline-stages=4 --kernel=dyn %s --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck %s
// CHECK: PASS dyn
// RUN: %vptx check --stats --kernel=offset %s --grid=1,2 | %filecheck --check-prefix=OFFSET %s
// OFFSET: global loads   139 requests, 1924 sectors (ideal 1874, 97.4% efficient)
// OFFSET: PASS offset
// RUN: %vptx --remarks --emit=ptx %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// REMARK: sector-windows.mlir:[[@LINE+23]]:10: remark: 'vector.transfer_read' copies its rows in sector windows: a row that starts inside a 32-byte sector copies from that sector's start, the tile's last chunk comes with the next tile's copies, and the loop waits for one cp.async group more (vptx.sector_windows)
// REMARK: sector-windows.mlir:[[@LINE+23]]:10: remark: 'vector.transfer_read' keeps the tile's copy windows (vptx.sector_windows): its column index is not the loop's induction variable over a 2-d memref
// PTX: cp.async.wait_group 0;
// PTX: cp.async.wait_group 1;
// RUN: %vptx --remarks --pipeline-stages=2 --emit=ptx %s -o %t2.ptx 2>&1 | %filecheck --check-prefix=TWO %s
// TWO: remark: 'vector.transfer_read' keeps the tile's copy windows (vptx.sector_windows): it has fewer than 3 stages (a tile completes with the next one's copies)
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @dyn(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
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
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  } {vptx.sector_windows = true}
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}

func.func @fixed(%A: memref<200x72xf16>, %B: memref<72x128xf16>, %C: memref<200x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c72 = arith.constant 72 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %by = gpu.block_id y
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %c72 step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<200x72xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [false, true]} : memref<72x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  } {vptx.sector_windows = true}
  vector.transfer_write %r, %C[%m0, %c0] {in_bounds = [false, true]} : vector<128x128xf32>, memref<200x128xf32>
  return
}

// The loop from column 8: rows r start at r * 72 + 8 elements, the odd ones on a sector.
func.func @offset(%A: memref<200x72xf16>, %B: memref<72x128xf16>, %C: memref<200x128xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c8 = arith.constant 8 : index
  %c72 = arith.constant 72 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %by = gpu.block_id y
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c8 to %c72 step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<200x72xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [false, true]} : memref<72x128xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  } {vptx.sector_windows = true}
  vector.transfer_write %r, %C[%m0, %c0] {in_bounds = [false, true]} : vector<128x128xf32>, memref<200x128xf32>
  return
}
