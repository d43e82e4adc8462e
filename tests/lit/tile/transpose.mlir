// linalg.transpose at ragged sizes (transpose-more.mlir: static, f16, a generic): one
// elementwise kernel of 64x64 tiles whose transposed operand is staged through workgroup
// memory (tile/gen.c, "transposes through shared memory"): read in its own dim order,
// 32 lanes along its rows, into a memref.alloc in workgroup memory (distribute pads each
// row by one element); a barrier; read back through the transposing map, 32 lanes along
// the output's rows.  Global reads and writes are whole sectors and the shared accesses
// conflict-free, where the direct read was strided (25% of its sectors used).
// RUN: %vptx --emit=vector %s | %filecheck %s
// RUN: %vptx --remarks %s -o %t.r.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %vptx %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: cat %t.ptx | %filecheck --check-prefix=PTX %s
// RUN: %vptx check %s --dim=100,70 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=1,130 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=128,64 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --dim=256,128 --stats | %filecheck --check-prefix=STATS %s
// RUN: %vptx check --arch=sm_90a %s --dim=70,100 | %filecheck --check-prefix=PASS %s
// --emit=vector reads back to the same PTX.
// RUN: %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// CHECK-LABEL: func.func @tr(
// CHECK: %[[BUF:[0-9]+]] = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
// CHECK: scf.if
// CHECK: %[[NAT:[0-9]+]] = vector.transfer_read %x[{{.*}}], %{{[0-9]+}} {in_bounds = [true, true]} : memref<?x?xf32>, vector<64x64xf32>
// CHECK: iree_vector_ext.to_layout %[[NAT]] to layout(#iree_vector_ext.nested_layout<subgroup_tile = [8, 1], batch_tile = [8, 2], outer_tile = [1, 1], thread_tile = [1, 32], element_tile = [1, 1], subgroup_strides = [1, 0], thread_strides = [32, 1]>)
// CHECK: vector.transfer_write {{.*}}, %[[BUF]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: vector.transfer_read %[[BUF]]{{.*}}permutation_map = affine_map<(d0, d1) -> (d1, d0)>}
// CHECK: vector.transfer_write {{.*}}, %result0
// CHECK: } else {
// CHECK: vector.transfer_read %x[{{.*}}], %{{[0-9]+}} : memref<?x?xf32>, vector<64x64xf32>
// CHECK: gpu.barrier
// CHECK: vector.transfer_write {{.*}}, %result0
// PTX: .shared .align {{[0-9]+}} .b8 {{.*}}[16640];
// PTX: bar.sync 0;
// PTX: ld.shared.f32
// STATS: global loads {{.*}}(ideal {{[0-9]+}}, 100.0% efficient)
// STATS-NEXT: global stores {{.*}}(ideal {{[0-9]+}}, 100.0% efficient)
// STATS-NEXT: shared loads {{.*}}, 100.0% conflict-free)
// STATS-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// STATS: PASS tr
// REMARK: remark: 'linalg.transpose' tiles as an elementwise kernel of 256 threads: workgroup tile d0 64, d1 64 (64x64 tiles: an operand is read transposed); argument #0 read transposed: staged through a workgroup buffer (coalesced reads and writes, rows padded)
// PASS: PASS tr (sim vs eval
// PASS-ADD: PASS tr_add (sim vs eval
func.func @tr(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %t = linalg.transpose ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) permutation = [1, 0]
  return %t : tensor<?x?xf32>
}
