// ../i4-packed.mlir's kernels as sequential loops over the 32 lanes' vectors, so that eval
// itself runs the i4 bitcasts and casts (checked against the simulator, which
// Inputs/i4-packed-ref.mlir checks against plain shifts and masks).
func.func @unpack(%in: memref<128xi8>, %s: memref<256xi32>, %u: memref<256xi32>, %b: memref<256xi8>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  scf.for %t = %c0 to %c32 step %c1 {
    %i = arith.muli %t, %c4 : index
    %o = arith.muli %t, %c8 : index
    %v = vector.load %in[%i] : memref<128xi8>, vector<4xi8>
    %q = vector.bitcast %v : vector<4xi8> to vector<8xi4>
    %se = arith.extsi %q : vector<8xi4> to vector<8xi32>
    %ue = arith.extui %q : vector<8xi4> to vector<8xi32>
    %be = arith.extsi %q : vector<8xi4> to vector<8xi8>
    vector.store %se, %s[%o] : memref<256xi32>, vector<8xi32>
    vector.store %ue, %u[%o] : memref<256xi32>, vector<8xi32>
    vector.store %be, %b[%o] : memref<256xi8>, vector<8xi8>
  }
  return
}

func.func @pack(%in: memref<256xi32>, %out: memref<128xi8>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  scf.for %t = %c0 to %c32 step %c1 {
    %i = arith.muli %t, %c8 : index
    %o = arith.muli %t, %c4 : index
    %v = vector.load %in[%i] : memref<256xi32>, vector<8xi32>
    %q = arith.trunci %v : vector<8xi32> to vector<8xi4>
    %b = vector.bitcast %q : vector<8xi4> to vector<4xi8>
    vector.store %b, %out[%o] : memref<128xi8>, vector<4xi8>
  }
  return
}
