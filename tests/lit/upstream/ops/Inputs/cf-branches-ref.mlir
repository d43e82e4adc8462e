// The reference of ../cf-branches.mlir with structured control flow (eval): for each
// thread t, n = x[t] & 7, s = 0 + 1 + .. + n, r = s > 10 ? 2 s : s, y[t] = r - x[t].
// @scf_by_cf's reference is |x[t]| through blocks: eval runs cf.br and cf.cond_br;
// @dev_cf's is |x[t]| with scf.
func.func @cf(%x: memref<32xi32>, %y: memref<32xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %c10 = arith.constant 10 : i32
  scf.for %t = %c0 to %c32 step %c1 {
    %v = memref.load %x[%t] : memref<32xi32>
    %n = arith.andi %v, %c7 : i32
    %n1 = arith.addi %n, %one : i32
    %s = scf.for %i = %z to %n1 step %one iter_args(%acc = %z) -> (i32) : i32 {
      %a = arith.addi %acc, %i : i32
      scf.yield %a : i32
    }
    %big = arith.cmpi sgt, %s, %c10 : i32
    %r = scf.if %big -> (i32) {
      %d = arith.addi %s, %s : i32
      scf.yield %d : i32
    } else {
      scf.yield %s : i32
    }
    %rv = arith.subi %r, %v : i32
    memref.store %rv, %y[%t] : memref<32xi32>
  }
  return
}
func.func @scf_by_cf(%x: memref<32xi32>, %y: memref<32xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %z = arith.constant 0 : i32
  cf.br ^head(%c0 : index)
^head(%t: index):
  %go = arith.cmpi ult, %t, %c32 : index
  cf.cond_br %go, ^body, ^done
^body:
  %v = memref.load %x[%t] : memref<32xi32>
  %neg = arith.cmpi slt, %v, %z : i32
  cf.cond_br %neg, ^flip, ^store(%v : i32)
^flip:
  %m = arith.subi %z, %v : i32
  cf.br ^store(%m : i32)
^store(%r: i32):
  memref.store %r, %y[%t] : memref<32xi32>
  %t2 = arith.addi %t, %c1 : index
  cf.br ^head(%t2 : index)
^done:
  return
}
func.func @dev_cf(%x: memref<32xi32>, %y: memref<32xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %z = arith.constant 0 : i32
  scf.for %t = %c0 to %c32 step %c1 {
    %v = memref.load %x[%t] : memref<32xi32>
    %neg = arith.cmpi slt, %v, %z : i32
    %r = scf.if %neg -> (i32) {
      %m = arith.subi %z, %v : i32
      scf.yield %m : i32
    } else {
      scf.yield %v : i32
    }
    memref.store %r, %y[%t] : memref<32xi32>
  }
  return
}
