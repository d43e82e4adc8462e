// The reference of ../wmma-thread-local.mlir with scalar loops (eval): each element
// changed on its own, the sum of all elements, and the product of the squared A with B.
func.func @square_f32(%in: memref<16x16xf32>, %out: memref<16x16xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %in[%i, %j] : memref<16x16xf32>
      %s = arith.mulf %x, %x : f32
      %y = arith.addf %s, %x : f32
      memref.store %y, %out[%i, %j] : memref<16x16xf32>
    }
  }
  return
}

func.func @square_f16(%in: memref<16x16xf16>, %out: memref<16x16xf16>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %in[%i, %j] : memref<16x16xf16>
      %s = arith.mulf %x, %x : f16
      %y = arith.subf %s, %x : f16
      memref.store %y, %out[%i, %j] : memref<16x16xf16>
    }
  }
  return
}

func.func @int_c(%in: memref<16x16xi32>, %out: memref<16x16xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c7 = arith.constant 7 : i32
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %in[%i, %j] : memref<16x16xi32>
      %s = arith.muli %x, %x : i32
      %y = arith.addi %s, %c7 : i32
      memref.store %y, %out[%i, %j] : memref<16x16xi32>
    }
  }
  return
}

func.func @total(%in: memref<16x8xf32>, %out: memref<1xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %t = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
    %r = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %acc) -> (f32) {
      %x = memref.load %in[%i, %j] : memref<16x8xf32>
      %n = arith.addf %a, %x : f32
      scf.yield %n : f32
    }
    scf.yield %r : f32
  }
  memref.store %t, %out[%c0] : memref<1xf32>
  return
}

func.func @square_a(%a: memref<32x16xf16>, %b: memref<16x16xf16>, %out: memref<32x8xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<32x16xf16>
        %x2 = arith.mulf %x, %x : f16
        %y = memref.load %b[%k, %j] : memref<16x16xf16>
        %xf = arith.extf %x2 : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %n = arith.addf %acc, %p : f32
        scf.yield %n : f32
      }
      memref.store %s, %out[%i, %j] : memref<32x8xf32>
    }
  }
  return
}
