// --emit=vector prints the kernel tile/ makes; compiled again it gives the same PTX
// (without -g the PTX names no source line; the registers are named after the SSA values,
// which the printed program names differently, so the two are the same up to register
// names: tests/ptxcanon.awk),
// for a GEMM with an epilogue, a softmax, a seed-000 reduction and a transpose, on sm_80
// and sm_90a.
// RUN: %vptx %s -o %t.a.ptx && %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: awk -f tests/ptxcanon.awk %t.a.ptx > %t.a && awk -f tests/ptxcanon.awk %t.b.ptx > %t.b && cmp %t.a %t.b
// RUN: %vptx --arch=sm_90a %s -o %t.c.ptx && %vptx --arch=sm_90a --emit=vector %s -o %t.w.mlir && %vptx --arch=sm_90a %t.w.mlir -o %t.d.ptx
// RUN: awk -f tests/ptxcanon.awk %t.c.ptx > %t.c && awk -f tests/ptxcanon.awk %t.d.ptx > %t.d && cmp %t.c %t.d
// RUN: grep -c '.visible .entry' %t.b.ptx | %filecheck --check-prefix=COUNT %s
// No comment names a source line (which would differ between the two inputs):
// RUN: not grep -P '^\t// \S+ \S+:\d+$' %t.a.ptx
// COUNT: 4
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
#config = #iree_gpu.lowering_config<{workgroup = [16, 0], partial_reduction = [0, 32], thread = [0, 1], lane_basis = [[8, 4], [1, 0]], subgroup_basis = [[1, 2], [0, 1]]}>
func.func @rowsum(%x: tensor<?x?xf32>) -> tensor<?xf32>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%x : tensor<?x?xf32>) outs(%z : tensor<?xf32>) dimensions = [1] {lowering_config = #config}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32>
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
