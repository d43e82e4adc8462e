// Host control flow around launches: a gpu.launch in a host function other than @main
// (outlined as @bump_kernel), called from a scf.for and under a scf.if, and a
// gpu.launch_func in a loop of @main whose trip count the host computes.
// Expected by hand: 1 + 2 + 3 = 6, then + 0.5 (the condition holds) = 6.5 in each of
// the 4 elements; then c[t] = 10 (t + 1) after the second loop of 10 adds of t + 1.
// RUN: %vptx run %s | %filecheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_tid(%c: memref<4xi32>) kernel {
      %t = gpu.thread_id x
      %one = arith.constant 1 : index
      %t1 = arith.addi %t, %one : index
      %i = arith.index_cast %t1 : index to i32
      %v = memref.load %c[%t] : memref<4xi32>
      %w = arith.addi %v, %i : i32
      memref.store %w, %c[%t] : memref<4xi32>
      gpu.return
    }
  }

  // buf[t] += by on each of its elements
  func.func @bump(%buf: memref<?xf32>, %by: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %buf, %c0 : memref<?xf32>
    gpu.launch blocks(%bx, %by_, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
      %v = memref.load %buf[%tx] : memref<?xf32>
      %w = arith.addf %v, %by : f32
      memref.store %w, %buf[%tx] : memref<?xf32>
      gpu.terminator
    }
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %a = memref.alloc(%c4) : memref<?xf32>
    %u = memref.cast %a : memref<?xf32> to memref<*xf32>
    gpu.host_register %u : memref<*xf32>
    %zero = arith.constant 0.0 : f32
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %zero, %a[%i] : memref<?xf32>
    }
    scf.for %i = %c1 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      func.call @bump(%a, %f) : (memref<?xf32>, f32) -> ()
    }
    %three = arith.constant 3 : index
    %more = arith.cmpi ugt, %three, %c1 : index
    scf.if %more {
      %half = arith.constant 0.5 : f32
      func.call @bump(%a, %half) : (memref<?xf32>, f32) -> ()
    }
    // CHECK: [6.5, 6.5, 6.5, 6.5]
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()

    %c = memref.alloc() : memref<4xi32>
    %uc = memref.cast %c : memref<4xi32> to memref<*xi32>
    gpu.host_register %uc : memref<*xi32>
    %z = arith.constant 0 : i32
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %z, %c[%i] : memref<4xi32>
    }
    %c5 = arith.constant 5 : index
    %trips = arith.muli %c5, %c1 : index
    %twice = arith.addi %trips, %trips : index
    scf.for %i = %c0 to %twice step %c1 {
      gpu.launch_func @kernels::@add_tid blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
          args(%c : memref<4xi32>)
    }
    // CHECK: [10, 20, 30, 40]
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
}
