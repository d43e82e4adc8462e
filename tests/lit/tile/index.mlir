// linalg.index in fused bodies: vector.step along the loop's tile plus the tile's first
// index, spread over the body's loops.  @iota (elementwise: x + column), @wsum (a row
// reduction weighted by the column index, the index of the stepped reduction loop) and
// @causal (a GEMM epilogue that keeps the lower triangle: index m >= index n).  vptx
// check compares with the op-level reference at ragged sizes; @causal on sm_90a too.
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VECTOR %s
// RUN: %vptx check %s --kernel=iota --dim=5,37 | %filecheck %s
// RUN: %vptx check %s --kernel=iota --dim=300,1000 | %filecheck %s
// RUN: %vptx check %s --kernel=wsum --dim=5,1000 | %filecheck %s
// RUN: %vptx check %s --kernel=causal --dim=200,72,72,136 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=causal --dim=200,72,72,136 | %filecheck %s
// RUN: %vptx %s -o %t.ptx && %ptxas-verify %t.ptx
// VECTOR: vector.step : vector<{{[0-9]+}}xindex>
// VECTOR: arith.addi {{.*}} : vector<{{[0-9]+}}xindex>
// VECTOR: vector.broadcast {{.*}} : vector<{{[0-9]+}}xindex> to vector<{{[0-9x]+}}xindex>
// VECTOR: arith.index_cast {{.*}} to vector<{{[0-9x]+}}xi32>
// CHECK: PASS
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @iota(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %s = arith.addf %a, %f : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @wsum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %w = arith.sitofp %ii : i32 to f32
    %p = arith.mulf %a, %w : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @causal(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf16>
  %n = tensor.dim %B, %c1 : tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %c = linalg.matmul ins(%A, %B : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %keep = arith.cmpi uge, %i, %j : index
    %v = arith.select %keep, %a, %z : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
