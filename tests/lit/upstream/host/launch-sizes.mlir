// gpu.launch_func with i32 launch sizes (`: i32`) and a cluster launch of 1x1x1
// workgroups; a cluster of 2 workgroups is refused (the simulator models clusters of
// one).  Expected by hand: out[b][t] = 10 b + t for 2 workgroups of 3 threads.
// RUN: %vptx run %s | %filecheck %s
// RUN: not %vptx run %s --entry-point=big_cluster 2>&1 | %filecheck %s --check-prefix=CLUSTER
// RUN: %vptx --emit=mlir %s | %filecheck %s --check-prefix=PRINT

// PRINT: gpu.launch_func @k::@ids clusters in (%one, %one, %one) blocks in (%two, %one, %one) threads in (%three, %one, %one) : i32 args(%m : memref<2x3xi32>)

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @ids(%out: memref<2x3xi32>) kernel {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c10 = arith.constant 10 : index
      %p = arith.muli %b, %c10 : index
      %s = arith.addi %p, %t : index
      %v = arith.index_cast %s : index to i32
      memref.store %v, %out[%b, %t] : memref<2x3xi32>
      gpu.return
    }
  }

  // CHECK: [[0, 1, 2],
  // CHECK-NEXT: [10, 11, 12]]
  func.func @main() {
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %m = memref.alloc() : memref<2x3xi32>
    gpu.host_register %m : memref<2x3xi32>
    gpu.launch_func @k::@ids clusters in (%one, %one, %one) blocks in (%two, %one, %one)
        threads in (%three, %one, %one) : i32 args(%m : memref<2x3xi32>)
    %u = memref.cast %m : memref<2x3xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }

  // CLUSTER: launch-sizes.mlir:[[@LINE+6]]:5: error: 'gpu.launch_func' launches clusters of 2x1x1 workgroups: vptx runs clusters of one workgroup only
  func.func @big_cluster() {
    %one = arith.constant 1 : index
    %two = arith.constant 2 : index
    %m = memref.alloc() : memref<2x3xi32>
    gpu.host_register %m : memref<2x3xi32>
    gpu.launch_func @k::@ids clusters in (%two, %one, %one) blocks in (%two, %one, %one)
        threads in (%two, %one, %one) args(%m : memref<2x3xi32>)
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
