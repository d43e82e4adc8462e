// --overlap-softmax on GEMM loops (a K loop with one contract and no softmax): the option
// does not apply there, --remarks says why at the loop, once per source loop, and the
// kernel compiles to the same PTX as without the option.  Three schedules: the TMA ring
// of examples/gemm.mlir (sm_90a, dynamic sizes: the loop is split into a TMA copy and a
// register-copy one, and the remark is not repeated for the copy), the mma.sync K loop of
// examples/gemm64.mlir on sm_90a (too small for wgmma), and the cp.async pipeline of
// examples/gemm.mlir on sm_80.
// RUN: %vptx --arch=sm_90a --overlap-softmax --remarks %S/../../../examples/gemm.mlir -o %t1.ptx 2>&1 | %filecheck --check-prefix=RING %s
// RUN: %vptx --arch=sm_90a %S/../../../examples/gemm.mlir -o %t2.ptx
// RUN: cmp %t1.ptx %t2.ptx
// RUN: %vptx --arch=sm_90a --overlap-softmax --remarks %S/../../../examples/gemm64.mlir -o %t3.ptx 2>&1 | %filecheck --check-prefix=MMA %s
// RUN: %vptx --arch=sm_90a %S/../../../examples/gemm64.mlir -o %t4.ptx
// RUN: cmp %t3.ptx %t4.ptx
// RUN: %vptx --arch=sm_80 --overlap-softmax --remarks %S/../../../examples/gemm.mlir -o %t5.ptx 2>&1 | %filecheck --check-prefix=SM80 %s
// RUN: %vptx --arch=sm_80 %S/../../../examples/gemm.mlir -o %t6.ptx
// RUN: cmp %t5.ptx %t6.ptx
// RING: gemm.mlir:95:8: remark: 'scf.for': --overlap-softmax does not apply: its body is not an attention chain on wgmma: one S = Q K^T (Q defined before the loop), then one P V (P from registers)
// RING-NOT: does not apply
// RING: gemm.mlir:95:8: remark: 'scf.for' feeds its wgmma operands through a TMA ring
// RING-NOT: does not apply
// MMA: gemm64.mlir:18:8: remark: 'scf.for': --overlap-softmax does not apply: its contracts are not on wgmma (sm_90a's warpgroup kinds)
// MMA-NOT: does not apply
// SM80: gemm.mlir:95:8: remark: 'scf.for': --overlap-softmax does not apply: its contracts are not on wgmma (sm_90a's warpgroup kinds)
// SM80-NOT: does not apply
