// gpu.alloc host_shared: memory both the host and the kernel use directly (memref.store
// and memref.load on the host, vector.transfer_read too), without a copy; the kernel is a
// gpu.launch body.  Expected by hand: x[t] = x[t]^2 + t on x = 3, 1, 4, 1: 9, 2, 18, 4.
// RUN: %vptx run %s | %filecheck %s

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %x = gpu.alloc host_shared () : memref<4xi32>
  %v3 = arith.constant 3 : i32
  %v1 = arith.constant 1 : i32
  %v4 = arith.constant 4 : i32
  memref.store %v3, %x[%c0] : memref<4xi32>
  memref.store %v1, %x[%c1] : memref<4xi32>
  memref.store %v4, %x[%c2] : memref<4xi32>
  memref.store %v1, %x[%c3] : memref<4xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %a = memref.load %x[%tx] : memref<4xi32>
    %sq = arith.muli %a, %a : i32
    %t = arith.index_cast %tx : index to i32
    %r = arith.addi %sq, %t : i32
    memref.store %r, %x[%tx] : memref<4xi32>
    gpu.terminator
  }
  // CHECK:      9
  // CHECK-NEXT: 2
  // CHECK-NEXT: ( 9, 2, 18, 4 )
  %e0 = memref.load %x[%c0] : memref<4xi32>
  %e1 = memref.load %x[%c1] : memref<4xi32>
  vector.print %e0 : i32
  vector.print %e1 : i32
  %pad = arith.constant 0 : i32
  %all = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<4xi32>, vector<4xi32>
  vector.print %all : vector<4xi32>
  gpu.dealloc %x : memref<4xi32>
  return
}
