// Default wgmma selection on sm_90a (layout/select.c): each contract here is plain (no
// mma_kind, no layouts) but cannot take wgmma, so it falls back to the sm_80 mma.sync
// selection, and --remarks says which condition failed.  The reasons follow the rules
// of docs/hopper.md ("Default selection on sm_90a"); the numbers in them are worked out
// here: 2 * (M*K + K*N) bytes of shared memory for A and B of one K step, M*N/128
// accumulator registers per thread of a warpgroup.  On sm_80 the same contracts get the
// same mma.sync kinds with no word about wgmma.
// RUN: %vptx --arch=sm_90a --remarks --emit=layout %s -o %t.mlir 2>&1 | %filecheck %s
// RUN: not grep WGMMA %t.mlir
// RUN: %vptx --arch=sm_80 --remarks --emit=layout %s -o %t80.mlir 2>&1 | %filecheck --check-prefix=SM80 %s
// SM80: remark
// A GEMM whose reads TMA cannot do (a padding of 1.0: TMA fills with zeros; a row pitch
// of 36 f16, 72 bytes: TMA needs multiples of 16) could take wgmma by shape, but the
// register copy is slower than the cp.async pipeline of mma.sync under the h100 model
// (docs/hopper.md), so it keeps mma.sync.  (examples/gemm.mlir, with dynamic sizes and a
// zero padding, takes the ring: tests/lit/check/wgmma-tma-ring-dynamic.mlir.)
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
#lhsT = affine_map<(m, n, k) -> (k, m)>

func.func @lhs_transposed(%a: vector<32x128xf16>, %b: vector<32x64xf16>, %c: vector<128x64xf32>) -> vector<128x64xf32>
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:8: remark: 'vector.contract' 128x64x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: wgmma takes the lhs as (m, k) and the accumulator as (m, n), and this contract transposes the lhs)
  // SM80-NOT: not wgmma
  %d = vector.contract {indexing_maps = [#lhsT, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x128xf16>, vector<32x64xf16> into vector<128x64xf32>
  return %d : vector<128x64xf32>
}

func.func @m32(%a: vector<32x32xf16>, %b: vector<32x64xf16>, %c: vector<32x64xf32>) -> vector<32x64xf32>
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:8: remark: 'vector.contract' 32x64x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: M = 32 is not a multiple of 64 (wgmma is m64nNk16))
  // SM80-NOT: not wgmma
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<32x32xf16>, vector<32x64xf16> into vector<32x64xf32>
  return %d : vector<32x64xf32>
}

func.func @k8(%a: vector<64x8xf16>, %b: vector<8x64xf16>, %c: vector<64x64xf32>) -> vector<64x64xf32>
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:8: remark: 'vector.contract' 64x64x8 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x8_F16 (chosen from the element types and shape; not wgmma: K = 8 is not a multiple of 16 (wgmma is m64nNk16))
  // SM80-NOT: not wgmma
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<64x8xf16>, vector<8x64xf16> into vector<64x64xf32>
  return %d : vector<64x64xf32>
}

func.func @two_warps(%a: vector<64x32xf16>, %b: vector<32x64xf16>, %c: vector<64x64xf32>) -> vector<64x64xf32>
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:8: remark: 'vector.contract' 64x64x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: the workgroup has 64 threads, not whole warpgroups (a multiple of 128))
  // SM80-NOT: not wgmma
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
  return %d : vector<64x64xf32>
}

func.func @three_warpgroups(%a: vector<128x32xf16>, %b: vector<32x64xf16>, %c: vector<128x64xf32>) -> vector<128x64xf32>
    attributes {gpu.known_block_size = array<i32: 384, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:8: remark: 'vector.contract' 128x64x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: its 3 warpgroups cannot all get a share: M = 128 is 2 rows of 64 and N = 64 is 8 columns of 8 (M1 x N1 used))
  // SM80-NOT: not wgmma
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
  return %d : vector<128x64xf32>
}

func.func @int8(%a: vector<64x32xi8>, %b: vector<32x64xi8>, %c: vector<64x64xi32>) -> vector<64x64xi32>
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:8: remark: 'vector.contract' 64x64x32 i8 x i8 -> i32: NV_MMA_SYNC_I32_16x8x32_I8 (chosen from the element types and shape; not wgmma: vptx's wgmma takes f16 x f16 -> f32 or f16, bf16 x bf16 -> f32, fp8 x fp8 -> f32, or f32 x f32 -> f32 as tf32 (--allow-tf32), not i8 x i8 -> i32)
  // SM80-NOT: not wgmma
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<64x32xi8>, vector<32x64xi8> into vector<64x64xi32>
  return %d : vector<64x64xi32>
}

func.func @smem(%a: vector<128x128xf16>, %b: vector<128x256xf16>, %c: vector<128x256xf32>) -> vector<128x256xf32>
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:8: remark: 'vector.contract' 128x256x128 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: A and B of one K step need 98304 bytes of shared memory, more than the 49152 a kernel may declare statically (use a smaller K step))
  // SM80-NOT: not wgmma
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<128x128xf16>, vector<128x256xf16> into vector<128x256xf32>
  return %d : vector<128x256xf32>
}

func.func @wide_acc(%a: vector<128x16xf16>, %b: vector<16x512xf16>, %c: vector<128x512xf32>) -> vector<128x512xf32>
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:8: remark: 'vector.contract' 128x512x16 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: a warpgroup's 64x512 accumulator needs 256 registers per thread, more than 128: wgmma holds it whole while it runs, and ptxas would spill (use more warpgroups or a smaller tile))
  // SM80-NOT: not wgmma
  %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<128x16xf16>, vector<16x512xf16> into vector<128x512xf32>
  return %d : vector<128x512xf32>
}

// Attention: S = Q K^T feeds the lhs of P V (through a truncf).  Both contracts can take
// wgmma (P V with A from registers) only when each warpgroup owns whole rows: with 2
// warpgroups and M = 64 (one 64-row tile) N would be split, so both keep mma.sync.
func.func @chain(%q: vector<64x64xf16>, %k: vector<64x64xf16>, %v: vector<64x64xf16>, %s0: vector<64x64xf32>, %o0: vector<64x64xf32>) -> vector<64x64xf32>
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+1]]:8: remark: 'vector.contract' 64x64x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: it is part of a contract chain (attention), whose rows must stay in one warpgroup, but its 2 warpgroups would split N = 64 (M = 64 has only 1 rows of 64: give each warpgroup 64 rows))
  %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %s0 : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
  %p = arith.truncf %s : vector<64x64xf32> to vector<64x64xf16>
  // CHECK: wgmma-fallback.mlir:[[@LINE+1]]:8: remark: 'vector.contract' 64x64x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: it is part of a contract chain (attention), whose rows
  %o = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %p, %v, %o0 : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
  return %o : vector<64x64xf32>
}

func.func @pad_one(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %one {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %one {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:10: remark: 'vector.contract' 128x128x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: its operands are not reads, in its K loop, of 2-d memref arguments that TMA can load (unit inner stride, rows of whole 16-byte pieces, in bounds or padded with zero, no mask), so TMA cannot feed wgmma through a ring
    // SM80-NOT: not wgmma
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}

func.func @pitch72(%A: memref<?x?xf16, strided<[36, 1]>>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16, strided<[36, 1]>>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16, strided<[36, 1]>>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    // CHECK: wgmma-fallback.mlir:[[@LINE+2]]:10: remark: 'vector.contract' 128x128x32 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 (chosen from the element types and shape; not wgmma: its operands are not reads, in its K loop, of 2-d memref arguments that TMA can load
    // SM80-NOT: not wgmma
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}

// A chain with f16 accumulators (S in f16): P from registers needs the f32 D fragment,
// so both contracts keep mma.sync.
func.func @chain_f16(%q: vector<64x64xf16>, %k: vector<64x64xf16>, %v: vector<64x64xf16>, %z: vector<64x64xf16>) -> vector<64x64xf16>
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  // CHECK: wgmma-fallback.mlir:[[@LINE+1]]:8: remark: 'vector.contract' 64x64x64 f16 x f16 -> f16: NV_MMA_SYNC_F16_16x8x16_F16 (chosen from the element types and shape; not wgmma: it is part of a contract chain (attention) with an f16 accumulator: vptx passes P from registers with f32 accumulators only)
  %s = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %z : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf16>
  // CHECK: wgmma-fallback.mlir:[[@LINE+1]]:8: remark: 'vector.contract' 64x64x64 f16 x f16 -> f16: NV_MMA_SYNC_F16_16x8x16_F16 (chosen from the element types and shape; not wgmma: it is part of a contract chain (attention) with an f16 accumulator
  %o = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %s, %v, %z : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf16>
  return %o : vector<64x64xf16>
}
