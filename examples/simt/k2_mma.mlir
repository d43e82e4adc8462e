// RUN: %vptx check %s --reference=%S/../mma16.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS k2_mma (sim vs eval of {{.*}}mma16.mlir
// K2 (MLIR 16, gpu/vector/arith/memref/nvgpu). Same kernel as k2_mma_naive.mlir, but global
// buffers are memrefs of VECTOR elements (A: 16x2 x vector<8xf16>, bt: 8x8 x vector<2xf16>,
// D: 16x4 x vector<2xf32>) so memref.load/store lower with the vector's alignment, and the shared
// tile is an align-16 memref.global viewed twice (as f16 for ldmatrix, as vector<8xf16> for the copy).
module attributes {gpu.container_module} {
  gpu.module @k2 {
    memref.global "private" @sa_raw : memref<512xi8, 3> {alignment = 16}
    gpu.func @k2_mma(%a: memref<16x2xvector<8xf16>>, %bt: memref<8x8xvector<2xf16>>, %d: memref<16x4xvector<2xf32>>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %raw = memref.get_global @sa_raw : memref<512xi8, 3>
      %sa = memref.view %raw[%c0][] : memref<512xi8, 3> to memref<16x16xf16, 3>
      %sav = memref.view %raw[%c0][] : memref<512xi8, 3> to memref<16x2xvector<8xf16>, 3>
      %lane = gpu.thread_id x
      %cr = arith.divui %lane, %c2 : index
      %cm = arith.remui %lane, %c2 : index
      %av = memref.load %a[%cr, %cm] : memref<16x2xvector<8xf16>>
      memref.store %av, %sav[%cr, %cm] : memref<16x2xvector<8xf16>, 3>
      gpu.barrier
      %lr = arith.remui %lane, %c16 : index
      %lh = arith.divui %lane, %c16 : index
      %lc = arith.muli %lh, %c8 : index
      %af = nvgpu.ldmatrix %sa[%lr, %lc] {numTiles = 4 : i32, transpose = false}
          : memref<16x16xf16, 3> -> vector<4x2xf16>
      %g = arith.divui %lane, %c4 : index
      %q = arith.remui %lane, %c4 : index
      %q4 = arith.addi %q, %c4 : index
      %b0 = memref.load %bt[%g, %q] : memref<8x8xvector<2xf16>>
      %b1 = memref.load %bt[%g, %q4] : memref<8x8xvector<2xf16>>
      %bz = arith.constant dense<0.0> : vector<2x2xf16>
      %bf0 = vector.insert %b0, %bz[0] : vector<2xf16> into vector<2x2xf16>
      %bf = vector.insert %b1, %bf0[1] : vector<2xf16> into vector<2x2xf16>
      %cz = arith.constant dense<0.0> : vector<2x2xf32>
      %df = nvgpu.mma.sync(%af, %bf, %cz) {mmaShape = [16, 8, 16]}
          : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %d0 = vector.extract %df[0] : vector<2x2xf32>
      %d1 = vector.extract %df[1] : vector<2x2xf32>
      %g8 = arith.addi %g, %c8 : index
      memref.store %d0, %d[%g, %q] : memref<16x4xvector<2xf32>>
      memref.store %d1, %d[%g8, %q] : memref<16x4xvector<2xf32>>
      gpu.return
    }
  }
}
