// Bad input (issue 14): a wgmma contract whose TMA ring the user asks for (an explicit
// NV_WGMMA_* kind in a loop with vptx.pipeline_stages >= 2, pipeline_stages in its
// lowering_config, or vptx.tma_epilogue) but whose operand TMA cannot map is a located
// error at the read that says what to change, and no PTX file is written: rows of 200
// bytes; rows not contiguous (inner stride 2); a base 6 bytes off 16; a row pitch of 136
// bytes (with vptx.tma_epilogue as the request).  Without the request the same kernel
// takes the register copy (the ring is an optimisation then); automatic selection falls
// back to mma.sync with a remark (select/wgmma-fallback.mlir).
// RUN: not %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx 2>&1 | %filecheck %s
// RUN: test ! -e %t.ptx
// RUN: sed 's/memref<64x100xf16>/memref<64x64xf16, strided<[128, 2]>>/g' %s > %t2.mlir && not %vptx --arch=sm_90a %t2.mlir -o %t2.ptx 2>&1 | %filecheck --check-prefix=STRIDE %s
// RUN: sed 's/memref<64x100xf16>/memref<64x64xf16, strided<[64, 1], offset: 3>>/g' %s > %t3.mlir && not %vptx --arch=sm_90a %t3.mlir -o %t3.ptx 2>&1 | %filecheck --check-prefix=OFFSET %s
// RUN: sed -e 's/memref<64x100xf16>/memref<64x64xf16, strided<[68, 1]>>/g' -e 's/{vptx.pipeline_stages = 3}/{vptx.tma_epilogue}/' %s > %t4.mlir && not %vptx --arch=sm_90a %t4.mlir -o %t4.ptx 2>&1 | %filecheck --check-prefix=PITCH %s
// RUN: sed 's/ {vptx.pipeline_stages = 3}//' %s > %t1.mlir && %vptx --emit=ptx --arch=sm_90a %t1.mlir -o %t1.ptx && %filecheck --check-prefix=COPY %s < %t1.ptx
// CHECK: err-tma-explicit.mlir:[[@LINE+13]]:10: error: 'vector.transfer_read' of %A, the lhs of a wgmma contract whose TMA ring is asked for (vptx.pipeline_stages on its loop), cannot be loaded by TMA: its rows are 200 bytes (100 x f16), not a multiple of 16, which TMA needs of a row pitch: pad the rows to 104 elements (a strided<[104, 1]> layout over a wider buffer)
// STRIDE: :[[@LINE+12]]:10: error: 'vector.transfer_read' of %A, {{.*}}: it is not contiguous along its rows (inner stride 2): TMA reads rows of adjacent elements (give it an inner stride of 1)
// OFFSET: :[[@LINE+11]]:10: error: 'vector.transfer_read' of %A, {{.*}}: its offset 3 puts the base 6 bytes past a 16-byte boundary, and TMA needs it aligned (an offset that is a multiple of 8 elements)
// PITCH: :[[@LINE+10]]:10: error: 'vector.transfer_read' of %A, the lhs of a wgmma contract whose TMA ring is asked for (vptx.tma_epilogue on its loop), cannot be loaded by TMA: its row pitch is 136 bytes (stride 68), not a multiple of 16, which TMA needs (make the row stride a multiple of 8 elements)
// COPY-NOT: hidden tensor map
// COPY: wgmma.mma_async
func.func @rows(%A: memref<64x100xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x100xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>}
         %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  } {vptx.pipeline_stages = 3}
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
