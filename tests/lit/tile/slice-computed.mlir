// tensor.extract_slice with strides, rank-reducing, and of computed tensors.  A slice of
// an argument is read through a memref.subview of it.  A slice of the result of an
// elementwise op is that op recomputed over the slice, its operands sliced the same way
// (generalize.c, tile_reslice): no buffer is written for the whole result, and the
// slice's reader fuses with it.  A rank-reducing slice of a computed tensor is read
// through a subview of the result or scratch buffer an earlier kernel wrote it to (the
// op reading it starts a kernel of its own; split.c).  A slice of a fill or of a
// tensor.empty is a fill or an empty of the slice's shape.
// @strided: strides 2 and 3 on an argument; @row, @col: rank-reducing slices (a row; a
// strided column); @computed: a strided 4 x 5 slice of a computed tensor that is also a
// result (the square recomputed on x's slice in the second kernel); @scratch_rows: a
// strided slice of a computed tensor summed by rows (one kernel: the square of x's
// slice; it took a scratch buffer and two kernels before); @gemm_of_slice: the first k
// columns of a computed f16 A into a GEMM (ragged K; the cast fused as the GEMM's
// prologue, one kernel); @fill_slice: a slice of a fill as a reduction's init;
// @slice_of_slice: a strided slice of a strided slice (subview of a subview);
// @rowsum_of: a rank-reducing slice (row %i) of a computed tensor, summed to one value.
// vptx check compares each with eval of the op-level function.
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VECTOR %s
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx check %s --kernel=strided --dim=40,100 --scalar=15 --scalar=30 | %filecheck %s
// RUN: %vptx check %s --kernel=row --dim=40,1000 --scalar=7 | %filecheck %s
// RUN: %vptx check %s --kernel=col --dim=40,100 --scalar=7 --scalar=20 | %filecheck %s
// RUN: %vptx check %s --kernel=computed --dim=40,100 | %filecheck %s
// RUN: %vptx check %s --kernel=scratch_rows --dim=40,100 --scalar=19 | %filecheck %s
// RUN: %vptx check %s --kernel=gemm_of_slice --dim=70,90,50,40 --scalar=50 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_of_slice --dim=70,90,50,40 --scalar=50 | %filecheck %s
// RUN: %vptx check %s --kernel=fill_slice --dim=70,90 | %filecheck %s
// RUN: %vptx check %s --kernel=slice_of_slice --dim=30,30 --scalar=5 | %filecheck %s
// RUN: %vptx check %s --kernel=rowsum_of --dim=30,5000 --scalar=7 | %filecheck %s
// RUN: %vptx check %s --kernel=rowsum_of --dim=30,50 --scalar=29 | %filecheck %s
// RUN: %vptx %s -o %t.a.ptx && %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.a.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// Hand-computed: @scratch_rows with x = 4 x 5 twos and m = 2: y = x * x = 4, rows 1 and 3
// of it summed over 5 columns: 20 (f32 0x41a00000).
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '$2', 'fortran_order': False, 'shape': ($3), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $4 ]; do printf "$5"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/x.npy '<f4' '4, 5' 20 '\000\000\000\100' && \
// RUN: %vptx run %s --kernel=scratch_rows %t.d/x.npy 2 --out %t.d/out && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/result0.npy | %filecheck --check-prefix=ROWS %s
// ROWS: 41a00000 41a00000
// ROWS-NOT: {{.}}
// CHECK: PASS
// VECTOR-LABEL: func.func @strided
// VECTOR: memref.subview %x[1, 3][%m, %n][2, 3] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 3], offset: ?>>
// VECTOR-LABEL: func.func @row
// VECTOR: memref.subview %x[%i, 0][1, %{{.*}}][1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
// VECTOR-LABEL: func.func @col
// VECTOR: memref.subview %x[0, %j][%m, 1][2, 1] : memref<?x?xf32> to memref<?xf32, strided<[?], offset: ?>>
// VECTOR-LABEL: func.func @computed(
// VECTOR: memref.subview %x[1, 2][4, 5][2, 1] : memref<?x?xf32> to memref<4x5xf32, strided<[?, 1], offset: ?>>
// VECTOR-LABEL: func.func @scratch_rows(
// VECTOR-NOT: vptx.sequence
// VECTOR: memref.subview %x[1, 0][%m, %{{.*}}][2, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// VECTOR-LABEL: func.func @gemm_of_slice(
// VECTOR-NOT: vptx.sequence
// VECTOR: memref.subview %a[0, 0][%{{.*}}, %k][1, 1]
// VECTOR-LABEL: func.func @slice_of_slice
// VECTOR: %[[S1:.*]] = memref.subview %x[%i, 1][8, 10][1, 2] : memref<?x?xf32> to memref<8x10xf32, strided<[?, 2], offset: ?>>
// VECTOR: memref.subview %[[S1]][1, 2][3, 4][2, 2] : memref<8x10xf32, strided<[?, 2], offset: ?>> to memref<3x4xf32, strided<[?, 4], offset: ?>>
// REMARK: remark: 'tensor.extract_slice' of the result of 'linalg.generic' (line {{[0-9]+}}), an elementwise op: the op is recomputed over the slice (its operands sliced the same way), so the slice's reader fuses with it and no buffer is written for the whole result (other readers still use it)
// REMARK: remark: 'linalg.generic' starts kernel 2 of 2 of @computed
// REMARK: remark: 'tensor.extract_slice' of the result of 'linalg.generic' (line {{[0-9]+}}), an elementwise op: the op is recomputed over the slice
// REMARK-NOT: starts kernel 2 of 2 of @scratch_rows
// REMARK: remark: 'tensor.extract_slice' of the result of 'linalg.generic' (line {{[0-9]+}}), an elementwise op: the op is recomputed over the slice
// REMARK-NOT: starts kernel 2 of 2 of @gemm_of_slice
// REMARK: remark: 'linalg.reduce' starts kernel 2 of 2 of @rowsum_of
// VECTOR-LABEL: func.func @rowsum_of(
// VECTOR: memref.subview %{{.*}}[%i, 0][1, %{{.*}}][1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @strided(%x: tensor<?x?xf32>, %m: index, %n: index) -> tensor<?x?xf32> {
  %s = tensor.extract_slice %x[1, 3] [%m, %n] [2, 3] : tensor<?x?xf32> to tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @row(%x: tensor<?x?xf32>, %i: index) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %s = tensor.extract_slice %x[%i, 0] [1, %n] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%s : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @col(%x: tensor<?x?xf32>, %j: index, %m: index) -> tensor<?xf32> {
  %s = tensor.extract_slice %x[0, %j] [%m, 1] [2, 1] : tensor<?x?xf32> to tensor<?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%s : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @computed(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<4x5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  %s = tensor.extract_slice %y[1, 2] [4, 5] [2, 1] : tensor<?x?xf32> to tensor<4x5xf32>
  %e2 = tensor.empty() : tensor<4x5xf32>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<4x5xf32>) outs(%e2 : tensor<4x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<4x5xf32>
  return %y, %z : tensor<?x?xf32>, tensor<4x5xf32>
}
func.func @scratch_rows(%x: tensor<?x?xf32>, %m: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%r, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  %s = tensor.extract_slice %y[1, 0] [%m, %n] [2, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %eo = tensor.empty(%m) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%eo : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.reduce { arith.addf } ins(%s : tensor<?x?xf32>) outs(%f : tensor<?xf32>) dimensions = [1]
  return %sum : tensor<?xf32>
}
func.func @gemm_of_slice(%a: tensor<?x?xf32>, %b: tensor<?x?xf16>, %k: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %ka = tensor.dim %a, %c1 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf16>
  %e = tensor.empty(%m, %ka) : tensor<?x?xf16>
  %a16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x?xf16>
  %as = tensor.extract_slice %a16[0, 0] [%m, %k] [1, 1] : tensor<?x?xf16> to tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %ec = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%ec : tensor<?x?xf32>) -> tensor<?x?xf32>
  %c = linalg.matmul ins(%as, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
func.func @fill_slice(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %one = arith.constant 1.0 : f32
  %eo = tensor.empty() : tensor<1000xf32>
  %f = linalg.fill ins(%one : f32) outs(%eo : tensor<1000xf32>) -> tensor<1000xf32>
  %fs = tensor.extract_slice %f[3] [%m] [1] : tensor<1000xf32> to tensor<?xf32>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<?x?xf32>) outs(%fs : tensor<?xf32>) dimensions = [1]
  return %sum : tensor<?xf32>
}
func.func @slice_of_slice(%x: tensor<?x?xf32>, %i: index) -> tensor<3x4xf32> {
  %s1 = tensor.extract_slice %x[%i, 1] [8, 10] [1, 2] : tensor<?x?xf32> to tensor<8x10xf32>
  %s2 = tensor.extract_slice %s1[1, 2] [3, 4] [2, 2] : tensor<8x10xf32> to tensor<3x4xf32>
  %e = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s2 : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
func.func @rowsum_of(%x: tensor<?x?xf32>, %i: index) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  %row = tensor.extract_slice %y[%i, 0] [1, %n] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce { arith.addf } ins(%row : tensor<?xf32>) outs(%f : tensor<f32>) dimensions = [0]
  return %s : tensor<f32>
}
