// Device memory and asynchronous host ops: gpu.wait async, gpu.alloc async, gpu.memcpy
// (host to device and back), gpu.memset, two gpu.launch_func async chained by tokens,
// gpu.wait on several tokens, gpu.dealloc async.  vptx runs them in program order.
// Expected by hand: y = 7 + 2 x^2 for x = i - 2, i < 5: 15, 9, 7, 9, 15.
// RUN: %vptx run %s | %filecheck %s

module attributes {gpu.container_module} {
  gpu.module @k {
    // y[t] += x[t] * x[t] for t < n
    gpu.func @sq_add(%x: memref<?xi32>, %y: memref<?xi32>, %n: index) kernel {
      %t = gpu.thread_id x
      %in = arith.cmpi ult, %t, %n : index
      scf.if %in {
        %a = memref.load %x[%t] : memref<?xi32>
        %b = memref.load %y[%t] : memref<?xi32>
        %p = arith.muli %a, %a : i32
        %s = arith.addi %b, %p : i32
        memref.store %s, %y[%t] : memref<?xi32>
      }
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %n = arith.constant 5 : index
    %seven = arith.constant 7 : i32
    %h = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %x = arith.subi %i, %c2 : index
      %v = arith.index_cast %x : index to i32
      memref.store %v, %h[%i] : memref<?xi32>
    }
    %t0 = gpu.wait async
    %dx, %t1 = gpu.alloc async [%t0] (%n) : memref<?xi32>
    %dy, %t2 = gpu.alloc async [%t0] (%n) : memref<?xi32>
    %t3 = gpu.memcpy async [%t1] %dx, %h : memref<?xi32>, memref<?xi32>
    %t4 = gpu.memset async [%t2] %dy, %seven : memref<?xi32>, i32
    %t5 = gpu.launch_func async [%t3, %t4] @k::@sq_add blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%dx : memref<?xi32>, %dy : memref<?xi32>, %n : index)
    %t6 = gpu.launch_func async [%t5] @k::@sq_add blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%dx : memref<?xi32>, %dy : memref<?xi32>, %n : index)
    %t7 = gpu.memcpy async [%t6] %h, %dy : memref<?xi32>, memref<?xi32>
    gpu.wait [%t7]
    %u = memref.cast %h : memref<?xi32> to memref<*xi32>
    // CHECK: [15, 9, 7, 9, 15]
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %t8 = gpu.dealloc async [%t7] %dx : memref<?xi32>
    %t9 = gpu.dealloc async [%t7] %dy : memref<?xi32>
    gpu.wait [%t8, %t9]
    memref.dealloc %h : memref<?xi32>
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
