// gpu.launch whose body is several blocks joined by cf.br / cf.cond_br (as
// convert-scf-to-cf leaves a launch body): outlined with its blocks in order, each
// gpu.terminator (here two: one per exit) a gpu.return. Thread t sums 0..t in a loop (a
// back edge carrying two values), then leaves by one of two blocks: sums over 10 are
// stored times %two (a host value the kernel captures, used only in a later block), the
// others negated.
// Expected by hand: sums 0 1 3 6 10 15 21 28 -> 0 -1 -3 -6 -10 30 42 56.
// RUN: %vptx run %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck %s --check-prefix=KERNEL

// KERNEL:      gpu.func @main_kernel(%two: i32, %a: memref<8xi32>) kernel
// KERNEL:        cf.br ^bb1
// KERNEL:      ^bb1(%i: i32, %s: i32):
// KERNEL:        cf.cond_br %{{.*}}, ^bb2, ^bb3
// KERNEL:      ^bb3:
// KERNEL:        cf.cond_br %{{.*}}, ^bb4, ^bb5
// KERNEL:      ^bb4:
// KERNEL:        arith.muli %s, %two : i32
// KERNEL:        gpu.return
// KERNEL:      ^bb5:
// KERNEL:        gpu.return

func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i32
  %two = arith.addi %one, %one : i32
  %a = memref.alloc() : memref<8xi32>
  %u = memref.cast %a : memref<8xi32> to memref<*xi32>
  gpu.host_register %u : memref<*xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %c0 = arith.constant 0 : i32
    %c10 = arith.constant 10 : i32
    cf.br ^loop(%c0, %c0 : i32, i32)
  ^loop(%i: i32, %s: i32):
    %more = arith.cmpi sle, %i, %t : i32
    cf.cond_br %more, ^body, ^done
  ^body:
    %s2 = arith.addi %s, %i : i32
    %i2 = arith.addi %i, %one : i32
    cf.br ^loop(%i2, %s2 : i32, i32)
  ^done:
    %big = arith.cmpi sgt, %s, %c10 : i32
    cf.cond_br %big, ^twice, ^negate
  ^twice:
    %d = arith.muli %s, %two : i32
    memref.store %d, %a[%tx] : memref<8xi32>
    gpu.terminator
  ^negate:
    %n = arith.subi %c0, %s : i32
    memref.store %n, %a[%tx] : memref<8xi32>
    gpu.terminator
  }
  // CHECK: rank = 1 offset = 0 sizes = [8] strides = [1] data =
  // CHECK-NEXT: [0,  -1,  -3,  -6,  -10,  30,  42,  56]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
