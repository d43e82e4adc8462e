// A slice of an elementwise op's result is that op recomputed over the slice, its
// operands sliced the same way (tile_reslice in generalize.c): the slice's reader fuses
// with it, and no buffer is written for the whole result.  @chain: a strided 2-D slice
// of q = p * p, p = x * y^T + bias (a transposed operand and a broadcast one), read by
// z = slice + 1: one kernel (x, y and the bias read through subviews), where it was
// three (p, q, z) with two 2-D scratch buffers.  @of_rowsum, @of_gemm: a slice of a
// reduction's or a contraction's result keeps its kernel boundary, and a remark says
// why.  vptx check compares each with eval of the op-level function at ragged sizes.
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VECTOR %s
// RUN: %vptx check %s --kernel=chain --dim=61,70,70,61,70 --scalar=30 --scalar=22 | %filecheck %s
// RUN: %vptx check %s --kernel=chain --dim=9,11,11,9,11 --scalar=4 --scalar=3 | %filecheck %s
// RUN: %vptx check %s --kernel=chain --dim=200,300,300,200,300 --scalar=99 --scalar=99 | %filecheck %s
// RUN: %vptx check %s --kernel=of_rowsum --dim=75,130 --scalar=37 | %filecheck %s
// RUN: %vptx check %s --kernel=of_gemm --dim=70,40,40,90 --scalar=30 --scalar=40 | %filecheck %s
// Hand-computed: @chain with x = 4 x 6 twos, y = 6 x 4 threes, bias = 6 ones, m = n = 2:
// p = 2 * 3 + 1 = 7, q = 49, z = 50 (f32 0x42480000) at each of the 2 x 2 elements.
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '$2', 'fortran_order': False, 'shape': ($3), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $4 ]; do printf "$5"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/x.npy '<f4' '4, 6' 24 '\000\000\000\100' && \
// RUN: npy %t.d/y.npy '<f4' '6, 4' 24 '\000\000\100\100' && \
// RUN: npy %t.d/b.npy '<f4' '6,' 6 '\000\000\200\077' && \
// RUN: %vptx run %s --kernel=chain %t.d/x.npy %t.d/y.npy %t.d/b.npy 2 2 --out %t.d/out && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/result0.npy | %filecheck --check-prefix=OUT %s
// OUT: 42480000 42480000 42480000 42480000
// OUT-NOT: {{.}}
// CHECK: PASS
// REMARK: remark: 'tensor.extract_slice' of the result of 'linalg.generic' (line 62), an elementwise op: the op is recomputed over the slice (its operands sliced the same way), so the slice's reader fuses with it and no buffer is written for the whole result
// REMARK: remark: 'tensor.extract_slice' of the result of 'linalg.generic' (line 56), an elementwise op: the op is recomputed over the slice
// REMARK: remark: 'linalg.generic' tiles as an elementwise kernel of 256 threads: workgroup tile d0 64, d1 64 (64x64 tiles: an operand is read transposed); argument #1 read transposed: staged through a workgroup buffer (coalesced reads and writes, rows padded); fused in registers: 'linalg.generic' (line 56), 'linalg.generic' (line 62)
// REMARK: remark: 'tensor.extract_slice' of the result of 'linalg.reduce' (line 82) is read from the buffer a kernel writes it to: its producer is a reduction or a contraction
// REMARK: remark: 'linalg.generic' starts kernel 2 of 2 of @of_rowsum
// REMARK: remark: 'tensor.extract_slice' of the result of 'linalg.matmul' (line 100) is read from the buffer a kernel writes it to: its producer is a reduction or a contraction
// REMARK: remark: 'linalg.generic' starts kernel 2 of 2 of @of_gemm
// VECTOR-LABEL: func.func @chain(
// VECTOR-NOT: vptx.sequence
// VECTOR-DAG: memref.subview %x[1, 2][%m, %n][2, 3]
// VECTOR-DAG: memref.subview %y[2, 1][%n, %m][3, 2]
// VECTOR-DAG: memref.subview %b[2][%n][3]
// VECTOR: func.func
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0) -> (d0)>
func.func @chain(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %b: tensor<?xf32>, %m: index, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.dim %x, %c0 : tensor<?x?xf32>
  %c = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%r, %c) : tensor<?x?xf32>
  %p = linalg.generic {indexing_maps = [#id, #tr, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y, %b : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %t: f32, %v: f32, %o: f32):
    %s = arith.mulf %a, %t : f32
    %s1 = arith.addf %s, %v : f32
    linalg.yield %s1 : f32
  } -> tensor<?x?xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  %sl = tensor.extract_slice %q[1, 2] [%m, %n] [2, 3] : tensor<?x?xf32> to tensor<?x?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%sl : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %one : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %z : tensor<?x?xf32>
}
func.func @of_rowsum(%x: tensor<?x?xf32>, %m: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %r = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%r) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.reduce { arith.addf } ins(%x : tensor<?x?xf32>) outs(%f : tensor<?xf32>) dimensions = [1]
  %sl = tensor.extract_slice %s[1] [%m] [2] : tensor<?xf32> to tensor<?xf32>
  %e2 = tensor.empty(%m) : tensor<?xf32>
  %o = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel"]} ins(%sl : tensor<?xf32>) outs(%e2 : tensor<?xf32>) {
  ^bb0(%a: f32, %w: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %o : tensor<?xf32>
}
func.func @of_gemm(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %m: index, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = tensor.dim %a, %c0 : tensor<?x?xf16>
  %c = tensor.dim %b, %c1 : tensor<?x?xf16>
  %e = tensor.empty(%r, %c) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %sl = tensor.extract_slice %mm[2, 1] [%m, %n] [2, 2] : tensor<?x?xf32> to tensor<?x?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %o = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%sl : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%v: f32, %w: f32):
    %t = arith.maximumf %v, %z : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  return %o : tensor<?x?xf32>
}
