// gpu.launch, outlined into a kernel as upstream's gpu-kernel-outlining does: the values
// the body uses become the kernel's arguments in the order of their first use (an index,
// an f32, a memref), the constants it uses (%c10) are copied into it, and the launch's
// operands become the grid and block of the gpu.launch_func (here 2x3 workgroups of 4x2
// threads).
// Expected by hand: a[by][bx][ty][tx] = 1000 by + 100 bx + 10 ty + tx + 0.5, for
// by < 3, bx < 2, ty < 2, tx < 4: printed as a 3x2x2x4 memref.
// RUN: %vptx run %s | %filecheck %s
// RUN: %vptx --emit=simt %s | %filecheck %s --check-prefix=KERNEL

// KERNEL:      gpu.module @main_kernel {
// KERNEL-NEXT:   gpu.func @main_kernel(%hundred: index, %half: f32, %a: memref<3x2x2x4xf32>) kernel
// KERNEL-SAME:   known_block_size = array<i32: 4, 2, 1>
// KERNEL-SAME:   known_grid_size = array<i32: 2, 3, 1>
// KERNEL:        %c10 = arith.constant 10 : index
// KERNEL-NOT:  func.func @main
// KERNEL-NOT:  printMemrefF32

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c50 = arith.constant 50 : index
  %quarter = arith.constant 0.25 : f32
  // not constants: the kernel takes them as arguments
  %hundred = arith.muli %c50, %c2 : index
  %half = arith.addf %quarter, %quarter : f32
  %a = memref.alloc() : memref<3x2x2x4xf32>
  %u = memref.cast %a : memref<3x2x2x4xf32> to memref<*xf32>
  gpu.host_register %u : memref<*xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c3, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c2, %sz = %c1) {
    %k1000 = arith.constant 1000 : index
    %p = arith.muli %by, %k1000 : index
    %q = arith.muli %bx, %hundred : index
    %r = arith.muli %ty, %c10 : index
    %s0 = arith.addi %p, %q : index
    %s1 = arith.addi %s0, %r : index
    %s2 = arith.addi %s1, %tx : index
    %i = arith.index_cast %s2 : index to i32
    %f = arith.sitofp %i : i32 to f32
    %v = arith.addf %f, %half : f32
    memref.store %v, %a[%by, %bx, %ty, %tx] : memref<3x2x2x4xf32>
    gpu.terminator
  }
  // CHECK:      rank = 4 offset = 0 sizes = [3, 2, 2, 4] strides = [16, 8, 4, 1] data =
  // CHECK-NEXT: [[[[0.5, 1.5, 2.5, 3.5],
  // CHECK-NEXT: [10.5, 11.5, 12.5, 13.5]],
  // CHECK-NEXT: [[100.5, 101.5, 102.5, 103.5],
  // CHECK-NEXT: [110.5, 111.5, 112.5, 113.5]]],
  // CHECK-NEXT: [[[1000.5, 1001.5, 1002.5, 1003.5],
  // CHECK-NEXT: [1010.5, 1011.5, 1012.5, 1013.5]],
  // CHECK-NEXT: [[1100.5, 1101.5, 1102.5, 1103.5],
  // CHECK-NEXT: [1110.5, 1111.5, 1112.5, 1113.5]]],
  // CHECK-NEXT: [[[2000.5, 2001.5, 2002.5, 2003.5],
  // CHECK-NEXT: [2010.5, 2011.5, 2012.5, 2013.5]],
  // CHECK-NEXT: [[2100.5, 2101.5, 2102.5, 2103.5],
  // CHECK-NEXT: [2110.5, 2111.5, 2112.5, 2113.5]]]]
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
