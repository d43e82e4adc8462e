// Upstream MLIR ops of issue 25 part 3 at the SIMT level, run on the simulator against
// eval of Inputs/upstream-ops-ref.mlir (plain loads, arithmetic and stores):
//   regs      nvvm.read.ptx.sreg.{tid.x, ntid.x, laneid, warpsize}, nvvm.shfl.sync,
//             nvvm.barrier0, ub.poison (selected away), nvgpu.rcp
//   atomics   memref.atomic_rmw: addi/maxs/minu/andi/ori/xori/addf into one place from
//             every thread; mulf/maximumf/assign (compare-and-swap loops, exch) and
//             their old values on one place per thread; through memref.reinterpret_cast
//   allred    gpu.all_reduce over 64 threads (two warps): add (i32), maxnumf (f32), and
//             a body (an i32 max); nvgpu.device_async_wait without a token
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/upstream-ops-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS regs
// CHECK: PASS atomics
// CHECK: PASS allred
// PTX-LABEL: .entry regs(
// PTX: mov.u32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, %tid.x;
// PTX: shfl.sync.bfly.b32
// PTX: rcp.approx.ftz.f32
// PTX-LABEL: .entry atomics(
// PTX: atom.global.add.u32
// PTX: atom.global.max.s32
// PTX: atom.global.min.u32
// PTX: atom.global.and.b32
// PTX: atom.global.or.b32
// PTX: atom.global.xor.b32
// PTX: atom.global.add.f32
// PTX: atom.global.cas.b32
// PTX: atom.global.exch.b32
// PTX-LABEL: .entry allred(
// PTX: shfl.sync.bfly.b32
// PTX: bar.sync 0;
module {
  gpu.module @m {
    gpu.func @regs(%x: memref<32xf32>, %o: memref<4x32xi32>, %y: memref<32xf32>, %r: memref<32xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = nvvm.read.ptx.sreg.tid.x : i32
      %n = nvvm.read.ptx.sreg.ntid.x : i32
      %l = nvvm.read.ptx.sreg.laneid : i32
      %w = nvvm.read.ptx.sreg.warpsize : i32
      %ti = arith.index_cast %t : i32 to index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      memref.store %t, %o[%c0, %ti] : memref<4x32xi32>
      memref.store %n, %o[%c1, %ti] : memref<4x32xi32>
      memref.store %l, %o[%c2, %ti] : memref<4x32xi32>
      memref.store %w, %o[%c3, %ti] : memref<4x32xi32>
      %xv = memref.load %x[%ti] : memref<32xf32>
      nvvm.barrier0
      %mask = arith.constant -1 : i32
      %off = arith.constant 5 : i32
      %clamp = arith.constant 31 : i32
      %s = nvvm.shfl.sync bfly %mask, %xv, %off, %clamp : f32 -> f32
      %p = ub.poison : f32
      %true = arith.constant true
      %sel = arith.select %true, %s, %p : f32
      memref.store %sel, %y[%ti] : memref<32xf32>
      %v = vector.broadcast %xv : f32 to vector<2xf32>
      %rv = nvgpu.rcp %v {rounding = approx, ftz} : vector<2xf32>
      %r0 = vector.extract %rv[1] : f32 from vector<2xf32>
      memref.store %r0, %r[%ti] : memref<32xf32>
      gpu.return
    }
    gpu.func @atomics(%xi: memref<32xi32>, %xf: memref<32xf32>, %acc: memref<6xi32>, %facc: memref<1xf32>,
                      %per: memref<96xf32>, %old: memref<96xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %one = arith.constant 1 : i32
      %v = memref.load %xi[%t] : memref<32xi32>
      %f = memref.load %xf[%t] : memref<32xf32>
      %a0 = memref.atomic_rmw addi %one, %acc[%c0] : (i32, memref<6xi32>) -> i32
      %a1 = memref.atomic_rmw maxs %v, %acc[%c1] : (i32, memref<6xi32>) -> i32
      %a2 = memref.atomic_rmw minu %v, %acc[%c2] : (i32, memref<6xi32>) -> i32
      %a3 = memref.atomic_rmw andi %v, %acc[%c3] : (i32, memref<6xi32>) -> i32
      %a4 = memref.atomic_rmw ori %v, %acc[%c4] : (i32, memref<6xi32>) -> i32
      %a5 = memref.atomic_rmw xori %v, %acc[%c5] : (i32, memref<6xi32>) -> i32
      %fa = memref.atomic_rmw addf %f, %facc[%c0] : (f32, memref<1xf32>) -> f32
      // one place per thread, through a 3x32 view of the 96 floats
      %grid = memref.reinterpret_cast %per to offset: [0], sizes: [3, 32], strides: [32, 1] : memref<96xf32> to memref<3x32xf32>
      %m0 = memref.atomic_rmw mulf %f, %grid[%c0, %t] : (f32, memref<3x32xf32>) -> f32
      %m1 = memref.atomic_rmw maximumf %f, %grid[%c1, %t] : (f32, memref<3x32xf32>) -> f32
      %m2 = memref.atomic_rmw assign %f, %grid[%c2, %t] : (f32, memref<3x32xf32>) -> f32
      %olds = memref.reinterpret_cast %old to offset: [0], sizes: [3, 32], strides: [32, 1] : memref<96xf32> to memref<3x32xf32>
      memref.store %m0, %olds[%c0, %t] : memref<3x32xf32>
      memref.store %m1, %olds[%c1, %t] : memref<3x32xf32>
      memref.store %m2, %olds[%c2, %t] : memref<3x32xf32>
      gpu.return
    }
    gpu.func @allred(%xi: memref<64xi32>, %xf: memref<64xf32>, %oi: memref<2x64xi32>, %of: memref<64xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %v = memref.load %xi[%t] : memref<64xi32>
      %f = memref.load %xf[%t] : memref<64xf32>
      %s = gpu.all_reduce add %v uniform {} : (i32) -> (i32)
      %m = gpu.all_reduce maxnumf %f {} : (f32) -> (f32)
      %b = gpu.all_reduce %v {
      ^bb0(%lhs: i32, %rhs: i32):
        %mx = arith.maxsi %lhs, %rhs : i32
        gpu.yield %mx : i32
      } : (i32) -> (i32)
      nvgpu.device_async_wait {numGroups = 0 : i32}
      memref.store %s, %oi[%c0, %t] : memref<2x64xi32>
      memref.store %b, %oi[%c1, %t] : memref<2x64xi32>
      memref.store %m, %of[%t] : memref<64xf32>
      gpu.return
    }
  }
}
