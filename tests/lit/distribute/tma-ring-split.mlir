// A TMA ring over rows of a dynamic length (distribute/schedule/tma_ring.c, split_rings;
// docs/hopper.md, section 1d): the kernel tests dim 1 of each such memref for a multiple
// of 8 f16 (16 bytes, TMA's rule) and branches, the same way in every thread, to the ring
// or to a copy of the loop marked 1 stage (contract.c's register copies).  In the copy
// the producer warpgroup gives its registers back and leaves, as in the ring, and the
// consumer warpgroup takes min(232, (65536 - 128 * 40) / 128 / 8 * 8) = 232.  The
// hidden-map lines tell the launcher it may leave such maps unencoded.
// RUN: %vptx --arch=sm_90a --emit=simt %s -o %t.simt.mlir && %filecheck %s < %t.simt.mlir
// RUN: %vptx --arch=sm_90a --emit=ptx %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// With one stage there is no ring, so no test and no copy:
// RUN: %vptx --arch=sm_90a --pipeline-stages=1 --emit=simt %s -o %t1.simt.mlir && %filecheck --check-prefix=ONE %s < %t1.simt.mlir
// CHECK-LABEL: func.func @split
// CHECK: %K = memref.dim %A
// CHECK: [[C0:%[0-9]+]] = arith.constant 0 : index
// CHECK-NEXT: [[C1:%[0-9]+]] = arith.constant 1 : index
// CHECK-NEXT: [[C8:%[0-9]+]] = arith.constant 8 : index
// CHECK-NEXT: [[DA:%[0-9]+]] = memref.dim %A, [[C1]]
// CHECK-NEXT: [[RA:%[0-9]+]] = arith.remui [[DA]], [[C8]]
// CHECK-NEXT: [[OKA:%[0-9]+]] = arith.cmpi eq, [[RA]], [[C0]]
// CHECK-NEXT: [[DB:%[0-9]+]] = memref.dim %B, [[C1]]
// CHECK-NEXT: [[RB:%[0-9]+]] = arith.remui [[DB]], [[C8]]
// CHECK-NEXT: [[OKB:%[0-9]+]] = arith.cmpi eq, [[RB]], [[C0]]
// CHECK-NEXT: [[OK:%[0-9]+]] = arith.andi [[OKA]], [[OKB]]
// CHECK-NEXT: scf.if [[OK]] -> (vector<32xf32>) {
// CHECK: "vptx.setmaxnreg"() {dec, regs = 40 : i64}
// CHECK: nvgpu.tma.async.load
// CHECK: "vptx.exit"()
// CHECK: "vptx.setmaxnreg"() {regs = 232 : i64}
// CHECK: "vptx.wgmma"
// CHECK: } else {
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: "vptx.setmaxnreg"() {dec, regs = 40 : i64}
// CHECK-NEXT: "vptx.exit"()
// CHECK: "vptx.setmaxnreg"() {regs = 232 : i64}
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: "vptx.wgmma"
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: {vptx.pipeline_stages = 1 : i64, vptx.ring_fallback}
// CHECK: {vptx.ring_split}
// PTX: // vptx: hidden tensor map of argument 0, box 64x64, swizzle 128, parameter {{[0-9]+}}, unused when its rows are not whole 16-byte pieces
// PTX-NEXT: // vptx: hidden tensor map of argument 1, box 64x64, swizzle 128, parameter {{[0-9]+}}, unused when its rows are not whole 16-byte pieces
// ONE-NOT: ring_split
// ONE-NOT: ring_fallback
// ONE-NOT: nvgpu.tma.async.load
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhsT = affine_map<(m, n, k) -> (n, k)>
#acc = affine_map<(m, n, k) -> (m, n)>

func.func @split(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<64x64xf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<64x64xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhsT, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [false, false]} : vector<64x64xf32>, memref<?x?xf32>
  return
}
