// The 128x256-tile GEMM of `make bench` (tests/bench/kernels/gemm_128x256.mlir: wgmma
// m64n256k16 on two warpgroups, 48 KiB TMA ring stages, a producer warpgroup) against
// eval on the simulator, at ragged sizes: M = 200 (the second row block has 72 rows),
// N = 400 (the second column block has 144 columns), K = 72 (one full K step of 64 and
// one of 8) and K = 200.  The PTX assembles for sm_90a, and ptxas reports no spills.
// RUN: %vptx check --arch=sm_90a %S/../../bench/kernels/gemm_128x256.mlir --grid=2,2 --dim=200,72,72,400,200,400 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %S/../../bench/kernels/gemm_128x256.mlir --grid=1,1 --dim=128,200,200,256,128,256 | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_90a %S/../../bench/kernels/gemm_128x256.mlir -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// Its loop gets no copy with register copies for rows TMA cannot map: that copy would
// hold 128 accumulator and 48 operand registers a thread and spill (ptxas: 254 registers
// for the register-copy kernel, above the consumers' 232).  Such sizes are refused by the
// launcher, and the remark says so:
// RUN: not %vptx check --arch=sm_90a %S/../../bench/kernels/gemm_128x256.mlir --grid=2,2 --dim=200,66,66,400,200,400 > %t.odd.txt
// RUN: %filecheck --check-prefix=ODD %s < %t.odd.txt
// RUN: %vptx --arch=sm_90a --remarks %S/../../bench/kernels/gemm_128x256.mlir -o %t.r.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// ODD: FAIL gemm: running on sim: argument #0 %A is read by TMA (a tensor map of argument #3) but its rows are 132 bytes apart: TMA needs a multiple of 16 (for f16 or bf16, a row of a multiple of 8 elements)
// REMARK: the rows of %A and %B have a dynamic length: TMA needs them a multiple of 16 bytes, which the launcher checks (no copy of the loop: its register copy would not fit beside the ring; docs/hopper.md)
// CHECK: PASS gemm (sim vs eval
// PTX: // vptx: block size 384 threads (128 of a producer warpgroup after the kernel's 256)
// PTX-NEXT: // vptx: hidden tensor map of argument 0, box 128x64, swizzle 128
// PTX-NEXT: // vptx: hidden tensor map of argument 1, box 64x64, swizzle 128
// PTX-NEXT: // vptx: dynamic shared memory 147456 bytes
// PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
