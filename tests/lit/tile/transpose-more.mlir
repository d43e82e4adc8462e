// Transposes staged through workgroup memory (transpose.mlir has the dynamic f32 one):
// a static 128 x 256 f32 (whole sectors and conflict-free too: one element a thread),
// f16 at ragged sizes, and a generic that adds y to x read transposed (x staged, y read
// directly in the output's layout).
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx check %s --kernel=tr_static --stats | %filecheck --check-prefix=STATS %s
// RUN: %vptx check %s --kernel=tr16 --dim=300,190 | %filecheck --check-prefix=PASS16 %s
// RUN: %vptx check %s --kernel=tr16 --dim=64,128 --stats | %filecheck --check-prefix=STATS16 %s
// RUN: %vptx check %s --kernel=tr_add --dim=190,300,300,190 | %filecheck --check-prefix=PASS-ADD %s
// RUN: %vptx check %s --kernel=tr_add --dim=7,3,3,7 | %filecheck --check-prefix=PASS-ADD %s
// RUN: %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// CHECK-LABEL: func.func @tr_static(
// CHECK: memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: func.func @tr16(
// CHECK: memref.alloc() : memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: func.func @tr_add(
// CHECK: memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.alloc
// STATS: global loads {{.*}}(ideal {{[0-9]+}}, 100.0% efficient)
// STATS-NEXT: global stores {{.*}}(ideal {{[0-9]+}}, 100.0% efficient)
// STATS-NEXT: shared loads {{.*}}, 100.0% conflict-free)
// STATS-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// STATS: PASS tr_static
// STATS16: global loads {{.*}}(ideal {{[0-9]+}}, 100.0% efficient)
// STATS16-NEXT: global stores {{.*}}(ideal {{[0-9]+}}, 100.0% efficient)
// STATS16: PASS tr16
// REMARK: remark: 'linalg.transpose' tiles as an elementwise kernel of 256 threads: workgroup tile d0 64, d1 64 (64x64 tiles: an operand is read transposed); argument #0 read transposed: staged through a workgroup buffer
// REMARK: remark: 'linalg.transpose' tiles as an elementwise kernel of 256 threads: workgroup tile d0 64, d1 64 (64x64 tiles: an operand is read transposed); argument #0 read transposed: staged through a workgroup buffer
// REMARK: remark: 'linalg.generic' tiles as an elementwise kernel of 256 threads: workgroup tile d0 64, d1 64 (64x64 tiles: an operand is read transposed); argument #0 read transposed: staged through a workgroup buffer
// PASS16: PASS tr16 (sim vs eval
// PASS-ADD: PASS tr_add (sim vs eval
func.func @tr_static(%x: tensor<128x256xf32>) -> tensor<256x128xf32> {
  %e = tensor.empty() : tensor<256x128xf32>
  %t = linalg.transpose ins(%x : tensor<128x256xf32>) outs(%e : tensor<256x128xf32>) permutation = [1, 0]
  return %t : tensor<256x128xf32>
}
func.func @tr16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf16>
  %n = tensor.dim %x, %c1 : tensor<?x?xf16>
  %e = tensor.empty(%n, %m) : tensor<?x?xf16>
  %t = linalg.transpose ins(%x : tensor<?x?xf16>) outs(%e : tensor<?x?xf16>) permutation = [1, 0]
  return %t : tensor<?x?xf16>
}
func.func @tr_add(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %y, %c0 : tensor<?x?xf32>
  %n = tensor.dim %y, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
