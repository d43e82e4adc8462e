// A transpose feeding a GEMM operand (linalg.transpose, or a generic whose input map is
// a permutation) is read as the argument lies in memory, its contract map swapped, and
// staged in shared memory like any argument operand: cp.async copies of its rows,
// ldmatrix (.trans where the stored tile is K-major) reads.  The fused transpose's
// value past the end of K was masked by an arith.select (a second use of the read, which
// kept it off shared memory and read it straight into the fragments, uncoalesced);
// a read that pads with zeros needs no mask.  @gemm_at at M x N x K = 304 x 208 x 200
// (simulator counters): global load sectors 38200 (60.2% efficient) -> 15400 (100%);
// 13.77 -> 6.97 us modeled on the A100 model, 11.26 -> 5.96 us on the H100 one.
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --arch=sm_90a %s -o %t90.ptx
// RUN: %ptxas-verify %t90.ptx
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VEC %s
// RUN: %vptx check %s --kernel=gemm_at --dim=200,304,200,208 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_at --dim=201,300,201,203 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_at --dim=77,130,77,9 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_at --dim=200,304,200,208 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_at --dim=201,300,201,203 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_bt --dim=300,200,208,200 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_bt --dim=131,75,203,75 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_bt --dim=131,75,203,75 | %filecheck %s
// CHECK: PASS
// REMARK: [[@LINE+16]]:1: remark: 'scf.for' stages its contract operands through XOR-swizzled shared memory (16-byte cp.async.cg copies, ldmatrix reads): 3 stage(s) of 16384 bytes
// REMARK: [[@LINE+29]]:1: remark: 'scf.for' stages its contract operands through XOR-swizzled shared memory (16-byte cp.async.cg copies, ldmatrix reads): 3 stage(s) of 16384 bytes
// VEC-LABEL: func.func @gemm_at
// VEC-NOT: arith.select
// VEC: vector.transfer_read %A{{.*}}permutation_map = affine_map<(d0, d1) -> (d1, d0)>
// VEC-NOT: arith.select
// VEC-LABEL: func.func @gemm_bt
// VEC-NOT: arith.select
// SIMT-LABEL: func.func @gemm_at
// SIMT: nvgpu.device_async_copy
// SIMT: nvgpu.device_async_copy
// SIMT: nvgpu.ldmatrix {{.*}}transpose = true
// SIMT-LABEL: func.func @gemm_bt
// SIMT: nvgpu.device_async_copy
// SIMT: nvgpu.device_async_copy
// SIMT: nvgpu.ldmatrix {{.*}}transpose = false
func.func @gemm_at(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = tensor.dim %A, %c0 : tensor<?x?xf16>
  %m = tensor.dim %A, %c1 : tensor<?x?xf16>
  %n = tensor.dim %B, %c1 : tensor<?x?xf16>
  %et = tensor.empty(%m, %k) : tensor<?x?xf16>
  %at = linalg.transpose ins(%A : tensor<?x?xf16>) outs(%et : tensor<?x?xf16>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%at, %B : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %mm : tensor<?x?xf32>
}
func.func @gemm_bt(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf16>
  %k = tensor.dim %A, %c1 : tensor<?x?xf16>
  %n = tensor.dim %B, %c0 : tensor<?x?xf16>
  %et = tensor.empty(%k, %n) : tensor<?x?xf16>
  %bt = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%B : tensor<?x?xf16>) outs(%et : tensor<?x?xf16>) {
  ^bb0(%x: f16, %o: f16):
    linalg.yield %x : f16
  } -> tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%A, %bt : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %mm : tensor<?x?xf32>
}
