// --emit=config prints the input with the config each root op gets (a default one here)
// and the function's translation_info; pasted back, it gives the same kernel.
// RUN: %vptx --emit=config %s -o %t.cfg.mlir && %filecheck %s < %t.cfg.mlir
// RUN: %vptx --emit=vector %s -o %t.a.mlir && %vptx --emit=vector %t.cfg.mlir -o %t.b.mlir && cmp %t.a.mlir %t.b.mlir
// RUN: %vptx --emit=config %t.cfg.mlir | cmp - %t.cfg.mlir
// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-SAME: translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>
// CHECK: linalg.matmul {lowering_config = #iree_gpu.lowering_config<{reduction = [0, 0, 32], workgroup = [128, 128, 0]}>}
// CHECK-LABEL: func.func @softmax
// CHECK: linalg.softmax {lowering_config = #iree_gpu.lowering_config<{lane_basis = {{\[\[}}1, 32], [0, 1]], partial_reduction = [0, 1024], subgroup_basis = {{\[\[}}1, 8], [0, 1]], thread = [0, 4], workgroup = [1, 0]}>} dimension(1)
// CHECK-LABEL: func.func @tr
// CHECK: linalg.transpose ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) permutation = [1, 0] {lowering_config = #iree_gpu.lowering_config<{thread = [4, 4], workgroup = [64, 64]}>}
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @gemm_bias_relu(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %bias: tensor<?xf32>) -> tensor<?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf16>
  %n = tensor.dim %b, %c1 : tensor<?x?xf16>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e16 = tensor.empty(%m, %n) : tensor<?x?xf16>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<?x?xf32>, tensor<?xf32>) outs(%e16 : tensor<?x?xf16>) {
  ^bb0(%x: f32, %y: f32, %o: f16):
    %s = arith.addf %x, %y : f32
    %z = arith.maximumf %s, %zero : f32
    %t = arith.truncf %z : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}
func.func @tr(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %t = linalg.transpose ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) permutation = [1, 0]
  return %t : tensor<?x?xf32>
}
