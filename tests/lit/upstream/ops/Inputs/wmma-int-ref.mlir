// The reference of ../wmma-int.mlir with scalar loops (eval): D = A B + C with the i8
// elements extended by their signedness (extsi for si8, extui for ui8) and i32 sums
// that wrap.
func.func @s8(%a: memref<16x16xi8>, %bt: memref<16x16xi8>, %c: memref<16x16xi32>, %out: memref<16x16xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %c0v = memref.load %c[%i, %j] : memref<16x16xi32>
      %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %c0v) -> (i32) {
        %x = memref.load %a[%i, %k] : memref<16x16xi8>
        %y = memref.load %bt[%j, %k] : memref<16x16xi8>
        %xe = arith.extsi %x : i8 to i32
        %ye = arith.extsi %y : i8 to i32
        %p = arith.muli %xe, %ye : i32
        %n = arith.addi %acc, %p : i32
        scf.yield %n : i32
      }
      memref.store %s, %out[%i, %j] : memref<16x16xi32>
    }
  }
  return
}
func.func @u8(%a: memref<32x16xi8>, %out: memref<32x8xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %three = arith.constant 3 : i32
  %seven = arith.constant 7 : i32
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %seven) -> (i32) {
        %x = memref.load %a[%i, %k] : memref<32x16xi8>
        %xe = arith.extui %x : i8 to i32
        %p = arith.muli %xe, %three : i32
        %n = arith.addi %acc, %p : i32
        scf.yield %n : i32
      }
      memref.store %s, %out[%i, %j] : memref<32x8xi32>
    }
  }
  return
}
func.func @m8(%a: memref<8x32xi8>, %b: memref<16x32xi8>, %out: memref<8x32xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0 : i32
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c32 step %c1 {
      %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (i32) {
        %kk = arith.addi %k, %c16 : index
        %x = memref.load %a[%i, %kk] : memref<8x32xi8>
        %y = memref.load %b[%k, %j] : memref<16x32xi8>
        %xe = arith.extsi %x : i8 to i32
        %ye = arith.extsi %y : i8 to i32
        %p = arith.muli %xe, %ye : i32
        %n = arith.addi %acc, %p : i32
        scf.yield %n : i32
      }
      memref.store %s, %out[%i, %j] : memref<8x32xi32>
    }
  }
  return
}
