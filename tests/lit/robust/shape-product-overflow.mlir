// Shape products must fit in 64 bits: 274177 * 67280421310721 = 2^64 + 1, which
// wrapped to a kernel handling one element.  Vectors, memrefs, memrefs of
// vectors and byte sizes are all checked, wherever the type is written
// (arguments, results, a shape_cast's result type).
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: echo 'func.func @b(%%x: memref<2305843009213693952xf32>) { return }' > %t.bytes.mlir && \
// RUN: not %vptx %t.bytes.mlir 2>&1 | %filecheck --check-prefix=BYTES %s
// BYTES: error: memref type is larger than 2^63-1 bytes
// RUN: echo 'func.func @v(%%x: memref<4294967296xvector<4294967296xi8>>) { return }' > %t.vec.mlir && \
// RUN: not %vptx %t.vec.mlir 2>&1 | %filecheck --check-prefix=VEC %s
// VEC: error: memref type has more than 2^63-1 elements
// RUN: echo 'func.func @s(%%v: vector<2xf32>) { %%w = vector.shape_cast %%v : vector<2xf32> to vector<274177x67280421310721xf32>  return }' > %t.cast.mlir && \
// RUN: not %vptx %t.cast.mlir 2>&1 | %filecheck --check-prefix=CAST %s
// CAST: error: vector type has more than 2^63-1 elements
// CHECK: shape-product-overflow.mlir:[[@LINE+1]]:47: error: memref type has more than 2^63-1 elements
func.func @k(%x: memref<274177x67280421310721xf32>) {
  return
}
