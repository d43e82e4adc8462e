// gpu.subgroup_mma_extract_thread_local / insert_thread_local forms vptx refuses, each a
// located error: a fragment whose elements WMMA holds in more than one lane (an f16
// 16x16 "AOp": 16 elements a lane for 8 of the matrix), an index that is not a constant
// or is past the lane's part, two indices, a value of another type than the matrix's
// elements, an si8 fragment (no si8 scalars), and a result of another matrix type.
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
!a = !gpu.mma_matrix<16x16xf16, "AOp">
!c = !gpu.mma_matrix<16x16xf32, "COp">
!s = !gpu.mma_matrix<16x16xsi8, "AOp">
func.func @dup(%a: !a) -> f16 {
  %c0 = arith.constant 0 : index
  // CHECK: err-wmma-local.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_extract_thread_local' on !gpu.mma_matrix<16x16xf16, "AOp">: WMMA holds each of its elements in 2 lanes (16 a lane), so an index names no one element; vptx extracts and inserts on "COp" fragments, tf32 "AOp" and "BOp", and the f16 32x16 "AOp" and 16x32 "BOp"
  %x = gpu.subgroup_mma_extract_thread_local %a[%c0] : !a -> f16
  return %x : f16
}
func.func @dynamic(%c: !c, %i: index) -> f32 {
  // CHECK: err-wmma-local.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_extract_thread_local' has an index that is not an arith.constant: a lane's part of a fragment is registers, which PTX cannot index at run time
  %x = gpu.subgroup_mma_extract_thread_local %c[%i] : !c -> f32
  return %x : f32
}
func.func @past(%c: !c, %v: f32) -> !c {
  %c8 = arith.constant 8 : index
  // CHECK: err-wmma-local.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_insert_thread_local' has index 8, but a lane holds 8 elements of !gpu.mma_matrix<16x16xf32, "COp"> (0 to 7)
  %m = gpu.subgroup_mma_insert_thread_local %v, %c[%c8] : f32, !c -> !c
  return %m : !c
}
func.func @two(%c: !c) -> f32 {
  %c0 = arith.constant 0 : index
  // CHECK: err-wmma-local.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_extract_thread_local' has 2 indices; vptx takes one, the element's place in the lane's part
  %x = gpu.subgroup_mma_extract_thread_local %c[%c0, %c0] : !c -> f32
  return %x : f32
}
func.func @type(%c: !c, %v: f16) -> !c {
  %c0 = arith.constant 0 : index
  // CHECK: err-wmma-local.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_insert_thread_local' operand #0 has type f16 but must be f32
  %m = gpu.subgroup_mma_insert_thread_local %v, %c[%c0] : f16, !c -> !c
  return %m : !c
}
func.func @signed(%s: !s) -> i8 {
  %c0 = arith.constant 0 : index
  // CHECK: err-wmma-local.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_extract_thread_local' on a !gpu.mma_matrix<16x16xsi8, "AOp"> fragment: vptx has no si8 or ui8 scalars to hold its elements
  %x = gpu.subgroup_mma_extract_thread_local %s[%c0] : !s -> i8
  return %x : i8
}
func.func @result(%c: !c, %v: f32) -> !c {
  %c0 = arith.constant 0 : index
  // CHECK: err-wmma-local.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_insert_thread_local' result #0 has type !gpu.mma_matrix<16x16xf16, "AOp"> but operand #1 has type !gpu.mma_matrix<16x16xf32, "COp">
  %m = gpu.subgroup_mma_insert_thread_local %v, %c[%c0] : f32, !c -> !a
  return %c : !c
}
