// Guarded writes whose elements come in runs along the row (distribute/core/memory.c,
// write_tiles): a wgmma accumulator holds pairs of adjacent f32 of a row, and a write
// with in_bounds = false on the columns checked each element on its own, so each pair
// left as two 4-byte stores (a warp's request: 8 rows x 4 lanes x 4 bytes, 8 sectors
// for 128 bytes).  Now a test made once per kernel (the row length is a multiple of 2,
// so a pair at an even column is 8-byte aligned and inside the row when its first
// element is) takes a branch with one 8-byte store per pair, under the pair's row and
// column guard; the other branch keeps the per-element stores.  examples/gemm.mlir on
// sm_90a (wgmma, TMA ring) at 200x136x72: 425 store requests at 100% sector efficiency,
// where it took 850 at 50%.  N = 129 and N = 130 (rows not a multiple of 32 bytes) take
// the rows epilogue instead (distribute/schedule/epilogue.c, under a test of N % 8:
// tests/lit/distribute/tma-ring-rows-epilogue.mlir): 1509 requests at 100%, where the
// scalar branch took 1089 at 28.5%; every size exact against eval.
// RUN: %vptx --emit=simt --arch=sm_90a examples/gemm.mlir | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_90a examples/gemm.mlir -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx check --arch=sm_90a --stats examples/gemm.mlir --grid=2,2 --dim=200,72,72,136,200,136 | %filecheck --check-prefix=EVEN %s
// RUN: %vptx check --arch=sm_90a --stats examples/gemm.mlir --grid=2,3 --dim=257,100,100,129,257,129 | %filecheck --check-prefix=ODD %s
// RUN: %vptx check --arch=sm_90a examples/gemm.mlir --grid=2,2 --dim=130,72,72,130,130,130 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_90a examples/gemm.mlir --grid=1,1 --dim=3,5,5,7,3,7 | %filecheck --check-prefix=PASS %s
// The test, in the kernel's prologue:
// SIMT: [[N:%[0-9]+]] = memref.dim %C, %{{[0-9]+}} : memref<?x?xf32>
// SIMT-NEXT: [[R:%[0-9]+]] = arith.remui [[N]], %{{[0-9]+}} : index
// SIMT-NEXT: [[T2:%[0-9]+]] = arith.cmpi eq, [[R]], %{{[0-9]+}} : index
// SIMT: scf.for
// SIMT: scf.if [[T2]] {
// SIMT: vector.store %{{[0-9]+}}, %C[%{{[0-9]+}}, %{{[0-9]+}}] {alignment = 8 : i64} : memref<?x?xf32>, vector<2xf32>
// SIMT: } else {
// SIMT: memref.store %{{[0-9]+}}, %C[%{{[0-9]+}}, %{{[0-9]+}}] : memref<?x?xf32>
// PTX: st.global.v2.f32 [%rd_{{[A-Za-z0-9_$]+_[0-9]+}}], {%f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}};
// PTX: st.global.f32
// EVEN: global stores  425 requests, 3400 sectors (ideal 3400, 100.0% efficient), 108800 bytes
// EVEN: PASS gemm (sim vs eval
// ODD: global stores  1509 requests, 4593 sectors (ideal 4593, 100.0% efficient), 132612 bytes
// ODD: PASS gemm (sim vs eval
// PASS: PASS gemm (sim vs eval
