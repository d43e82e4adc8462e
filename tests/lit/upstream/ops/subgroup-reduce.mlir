// gpu.subgroup_reduce in its upstream forms (issue 25 part 3): `: (T) -> T`, the short
// `: T`, `uniform`, every 32-bit integer kind (one redux.sync each on sm_80+), mul (no
// redux: a shuffle butterfly), f32 add, a cluster; run on the simulator against eval of
// the vector-level reductions in Inputs/subgroup-reduce-ref.mlir.
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/subgroup-reduce-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS sg
// PTX: redux.sync.add.s32
// PTX: redux.sync.min.s32
// PTX: redux.sync.min.u32
// PTX: redux.sync.max.s32
// PTX: redux.sync.max.u32
// PTX: redux.sync.and.b32
// PTX: redux.sync.or.b32
// PTX: redux.sync.xor.b32
// PTX-NOT: redux.sync
module {
  gpu.module @m {
    gpu.func @sg(%x: memref<32xi32>, %f: memref<32xf32>, %o: memref<10x32xi32>, %of: memref<2x32xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %l = gpu.thread_id x
      %v = memref.load %x[%l] : memref<32xi32>
      %fv = memref.load %f[%l] : memref<32xf32>
      %a = gpu.subgroup_reduce add %v : (i32) -> i32
      %b = gpu.subgroup_reduce minsi %v uniform : (i32) -> (i32)
      %c = gpu.subgroup_reduce minui %v : i32
      %d = gpu.subgroup_reduce maxsi %v : (i32) -> i32
      %e = gpu.subgroup_reduce maxui %v uniform : i32
      %g = gpu.subgroup_reduce and %v : (i32) -> i32
      %h = gpu.subgroup_reduce or %v : (i32) -> i32
      %i = gpu.subgroup_reduce xor %v : (i32) -> i32
      %j = gpu.subgroup_reduce mul %v : (i32) -> i32
      %k = gpu.subgroup_reduce add %v cluster(size = 8) : (i32) -> i32
      %fa = gpu.subgroup_reduce add %fv : (f32) -> f32
      %fm = gpu.subgroup_reduce maxnumf %fv : f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      memref.store %a, %o[%c0, %l] : memref<10x32xi32>
      memref.store %b, %o[%c1, %l] : memref<10x32xi32>
      memref.store %c, %o[%c2, %l] : memref<10x32xi32>
      memref.store %d, %o[%c3, %l] : memref<10x32xi32>
      memref.store %e, %o[%c4, %l] : memref<10x32xi32>
      memref.store %g, %o[%c5, %l] : memref<10x32xi32>
      memref.store %h, %o[%c6, %l] : memref<10x32xi32>
      memref.store %i, %o[%c7, %l] : memref<10x32xi32>
      memref.store %j, %o[%c8, %l] : memref<10x32xi32>
      memref.store %k, %o[%c9, %l] : memref<10x32xi32>
      memref.store %fa, %of[%c0, %l] : memref<2x32xf32>
      memref.store %fm, %of[%c1, %l] : memref<2x32xf32>
      gpu.return
    }
  }
}
