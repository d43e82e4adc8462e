// Flat elementwise kernels with an argument broadcast along the rows (tile/kernel.c,
// tile/gen.c wrap_read): the kernel runs as one loop over the elements (x and the result
// read and written by 128 bits) and reads the broadcast argument at the flat index
// modulo the row length N: with s = (workgroup start) mod N, segment 0 at s, then one
// masked read a further row the tile reaches into (one where N >= the tile).
//   @bias     x + bias[col], f32, 2-D dynamic (N < the tile of 512, N = it, N > it)
//   @bcast16  linalg.broadcast of a row, then an add, f16, 3-D dynamic
//   @stat     x * bias[col], a static 1000 x 1001
//   @rowbias  x + v[row]: broadcast along the other loop, stays row by row
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: awk '/\.entry bias\(/,/^}/' %t.ptx | %filecheck --check-prefix=BIAS %s
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VECTOR %s
// RUN: %vptx check %s --kernel=bias --dim=1000,1001,1001 | %filecheck --check-prefix=PASS-BIAS %s
// RUN: %vptx check %s --kernel=bias --dim=5,3,3 | %filecheck --check-prefix=PASS-BIAS %s
// RUN: %vptx check %s --kernel=bias --dim=1,1,1 | %filecheck --check-prefix=PASS-BIAS %s
// RUN: %vptx check %s --kernel=bias --dim=3,512,512 | %filecheck --check-prefix=PASS-BIAS %s
// RUN: %vptx check %s --kernel=bias --dim=4,700,700 | %filecheck --check-prefix=PASS-BIAS %s
// RUN: %vptx check %s --kernel=bias --dim=9,100,100 | %filecheck --check-prefix=PASS-BIAS %s
// RUN: %vptx check %s --kernel=bcast16 --dim=3,5,77,77 | %filecheck --check-prefix=PASS-B16 %s
// RUN: %vptx check %s --kernel=bcast16 --dim=2,3,1030,1030 | %filecheck --check-prefix=PASS-B16 %s
// RUN: %vptx check %s --kernel=stat | %filecheck --check-prefix=PASS-STAT %s
// RUN: %vptx check %s --kernel=rowbias --dim=7,130,7 | %filecheck --check-prefix=PASS-ROW %s
// --emit=vector reads back to the same PTX.
// RUN: %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// REMARK: remark: 'linalg.generic' tiles as an elementwise kernel of 128 threads: workgroup tile d0 1, d1 512 (128-bit accesses along the innermost loop); its 2 loops as one {{.*}}; argument #1, broadcast along the rows, read at the flat index modulo the row length{{$}}
// REMARK: remark: 'linalg.generic' tiles as an elementwise kernel of 128 threads: workgroup tile d0 1, d1 1, d2 1024 {{.*}}; its 3 loops as one {{.*}}; argument #1, broadcast along the rows, read at the flat index modulo the row length; fused in registers: 'linalg.broadcast'
// REMARK: remark: 'linalg.generic' tiles as an elementwise kernel of 128 threads: workgroup tile d0 1, d1 512 {{.*}}; its 2 loops as one {{.*}}; argument #1, broadcast along the rows, read at the flat index modulo the row length{{$}}
// REMARK: remark: 'linalg.generic' tiles as an elementwise kernel of 128 threads: workgroup tile d0 1, d1 512 (128-bit accesses along the innermost loop){{$}}
// BIAS: ld.global.nc.v4.f32
// BIAS: ld.global.nc.f32
// BIAS: st.global.v4.f32
// VECTOR-LABEL: func.func @bias
// VECTOR: %[[X:[0-9]+]] = memref.reinterpret_cast %x to offset: [0]
// VECTOR-NOT: reinterpret_cast %b
// VECTOR: vector.transfer_read %[[X]]
// VECTOR: %[[S:[0-9]+]] = arith.remui
// VECTOR: vector.transfer_read %b[%[[S]]]
// VECTOR: scf.for
// VECTOR: arith.cmpi uge
// VECTOR: vector.transfer_read %b[{{.*}}], {{.*}}, %{{[0-9]+}} : memref<?xf32>, vector<512xf32>
// VECTOR: arith.select
// VECTOR-LABEL: func.func @rowbias
// VECTOR-NOT: reinterpret_cast
// PASS-BIAS: PASS bias (sim vs eval
// PASS-B16: PASS bcast16 (sim vs eval
// PASS-STAT: PASS stat (sim vs eval
// PASS-ROW: PASS rowbias (sim vs eval
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
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
func.func @bcast16(%x: tensor<?x?x?xf16>, %b: tensor<?xf16>) -> tensor<?x?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?x?xf16>
  %d1 = tensor.dim %x, %c1 : tensor<?x?x?xf16>
  %d2 = tensor.dim %x, %c2 : tensor<?x?x?xf16>
  %e = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf16>
  %bb = linalg.broadcast ins(%b : tensor<?xf16>) outs(%e : tensor<?x?x?xf16>) dimensions = [0, 1]
  %r = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %bb : tensor<?x?x?xf16>, tensor<?x?x?xf16>) outs(%e : tensor<?x?x?xf16>) {
  ^bb0(%a: f16, %c: f16, %o: f16):
    %s = arith.addf %a, %c : f16
    linalg.yield %s : f16
  } -> tensor<?x?x?xf16>
  return %r : tensor<?x?x?xf16>
}
func.func @stat(%x: tensor<1000x1001xf32>, %b: tensor<1001xf32>) -> tensor<1000x1001xf32> {
  %e = tensor.empty() : tensor<1000x1001xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<1000x1001xf32>, tensor<1001xf32>) outs(%e : tensor<1000x1001xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.mulf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<1000x1001xf32>
  return %r : tensor<1000x1001xf32>
}
func.func @rowbias(%x: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %v : tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
