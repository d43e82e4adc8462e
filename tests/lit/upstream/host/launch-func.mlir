// gpu.module / gpu.func ... kernel launched by gpu.launch_func with memref and scalar
// arguments, a 3-workgroup grid, and (second kernel) dynamic shared memory; the host
// memory is registered with a ranked gpu.host_register.
// Expected by hand: out[b][t] = 0.5 * (4 b + t) - 1; rev[t] = in[7 - t] = 7 - t.
// RUN: %vptx run %s | %filecheck %s
// RUN: %vptx %s -o %t.ptx && %ptxas-verify %t.ptx

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @axpb(%out: memref<3x4xf32>, %a: f32, %s: f32) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c4 = arith.constant 4 : index
      %bt = arith.muli %b, %c4 : index
      %i = arith.addi %bt, %t : index
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %m = arith.mulf %f, %a : f32
      %r = arith.addf %m, %s : f32
      memref.store %r, %out[%b, %t] : memref<3x4xf32>
      gpu.return
    }
    // reverses 8 floats through dynamic shared memory
    gpu.func @reverse(%in: memref<8xf32>, %out: memref<8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : index
      %t = gpu.thread_id x
      %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %sh = memref.view %raw[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xf32, #gpu.address_space<workgroup>>
      %x = memref.load %in[%t] : memref<8xf32>
      memref.store %x, %sh[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %j = arith.subi %c7, %t : index
      %y = memref.load %sh[%j] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<8xf32>
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %a = arith.constant 0.5 : f32
    %s = arith.constant -1.0 : f32
    %m = memref.alloc() : memref<3x4xf32>
    gpu.host_register %m : memref<3x4xf32>
    gpu.launch_func @kernels::@axpb blocks in (%c3, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%m : memref<3x4xf32>, %a : f32, %s : f32)
    %u = memref.cast %m : memref<3x4xf32> to memref<*xf32>
    // CHECK:      Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
    // CHECK-NEXT: [[-1, -0.5, 0, 0.5],
    // CHECK-NEXT: [1, 1.5, 2, 2.5],
    // CHECK-NEXT: [3, 3.5, 4, 4.5]]
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()

    %in = memref.alloc() : memref<8xf32>
    %out = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %in[%i] : memref<8xf32>
    }
    %uin = memref.cast %in : memref<8xf32> to memref<*xf32>
    %uout = memref.cast %out : memref<8xf32> to memref<*xf32>
    gpu.host_register %uin : memref<*xf32>
    gpu.host_register %uout : memref<*xf32>
    %bytes = arith.constant 32 : i32
    gpu.launch_func @kernels::@reverse blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        dynamic_shared_memory_size %bytes args(%in : memref<8xf32>, %out : memref<8xf32>)
    // CHECK:      data =
    // CHECK-NEXT: [7, 6, 5, 4, 3, 2, 1, 0]
    call @printMemrefF32(%uout) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
