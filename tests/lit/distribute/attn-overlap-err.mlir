// `vptx.overlap_softmax` (docs/hopper.md 1e) where it cannot apply: a value that is not
// a boolean, and `true` on a loop without an attention chain on wgmma (a GEMM's K loop;
// on sm_80 the attention chain itself, which takes mma.sync), are located errors with no
// output; --overlap-softmax there is a remark and the kernel compiles as without it.
// RUN: not %vptx --arch=sm_90a %s -o %t.ptx 2>&1 | %filecheck --check-prefix=ERR %s
// RUN: test ! -e %t.ptx
// RUN: not %vptx --arch=sm_80 %S/../check/wgmma-attention-overlap.mlir -o %t2.ptx 2>&1 | %filecheck --check-prefix=SM80 %s
// RUN: test ! -e %t2.ptx
// RUN: %vptx --arch=sm_90a --overlap-softmax %S/tma-ring.mlir -o %t3.ptx 2>&1 | %filecheck --check-prefix=OPT %s
// RUN: %vptx --arch=sm_80 --overlap-softmax %S/../../../examples/attention_sm90.mlir -o %t4.ptx 2>&1 | %filecheck --check-prefix=OPT80 %s
// RUN: %vptx --arch=sm_80 %S/../../../examples/attention_sm90.mlir -o %t5.ptx
// RUN: cmp %t4.ptx %t5.ptx
// Where the ring the overlap needs does not fit: 2 warpgroups with head dim 256 and key
// blocks of 64 need a joint ring of 3 stages of a key and a value block (64x256 f16:
// 32768 bytes each) and Q's image (128x256 f16: 65536), 3 x 65536 + 65536 + 3072 of
// alignment = 265216 bytes, more than the 232448 a workgroup has: a remark, and the
// kernel runs as without the option (it compiled to an error before).
// RUN: %vptx check --arch=sm_90a --overlap-softmax %S/../check/Inputs/attention-d256-wg2.mlir 2>&1 | %filecheck --check-prefix=BIG %s
// BIG: remark: 'scf.for': --overlap-softmax does not apply: Q's image and the key and value blocks of the stages it needs take 265216 bytes of shared memory
// BIG: PASS d256_wg2 (sim vs eval
// ERR: attn-overlap-err.mlir:[[@LINE+10]]:8: error: 'vptx.overlap_softmax' must be true or false
// SM80: wgmma-attention-overlap.mlir:59:10: error: 'vptx.overlap_softmax' needs an attention key loop on wgmma (sm_90a): its contracts are not on wgmma (sm_90a's warpgroup kinds)
// OPT: tma-ring.mlir:{{[0-9]+}}:8: remark: 'scf.for': --overlap-softmax does not apply: its body is not an attention chain on wgmma
// OPT80: remark: 'scf.for': --overlap-softmax does not apply: its contracts are not on wgmma
func.func @bad_value(%A: memref<64x256xf16>, %B: memref<64x256xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%c0, %k], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x32xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>}
         %a, %b, %acc : vector<64x32xf16>, vector<64x32xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  } {vptx.overlap_softmax = 1 : i64}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
