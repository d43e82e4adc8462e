// Memory misuse in host code is a located error, as a GPU would fault (or worse, not):
// each function below is one mistake, run with --entry-point.
// RUN: not %vptx run %s --entry-point=unregistered 2>&1 | %filecheck %s --check-prefix=UNREG
// RUN: not %vptx run %s --entry-point=host_reads_device 2>&1 | %filecheck %s --check-prefix=DEV
// RUN: not %vptx run %s --entry-point=zero_block 2>&1 | %filecheck %s --check-prefix=ZERO
// RUN: not %vptx run %s --entry-point=after_free 2>&1 | %filecheck %s --check-prefix=FREED
// RUN: not %vptx run %s --entry-point=double_free 2>&1 | %filecheck %s --check-prefix=TWICE
// RUN: not %vptx run %s --entry-point=wrong_free 2>&1 | %filecheck %s --check-prefix=WRONG
// RUN: not %vptx run %s --entry-point=copy_sizes 2>&1 | %filecheck %s --check-prefix=SIZES
// RUN: not %vptx run %s --entry-point=bad_cast 2>&1 | %filecheck %s --check-prefix=CAST

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @touch(%m: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %z = arith.constant 0.0 : f32
      memref.store %z, %m[%t] : memref<4xf32>
      gpu.return
    }
  }

  // UNREG: err-memory.mlir:[[@LINE+5]]:5: error: 'gpu.launch_func' passes as argument #0 host memory that the device cannot reach: register it with gpu.host_register, or allocate it with gpu.alloc
  // UNREG-NOT: error
  func.func @unregistered() {
    %c1 = arith.constant 1 : index
    %m = memref.alloc() : memref<4xf32>
    gpu.launch_func @k::@touch blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }

  // DEV: err-memory.mlir:[[@LINE+4]]:10: error: 'memref.load' touches device memory from the host (the 'gpu.alloc' at line [[@LINE+3]] has no host_shared): copy it to host memory with gpu.memcpy first
  func.func @host_reads_device() {
    %c0 = arith.constant 0 : index
    %m = gpu.alloc () : memref<4xf32>
    %x = memref.load %m[%c0] : memref<4xf32>
    return
  }

  // ZERO: err-memory.mlir:[[@LINE+5]]:5: error: 'gpu.launch_func' has block size y = 0: every launch size must be 1 to 2^31-1
  func.func @zero_block() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<4xf32>
    gpu.launch_func @k::@touch blocks in (%c1, %c1, %c1) threads in (%c1, %c0, %c1) args(%m : memref<4xf32>)
    return
  }

  // FREED: err-memory.mlir:[[@LINE+6]]:5: error: 'gpu.launch_func' passes as argument #0 memory that 'gpu.dealloc' at line [[@LINE+5]] freed
  func.func @after_free() {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<4xf32>
    gpu.launch_func @k::@touch blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.dealloc %m : memref<4xf32>
    gpu.launch_func @k::@touch blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }

  // TWICE: err-memory.mlir:[[@LINE+4]]:5: error: 'memref.dealloc' frees memory that 'memref.dealloc' at line [[@LINE+3]] freed already
  func.func @double_free() {
    %m = memref.alloc() : memref<4xf32>
    memref.dealloc %m : memref<4xf32>
    memref.dealloc %m : memref<4xf32>
    return
  }

  // WRONG: err-memory.mlir:[[@LINE+3]]:5: error: 'gpu.dealloc' frees memory that no 'gpu.alloc' allocated
  func.func @wrong_free() {
    %m = memref.alloc() : memref<4xf32>
    gpu.dealloc %m : memref<4xf32>
    return
  }

  // SIZES: err-memory.mlir:[[@LINE+6]]:5: error: 'gpu.memcpy' copies a memref of sizes [3] into one of sizes [4]
  func.func @copy_sizes() {
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %a = memref.alloc(%c3) : memref<?xf32>
    %b = gpu.alloc (%c4) : memref<?xf32>
    gpu.memcpy %b, %a : memref<?xf32>, memref<?xf32>
    return
  }

  // CAST: err-memory.mlir:[[@LINE+5]]:10: error: 'memref.cast' casts a memref of size 5 in dimension 0 to a type of size 4 there
  func.func @bad_cast() {
    %c5 = arith.constant 5 : index
    %a = memref.alloc(%c5) : memref<?xf32>
    %u = memref.cast %a : memref<?xf32> to memref<*xf32>
    %b = memref.cast %u : memref<*xf32> to memref<4xf32>
    return
  }
}
