// vector.gather / vector.scatter / vector.scan (issue 25 part 3) are verified as upstream
// does: index vector and mask of the value's shape, the memref's element type, a unit
// innermost stride (upstream lowers nothing else); a scan's initial value is the
// source's type without the scanned dim, its kind fits the element type.  vptx runs
// them in per-thread code; in vector-level code they are one located error.
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/gather-vector-level.mlir 2>&1 | %filecheck --check-prefix=VEC %s
// VEC: gather-vector-level.mlir:7:{{[0-9]+}}: error: 'vector.gather' cannot be distributed
func.func @mask_shape(%m: memref<16xf32>, %k: index, %i: vector<4xi32>, %b: vector<8xi1>, %v: vector<4xf32>) {
  // CHECK: err-gather-scatter-scan.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.gather' operand #3 has type vector<8xi1> but must be a vector of i1 of the value's shape
  %g = vector.gather %m[%k] [%i], %b, %v : memref<16xf32>, vector<4xi32>, vector<8xi1>, vector<4xf32> into vector<4xf32>
  return
}
func.func @elem(%m: memref<16xf16>, %k: index, %i: vector<4xi32>, %b: vector<4xi1>, %v: vector<4xf32>) {
  // CHECK: err-gather-scatter-scan.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.scatter' operand #4 has type vector<4xf32> but must be a vector of the memref's element type
  vector.scatter %m[%k] [%i], %b, %v : memref<16xf16>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  return
}
func.func @stride(%m: memref<4x4xf32, strided<[1, 4]>>, %k: index, %i: vector<4xi32>, %b: vector<4xi1>, %v: vector<4xf32>) {
  // CHECK: err-gather-scatter-scan.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.gather' needs a memref whose innermost stride is 1 (as upstream lowers it), not memref<4x4xf32, strided<[1, 4]>>
  %g = vector.gather %m[%k, %k] [%i], %b, %v : memref<4x4xf32, strided<[1, 4]>>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return
}
func.func @scan_init(%s: vector<4x8xf32>, %i: vector<8xf32>) {
  // CHECK: err-gather-scatter-scan.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.scan' operand #1 has type vector<8xf32> but must be the source's vector type without the scanned dim
  %d, %a = vector.scan <add>, %s, %i {inclusive = true, reduction_dim = 1 : i64} : vector<4x8xf32>, vector<8xf32>
  return
}
func.func @scan_kind(%s: vector<4x8xf32>, %i: vector<4xf32>) {
  // CHECK: err-gather-scatter-scan.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'vector.scan' with kind <xor> cannot scan f32
  %d, %a = vector.scan <xor>, %s, %i {inclusive = true, reduction_dim = 1 : i64} : vector<4x8xf32>, vector<4xf32>
  return
}
