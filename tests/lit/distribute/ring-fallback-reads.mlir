// The register copy of a TMA ring loop (distribute/schedule/tma_ring.c, split_rings: rows
// whose length TMA cannot map, not a multiple of 16 bytes) reads A and B guarded element
// by element.  It kept the ring's read layout, 8 consecutive elements a lane, so each
// 2-byte load of a warp touched a sector per lane: examples/gemm.mlir on sm_90a at
// 257x129x100 read its 180200 bytes in 53032 sectors (11.2%).  The copy's reads now take
// one element a lane, the lanes of a warp along the row (lane_adjacent_reads): 8566
// sectors (73.5%: a 64-byte run of a row that does not start on 32 bytes touches 3).
// Exact against eval at sizes that take the copy: N odd, K = 66, and 3x7x5.
// RUN: %vptx check --arch=sm_90a --stats examples/gemm.mlir --grid=2,3 --dim=257,100,100,129,257,129 | %filecheck --check-prefix=ODD %s
// RUN: %vptx check --arch=sm_90a --stats examples/gemm.mlir --grid=2,2 --dim=130,66,66,130,130,130 | %filecheck --check-prefix=K66 %s
// RUN: %vptx check --arch=sm_90a examples/gemm.mlir --grid=1,1 --dim=3,5,5,7,3,7 | %filecheck --check-prefix=TINY %s
// ODD: global loads   3556 requests, 8566 sectors (ideal 6298, 73.5% efficient), 180200 bytes
// ODD: PASS gemm (sim vs eval
// K66: global loads   1440 requests, 3396 sectors (ideal 2488, 73.3% efficient), 68640 bytes
// K66: PASS gemm (sim vs eval
// TINY: PASS gemm (sim vs eval
