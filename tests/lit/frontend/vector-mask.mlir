// vector.mask (issue 25 part 3) in its custom and generic forms is read as the masked
// form of the op it holds; what vptx cannot read that way is a located error.
// RUN: %vptx --emit=mlir %s | %filecheck %s
// RUN: not %vptx %S/Inputs/vector-mask-bad.mlir 2>&1 | %filecheck --check-prefix=BAD %s
// BAD: vector-mask-bad.mlir:4:{{[0-9]+}}: error: 'arith.addf' inside 'vector.mask': vptx reads masks on vector.transfer_read, vector.transfer_write and vector.reduction
func.func @forms(%a: memref<16xf32>, %n: index, %v: vector<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %m = vector.create_mask %n : vector<16xi1>
  // CHECK: %[[R:.*]] = vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}}, %[[M:[a-z0-9_]+]] : memref<16xf32>, vector<16xf32>
  %r = "vector.mask"(%m) ({
    %0 = vector.transfer_read %a[%c0], %pad : memref<16xf32>, vector<16xf32>
    "vector.yield"(%0) : (vector<16xf32>) -> ()
  }) : (vector<16xi1>) -> vector<16xf32>
  // CHECK: vector.transfer_write %[[R]], %{{.*}}[%{{.*}}], %[[M]] : vector<16xf32>, memref<16xf32>
  vector.mask %m { vector.transfer_write %r, %a[%c0] : vector<16xf32>, memref<16xf32> } : vector<16xi1>
  // CHECK: %[[S:.*]] = arith.select %[[M]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
  // CHECK: vector.reduction <mul>, %[[S]] : vector<16xf32> into f32
  %p = vector.mask %m { vector.reduction <mul>, %v : vector<16xf32> into f32 } : vector<16xi1> -> f32
  // CHECK-NOT: vector.mask
  return %p : f32
}
