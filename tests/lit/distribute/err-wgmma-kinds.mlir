// Contracts whose NV_WGMMA_* mma_kind does not fit them: located errors that name the
// mismatch and what to change, and no PTX file (issue 14 part 1).  One case a run.
// NO-ROUNDTRIP (the cases are cut out one at a time; they share the name @k)
// RUN: sed -n '/^\/\/ CASE A$/,/^\/\/ END A$/p' %s > %t.a.mlir && not %vptx --emit=ptx --arch=sm_90a %t.a.mlir -o %t.a.ptx 2>&1 | %filecheck --check-prefix=ERRA %s && test ! -e %t.a.ptx
// RUN: sed -n '/^\/\/ CASE B$/,/^\/\/ END B$/p' %s > %t.b.mlir && not %vptx --emit=ptx --arch=sm_90a %t.b.mlir -o %t.b.ptx 2>&1 | %filecheck --check-prefix=ERRB %s && test ! -e %t.b.ptx
// RUN: sed -n '/^\/\/ CASE C$/,/^\/\/ END C$/p' %s > %t.c.mlir && not %vptx --emit=ptx --arch=sm_90a %t.c.mlir -o %t.c.ptx 2>&1 | %filecheck --check-prefix=ERRC %s && test ! -e %t.c.ptx
// RUN: sed -n '/^\/\/ CASE D$/,/^\/\/ END D$/p' %s > %t.d.mlir && not %vptx --emit=ptx --arch=sm_90a %t.d.mlir -o %t.d.ptx 2>&1 | %filecheck --check-prefix=ERRD %s && test ! -e %t.d.ptx
// RUN: sed -n '/^\/\/ CASE E$/,/^\/\/ END E$/p' %s > %t.e.mlir && not %vptx --emit=ptx --arch=sm_90a %t.e.mlir -o %t.e.ptx 2>&1 | %filecheck --check-prefix=ERRE %s && test ! -e %t.e.ptx
// RUN: sed -n '/^\/\/ CASE F$/,/^\/\/ END F$/p' %s > %t.f.mlir && not %vptx --emit=ptx --arch=sm_90a %t.f.mlir -o %t.f.ptx 2>&1 | %filecheck --check-prefix=ERRF %s && test ! -e %t.f.ptx
// RUN: sed -n '/^\/\/ CASE G$/,/^\/\/ END G$/p' %s > %t.g.mlir && not %vptx --emit=ptx --arch=sm_90a %t.g.mlir -o %t.g.ptx 2>&1 | %filecheck --check-prefix=ERRG %s && test ! -e %t.g.ptx
// ERRA: a.mlir:8:8: error: 'vector.contract' has mma_kind NV_WGMMA_F32_64x12x16_F16, which wgmma cannot take: the name is NV_WGMMA_<F32|F16>_64x<N>x16_<F16|BF16> with N a multiple of 8 in 8..256
// ERRB: b.mlir:8:8: error: 'vector.contract' has mma_kind NV_WGMMA_F32_64x264x16_F16, which wgmma cannot take
// ERRC: c.mlir:8:8: error: 'vector.contract' has mma_kind NV_WGMMA_F16_64x8x16_F16, which needs f16 x f16 -> f16 operands, but its operands are f16 x f16 -> f32
// ERRD: d.mlir:8:8: error: 'vector.contract' has mma_kind NV_WGMMA_F32_64x8x16_BF16, which needs bf16 x bf16 -> f32 operands, but its operands are f16 x f16 -> f32
// ERRE: e.mlir:8:8: error: 'vector.contract' has mma_kind NV_WGMMA_F16_64x8x16_F16, which needs f16 x f16 -> f16 operands, but its operands are bf16 x bf16 -> f16
// ERRF: f.mlir:8:8: error: 'vector.contract' has mma_kind NV_WGMMA_F32_64x8x16_F16, which needs M a multiple of 64, N of 8 and K of 16, but the contract is 64x8x8: K = 8 is not a multiple of 16
// ERRG: g.mlir:8:8: error: 'vector.contract' with mma_kind NV_WGMMA_F32_64x128x16_F16 stages A (256x64) and B (64x256) in 65536 bytes of shared memory, more than the 49152 a kernel may declare statically: use a smaller K step or tile
// CASE A
func.func @k(%A: memref<64x16xf16>, %B: memref<16x8xf16>, %out: memref<64x8xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xf16>, vector<64x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  %z = arith.constant dense<0.0> : vector<64x8xf32>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x12x16_F16>} %a, %b, %z : vector<64x16xf16>, vector<16x8xf16> into vector<64x8xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf32>, memref<64x8xf32>
  return
}
// END A
// CASE B
func.func @k(%A: memref<64x16xf16>, %B: memref<16x8xf16>, %out: memref<64x8xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xf16>, vector<64x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  %z = arith.constant dense<0.0> : vector<64x8xf32>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x264x16_F16>} %a, %b, %z : vector<64x16xf16>, vector<16x8xf16> into vector<64x8xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf32>, memref<64x8xf32>
  return
}
// END B
// CASE C
func.func @k(%A: memref<64x16xf16>, %B: memref<16x8xf16>, %out: memref<64x8xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xf16>, vector<64x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  %z = arith.constant dense<0.0> : vector<64x8xf32>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F16_64x8x16_F16>} %a, %b, %z : vector<64x16xf16>, vector<16x8xf16> into vector<64x8xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf32>, memref<64x8xf32>
  return
}
// END C
// CASE D
func.func @k(%A: memref<64x16xf16>, %B: memref<16x8xf16>, %out: memref<64x8xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xf16>, vector<64x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  %z = arith.constant dense<0.0> : vector<64x8xf32>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x8x16_BF16>} %a, %b, %z : vector<64x16xf16>, vector<16x8xf16> into vector<64x8xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf32>, memref<64x8xf32>
  return
}
// END D
// CASE E
func.func @k(%A: memref<64x16xbf16>, %B: memref<16x8xbf16>, %out: memref<64x8xf16>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : bf16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xbf16>, vector<64x16xbf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xbf16>, vector<16x8xbf16>
  %z = arith.constant dense<0.0> : vector<64x8xf16>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F16_64x8x16_F16>} %a, %b, %z : vector<64x16xbf16>, vector<16x8xbf16> into vector<64x8xf16>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf16>, memref<64x8xf16>
  return
}
// END E
// CASE F
func.func @k(%A: memref<64x8xf16>, %B: memref<8x8xf16>, %out: memref<64x8xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x8xf16>, vector<64x8xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<8x8xf16>, vector<8x8xf16>
  %z = arith.constant dense<0.0> : vector<64x8xf32>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x8x16_F16>} %a, %b, %z : vector<64x8xf16>, vector<8x8xf16> into vector<64x8xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf32>, memref<64x8xf32>
  return
}
// END F
// CASE G
func.func @k(%A: memref<256x64xf16>, %B: memref<64x256xf16>, %out: memref<256x256xf32>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<256x64xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x256xf16>
  %z = arith.constant dense<0.0> : vector<256x256xf32>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x128x16_F16>} %a, %b, %z : vector<256x64xf16>, vector<64x256xf16> into vector<256x256xf32>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<256x256xf32>, memref<256x256xf32>
  return
}
// END G
