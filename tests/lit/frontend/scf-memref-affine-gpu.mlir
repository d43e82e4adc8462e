// RUN: %vptx --emit=mlir %s | %filecheck %s
// Custom forms of scf, memref, affine and gpu ops.

#map = affine_map<(d0, d1)[s0] -> (d0 + s0 * 4, d1 floordiv 2)>
#map1 = affine_map<(d0)[s0] -> (d0 * 8 + s0 - 3)>
module attributes {gpu.container_module} {
  // CHECK: memref.global "private" @part : memref<2x8xf32, 3> {alignment = 16 : i64}
  memref.global "private" @part : memref<2x8xf32, 3> {alignment = 16}
  // CHECK: memref.global "private" constant @tbl : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
  memref.global "private" constant @tbl : memref<2xf32> = dense<[1.0, 2.0]>
  memref.global @u : memref<4xi32, #gpu.address_space<workgroup>> = uninitialized
  gpu.module @kernels {
    // CHECK: gpu.func @k(%x: memref<8x64xf32>, %n: index) workgroup(%w: memref<32xf32, 3>) private(%pv: memref<4xf32, 5>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>}
    gpu.func @k(%x: memref<8x64xf32>, %n: index) workgroup(%w: memref<32xf32, 3>) private(%pv: memref<4xf32, 5>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %f0 = arith.constant 0.0 : f32
      // CHECK: %t = gpu.thread_id x
      %t = gpu.thread_id x
      %by = gpu.block_id y
      %bd = gpu.block_dim z
      %gd = gpu.grid_dim x upper_bound 128
      %l = gpu.lane_id
      %sg = gpu.subgroup_id : index
      // CHECK: scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %f0) -> (f32) {
      %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %f0) -> (f32) {
        // CHECK: memref.load %x[%i, %t] : memref<8x64xf32>
        %v = memref.load %x[%i, %t] : memref<8x64xf32>
        %s = arith.addf %acc, %v : f32
        // CHECK: scf.yield %s : f32
        scf.yield %s : f32
      }
      // CHECK: scf.for %j = %c0 to %c8 step %c1 {
      // CHECK-NEXT: gpu.barrier
      // CHECK-NEXT: }
      scf.for %j = %c0 to %c8 step %c1 {
        gpu.barrier
      }
      %ci = arith.constant 0 : i32
      %ci8 = arith.constant 8 : i32
      %ci1 = arith.constant 1 : i32
      // CHECK: scf.for %k = %ci to %ci8 step %ci1 : i32 {
      scf.for %k = %ci to %ci8 step %ci1 : i32 {
      }
      // CHECK: %shuffleResult:2 = gpu.shuffle xor %r, %ci1, %ci8 : f32
      %shuffleResult:2 = gpu.shuffle xor %r, %ci1, %ci8 : f32
      // CHECK: %s0, %ok = gpu.shuffle down %r, %ci1, %ci8 : f32
      %s0, %ok = gpu.shuffle down %r, %ci1, %ci8 : f32
      // CHECK: gpu.subgroup_reduce add %s0 cluster(size = 4, stride = 2) : (f32) -> f32
      %red = gpu.subgroup_reduce add %s0 cluster(size = 4, stride = 2) : (f32) -> f32
      // CHECK: gpu.subgroup_reduce maximumf %red uniform cluster(size = 8) : (f32) -> f32
      %red2 = gpu.subgroup_reduce maximumf %red uniform cluster(size = 8, stride = 1) : (f32) -> f32
      %c = arith.cmpi eq, %t, %c0 : index
      // CHECK: scf.if %c {
      scf.if %c {
        memref.store %red, %w[%t] : memref<32xf32, 3>
      }
      // CHECK: %sel = scf.if %c -> (f32) {
      // CHECK: } else {
      %sel = scf.if %c -> (f32) {
        scf.yield %red : f32
      } else {
        scf.yield %red2 : f32
      }
      // CHECK: memref.alloc() : memref<16x16xf16, 3>
      %sm = memref.alloc() : memref<16x16xf16, 3>
      // CHECK: memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
      %dyn = memref.alloc(%n) {alignment = 64} : memref<?x4xf32>
      %al = memref.alloca() : memref<4xf32, 5>
      // CHECK: memref.dim %dyn, %c0 : memref<?x4xf32>
      %d = memref.dim %dyn, %c0 : memref<?x4xf32>
      // CHECK: memref.subview %x[%i0, 0][4, 4][1, 1] : memref<8x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
      %i0 = arith.constant 2 : index
      %sv = memref.subview %x[%i0, 0][4, 4][1, 1] : memref<8x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
      %raw = memref.alloc() : memref<512xi8, 3>
      // CHECK: memref.view %raw[%c0][] : memref<512xi8, 3> to memref<16x16xf16, 3>
      %vw = memref.view %raw[%c0][] : memref<512xi8, 3> to memref<16x16xf16, 3>
      %gp = memref.get_global @part : memref<2x8xf32, 3>
      %dsm = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %ap = affine.apply #map1(%t)[%n]
      // CHECK: affine.apply affine_map<(d0)[s0] -> (d0 * 8 + s0 - 3)>(%t)[%n]
      // CHECK: affine.linearize_index disjoint [%t, %c0] by (4, 8) : index
      %lin = affine.linearize_index disjoint [%t, %c0] by (4, 8) : index
      %lin2 = affine.linearize_index [%t, %c0] by (%n, 8) : index
      // CHECK: %del:2 = affine.delinearize_index %t into (4, 16) : index, index
      %del:2 = affine.delinearize_index %t into (4, 16) : index, index
      %u = arith.addi %del#0, %del#1 : index
      gpu.return
    }
  }
  func.func private @decl(i32, f32 {llvm.noalias}) -> f32
  func.func @caller(%a: i32, %b: f32) -> f32 attributes {llvm.emit_c_interface} {
    // CHECK: %0 = call @decl(%a, %b) : (i32, f32) -> f32
    %0 = func.call @decl(%a, %b) : (i32, f32) -> f32
    return %0 : f32
  }
  // CHECK: func.func @m(%q: memref<4xf32, strided<[2]>>, %r: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, %s: memref<?x?xf32, affine_map<(d0, d1) -> (d0 + d1 * 4, d1 floordiv 2)>>)
  func.func @m(%q: memref<4xf32, strided<[2]>>, %r: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, %s: memref<?x?xf32, affine_map<(d0, d1) -> (d0 + d1 * 4, d1 floordiv 2)>>) {
    return
  }
}
