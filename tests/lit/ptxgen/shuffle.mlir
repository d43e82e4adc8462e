// gpu.shuffle modes and widths as upstream MLIR's GPUToNVVM lowers them (member mask
// -1 >> (32 - width), clamp width - 1, or 32 - width for up), the valid predicate only when used;
// gpu.subgroup_reduce as a shfl.sync.bfly butterfly honouring cluster size and stride.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// CHECK-LABEL: .visible .entry shuffles(
// CHECK: shfl.sync.bfly.b32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 16, 31, -1;
// CHECK: shfl.sync.down.b32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}|{{%p_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 1, 7, 0x000000ff;
// CHECK: shfl.sync.up.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 1, 0, -1;
// CHECK: shfl.sync.idx.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 3, 1, 0x00000003;
// cluster_size = 4, cluster_stride = 2: offsets 4, 2
// CHECK: shfl.sync.bfly.b32 [[A:%f_[A-Za-z0-9_$]+_[0-9]+]], {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 4, 31, -1;
// CHECK-NEXT: add.f32
// CHECK-NEXT: shfl.sync.bfly.b32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 2, 31, -1;
// CHECK-NEXT: add.f32
// full-warp max of i32: one redux.sync (sm_80+), as upstream lowers it
// CHECK: redux.sync.max.s32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, -1;
// CHECK-NOT: shfl.sync

module {
  func.func @shuffles(%x: f32, %k: i32, %out: memref<8xf32>, %outi: memref<8xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w32 = arith.constant 32 : i32
    %w8 = arith.constant 8 : i32
    %w2 = arith.constant 2 : i32
    %o16 = arith.constant 16 : i32
    %o1 = arith.constant 1 : i32
    %o3 = arith.constant 3 : i32
    %a, %va = gpu.shuffle xor %x, %o16, %w32 : f32
    %b, %vb = gpu.shuffle down %a, %o1, %w8 : f32
    %z = arith.constant 0.0 : f32
    %bb = arith.select %vb, %b, %z : f32
    %c, %vc = gpu.shuffle up %k, %o1, %w32 : i32
    %d, %vd = gpu.shuffle idx %c, %o3, %w2 : i32
    memref.store %bb, %out[%c0] : memref<8xf32>
    memref.store %d, %outi[%c0] : memref<8xi32>
    %r = gpu.subgroup_reduce add %x cluster(size = 4, stride = 2) : (f32) -> f32
    memref.store %r, %out[%c1] : memref<8xf32>
    %m = gpu.subgroup_reduce maxsi %k : (i32) -> i32
    memref.store %m, %outi[%c1] : memref<8xi32>
    return
  }
}
