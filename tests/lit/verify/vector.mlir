// Verifier errors for vector ops: transfers, contract, reductions, shape ops.
// RUN: not %vptx %s 2>&1 | %filecheck %s

func.func @read_elem(%m: memref<16x32xf32>, %i: index, %p: f32) -> vector<4x8xf16> {
  // CHECK: error: 'vector.transfer_read' result #0 has type vector<4x8xf16> but its element type must be f32, the memref's
  %r = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true]} : memref<16x32xf32>, vector<4x8xf16>
  return %r : vector<4x8xf16>
}

func.func @read_map(%m: memref<16x32xf32>, %i: index, %p: f32) -> vector<4x8xf32> {
  // CHECK: error: 'vector.transfer_read' attribute 'permutation_map' must be a projected permutation
  %r = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<16x32xf32>, vector<4x8xf32>
  return %r : vector<4x8xf32>
}

func.func @contract_acc(%a: vector<16x8xf16>, %b: vector<8x32xf16>, %c: vector<16x16xf32>) -> vector<16x16xf32> {
  // CHECK: error: 'vector.contract' operand #2 has type vector<16x16xf32> but the indexing maps and operand shapes need vector<16x32xf32>
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<16x8xf16>, vector<8x32xf16> into vector<16x16xf32>
  return %r : vector<16x16xf32>
}

func.func @multi_reduction(%s: vector<4x8xf32>, %acc: vector<8xf32>) -> vector<8xf32> {
  // CHECK: error: 'vector.multi_reduction' operand #1 has type vector<8xf32> but reducing the source needs vector<4xf32>
  %r = vector.multi_reduction <add>, %s, %acc [1] : vector<4x8xf32> to vector<8xf32>
  return %r : vector<8xf32>
}

func.func @broadcast(%s: vector<4xf32>) -> vector<4x8xf32> {
  // CHECK: error: 'vector.broadcast' operand #0 has type vector<4xf32> but dim 0 (4) must be 1 or 8 to broadcast to vector<4x8xf32>
  %r = vector.broadcast %s : vector<4xf32> to vector<4x8xf32>
  return %r : vector<4x8xf32>
}

func.func @shape_cast(%s: vector<4x8xf32>) -> vector<16xf32> {
  // CHECK: error: 'vector.shape_cast' result #0 has type vector<16xf32> but must have the element type and element count (32) of operand #0 (vector<4x8xf32>)
  %r = vector.shape_cast %s : vector<4x8xf32> to vector<16xf32>
  return %r : vector<16xf32>
}

func.func @extract(%s: vector<4x8xf32>) -> f32 {
  // CHECK: error: 'vector.extract' position #0 is 5, out of range for dim 0 of vector<4x8xf32>
  %r = vector.extract %s[5, 0] : f32 from vector<4x8xf32>
  return %r : f32
}

func.func @transpose(%s: vector<4x8xf32>) -> vector<4x8xf32> {
  // CHECK: error: 'vector.transpose' result #0 has type vector<4x8xf32> but transposing operand #0 gives vector<8x4xf32>
  %r = vector.transpose %s, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return %r : vector<4x8xf32>
}
