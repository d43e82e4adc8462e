// Elementwise kernels over dynamic (or ragged) row lengths (tile/kernel.c, "flat
// elementwise kernels"): with every array walking every loop in order, the loops are one
// over the elements in row-major order and each buffer is read and written through a 1-D
// memref.reinterpret_cast, so the workgroups inside the arrays make 128-bit accesses and
// the last one checked scalar ones (the tail), whatever the row length.  Row by row,
// the rows' starts have no alignment ptxgen can prove: every access was one element.
//   @add      x + y, f32, 2-D dynamic: two ld.global.nc.v4.f32 and one st.global.v4.f32
//   @scale16  x * x, f16, 3-D dynamic: 128-bit accesses of eight halves
//   @inplace  o - x into the memref argument o (read and written: no .nc on o)
//   @odd      exp of a static 3 x 5: one workgroup over the 15 elements
//   @bias     x + bias[col]: flat too, the bias read at the flat index modulo the row
//             length (more in elementwise-flat-bias.mlir)
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: awk '/\.entry add\(/,/^}/' %t.ptx | %filecheck --check-prefix=ADD %s
// RUN: awk '/\.entry scale16\(/,/^}/' %t.ptx | %filecheck --check-prefix=HALF %s
// RUN: awk '/\.entry inplace\(/,/^}/' %t.ptx | %filecheck --check-prefix=INPLACE %s
// RUN: awk '/\.entry bias\(/,/^}/' %t.ptx | %filecheck --check-prefix=BIAS %s
// RUN: grep '// vptx: grid' %t.ptx | %filecheck --check-prefix=GRID %s
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VECTOR %s
// RUN: %vptx check %s --kernel=add --dim=37,1501,37,1501 | %filecheck --check-prefix=PASS-ADD %s
// RUN: %vptx check %s --kernel=add --dim=1,1,1,1 | %filecheck --check-prefix=PASS-ADD %s
// RUN: %vptx check %s --kernel=add --dim=1000,3,1000,3 | %filecheck --check-prefix=PASS-ADD %s
// RUN: %vptx check %s --kernel=add --dim=4,128,4,128 | %filecheck --check-prefix=PASS-ADD %s
// RUN: %vptx check %s --kernel=scale16 --dim=3,7,33 | %filecheck --check-prefix=PASS-HALF %s
// RUN: %vptx check %s --kernel=scale16 --dim=2,64,17 | %filecheck --check-prefix=PASS-HALF %s
// RUN: %vptx check %s --kernel=inplace --dim=5,9,5,9 | %filecheck --check-prefix=PASS-INPLACE %s
// RUN: %vptx check %s --kernel=inplace --dim=33,250,33,250 | %filecheck --check-prefix=PASS-INPLACE %s
// RUN: %vptx check %s --kernel=odd | %filecheck --check-prefix=PASS-ODD %s
// RUN: %vptx check %s --kernel=bias --dim=7,130,130 | %filecheck --check-prefix=PASS-BIAS %s
// RUN: %vptx check %s --kernel=bias --dim=1000,1001,1001 | %filecheck --check-prefix=PASS-BIAS %s
// --emit=vector and --emit=config read back to the same PTX.
// RUN: %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// RUN: %vptx --emit=config %s -o %t.cfg.mlir && %vptx %t.cfg.mlir -o %t.c.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.c.ptx | awk -f tests/ptxcanon.awk > %t.c && cmp %t.a %t.c
// ADD-COUNT-2: ld.global.nc.v4.f32
// ADD: st.global.v4.f32
// ADD: ld.global.nc.f32
// ADD: st.global.f32
// HALF: ld.global.nc.v4.b32
// HALF: st.global.v4.b32
// INPLACE-DAG: ld.global.nc.v4.f32
// INPLACE-DAG: ld.global.v4.f32
// INPLACE-DAG: st.global.v4.f32
// The broadcast kernel is flat: x and the result by 128 bits (the bias element by element).
// BIAS: ld.global.nc.v4.f32
// BIAS: ld.global.nc.f32
// BIAS: st.global.v4.f32
// GRID: // vptx: grid affine_map<()[s0, s1] -> (s0 * s1 ceildiv 512, 1, 1)>
// GRID-NEXT: // vptx: grid affine_map<()[s0, s1, s2] -> (s0 * s1 * s2 ceildiv 1024, 1, 1)>
// VECTOR-LABEL: func.func @add
// VECTOR: memref.reinterpret_cast %x to offset: [0], sizes: [%{{[0-9]+}}], strides: [1] : memref<?x?xf32> to memref<?xf32>
// VECTOR: vector.transfer_read {{.*}} : memref<?xf32>, vector<512xf32>
// VECTOR-LABEL: func.func @bias
// VECTOR: memref.reinterpret_cast %x
// REMARK: remark: 'linalg.generic' tiles as an elementwise kernel of 128 threads: workgroup tile d0 1, d1 512 (128-bit accesses along the innermost loop); its 2 loops as one over the elements in row-major order
// REMARK: remark: 'linalg.map' tiles as an elementwise kernel of 128 threads: workgroup tile d0 1, d1 1, d2 1024 (128-bit accesses along the innermost loop); its 3 loops as one
// REMARK: remark: 'linalg.generic' tiles as an elementwise kernel of 128 threads: workgroup tile d0 1, d1 512 (128-bit accesses along the innermost loop); its 2 loops as one
// REMARK: remark: 'linalg.map' tiles as an elementwise kernel of 32 threads: workgroup tile d0 1, d1 32 (128-bit accesses along the innermost loop); its 2 loops as one
// REMARK: remark: 'linalg.generic' tiles as an elementwise kernel of 128 threads: workgroup tile d0 1, d1 512 (128-bit accesses along the innermost loop); its 2 loops as one {{.*}}; argument #1, broadcast along the rows, read at the flat index modulo the row length{{$}}
// PASS-ADD: PASS add (sim vs eval
// PASS-HALF: PASS scale16 (sim vs eval
// PASS-INPLACE: PASS inplace (sim vs eval
// PASS-ODD: PASS odd (sim vs eval
// PASS-BIAS: PASS bias (sim vs eval
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @add(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @scale16(%x: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.dim %x, %c0 : tensor<?x?x?xf16>
  %b = tensor.dim %x, %c1 : tensor<?x?x?xf16>
  %c = tensor.dim %x, %c2 : tensor<?x?x?xf16>
  %e = tensor.empty(%a, %b, %c) : tensor<?x?x?xf16>
  %r = linalg.map { arith.mulf } ins(%x, %x : tensor<?x?x?xf16>, tensor<?x?x?xf16>) outs(%e : tensor<?x?x?xf16>)
  return %r : tensor<?x?x?xf16>
}
func.func @inplace(%x: memref<?x?xf32>, %o: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : memref<?x?xf32>) outs(%o : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.subf %b, %a : f32
    linalg.yield %s : f32
  }
  return
}
func.func @odd(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %e = tensor.empty() : tensor<3x5xf32>
  %r = linalg.map { math.exp } ins(%x : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>)
  return %r : tensor<3x5xf32>
}
func.func @bias(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
