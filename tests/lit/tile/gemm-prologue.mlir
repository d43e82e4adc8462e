// Elementwise prologues of a contraction's operands fuse into its K loop: A is f32
// truncated to f16, B is scaled and shifted (s * b + 1), both recomputed per K step in
// registers before the vector.contract.  Past the end of K the prologue of a padding
// zero is not zero (0 * s + 1), so a ragged K selects zeros there (create_mask +
// select).  The prologue's operand is read from global memory in the MMA operand
// layout: no shared-memory staging for it (docs/op-level.md, Limits).
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx check %s --dim=200,72,72,136 --scalar=0.5 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=128,64,64,128 --scalar=-2 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_90a %s --dim=200,72,72,136 --scalar=0.5 | %filecheck --check-prefix=PASS %s
// Returned too, the truncated A is no prologue: it is computed by a first kernel, and
// the GEMM reads it from that result buffer.
// RUN: sed 's/  return %%c : tensor<?x?xf32>/  return %%c, %%a16 : tensor<?x?xf32>, tensor<?x?xf16>/; s/-> tensor<?x?xf32> {$/-> (tensor<?x?xf32>, tensor<?x?xf16>) {/' %s > %t.bad.mlir && \
// RUN: %vptx --remarks %t.bad.mlir -o %t.bad.ptx 2>&1 | %filecheck --check-prefix=BAD %s && \
// RUN: %vptx check %t.bad.mlir --dim=200,72,72,136 --scalar=0.5 | %filecheck --check-prefix=PASS %s
// CHECK: scf.for {{.*}} -> (vector<128x128xf32>)
// CHECK: vector.transfer_read %A{{.*}} : memref<?x?xf32>, vector<128x32xf32>
// CHECK: arith.truncf {{.*}} : vector<128x32xf32> to vector<128x32xf16>
// CHECK: vector.transfer_read %B{{.*}} {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf16>, vector<128x32xf16>
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: vector.create_mask {{.*}} : vector<128x32xi1>
// CHECK: arith.select
// CHECK: vector.contract
// REMARK: fused in registers: 'linalg.generic' (line {{[0-9]+}}), 'linalg.generic' (line {{[0-9]+}})
// PASS: PASS gemm_cast (sim vs eval
// BAD: remark: 'linalg.generic' (kernel 1 of 2, @gemm_cast__1) tiles as an elementwise kernel
// BAD: remark: 'linalg.generic' starts kernel 2 of 2 of @gemm_cast, as it does not join kernel 1
// BAD: remark: 'linalg.matmul' (kernel 2 of 2, @gemm_cast) tiles as a contraction kernel
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gemm_cast(%A: tensor<?x?xf32>, %B: tensor<?x?xf16>, %s: f16) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf32>
  %k = tensor.dim %A, %c1 : tensor<?x?xf32>
  %n = tensor.dim %B, %c1 : tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %ea = tensor.empty(%m, %k) : tensor<?x?xf16>
  %a16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%A : tensor<?x?xf32>) outs(%ea : tensor<?x?xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x?xf16>
  %kb = tensor.dim %B, %c0 : tensor<?x?xf16>
  %eb = tensor.empty(%kb, %n) : tensor<?x?xf16>
  %bs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%B : tensor<?x?xf16>) outs(%eb : tensor<?x?xf16>) {
  ^bb0(%x: f16, %o: f16):
    %t = arith.mulf %x, %s : f16
    %one = arith.constant 1.0 : f16
    %u = arith.addf %t, %one : f16
    linalg.yield %u : f16
  } -> tensor<?x?xf16>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %c = linalg.matmul ins(%a16, %bs : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
