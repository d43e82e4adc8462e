// wgmma with an f16 accumulator (issue 14 part 1): f16 x f16 -> f16, wgmma's .f16.f16.f16
// form, whose D is N/4 .b32 registers of f16 pairs (ptx-sm90.md 4.4).  acc16 names the
// kind (NV_WGMMA_F16_64x32x16_F16, two instructions in N) and reads the accumulator from
// memory; acc16_n8 is the narrowest instruction (m64n8k16, two .b32 registers); ring16 has
// no mma_kind: on sm_90a the default selection picks NV_WGMMA_F16_64x128x16_F16 for an
// f16 accumulator, and its K loop is fed by a TMA ring.  All run on the simulator (which
// rounds D to f16 after every instruction, as the ISA does) against eval.
// RUN: %vptx check --arch=sm_90a %s --backend=sim | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_90a --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS acc16 (sim vs eval
// CHECK: PASS acc16_n8 (sim vs eval
// CHECK: PASS ring16 (sim vs eval
// REMARK: remark: 'vector.contract' 128x128x64 f16 x f16 -> f16: NV_WGMMA_F16_64x128x16_F16 (sm_90a: warpgroup wgmma, chosen from the element types and shape); warpgroups M2 x N1 of 2 (warpgroup tile 64x128x64: 1 x 1 wgmma m64n128k16 per 16 of K, ~32 accumulator registers per thread)
// PTX-LABEL: .entry acc16(
// PTX: wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}},
// PTX-LABEL: .entry acc16_n8(
// PTX: wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}},
// PTX-LABEL: .entry ring16(
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 {
func.func @acc16(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf16>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %z = vector.transfer_read %C[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F16_64x32x16_F16>} %a, %b, %z : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf16>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf16>, memref<64x64xf16>
  return
}
func.func @acc16_n8(%A: memref<64x16xf16>, %B: memref<16x8xf16>, %out: memref<64x8xf16>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x16xf16>, vector<64x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  %z = arith.constant dense<0.0> : vector<64x8xf16>
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F16_64x8x16_F16>} %a, %b, %z : vector<64x16xf16>, vector<16x8xf16> into vector<64x8xf16>
  vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<64x8xf16>, memref<64x8xf16>
  return
}
func.func @ring16(%A: memref<128x256xf16>, %B: memref<256x128xf16>, %C: memref<128x128xf16>) attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 64 : index
  %cK = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<128x128xf16>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<128x128xf16>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<128x256xf16>, vector<128x64xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<256x128xf16>, vector<64x128xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
         %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf16>
    scf.yield %d : vector<128x128xf16>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf16>, memref<128x128xf16>
  return
}
