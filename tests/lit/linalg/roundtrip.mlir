// The op level in its custom forms, as upstream mlir-opt prints them: tensors, the
// named linalg ops, linalg.generic with a body, reduce and map in their short and long
// forms, the tensor and bufferization ops, IREE lowering configs and translation info.
// The printed IR reads back to the same text (tests/run.sh's roundtrip: check too).
// RUN: %vptx --emit=mlir %s | %filecheck %s
// RUN: %vptx --emit=mlir %s | %vptx --emit=mlir - | %filecheck %s
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#config = #iree_gpu.lowering_config<{workgroup = [64, 64, 0], reduction = [0, 0, 8], subgroup = [2, 4], mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, promote_operands = [0, 1]}>
// CHECK-LABEL: func.func @gemm(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %bias: tensor<?xf32>) -> tensor<?x?xf16> attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUTileAndFuse workgroup_size = [128, 1, 1] subgroup_size = 32>}
func.func @gemm(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %bias: tensor<?xf32>) -> tensor<?x?xf16>
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUTileAndFuse workgroup_size = [128, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  // CHECK: %m = tensor.dim %a, %c0 : tensor<?x?xf16>
  %m = tensor.dim %a, %c0 : tensor<?x?xf16>
  %n = tensor.dim %b, %c1 : tensor<?x?xf16>
  // CHECK: %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  // CHECK: %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: %mm = linalg.matmul {lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F32_16x8x16_F16>, promote_operands = [0, 1], reduction = [0, 0, 8], subgroup = [2, 4], workgroup = [64, 64, 0]}>} ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul {lowering_config = #config} ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf16>
  // CHECK: %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf16>) attrs = {lowering_config = #iree_gpu.lowering_config<{workgroup = [16, 64]}>} {
  // CHECK-NEXT: ^bb0(%x: f32, %y: f32, %out: f16):
  // CHECK-NEXT:   %s = arith.addf %x, %y : f32
  // CHECK:        linalg.yield %t : f16
  // CHECK-NEXT: } -> tensor<?x?xf16>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf16>) attrs =  {lowering_config = #iree_gpu.lowering_config<{workgroup = [16, 64]}>} {
  ^bb0(%x: f32, %y: f32, %out: f16):
    %s = arith.addf %x, %y : f32
    %z = arith.maximumf %s, %cst : f32
    %t = arith.truncf %z : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}

// CHECK-LABEL: func.func @misc
func.func @misc(%x: tensor<16x32xf32>, %m: memref<32x16xf32>, %v: memref<16xf32>) -> (tensor<16x32xf32>, tensor<16xf32>, tensor<4x32x16xf32>) {
  %e = tensor.empty() : tensor<16x32xf32>
  %e0 = tensor.empty() : tensor<32x16xf32>
  // CHECK: %s = linalg.softmax dimension(1) ins(%x : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e1 = tensor.empty() : tensor<16xf32>
  // The short form becomes its long form:
  // CHECK: %r = linalg.reduce ins(%x : tensor<16x32xf32>) outs(%e1 : tensor<16xf32>) dimensions = [1]
  // CHECK-NEXT: ([[A:%[0-9]+]]: f32, [[B:%[0-9]+]]: f32) {
  // CHECK-NEXT: = arith.addf [[A]], [[B]] : f32
  %r = linalg.reduce { arith.addf } ins(%x : tensor<16x32xf32>) outs(%e1 : tensor<16xf32>) dimensions = [1]
  // CHECK: %r2 = linalg.reduce ins(%x : tensor<16x32xf32>) outs(%r : tensor<16xf32>) dimensions = [1]
  // CHECK-NEXT: (%in: f32, %init: f32) {
  // CHECK-NEXT:   = arith.maximumf %in, %init : f32
  %r2 = linalg.reduce ins(%x : tensor<16x32xf32>) outs(%r : tensor<16xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.maximumf %in, %init : f32
      linalg.yield %0 : f32
    }
  // CHECK: %mp = linalg.map ins(%s, %x : tensor<16x32xf32>, tensor<16x32xf32>) outs(%e : tensor<16x32xf32>)
  // CHECK: arith.addf {{.*}} fastmath<fast> : f32
  %mp = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%s, %x : tensor<16x32xf32>, tensor<16x32xf32>) outs(%e : tensor<16x32xf32>)
  // CHECK: %mp2 = linalg.map ins(%s : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>)
  // CHECK-NEXT: (%a: f32, %o: f32) {
  %mp2 = linalg.map ins(%s : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>)
    (%a: f32, %o: f32) {
      %1 = math.exp %a : f32
      linalg.yield %1 : f32
    }
  // CHECK: %tr = linalg.transpose ins(%mp : tensor<16x32xf32>) outs(%e0 : tensor<32x16xf32>) permutation = [1, 0]
  %tr = linalg.transpose ins(%mp : tensor<16x32xf32>) outs(%e0 : tensor<32x16xf32>) permutation = [1, 0]
  // CHECK: bufferization.materialize_in_destination %tr in %m : (tensor<32x16xf32>, memref<32x16xf32>) -> ()
  bufferization.materialize_in_destination %tr in %m : (tensor<32x16xf32>, memref<32x16xf32>) -> ()
  %e3 = tensor.empty() : tensor<4x32x16xf32>
  // CHECK: %t = bufferization.to_tensor %m restrict : memref<32x16xf32> to tensor<32x16xf32>
  %t = bufferization.to_tensor %m restrict : memref<32x16xf32>
  // CHECK: %b = linalg.broadcast ins(%t : tensor<32x16xf32>) outs(%e3 : tensor<4x32x16xf32>) dimensions = [0]
  %b = linalg.broadcast ins(%t : tensor<32x16xf32>) outs(%e3 : tensor<4x32x16xf32>) dimensions = [0]
  // CHECK: %sl = tensor.extract_slice %x[0, 0] [4, 32] [1, 1] : tensor<16x32xf32> to tensor<4x32xf32>
  %sl = tensor.extract_slice %x[0, 0] [4, 32] [1, 1] : tensor<16x32xf32> to tensor<4x32xf32>
  // CHECK: %sl2 = tensor.extract_slice %x[1, 0] [1, 32] [1, 1] : tensor<16x32xf32> to tensor<32xf32>
  %sl2 = tensor.extract_slice %x[1, 0] [1, 32] [1, 1] : tensor<16x32xf32> to tensor<32xf32>
  // CHECK: %ins = tensor.insert_slice %sl into %mp[4, 0] [4, 32] [1, 1] : tensor<4x32xf32> into tensor<16x32xf32>
  %ins = tensor.insert_slice %sl into %mp[4, 0] [4, 32] [1, 1] : tensor<4x32xf32> into tensor<16x32xf32>
  // CHECK: %c = linalg.copy ins(%r2 : tensor<16xf32>) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  %c = linalg.copy ins(%r2 : tensor<16xf32>) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  // CHECK: bufferization.materialize_in_destination %c in restrict writable %v : (tensor<16xf32>, memref<16xf32>) -> ()
  bufferization.materialize_in_destination %c in restrict writable %v : (tensor<16xf32>, memref<16xf32>) -> ()
  return %ins, %r2, %b : tensor<16x32xf32>, tensor<16xf32>, tensor<4x32x16xf32>
}

// CHECK-LABEL: func.func @bmm
func.func @bmm(%a: memref<2x4x8xf32>, %b: memref<2x16x8xf32>, %c: memref<2x4x16xf32>, %a2: memref<8x4xf32>, %b2: memref<8x16xf32>, %c2: memref<4x16xf32>) {
  // CHECK: linalg.batch_matmul_transpose_b ins(%a, %b : memref<2x4x8xf32>, memref<2x16x8xf32>) outs(%c : memref<2x4x16xf32>)
  linalg.batch_matmul_transpose_b ins(%a, %b : memref<2x4x8xf32>, memref<2x16x8xf32>) outs(%c : memref<2x4x16xf32>)
  // CHECK: linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {lowering_config = #iree_codegen.lowering_config<tile_sizes = {{\[\[}}32, 32, 16]]>} ins(%a2, %b2 : memref<8x4xf32>, memref<8x16xf32>) outs(%c2 : memref<4x16xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] {lowering_config = #iree_codegen.lowering_config<tile_sizes = [[32, 32, 16]]>} ins(%a2, %b2 : memref<8x4xf32>, memref<8x16xf32>) outs(%c2 : memref<4x16xf32>)
  // CHECK: linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%c2 : memref<4x16xf32>) {
  // CHECK: linalg.index 1 : index
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%c2 : memref<4x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    linalg.yield %f : f32
  }
  return
}
