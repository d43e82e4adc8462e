// Loop-carried registers without copies (ptxgen/coalesce.c): a yielded value born in
// the loop body is made in the iter_arg's own register when the iter_arg is read for
// the last time no later than the value is first written; what cannot be (a swap, a
// rotation, a value yielded twice, an iter_arg read after the new value exists) stays
// a parallel copy, with one spare register per cycle.  Every kernel is checked against
// the reference interpreter, and the movs of each loop (between its label and its
// backward branch) are counted (those into f32 registers: not the induction variable's).  Expected counts, per thread (4 f32 slots a vector):
//   swap      x, y swapped: 4 cycles of 2 -> 3 movs each; acc made in place -> 12
//   rotate    x, y, z rotated: 4 cycles of 3 -> 4 movs each -> 16
//   twice     s yielded to x and y: x is s, y needs a copy of each slot -> 4
//   same      x yielded unchanged, acc in place -> 0
//   nested    inner b in place; the inner result is the outer acc (init `mov acc, acc`
//             goes); x + 1 after the inner loop in place -> 0 and 0
//   late      x read after s = x + y exists: x needs its copies; t in y's place -> 4
//   shift     s = x / 2 + y yielded to x, old x to y: x stays (the copy to y reads it
//             after s exists) -> 4 + 4
//   branchy   the scf.if results are made in both branches (no mov there), and in acc:
//             the else branch reads acc after the then branch's line, but no path
//             leads from one branch to the other -> 0
//   joined    the same scf.if, but acc is read again after the branches join: a path
//             leads from the result's write to that read, so acc keeps its copies;
//             the sum is made in its iter_arg -> 4
// RUN: %vptx check %s --backend=sim | %filecheck --check-prefix=SIM %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx
// RUN: awk '/^\.visible \.entry/ { k = $3; sub(/\(.*/, "", k) } \
// RUN:      /^\$L__/ { l = $1; sub(/:$/, "", l); pos[l] = NR } { line[NR] = $0 } \
// RUN:      /bra(\.uni)? \$L__/ { t = $NF; sub(/;$/, "", t); if (t in pos) { n = 0; \
// RUN:        for (i = pos[t]; i < NR; i++) if (line[i] ~ /^\tmov\.[a-z0-9]+ %f/) n++; \
// RUN:        print k, "loop movs", n } }' %t.ptx | %filecheck %s
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// SIM: PASS swap (sim vs eval
// SIM: PASS rotate (sim vs eval
// SIM: PASS twice (sim vs eval
// SIM: PASS same (sim vs eval
// SIM: PASS nested (sim vs eval
// SIM: PASS late (sim vs eval
// SIM: PASS shift (sim vs eval
// SIM: PASS branchy (sim vs eval
// SIM: PASS joined (sim vs eval
// CHECK: swap loop movs 12
// CHECK-NEXT: rotate loop movs 16
// CHECK-NEXT: twice loop movs 4
// CHECK-NEXT: same loop movs 0
// CHECK-NEXT: nested loop movs 0
// CHECK-NEXT: nested loop movs 0
// CHECK-NEXT: late loop movs 4
// CHECK-NEXT: shift loop movs 8
// CHECK-NEXT: branchy loop movs 0
// CHECK-NEXT: joined loop movs 4

func.func @swap(%a: memref<128xf32>, %b: memref<128xf32>, %o: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %pad = arith.constant 0.0 : f32
  %va = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %vb = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r:3 = scf.for %i = %c0 to %c5 step %c1 iter_args(%x = %va, %y = %vb, %acc = %va)
      -> (vector<128xf32>, vector<128xf32>, vector<128xf32>) {
    %m = arith.mulf %acc, %x : vector<128xf32>
    %s = arith.addf %m, %y : vector<128xf32>
    scf.yield %y, %x, %s : vector<128xf32>, vector<128xf32>, vector<128xf32>
  }
  %t = arith.subf %r#2, %r#0 : vector<128xf32>
  %u = arith.mulf %t, %r#1 : vector<128xf32>
  vector.transfer_write %u, %o[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}

func.func @rotate(%a: memref<128xf32>, %b: memref<128xf32>, %c: memref<128xf32>, %o: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %va = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %vb = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %vc = vector.transfer_read %c[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r:4 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %va, %y = %vb, %z = %vc, %acc = %vc)
      -> (vector<128xf32>, vector<128xf32>, vector<128xf32>, vector<128xf32>) {
    %m = arith.mulf %acc, %x : vector<128xf32>
    %s = arith.subf %m, %z : vector<128xf32>
    scf.yield %y, %z, %x, %s : vector<128xf32>, vector<128xf32>, vector<128xf32>, vector<128xf32>
  }
  %t = arith.mulf %r#0, %r#3 : vector<128xf32>
  %u = arith.subf %t, %r#1 : vector<128xf32>
  %w = arith.addf %u, %r#2 : vector<128xf32>
  vector.transfer_write %w, %o[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}

func.func @twice(%a: memref<128xf32>, %b: memref<128xf32>, %o: memref<128xf32>, %p: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant 0.0 : f32
  %half = arith.constant dense<0.5> : vector<128xf32>
  %va = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %vb = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %va, %y = %vb)
      -> (vector<128xf32>, vector<128xf32>) {
    %m = arith.mulf %x, %half : vector<128xf32>
    %s = arith.addf %m, %y : vector<128xf32>
    scf.yield %s, %s : vector<128xf32>, vector<128xf32>
  }
  %t = arith.subf %r#0, %va : vector<128xf32>
  vector.transfer_write %t, %o[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  %u = arith.addf %r#1, %vb : vector<128xf32>
  vector.transfer_write %u, %p[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}

func.func @same(%a: memref<128xf32>, %b: memref<128xf32>, %o: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<128xf32>
  %va = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %vb = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r:2 = scf.for %i = %c0 to %c6 step %c1 iter_args(%x = %va, %acc = %vb)
      -> (vector<128xf32>, vector<128xf32>) {
    %m = arith.mulf %acc, %x : vector<128xf32>
    %s = arith.addf %m, %one : vector<128xf32>
    scf.yield %x, %s : vector<128xf32>, vector<128xf32>
  }
  %t = arith.subf %r#1, %r#0 : vector<128xf32>
  vector.transfer_write %t, %o[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}

func.func @nested(%a: memref<128xf32>, %b: memref<128xf32>, %o: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<128xf32>
  %k = arith.constant dense<0.25> : vector<128xf32>
  %va = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %vb = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %va, %acc = %vb)
      -> (vector<128xf32>, vector<128xf32>) {
    %in = scf.for %j = %c0 to %c4 step %c1 iter_args(%b2 = %acc) -> (vector<128xf32>) {
      %m = arith.mulf %b2, %k : vector<128xf32>
      %s = arith.addf %m, %x : vector<128xf32>
      scf.yield %s : vector<128xf32>
    }
    %x2 = arith.addf %x, %one : vector<128xf32>
    scf.yield %x2, %in : vector<128xf32>, vector<128xf32>
  }
  %t = arith.mulf %r#1, %r#0 : vector<128xf32>
  vector.transfer_write %t, %o[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}

func.func @late(%a: memref<128xf32>, %b: memref<128xf32>, %o: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %half = arith.constant dense<0.5> : vector<128xf32>
  %va = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %vb = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %va, %y = %vb)
      -> (vector<128xf32>, vector<128xf32>) {
    %s = arith.addf %x, %y : vector<128xf32>
    %m = arith.mulf %s, %half : vector<128xf32>
    %t = arith.subf %m, %x : vector<128xf32>
    scf.yield %s, %t : vector<128xf32>, vector<128xf32>
  }
  %u = arith.mulf %r#0, %r#1 : vector<128xf32>
  vector.transfer_write %u, %o[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}

func.func @shift(%a: memref<128xf32>, %b: memref<128xf32>, %o: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %pad = arith.constant 0.0 : f32
  %half = arith.constant dense<0.5> : vector<128xf32>
  %va = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %vb = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r:2 = scf.for %i = %c0 to %c5 step %c1 iter_args(%x = %va, %y = %vb)
      -> (vector<128xf32>, vector<128xf32>) {
    %m = arith.mulf %x, %half : vector<128xf32>
    %s = arith.addf %m, %y : vector<128xf32>
    scf.yield %s, %x : vector<128xf32>, vector<128xf32>
  }
  %u = arith.subf %r#0, %r#1 : vector<128xf32>
  vector.transfer_write %u, %o[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}

func.func @branchy(%a: memref<128xf32>, %o: memref<128xf32>, %flag: memref<8xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant 0 : i32
  %two = arith.constant dense<2.0> : vector<128xf32>
  %va = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %va) -> (vector<128xf32>) {
    %f = memref.load %flag[%i] : memref<8xi32>
    %p = arith.cmpi sgt, %f, %zero : i32
    %n = scf.if %p -> (vector<128xf32>) {
      %w = arith.mulf %acc, %two : vector<128xf32>
      scf.yield %w : vector<128xf32>
    } else {
      %w = arith.subf %acc, %va : vector<128xf32>
      scf.yield %w : vector<128xf32>
    }
    scf.yield %n : vector<128xf32>
  }
  vector.transfer_write %r, %o[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}

func.func @joined(%a: memref<128xf32>, %o: memref<128xf32>, %q: memref<128xf32>, %flag: memref<8xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant 0 : i32
  %two = arith.constant dense<2.0> : vector<128xf32>
  %va = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %va, %sum = %va)
      -> (vector<128xf32>, vector<128xf32>) {
    %f = memref.load %flag[%i] : memref<8xi32>
    %p = arith.cmpi sgt, %f, %zero : i32
    %n = scf.if %p -> (vector<128xf32>) {
      %w = arith.mulf %acc, %two : vector<128xf32>
      scf.yield %w : vector<128xf32>
    } else {
      %w = arith.subf %acc, %va : vector<128xf32>
      scf.yield %w : vector<128xf32>
    }
    %z = arith.addf %n, %acc : vector<128xf32>
    scf.yield %n, %z : vector<128xf32>, vector<128xf32>
  }
  vector.transfer_write %r#0, %o[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  vector.transfer_write %r#1, %q[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}
