// The op level in MLIR's generic form (`mlir-opt --mlir-print-op-generic`): named ops
// carry the body their name implies, which vptx drops (ir/linalg.c defines them), and
// print back in their custom forms; matmul's memoized default maps are dropped.
// RUN: %vptx --emit=mlir %s | %filecheck %s
// CHECK-LABEL: func.func @g(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>) -> tensor<4x4xf32>
// CHECK: %1 = tensor.empty() : tensor<4x4xf32>
// CHECK: %2 = linalg.fill ins(%0 : f32) outs(%1 : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK: %3 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x4xf32>) outs(%2 : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK: %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x4xf32>) outs(%1 : tensor<4x4xf32>) {
// CHECK: %6 = linalg.softmax dimension(1) ins(%4 : tensor<4x4xf32>) outs(%1 : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK: %7 = linalg.transpose ins(%6 : tensor<4x4xf32>) outs(%1 : tensor<4x4xf32>) permutation = [1, 0]
// CHECK: %9 = linalg.reduce ins(%7 : tensor<4x4xf32>) outs(%8 : tensor<4xf32>) dimensions = [0]
"func.func"() <{function_type = (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>, sym_name = "g"}> ({
^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>):
  %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
  %1 = "tensor.empty"() : () -> tensor<4x4xf32>
  %2 = "linalg.fill"(%0, %1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%arg2: f32, %arg3: f32):
    "linalg.yield"(%arg2) : (f32) -> ()
  }) : (f32, tensor<4x4xf32>) -> tensor<4x4xf32>
  %3 = "linalg.matmul"(%arg0, %arg1, %2) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
    %5 = "arith.mulf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %6 = "arith.addf"(%arg4, %5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "linalg.yield"(%6) : (f32) -> ()
  }) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]} : (tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %4 = "linalg.generic"(%3, %1) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%in: f32, %out: f32):
    %7 = "math.exp"(%in) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    "linalg.yield"(%7) : (f32) -> ()
  }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %8 = "linalg.softmax"(%4, %1) <{dimension = 1 : i64}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %9 = "linalg.transpose"(%8, %1) <{permutation = array<i64: 1, 0>}> ({
  ^bb0(%in: f32, %init: f32):
    "linalg.yield"(%in) : (f32) -> ()
  }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %10 = "tensor.empty"() : () -> tensor<4xf32>
  %11 = "linalg.reduce"(%9, %10) <{dimensions = array<i64: 0>}> ({
  ^bb0(%in: f32, %init: f32):
    %12 = "arith.addf"(%in, %init) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "linalg.yield"(%12) : (f32) -> ()
  }) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%9) : (tensor<4x4xf32>) -> ()
}) : () -> ()
