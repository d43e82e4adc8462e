// A lowering_config gives one entry per loop of its op.
// RUN: not %vptx %s -o %t.ptx 2>&1 | %filecheck %s
// RUN: test ! -e %t.ptx
// CHECK: 8:8: error: 'linalg.matmul' lowering_config 'workgroup' has 2 entries but the op has 3 loops (m, n, k): give one per loop
// CHECK-NOT: error
#config = #iree_gpu.lowering_config<{workgroup = [64, 64], reduction = [0, 0, 32]}>
func.func @f(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %r = linalg.matmul {lowering_config = #config} ins(%a, %b : tensor<128x64xf16>, tensor<64x128xf16>) outs(%c : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
