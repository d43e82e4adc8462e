// The reference of ../cluster-barrier.mlir: block b's row of x ends as 1000 (b + 1) + t;
// it reads its peer's (b ^ 1) rows: 100 (b ^ 1) + t + 1, then 1000 ((b ^ 1) + 1) + t.
func.func @k(%x: memref<4x64xi32>, %o: memref<4x2x64xi32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %b = gpu.block_id x
  %peer = arith.xori %b, %c1 : index
  scf.for %t = %c0 to %c64 step %c1 {
    %b1 = arith.addi %b, %c1 : index
    %u0 = arith.muli %b1, %c1000 : index
    %u1 = arith.addi %u0, %t : index
    %v1 = arith.index_cast %u1 : index to i32
    memref.store %v1, %x[%b, %t] : memref<4x64xi32>
    %s0 = arith.muli %peer, %c100 : index
    %s1 = arith.addi %s0, %t : index
    %s2 = arith.addi %s1, %c1 : index
    %w0 = arith.index_cast %s2 : index to i32
    memref.store %w0, %o[%b, %c0, %t] : memref<4x2x64xi32>
    %p1 = arith.addi %peer, %c1 : index
    %q0 = arith.muli %p1, %c1000 : index
    %q1 = arith.addi %q0, %t : index
    %w1 = arith.index_cast %q1 : index to i32
    memref.store %w1, %o[%b, %c1, %t] : memref<4x2x64xi32>
  }
  return
}
