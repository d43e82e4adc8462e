// GEMM + bias + ReLU + truncf on tensors, no config: one contraction kernel; the bias is
// read broadcast along the rows (a transfer_read with a 0 in its permutation map), the
// epilogue runs on the accumulator in registers and writes f16.
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %vptx check %s --dim=200,72,72,136,136 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=64,64,64,64,64 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_90a %s --dim=200,72,72,136,136 | %filecheck --check-prefix=PASS %s
// CHECK: scf.for {{.*}} -> (vector<128x128xf32>)
// CHECK: vector.contract
// CHECK: vector.transfer_read %bias[%{{.*}}], %{{.*}} {in_bounds = [true, false], permutation_map = affine_map<(d0) -> (0, d0)>} : memref<?xf32>, vector<128x128xf32>
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: arith.truncf {{.*}} : vector<128x128xf32> to vector<128x128xf16>
// CHECK: vector.transfer_write {{.*}}, %result0
// REMARK: remark: 'linalg.matmul' tiles as a contraction kernel of 256 threads: workgroup tile m 128, n 128; k steps of 32
// REMARK-SAME: fused in registers: 'linalg.generic' (line 31)
// PASS: PASS gemm_bias_relu (sim vs eval
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
