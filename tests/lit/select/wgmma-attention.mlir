// examples/attention.mlir on sm_90a: S = Q K^T feeds P V's lhs (through softmax and a
// truncf), and P V would need wgmma's register-A form, which distribute does not emit,
// so layout/select.c keeps mma.sync (m16n8k16, rows split) for both contracts, says why
// in its remarks, and the kernel still compiles for sm_90a, assembles and passes the
// simulator against eval.
// RUN: %vptx check --arch=sm_90a --remarks %S/../../../examples/attention.mlir 2>&1 | %filecheck %s
// RUN: %vptx --arch=sm_90a %S/../../../examples/attention.mlir -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: attention.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: 'vector.contract' 32x64x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: it is part of a contract chain (attention)
// CHECK: attention.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: 'vector.contract' 32x64x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: it is part of a contract chain (attention)
// CHECK: PASS attention (sim vs eval
// PTX: .target sm_90a
// PTX-NOT: wgmma
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
