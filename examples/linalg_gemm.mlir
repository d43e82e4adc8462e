// An op-level GEMM: C = A * B for any M, N, K, written as a front end prints it
// (linalg.fill + linalg.matmul on dynamic memrefs), with no lowering config.  The tile
// pass (docs/op-level.md) makes it the kernel of examples/gemm.mlir: a 128x128 tile of
// C per workgroup of 256 threads, K in steps of 32, the fill as the accumulator's first
// value; layout and distribute then give it mma.sync with cp.async staging (sm_80) or
// wgmma fed by a TMA ring (sm_90a).  The grid comes from the sizes: no --grid.
// vptx check args: --dim=200,72,72,136,200,136
// (the arguments examples/demo.sh gives `vptx check`: M, N, K off the tile)
// RUN: %vptx check %s --dim=200,72,72,136,200,136 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --dim=200,72,72,136,200,136 | %filecheck %s
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VECTOR %s
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS gemm (sim vs eval
// VECTOR: scf.for {{.*}} -> (vector<128x128xf32>)
// VECTOR: vector.contract
// REMARK: remark: 'linalg.matmul' tiles as a contraction kernel of 256 threads: workgroup tile m 128, n 128; k steps of 32
// REMARK: remark: 'vector.contract' 128x128x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16
// REMARK: remark: 'scf.for' stages its contract operands through XOR-swizzled shared memory (16-byte cp.async.cg copies, ldmatrix reads): 3 stage(s)
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  return
}
