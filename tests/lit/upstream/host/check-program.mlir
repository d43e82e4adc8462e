// vptx check on a program: @main runs as in vptx run, its own output left out, and each
// launch of a vector-level kernel (@scale: whole-workgroup vectors, compiled with vptx's
// layouts) is compared with eval on the same inputs; the SIMT-level @fill runs, and is
// skipped (eval does not apply to it).  vptx run prints the result; expected by hand:
// x[i] = i; y = 2 x + 0; x = 2 y + 1 = 4 i + 1.
// RUN: %vptx check --backend=sim %s | %filecheck %s
// RUN: %vptx run %s | %filecheck %s --check-prefix=OUT
// RUN: not %vptx check %s --grid=2 2>&1 | %filecheck %s --check-prefix=USAGE

// CHECK:      PASS scale (2 launches, sim vs eval, max abs err 0, max rel err 0)
// CHECK-NEXT: SKIP fill (1 launch, SIMT level: ran on the simulator without a fault; eval does not apply to SIMT-level kernels)
// CHECK-NOT:  data
// OUT:        [1, 5, 9, 13, 17, 21, 25, 29]
// USAGE: vptx check: error: {{.*}}check-program.mlir is a program with host code, whose @main sets its launches: '--grid' is for checking one kernel

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // out = 2 * x + b, 256 floats, one workgroup of 64 threads
    gpu.func @scale(%x: memref<256xf32>, %out: memref<256xf32>, %b: f32) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %pad = arith.constant 0.0 : f32
      %two = arith.constant dense<2.0> : vector<256xf32>
      %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
      %bb = vector.broadcast %b : f32 to vector<256xf32>
      %m = arith.mulf %v, %two : vector<256xf32>
      %r = arith.addf %m, %bb : vector<256xf32>
      vector.transfer_write %r, %out[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
      gpu.return
    }
    gpu.func @fill(%x: memref<256xf32>) kernel {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c64 = arith.constant 64 : index
      %o = arith.muli %b, %c64 : index
      %i = arith.addi %o, %t : index
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %x[%i] : memref<256xf32>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %x = gpu.alloc () : memref<256xf32>
    %y = gpu.alloc () : memref<256xf32>
    gpu.launch_func @kernels::@fill blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%x : memref<256xf32>)
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%x : memref<256xf32>, %y : memref<256xf32>, %zero : f32)
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%y : memref<256xf32>, %x : memref<256xf32>, %one : f32)
    %h = memref.alloc() : memref<256xf32>
    gpu.memcpy %h, %x : memref<256xf32>, memref<256xf32>
    %first = memref.subview %h[0] [8] [1] : memref<256xf32> to memref<8xf32, strided<[1]>>
    %u = memref.cast %first : memref<8xf32, strided<[1]>> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
