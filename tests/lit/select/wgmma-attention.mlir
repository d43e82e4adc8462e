// examples/attention.mlir on sm_90a: a workgroup of 2 warps (64 threads, 32 query rows)
// is not whole warpgroups, so layout/select.c keeps mma.sync (m16n8k16, rows split) for
// both contracts, says why in its remarks, and the kernel still compiles for sm_90a,
// assembles and passes the simulator against eval.  (examples/attention_sm90.mlir, one
// warpgroup and 64 rows, takes wgmma with P from registers.)
// RUN: %vptx check --arch=sm_90a --remarks %S/../../../examples/attention.mlir 2>&1 | %filecheck %s
// RUN: %vptx --arch=sm_90a %S/../../../examples/attention.mlir -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: attention.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: 'vector.contract' 32x64x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: the workgroup has 64 threads, not whole warpgroups (a multiple of 128))
// CHECK: attention.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: 'vector.contract' 32x64x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: the workgroup has 64 threads, not whole warpgroups (a multiple of 128))
// CHECK: PASS attention (sim vs eval
// PTX: .target sm_90a
// PTX-NOT: wgmma
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
