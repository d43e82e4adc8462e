// The memref ops of host code: memref.cast (static to dynamic to unranked and back),
// memref.copy from a strided view, gpu.host_register / gpu.host_unregister of a ranked
// memref, memref.dealloc.  Expected by hand: the second row of a (10 + j), then doubled
// by a kernel.
// RUN: %vptx run %s | %filecheck %s

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %t = arith.muli %i, %c10 : index
      %s = arith.addi %t, %j : index
      %v = arith.index_cast %s : index to i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %a[%i, %j] : memref<2x3xf32>
    }
  }
  %row = memref.subview %a[1, 0] [1, 3] [1, 1] : memref<2x3xf32> to memref<3xf32, strided<[1], offset: 3>>
  %b = memref.alloc() : memref<3xf32>
  memref.copy %row, %b : memref<3xf32, strided<[1], offset: 3>> to memref<3xf32>
  %d = memref.cast %b : memref<3xf32> to memref<?xf32>
  %u = memref.cast %d : memref<?xf32> to memref<*xf32>
  %back = memref.cast %u : memref<*xf32> to memref<3xf32>
  // CHECK: [10, 11, 12]
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  gpu.host_register %back : memref<3xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c3, %sy = %c1, %sz = %c1) {
    %v = memref.load %d[%tx] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %d[%tx] : memref<?xf32>
    gpu.terminator
  }
  gpu.host_unregister %back : memref<3xf32>
  // CHECK: [20, 22, 24]
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %b : memref<3xf32>
  memref.dealloc %a : memref<2x3xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)
