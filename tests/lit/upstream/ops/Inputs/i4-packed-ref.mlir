// The reference of ../i4-packed.mlir with scalar loops in i32 (eval): byte j holds
// element 2j in its low nibble and 2j + 1 in its high one.
func.func @unpack(%in: memref<128xi8>, %s: memref<256xi32>, %u: memref<256xi32>, %b: memref<256xi8>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %k4 = arith.constant 4 : i32
  %k15 = arith.constant 15 : i32
  %k28 = arith.constant 28 : i32
  scf.for %j = %c0 to %c128 step %c1 {
    %x8 = memref.load %in[%j] : memref<128xi8>
    %x = arith.extsi %x8 : i8 to i32
    %l0 = arith.shli %x, %k28 : i32
    %lo = arith.shrsi %l0, %k28 : i32
    %hi = arith.shrsi %x, %k4 : i32
    %ulo = arith.andi %x, %k15 : i32
    %h0 = arith.shrui %x, %k4 : i32
    %uhi = arith.andi %h0, %k15 : i32
    %e0 = arith.muli %j, %c2 : index
    %e1 = arith.addi %e0, %c1 : index
    memref.store %lo, %s[%e0] : memref<256xi32>
    memref.store %hi, %s[%e1] : memref<256xi32>
    memref.store %ulo, %u[%e0] : memref<256xi32>
    memref.store %uhi, %u[%e1] : memref<256xi32>
    %blo = arith.trunci %lo : i32 to i8
    %bhi = arith.trunci %hi : i32 to i8
    memref.store %blo, %b[%e0] : memref<256xi8>
    memref.store %bhi, %b[%e1] : memref<256xi8>
  }
  return
}

func.func @pack(%in: memref<256xi32>, %out: memref<128xi8>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %k4 = arith.constant 4 : i32
  %k15 = arith.constant 15 : i32
  scf.for %j = %c0 to %c128 step %c1 {
    %e0 = arith.muli %j, %c2 : index
    %e1 = arith.addi %e0, %c1 : index
    %a = memref.load %in[%e0] : memref<256xi32>
    %b = memref.load %in[%e1] : memref<256xi32>
    %al = arith.andi %a, %k15 : i32
    %bl = arith.andi %b, %k15 : i32
    %bh = arith.shli %bl, %k4 : i32
    %w = arith.ori %al, %bh : i32
    %w8 = arith.trunci %w : i32 to i8
    memref.store %w8, %out[%j] : memref<128xi8>
  }
  return
}
