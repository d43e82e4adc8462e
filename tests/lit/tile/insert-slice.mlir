// tensor.insert_slice of a computed tensor into the tensor of a memref argument (static
// offsets and sizes here; dynamic ones: insert-dynamic.mlir), materialized back into that memref: the computed
// tile is written through a memref.subview of the memref, in place, and the rest of the
// memref is left as it was (vptx check compares all of it with eval of the op level).
// @place: an elementwise result (ragged against the 32-wide tile); @gemm_into: a GEMM's
// result; @rows_into: a row reduction's; @two: two inserts into one memref, one kernel.
// Into any other destination (a fill, a tensor argument, a computed tensor), whose
// result is returned: the destination is copied into the result buffer by a kernel of
// its own first (generalize.c), then the inserted tensor's kernel writes its subview:
// @pad (a fill: tensor.pad's form), @over (a tensor argument), @full (the inserted
// tensor computed from the destination over the same loops: kept out of the copy's
// kernel, as the two would write the same elements in one launch), @fill_into (a fill
// with an insert, materialized into a memref argument: all of it is written).
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VECTOR %s
// RUN: %vptx %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx check %s --kernel=place | %filecheck --check-prefix=PASS-PLACE %s
// RUN: %vptx check %s --kernel=gemm_into | %filecheck --check-prefix=PASS-GEMM %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_into | %filecheck --check-prefix=PASS-GEMM %s
// RUN: %vptx check %s --kernel=rows_into | %filecheck --check-prefix=PASS-ROWS %s
// RUN: %vptx check %s --kernel=two | %filecheck --check-prefix=PASS-TWO %s
// RUN: %vptx check %s --kernel=pad | %filecheck --check-prefix=PASS-PAD %s
// RUN: %vptx check %s --kernel=over | %filecheck --check-prefix=PASS-OVER %s
// RUN: %vptx check %s --kernel=full | %filecheck --check-prefix=PASS-FULL %s
// RUN: %vptx check %s --kernel=fill_into | %filecheck --check-prefix=PASS-FILL-INTO %s
// RUN: %vptx --remarks %s -o %t.r.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %vptx %s -o %t.a.ptx && %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.a.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// Hand-computed: @two with x = 2 x 3 of 1.5 and out = 4 x 4 of 0: rows 0-1, columns 1-3
// get 2 x = 3 (0x40400000); rows 2-3, columns 0-2 get x + 1 = 2.5 (0x40200000); the
// rest stays 0.
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '<f4', 'fortran_order': False, 'shape': ($2), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $3 ]; do printf "$4"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/x.npy '2, 3' 6 '\000\000\300\077' && npy %t.d/o.npy '4, 4' 16 '\000\000\000\000' && \
// RUN: %vptx run %s --kernel=two %t.d/x.npy %t.d/o.npy --out %t.d/out && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/arg1.npy | %filecheck --check-prefix=TWO %s && \
// RUN: npy %t.d/p.npy '2, 2' 4 '\000\000\300\077' && \
// RUN: %vptx run %s --kernel=pad %t.d/p.npy --out %t.d/pout && \
// RUN: od -An -tx4 -v -j 128 %t.d/pout/result0.npy | %filecheck --check-prefix=PAD %s
// Hand-computed: @pad with x = 2 x 2 of 1.5: a 3 x 4 of -1 (0xbf800000) with 2 x = 3
// (0x40400000) at rows 1-2, columns 1-2.
// PAD:      bf800000 bf800000 bf800000 bf800000
// PAD-NEXT: bf800000 40400000 40400000 bf800000
// PAD-NEXT: bf800000 40400000 40400000 bf800000
// TWO:      00000000 40400000 40400000 40400000
// TWO-NEXT: 00000000 40400000 40400000 40400000
// TWO-NEXT: 40200000 40200000 40200000 00000000
// TWO-NEXT: 40200000 40200000 40200000 00000000
// VECTOR-LABEL: func.func @place
// VECTOR: memref.subview %out[2, 8][4, 8][1, 1] : memref<16x32xf32> to memref<4x8xf32, strided<[32, 1], offset: 72>>
// VECTOR: vector.transfer_write {{.*}} : vector<1x32xf32>, memref<4x8xf32, strided<[32, 1], offset: 72>>
// VECTOR-LABEL: func.func @gemm_into
// VECTOR: memref.subview %C[32, 16][64, 64][1, 1] : memref<128x96xf32> to memref<64x64xf32, strided<[96, 1], offset: 3088>>
// VECTOR: vector.contract
// VECTOR-LABEL: func.func @rows_into
// VECTOR: memref.subview %o[5][8][1] : memref<20xf32> to memref<8xf32, strided<[1], offset: 5>>
// VECTOR-LABEL: func.func @two
// VECTOR-DAG: memref.subview %o[0, 1][2, 3][1, 1]
// VECTOR-DAG: memref.subview %o[2, 0][2, 3][1, 1]
// PASS-PLACE: PASS place (sim vs eval, max abs err 0,
// PASS-GEMM: PASS gemm_into (sim vs eval
// PASS-ROWS: PASS rows_into (sim vs eval
// PASS-TWO: PASS two (sim vs eval, max abs err 0,
// PASS-PAD: PASS pad (sim vs eval, max abs err 0,
// PASS-OVER: PASS over (sim vs eval, max abs err 0,
// PASS-FULL: PASS full (sim vs eval, max abs err 0,
// PASS-FILL-INTO: PASS fill_into (sim vs eval, max abs err 0,
// REMARK: remark: 'tensor.insert_slice' (kernel 1 of 2, @pad__1) tiles as an elementwise kernel
// REMARK: remark: 'linalg.generic' (kernel 2 of 2, @pad) tiles as an elementwise kernel
// REMARK: remark: 'tensor.insert_slice' (kernel 1 of 2, @over__1)
// REMARK: remark: 'linalg.generic' (kernel 2 of 2, @over)
// REMARK: remark: 'linalg.generic' starts kernel 2 of 2 of @full, as it does not join kernel 1: 'tensor.insert_slice' (line {{[0-9]+}}) writes a slice of the buffer that this kernel also writes whole: the two must be kernels of their own, the whole one first
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @place(%x: tensor<4x8xf32>, %out: memref<16x32xf32>) {
  %t = bufferization.to_tensor %out : memref<16x32xf32> to tensor<16x32xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<4x8xf32>
  %r = tensor.insert_slice %y into %t[2, 8] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x32xf32>
  bufferization.materialize_in_destination %r in writable %out : (tensor<16x32xf32>, memref<16x32xf32>) -> ()
  return
}
func.func @gemm_into(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %C: memref<128x96xf32>) {
  %z = arith.constant 0.0 : f32
  %t = bufferization.to_tensor %C : memref<128x96xf32> to tensor<128x96xf32>
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = tensor.insert_slice %mm into %t[32, 16] [64, 64] [1, 1] : tensor<64x64xf32> into tensor<128x96xf32>
  bufferization.materialize_in_destination %r in writable %C : (tensor<128x96xf32>, memref<128x96xf32>) -> ()
  return
}
func.func @rows_into(%x: tensor<8x100xf32>, %o: memref<20xf32>) {
  %z = arith.constant 0.0 : f32
  %t = bufferization.to_tensor %o : memref<20xf32> to tensor<20xf32>
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.reduce { arith.addf } ins(%x : tensor<8x100xf32>) outs(%f : tensor<8xf32>) dimensions = [1]
  %r = tensor.insert_slice %s into %t[5] [8] [1] : tensor<8xf32> into tensor<20xf32>
  bufferization.materialize_in_destination %r in writable %o : (tensor<20xf32>, memref<20xf32>) -> ()
  return
}
func.func @two(%x: tensor<2x3xf32>, %o: memref<4x4xf32>) {
  %one = arith.constant 1.0 : f32
  %t = bufferization.to_tensor %o : memref<4x4xf32> to tensor<4x4xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<2x3xf32>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %one : f32
    linalg.yield %d : f32
  } -> tensor<2x3xf32>
  %r1 = tensor.insert_slice %y into %t[0, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x4xf32>
  %r2 = tensor.insert_slice %z into %r1[2, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x4xf32>
  bufferization.materialize_in_destination %r2 in writable %o : (tensor<4x4xf32>, memref<4x4xf32>) -> ()
  return
}
func.func @pad(%x: tensor<2x2xf32>) -> tensor<3x4xf32> {
  %m1 = arith.constant -1.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%m1 : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %e2 = tensor.empty() : tensor<2x2xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x2xf32>) outs(%e2 : tensor<2x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<2x2xf32>
  %r = tensor.insert_slice %y into %f[1, 1] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
func.func @over(%x: tensor<4x8xf32>, %d: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %e2 = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %r = tensor.insert_slice %y into %d[3, 5] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}
func.func @full(%d: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %e2 = tensor.empty() : tensor<8x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d : tensor<8x32xf32>) outs(%e2 : tensor<8x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<8x32xf32>
  %r = tensor.insert_slice %y into %d[0, 0] [8, 32] [1, 1] : tensor<8x32xf32> into tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}
func.func @fill_into(%x: tensor<2x3xf32>, %o: memref<4x4xf32>) {
  %five = arith.constant 5.0 : f32
  %e4 = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%five : f32) outs(%e4 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<2x3xf32>
  %r = tensor.insert_slice %y into %f[0, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x4xf32>
  bufferization.materialize_in_destination %r in writable %o : (tensor<4x4xf32>, memref<4x4xf32>) -> ()
  return
}
