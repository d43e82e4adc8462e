// tensor.extract_slice of an argument (unit strides, the same rank): the kernel reads the
// argument through a memref.subview with the slice's offsets and sizes, so the reads past
// the slice's end are masked as past an argument's.  @scale: a dynamic window of x,
// squared.  @gemm_slice: a GEMM over a static row block of A and the first k rows of B
// (K = k, ragged), A and B staged through shared memory (cp.async: slice-staged.mlir).  Strided and rank-reducing slices, slices of computed tensors:
// slice-computed.mlir (insert_slice: insert-slice.mlir).
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VECTOR %s
// RUN: %vptx %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: grep -c 'cp.async.cg.shared.global' %t.ptx | %filecheck --check-prefix=STAGED %s
// STAGED: {{[1-9][0-9]*}}
// RUN: %vptx check %s --kernel=scale --dim=50,70 --scalar=3 --scalar=5 --scalar=40 --scalar=60 | %filecheck %s
// RUN: %vptx check %s --kernel=scale --dim=50,700 --scalar=3 --scalar=5 --scalar=47 --scalar=600 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_slice --dim=100,136 --scalar=72 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_slice --dim=100,136 --scalar=72 | %filecheck %s
// VECTOR: memref.subview %x[%o0, %o1][%m, %n][1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// VECTOR: memref.subview %A[64, 0][128, %k][1, 1] : memref<256x256xf16> to memref<128x?xf16, strided<[256, 1], offset: 16384>>
// VECTOR: memref.subview %B[0, 0][%k, %{{.*}}][1, 1] : memref<?x?xf16> to memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK: PASS
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scale(%x: tensor<?x?xf32>, %o0: index, %o1: index, %m: index, %n: index) -> tensor<?x?xf32> {
  %s = tensor.extract_slice %x[%o0, %o1] [%m, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @gemm_slice(%A: tensor<256x256xf16>, %B: tensor<?x?xf16>, %k: index) -> tensor<128x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %B, %c1 : tensor<?x?xf16>
  %a = tensor.extract_slice %A[64, 0] [128, %k] [1, 1] : tensor<256x256xf16> to tensor<128x?xf16>
  %b = tensor.extract_slice %B[0, 0] [%k, %n] [1, 1] : tensor<?x?xf16> to tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<128x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x?xf32>) -> tensor<128x?xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x?xf16>, tensor<?x?xf16>) outs(%f : tensor<128x?xf32>) -> tensor<128x?xf32>
  return %c : tensor<128x?xf32>
}
