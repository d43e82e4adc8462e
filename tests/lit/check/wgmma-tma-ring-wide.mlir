// The 128x256-tile GEMM of `make bench` (tests/bench/kernels/gemm_128x256.mlir: wgmma
// m64n256k16 on two warpgroups, 48 KiB TMA ring stages, a producer warpgroup) against
// eval on the simulator, at ragged sizes: M = 200 (the second row block has 72 rows),
// N = 400 (the second column block has 144 columns), K = 72 (one full K step of 64 and
// one of 8) and K = 200.  The PTX assembles for sm_90a, and ptxas reports no spills.
// RUN: %vptx check --arch=sm_90a %S/../../bench/kernels/gemm_128x256.mlir --grid=2,2 --dim=200,72,72,400,200,400 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %S/../../bench/kernels/gemm_128x256.mlir --grid=1,1 --dim=128,200,200,256,128,256 | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_90a %S/../../bench/kernels/gemm_128x256.mlir -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS gemm (sim vs eval
// PTX: // vptx: block size 384 threads (128 of a producer warpgroup after the kernel's 256)
// PTX-NEXT: // vptx: hidden tensor map of argument 0, box 128x64, swizzle 128
// PTX-NEXT: // vptx: hidden tensor map of argument 1, box 64x64, swizzle 128
// PTX-NEXT: // vptx: dynamic shared memory 147456 bytes
// PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
