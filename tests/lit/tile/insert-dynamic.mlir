// tensor.insert_slice with dynamic offsets and sizes (index arguments, tensor.dim of
// computed tensors), strides and rank-reducing sources: the inserted tensor is written
// through a memref.subview of the destination buffer whose offsets, sizes and strides
// are the insert's SSA operands.  @place: a computed tile at a dynamic position of a
// memref argument, the rest of it left as it was; @pad: tensor.pad's form (a fill of a
// dynamic padded size, the tile inserted at a dynamic offset; the fill's kernel first,
// then the tile's); @row_into: a 1-D result into row %i of a 2-D memref, every other
// column (rank-reducing, stride 2); @two: two inserts with dynamic column offsets and
// sizes into one memref, disjoint by their static rows (one kernel).  Inserts whose
// dynamic offsets or sizes leave an overlap possible are an error
// (errors/err-insert-dynamic-overlap.mlir).
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VECTOR %s
// RUN: %vptx %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %vptx check %s --kernel=place --dim=5,7,20,30 --scalar=3 --scalar=9 | %filecheck %s
// RUN: %vptx check %s --kernel=place --dim=50,700,60,1000 --scalar=10 --scalar=299 | %filecheck %s
// RUN: %vptx check %s --kernel=pad --dim=5,7 --scalar=2 --scalar=10 --scalar=12 | %filecheck %s
// RUN: %vptx check %s --kernel=row_into --dim=30,61 --scalar=5 | %filecheck %s
// RUN: %vptx check %s --kernel=two --dim=2,5,4,9 --scalar=1 --scalar=3 | %filecheck %s
// RUN: %vptx %s -o %t.a.ptx && %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.a.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// Hand-computed: @pad with x = 2 x 2 of 1.5, offset 1, a 3 x 4 result: 0 but for x * x =
// 2.25 (0x40100000) at rows 1-2, columns 1-2.
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '<f4', 'fortran_order': False, 'shape': ($2), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $3 ]; do printf "$4"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/x.npy '2, 2' 4 '\000\000\300\077' && \
// RUN: %vptx run %s --kernel=pad %t.d/x.npy 1 3 4 --out %t.d/out && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/result0.npy | %filecheck --check-prefix=PAD %s
// PAD:      00000000 00000000 00000000 00000000
// PAD-NEXT: 00000000 40100000 40100000 00000000
// PAD-NEXT: 00000000 40100000 40100000 00000000
// PAD-NOT: {{.}}
// CHECK: PASS
// VECTOR-LABEL: func.func @place
// VECTOR: memref.subview %out[%r, %c][%{{.*}}, %{{.*}}][1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// VECTOR-LABEL: func.func @pad(
// VECTOR: memref.subview %result0[%lo, %lo][%{{.*}}, %{{.*}}][1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// VECTOR-LABEL: func.func @row_into
// VECTOR: memref.subview %out[%i, 0][1, %{{.*}}][1, 2] : memref<8x?xf32> to memref<?xf32, strided<[2], offset: ?>>
// VECTOR-LABEL: func.func @two
// VECTOR-DAG: memref.subview %o[0, %c0][2, %{{.*}}][1, 1] : memref<?x?xf32> to memref<2x?xf32, strided<[?, 1], offset: ?>>
// VECTOR-DAG: memref.subview %o[2, %c1][2, %{{.*}}][1, 1] : memref<?x?xf32> to memref<2x?xf32, strided<[?, 1], offset: ?>>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @place(%x: tensor<?x?xf32>, %out: memref<?x?xf32>, %r: index, %c: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %t = bufferization.to_tensor %out : memref<?x?xf32> to tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %res = tensor.insert_slice %y into %t[%r, %c] [%m, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  bufferization.materialize_in_destination %res in writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @pad(%x: tensor<?x?xf32>, %lo: index, %pm2: index, %pn2: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %ep = tensor.empty(%pm2, %pn2) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%ep : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %res = tensor.insert_slice %y into %f[%lo, %lo] [%m, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %res : tensor<?x?xf32>
}
func.func @row_into(%v: tensor<?xf32>, %out: memref<8x?xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %v, %c0 : tensor<?xf32>
  %t = bufferization.to_tensor %out : memref<8x?xf32> to tensor<8x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %y = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%v : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<?xf32>
  %res = tensor.insert_slice %y into %t[%i, 0] [1, %n] [1, 2] : tensor<?xf32> into tensor<8x?xf32>
  bufferization.materialize_in_destination %res in writable %out : (tensor<8x?xf32>, memref<8x?xf32>) -> ()
  return
}
func.func @two(%x: tensor<?x?xf32>, %o: memref<?x?xf32>, %c0: index, %c1: index) {
  %one = arith.constant 1.0 : f32
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %m = tensor.dim %x, %i0 : tensor<?x?xf32>
  %n = tensor.dim %x, %i1 : tensor<?x?xf32>
  %t = bufferization.to_tensor %o : memref<?x?xf32> to tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.addf %a, %one : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %r1 = tensor.insert_slice %y into %t[0, %c0] [2, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  %r2 = tensor.insert_slice %z into %r1[2, %c1] [2, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  bufferization.materialize_in_destination %r2 in writable %o : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
