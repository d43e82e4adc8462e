// Device functions (issue 25 part 1): functions that are not kernels become PTX .funcs,
// called with call.uni, their arguments and results in .param space: scalars (f32, i1,
// index), vectors, a global memref with a dynamic size, a workgroup memref; one calls
// another; @fact calls itself (PTX recursion; the simulator keeps the frames).  The
// kernel runs on the simulator and is compared with eval of the vector-level reference
// Inputs/device-functions-ref.mlir.
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/device-functions-ref.mlir --dim 64 | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS dev
// PTX: .func (.param .f32 axpy_ret_0) axpy(.param .f32 axpy_param_0, .param .f32 axpy_param_1, .param .f32 axpy_param_2);
// PTX: .func (.param .b32 fact_ret_0) fact(.param .b32 fact_param_0);
// PTX: .func (.param .f32 pick_ret_0) pick(.param .u32 pick_param_0, .param .f32 pick_param_1, .param .f32 pick_param_2);
// PTX: .func (.param .align 4 .b8 pair_ret_0[8]) pair(.param .f32 pair_param_0, .param .f32 pair_param_1);
// PTX: .func put(.param .u64 put_param_0, .param .u64 put_param_1, .param .b64 put_param_2, .param .f32 put_param_3);
// PTX: .func (.param .f32 via_shared_ret_0) via_shared(.param .u32 via_shared_param_0, .param .b64 via_shared_param_1, .param .f32 via_shared_param_2);
// PTX: ld.param.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, [fact_param_0];
// PTX: call.uni (vptx_c0_r0), fact, (vptx_c0_a0);
// PTX: .visible .entry dev(
// PTX: call.uni (vptx_c{{[0-9]+}}_r0), axpy, (vptx_c{{[0-9]+}}_a0, vptx_c{{[0-9]+}}_a1, vptx_c{{[0-9]+}}_a2);
// PTX: call.uni put, (
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @axpy(%a: f32, %x: f32, %y: f32) -> f32 {
      %p = arith.mulf %a, %x : f32
      %r = arith.addf %p, %y : f32
      gpu.return %r : f32
    }
    gpu.func @fact(%n: i32) -> i32 {
      %c1 = arith.constant 1 : i32
      %le = arith.cmpi sle, %n, %c1 : i32
      %r = scf.if %le -> (i32) {
        scf.yield %c1 : i32
      } else {
        %m = arith.subi %n, %c1 : i32
        %f = func.call @fact(%m) : (i32) -> i32
        %p = arith.muli %n, %f : i32
        scf.yield %p : i32
      }
      gpu.return %r : i32
    }
    gpu.func @pick(%c: i1, %a: f32, %b: f32) -> f32 {
      %r = arith.select %c, %a, %b : f32
      gpu.return %r : f32
    }
    gpu.func @pair(%v: vector<2xf32>) -> vector<2xf32> {
      %s = vector.extract %v[0] : f32 from vector<2xf32>
      %t = vector.extract %v[1] : f32 from vector<2xf32>
      %w = vector.from_elements %t, %s : vector<2xf32>
      %r = arith.addf %w, %v : vector<2xf32>
      gpu.return %r : vector<2xf32>
    }
    gpu.func @put(%out: memref<?xf32>, %i: index, %v: f32) {
      memref.store %v, %out[%i] : memref<?xf32>
      gpu.return
    }
    gpu.func @via_shared(%s: memref<32xf32, #gpu.address_space<workgroup>>, %i: index, %v: f32) -> f32 {
      memref.store %v, %s[%i] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c31 = arith.constant 31 : index
      %j = arith.subi %c31, %i : index
      %r = memref.load %s[%j] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.return %r : f32
    }
    gpu.func @dev(%x: memref<?xf32>, %out: memref<?xf32>) workgroup(%buf: memref<32xf32, #gpu.address_space<workgroup>>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %c2 = arith.constant 2.0 : f32
      %c1 = arith.constant 1.0 : f32
      %xv = memref.load %x[%t] : memref<?xf32>
      %y = func.call @axpy(%c2, %xv, %c1) : (f32, f32, f32) -> f32
      %ti = arith.index_cast %t : index to i32
      %c7 = arith.constant 7 : i32
      %k = arith.remui %ti, %c7 : i32
      %f = func.call @fact(%k) : (i32) -> i32
      %ff = arith.sitofp %f : i32 to f32
      %c16 = arith.constant 16 : index
      %lo = arith.cmpi ult, %t, %c16 : index
      %p = func.call @pick(%lo, %y, %ff) : (i1, f32, f32) -> f32
      %v = vector.from_elements %p, %xv : vector<2xf32>
      %w = func.call @pair(%v) : (vector<2xf32>) -> vector<2xf32>
      %w0 = vector.extract %w[0] : f32 from vector<2xf32>
      %w1 = vector.extract %w[1] : f32 from vector<2xf32>
      %sh = func.call @via_shared(%buf, %t, %w0) : (memref<32xf32, #gpu.address_space<workgroup>>, index, f32) -> f32
      func.call @put(%out, %t, %sh) : (memref<?xf32>, index, f32) -> ()
      %t2 = arith.addi %t, %c32 : index
      func.call @put(%out, %t2, %w1) : (memref<?xf32>, index, f32) -> ()
      gpu.return
    }
  }
}
