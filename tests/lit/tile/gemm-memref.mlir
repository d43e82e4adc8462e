// linalg.fill + linalg.matmul on dynamic memrefs, no config: one kernel of the form of
// examples/gemm.mlir (a K loop of 32, a 128x128 tile per workgroup of 256 threads, the
// fill as the accumulator's initial value), which layout and distribute give mma.sync
// and cp.async staging; checked at sizes off the tile against the op-level reference.
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx check %s --dim=200,72,72,136,200,136 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=130,66,66,130,130,130 | %filecheck --check-prefix=PASS %s
// CHECK-LABEL: func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
// CHECK-SAME: workgroup_size = [256, 1, 1]
// CHECK-SAME: vptx.grid = affine_map<()[s0, s1] -> (s0 ceildiv 128, s1 ceildiv 128, 1)>
// CHECK-SAME: vptx.sizes = {{\[\[}}1, 1], [0, 0]]
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<128x128xf32>
// CHECK-DAG: %[[BX:.*]] = gpu.block_id x
// CHECK-DAG: %[[BY:.*]] = gpu.block_id y
// CHECK: scf.for {{.*}} step %{{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (vector<128x128xf32>)
// CHECK: vector.transfer_read %A[{{.*}}], %{{.*}} : memref<?x?xf16>, vector<128x32xf16>
// CHECK: vector.transfer_read %B[{{.*}}], %{{.*}} : memref<?x?xf16>, vector<32x128xf16>
// CHECK: vector.contract
// CHECK: vector.transfer_write {{.*}}, %C[{{.*}}] : vector<128x128xf32>, memref<?x?xf32>
// REMARK: 33:3: remark: 'linalg.matmul' tiles as a contraction kernel of 256 threads: workgroup tile m 128, n 128; k steps of 32
// REMARK: remark: 'vector.contract' 128x128x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16
// REMARK: remark: 'scf.for' stages its contract operands through XOR-swizzled shared memory
// PTX: // vptx: sizes s0 = argument 1 dim 1 (parameter 5), s1 = argument 0 dim 0 (parameter 1)
// PTX-NEXT: // vptx: grid affine_map<()[s0, s1] -> (s0 ceildiv 128, s1 ceildiv 128, 1)>
// PTX: cp.async.cg.shared.global
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PASS: PASS mm (sim vs eval, max abs err 0, max rel err 0, tol
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  return
}
