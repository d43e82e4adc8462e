// What `vptx run` refuses in a program, each a located error (or a usage error) and
// exit 1, nothing crashing: run with --entry-point on one mistake at a time.
// RUN: not %vptx run %s --entry-point=unknown_function 2>&1 | %filecheck %s --check-prefix=UNKNOWN
// RUN: not %vptx run %s --entry-point=wrong_utility 2>&1 | %filecheck %s --check-prefix=UTIL
// RUN: not %vptx run %s --entry-point=fault 2>&1 | %filecheck %s --check-prefix=FAULT
// RUN: not %vptx run %s --entry-point=block_size 2>&1 | %filecheck %s --check-prefix=BLOCK
// RUN: not %vptx run %s --entry-point=takes_args 2>&1 | %filecheck %s --check-prefix=ARGS
// RUN: not %vptx run %s --entry-point=nowhere 2>&1 | %filecheck %s --check-prefix=NOWHERE
// RUN: not %vptx run %s 2>&1 | %filecheck %s --check-prefix=NOMAIN
// RUN: not %vptx run %s x.npy 2>&1 | %filecheck %s --check-prefix=NPY
// RUN: not %vptx run %s --grid=2 2>&1 | %filecheck %s --check-prefix=GRID

// NOMAIN: vptx run: error: {{.*}}err-run.mlir has no host function @main to run (--entry-point=NAME runs another)
// NOWHERE: vptx run: error: {{.*}}err-run.mlir has no host function @nowhere to run{{$}}
// NPY: vptx run: error: {{.*}}err-run.mlir is a program with host code, whose @main allocates and launches: 'x.npy' is for running one kernel
// GRID: vptx run: error: {{.*}} '--grid' is for running one kernel

module attributes {gpu.container_module} {
  gpu.module @k {
    // writes one past the end of its 4 elements in thread 4
    gpu.func @overrun(%m: memref<4xf32>, %i: index) kernel {
      %z = arith.constant 0.0 : f32
      memref.store %z, %m[%i] : memref<4xf32>
      gpu.return
    }
    gpu.func @fixed(%m: memref<4xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
  }

  func.func private @mystery(i32)
  func.func private @printMemrefF32(memref<*xi32>)

  // UNKNOWN: err-run.mlir:[[@LINE+4]]:5: error: 'func.call' calls @mystery, which has no body and is none of the runner utilities vptx provides (printMemrefF32, printF32, printNewline, ...: docs/host-code.md)
  // UNKNOWN-NOT: error
  func.func @unknown_function() {
    %x = arith.constant 1 : i32
    func.call @mystery(%x) : (i32) -> ()
    return
  }

  // UTIL: err-run.mlir:[[@LINE+4]]:5: error: 'func.call' calls @printMemrefF32, which vptx provides as (memref<*xf32>): declare it so
  func.func @wrong_utility() {
    %m = memref.alloc() : memref<4xi32>
    %u = memref.cast %m : memref<4xi32> to memref<*xi32>
    func.call @printMemrefF32(%u) : (memref<*xi32>) -> ()
    return
  }

  // FAULT: err-run.mlir:[[@LINE+9]]:5: error: 'gpu.launch_func' kernel @overrun failed on sim: {{.*}}invalid global write of 4 bytes
  // FAULT: vptx run: note: PTX line {{[0-9]+}}: st.global.f32
  // FAULT: err-run.mlir:[[@LINE-29]]: note: generated from 'memref.store' here
  func.func @fault() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4000000 : index
    %m = gpu.alloc () : memref<4xf32>
    %ok = gpu.alloc () : memref<4xf32>
    gpu.launch_func @k::@overrun blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>, %c1 : index)
    gpu.launch_func @k::@overrun blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>, %c4 : index)
    return
  }

  // BLOCK: err-run.mlir:[[@LINE+5]]:5: error: 'gpu.launch_func' kernel @fixed is compiled for blocks of 32x1x1 threads (known_block_size), but the launch has 64x1x1
  func.func @block_size() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %m = gpu.alloc () : memref<4xf32>
    gpu.launch_func @k::@fixed blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%m : memref<4xf32>)
    return
  }

  // ARGS: err-run.mlir:[[@LINE+1]]:3: error: 'func.func' is the entry point, which takes no arguments (as mlir-runner's), but has 1
  func.func @takes_args(%x: i32) {
    return
  }
}
