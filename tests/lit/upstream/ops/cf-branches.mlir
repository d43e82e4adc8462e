// Unstructured control flow (issue 25 part 3): cf.br and cf.cond_br with block arguments,
// as convert-scf-to-cf leaves them.  Each thread runs a loop (a back edge carrying two
// values) and a diamond whose join takes a block argument; values of the entry block are
// used in later blocks.  Run on the simulator against eval of the same computation
// written with scf in Inputs/cf-branches-ref.mlir.  @scf_by_cf turns it round: an scf
// kernel whose reference eval runs through cf.br / cf.cond_br blocks.  @dev_cf calls a
// device function (a PTX .func) whose body is blocks with two gpu.returns.
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/cf-branches-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS cf
// CHECK: PASS scf_by_cf
// CHECK: PASS dev_cf
// PTX: .func (.param .b32 dev_abs_ret_0) dev_abs(.param .b32 dev_abs_param_0){{$}}
// PTX: @!{{%p_[A-Za-z0-9_$]+_[0-9]+}} bra $L__dev_abs_{{[A-Za-z0-9_$]+_[0-9]+}};
// PTX: ret;
// PTX: ret;
// PTX-LABEL: .entry cf(
// PTX: @!{{%p_[A-Za-z0-9_$]+_[0-9]+}} bra $L__cf_{{[A-Za-z0-9_$]+_[0-9]+}};
// PTX: bra $L__cf_{{[A-Za-z0-9_$]+_[0-9]+}};
// PTX-LABEL: .entry dev_cf(
// PTX: call.uni (vptx_c0_r0), dev_abs, (vptx_c0_a0);
module {
  gpu.module @m {
    gpu.func @cf(%x: memref<32xi32>, %y: memref<32xi32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<32xi32>
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c7 = arith.constant 7 : i32
      %c10 = arith.constant 10 : i32
      %n = arith.andi %v, %c7 : i32
      cf.br ^loop(%c0, %c0 : i32, i32)
    ^loop(%i: i32, %s: i32):
      %more = arith.cmpi sle, %i, %n : i32
      cf.cond_br %more, ^body, ^after
    ^body:
      %s2 = arith.addi %s, %i : i32
      %i2 = arith.addi %i, %c1 : i32
      cf.br ^loop(%i2, %s2 : i32, i32)
    ^after:
      %big = arith.cmpi sgt, %s, %c10 : i32
      cf.cond_br %big, ^double(%s : i32), ^join(%s : i32)
    ^double(%d: i32):
      %dd = arith.addi %d, %d : i32
      cf.br ^join(%dd : i32)
    ^join(%r: i32):
      %rv = arith.subi %r, %v : i32
      memref.store %rv, %y[%t] : memref<32xi32>
      gpu.return
    }
    gpu.func @scf_by_cf(%x: memref<32xi32>, %y: memref<32xi32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<32xi32>
      %c0 = arith.constant 0 : i32
      %neg = arith.cmpi slt, %v, %c0 : i32
      %r = scf.if %neg -> (i32) {
        %m = arith.subi %c0, %v : i32
        scf.yield %m : i32
      } else {
        scf.yield %v : i32
      }
      memref.store %r, %y[%t] : memref<32xi32>
      gpu.return
    }
    gpu.func @dev_abs(%a: i32) -> i32 {
      %c0 = arith.constant 0 : i32
      %neg = arith.cmpi slt, %a, %c0 : i32
      cf.cond_br %neg, ^n, ^p
    ^n:
      %m = arith.subi %c0, %a : i32
      gpu.return %m : i32
    ^p:
      gpu.return %a : i32
    }
    gpu.func @dev_cf(%x: memref<32xi32>, %y: memref<32xi32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<32xi32>
      %r = func.call @dev_abs(%v) : (i32) -> i32
      memref.store %r, %y[%t] : memref<32xi32>
      gpu.return
    }
  }
}
