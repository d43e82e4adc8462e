// A kernel written as a func.func in a gpu.module (`nvvm.kernel`, the older form upstream
// still launches), given host_shared memory filled by gpu.memset.
// Expected by hand: 1.5 doubled: 3 in each of 4 elements.
// RUN: %vptx run %s | %filecheck %s
// CHECK: [3, 3, 3, 3]

module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @twice(%m: memref<4xf32>) attributes {nvvm.kernel} {
      %t = gpu.thread_id x
      %v = memref.load %m[%t] : memref<4xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %m[%t] : memref<4xf32>
      return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.5 : f32
    %m = gpu.alloc host_shared () : memref<4xf32>
    gpu.memset %m, %one : memref<4xf32>, f32
    gpu.launch_func @k::@twice blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    %u = memref.cast %m : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
