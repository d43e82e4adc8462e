// gpu.launch async (its token waited on by gpu.wait), then a gpu.launch inside a host
// scf.for that uses the loop's induction variable: outlined as @main_kernel and
// @main_kernel_0, the second taking %k as an argument.
// Expected by hand: m[t] = t, then + 1 + 2 + 3: 6, 7, 8, 9.
// RUN: %vptx run %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck %s --check-prefix=KERNELS
// CHECK: ( 6, 7, 8, 9 )
// KERNELS: gpu.func @main_kernel(%m: memref<4xi32>) kernel
// KERNELS: gpu.func @main_kernel_0(%m: memref<4xi32>, %k: index) kernel

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = gpu.alloc host_shared () : memref<4xi32>
  %t0 = gpu.wait async
  %t1 = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    memref.store %i, %m[%tx] : memref<4xi32>
    gpu.terminator
  }
  gpu.wait [%t1]
  scf.for %k = %c1 to %c4 step %c1 {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %v = memref.load %m[%tx] : memref<4xi32>
      %kk = arith.index_cast %k : index to i32
      %w = arith.addi %v, %kk : i32
      memref.store %w, %m[%tx] : memref<4xi32>
      gpu.terminator
    }
  }
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i32
  %v = vector.transfer_read %m[%c0], %pad {in_bounds = [true]} : memref<4xi32>, vector<4xi32>
  vector.print %v : vector<4xi32>
  return
}
