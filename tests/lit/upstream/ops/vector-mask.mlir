// vector.mask (issue 25 part 3), with masks from vector.create_mask and
// vector.constant_mask: read as the masked form of the op it holds -- a masked
// transfer_read (with and without a passthru), a masked transfer_write, a masked
// reduction (masked-off lanes take the kind's neutral element).  Compiled at the vector
// level, run on the simulator and compared with eval of Inputs/vector-mask-ref.mlir,
// which computes the same with scalar loops and no masks.
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/vector-mask-ref.mlir | %filecheck %s
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=READ %s
// CHECK: PASS masked
// READ: vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<64xf32>, vector<64xf32>
// READ-NOT: vector.mask
func.func @masked(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>, %r: memref<2xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 40 : index
  %pad = arith.constant 0.0 : f32
  %m = vector.create_mask %n : vector<64xi1>
  %k = vector.constant_mask [24] : vector<64xi1>
  %seven = arith.constant dense<7.0> : vector<64xf32>
  %x = vector.mask %m { vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<64xf32>, vector<64xf32> } : vector<64xi1> -> vector<64xf32>
  %y = vector.mask %k, %seven { vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<64xf32>, vector<64xf32> } : vector<64xi1> -> vector<64xf32>
  vector.transfer_write %x, %b[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  vector.mask %k { vector.transfer_write %y, %c[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32> } : vector<64xi1>
  %s = vector.mask %m { vector.reduction <add>, %y : vector<64xf32> into f32 } : vector<64xi1> -> f32
  %mx = vector.mask %k { vector.reduction <maxnumf>, %x : vector<64xf32> into f32 } : vector<64xi1> -> f32
  memref.store %s, %r[%c0] : memref<2xf32>
  memref.store %mx, %r[%c1] : memref<2xf32>
  return
}
