// The reference of ../sreg-range.mlir with scalar loops (eval).
func.func @ranged(%out: memref<64xi32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %l = arith.remui %i, %c32 : index
    %s = arith.addi %i, %l : index
    %v = arith.index_cast %s : index to i32
    memref.store %v, %out[%i] : memref<64xi32>
  }
  return
}

func.func @shfl(%out: memref<32xi32>, %ok: memref<32xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  scf.for %i = %c0 to %c32 step %c1 {
    %j = arith.addi %i, %c3 : index
    %valid = arith.cmpi ule, %j, %c31 : index
    %src = arith.select %valid, %j, %i : index
    %v = arith.index_cast %src : index to i32
    %p = arith.extui %valid : i1 to i32
    memref.store %v, %out[%i] : memref<32xi32>
    memref.store %p, %ok[%i] : memref<32xi32>
  }
  return
}
