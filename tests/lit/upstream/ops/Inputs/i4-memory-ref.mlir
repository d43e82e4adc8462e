// The reference of ../i4-memory.mlir, run by eval: the rows one after another, 8
// elements a load; eval holds an i4 in memory one a byte, as the host does.
func.func @rows(%a: memref<4x32xi4>, %o: memref<4x32xi32>, %b: memref<4x32xi4>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %three = arith.constant dense<3> : vector<8xi32>
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c32 step %c8 {
      %v = vector.load %a[%r, %j] : memref<4x32xi4>, vector<8xi4>
      %w = arith.extsi %v : vector<8xi4> to vector<8xi32>
      vector.store %w, %o[%r, %j] : memref<4x32xi32>, vector<8xi32>
      %m = arith.muli %w, %three : vector<8xi32>
      %n = arith.trunci %m : vector<8xi32> to vector<8xi4>
      vector.store %n, %b[%r, %j] : memref<4x32xi4>, vector<8xi4>
    }
  }
  return
}
func.func @cols(%a: memref<4x32xi4>, %o: memref<4x32xi32>, %b: memref<4x32xi4>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %three = arith.constant dense<3> : vector<8xi32>
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c32 step %c8 {
      %v = vector.load %a[%r, %j] : memref<4x32xi4>, vector<8xi4>
      %w = arith.extsi %v : vector<8xi4> to vector<8xi32>
      vector.store %w, %o[%r, %j] : memref<4x32xi32>, vector<8xi32>
      %m = arith.muli %w, %three : vector<8xi32>
      %n = arith.trunci %m : vector<8xi32> to vector<8xi4>
      vector.store %n, %b[%r, %j] : memref<4x32xi4>, vector<8xi4>
    }
  }
  return
}
