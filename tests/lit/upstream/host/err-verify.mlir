// Host code the verifier refuses: one located error per mistake, all reported, nothing run.
// CONFORMANCE: refused
// RUN: not %vptx run %s 2>&1 | %filecheck %s
// RUN: not %vptx %s 2>&1 | %filecheck %s

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%m: memref<4xf32>, %s: f32) kernel {
      gpu.return
    }
    gpu.func @helper(%m: memref<4xf32>) {
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %x = arith.constant 1.0 : f32
    %i = arith.constant 1 : i32
    %m = memref.alloc() : memref<4xf32>
    %n = memref.alloc() : memref<8xf32>
    %e = memref.alloc() : memref<4xi32>
    // CHECK: err-verify.mlir:[[@LINE+1]]:5: error: 'gpu.launch_func' refers to @nope::@f, but there is no 'gpu.module' @nope
    gpu.launch_func @nope::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>, %x : f32)
    // CHECK: err-verify.mlir:[[@LINE+1]]:5: error: 'gpu.launch_func' refers to @k::@g, but 'gpu.module' @k has no 'gpu.func' @g
    gpu.launch_func @k::@g blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>, %x : f32)
    // CHECK: err-verify.mlir:[[@LINE+1]]:5: error: 'gpu.launch_func' launches @k::@helper, which is not a kernel: mark it `kernel`
    gpu.launch_func @k::@helper blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    // CHECK: err-verify.mlir:[[@LINE+1]]:5: error: 'gpu.launch_func' passes 1 arguments but kernel @k::@f takes 2
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    // CHECK: err-verify.mlir:[[@LINE+2]]:5: error: 'gpu.launch_func' argument #0 has type memref<8xf32> but kernel @k::@f takes memref<4xf32>
    // CHECK: err-verify.mlir:[[@LINE+1]]:5: error: 'gpu.launch_func' argument #1 has type i32 but kernel @k::@f takes f32
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : memref<8xf32>, %i : i32)
    // CHECK: err-verify.mlir:[[@LINE+1]]:5: error: 'gpu.launch_func' refers to @f, but a kernel is named by its gpu.module and its gpu.func: @module::@kernel
    gpu.launch_func @f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>, %x : f32)
    // CHECK: err-verify.mlir:[[@LINE+1]]:10: error: 'gpu.alloc' has 0 dynamic sizes but memref<?xf32> has 1 dynamic dims
    %d = gpu.alloc () : memref<?xf32>
    // CHECK: err-verify.mlir:[[@LINE+1]]:5: error: 'gpu.memcpy' copies memref<4xi32> into memref<4xf32>: the element types differ
    gpu.memcpy %m, %e : memref<4xf32>, memref<4xi32>
    // CHECK: err-verify.mlir:[[@LINE+1]]:10: error: 'memref.cast' cannot cast memref<4xf32> to memref<8xf32>: the sizes differ
    %c = memref.cast %m : memref<4xf32> to memref<8xf32>
    // CHECK: err-verify.mlir:[[@LINE+1]]:5: error: 'vector.print' prints a value or a string, not both
    vector.print %x : f32 str "x"
    return
  }
}
