// memref/vector memory ops: ld.global.nc for read-only arguments, .v4/.v2 when the
// alignment is proven, mad.wide.u32 for 32-bit (narrow) indices, 32-bit shared
// addresses, workgroup attributions, dynamic dims as extra .u64 parameters.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// CHECK-LABEL: .visible .entry copy(
// CHECK-NEXT: .param .u64 copy_param_0,
// CHECK-NEXT: .param .u64 copy_param_1,
// CHECK-NEXT: .param .u64 copy_param_2,
// CHECK-NEXT: .param .u64 copy_param_3
// CHECK: .reqntid 64, 1, 1
// CHECK: .shared .align 16 .b8 copy_smem_0[1024];
// CHECK: mov.u32 [[TID:%r_[A-Za-z0-9_$]+_[0-9]+]], %tid.x;
// CHECK: ld.global.nc.v4.f32
// CHECK: st.shared.v4.f32
// CHECK: bar.sync 0;
// CHECK: ld.shared.v2.f32
// CHECK: mad.wide.u32 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, [[TID]], 4,
// CHECK: st.global.f32
// CHECK-NOT: ld.global.nc.f32 {{.*}}copy_param_2

module {
  gpu.module @m {
    gpu.func @copy(%x: memref<?xf32>, %y: memref<?xf32>)
        workgroup(%tile: memref<256xf32, 3>)
        kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %c4 = arith.constant 4 : index
      %c2 = arith.constant 2 : index
      %t = gpu.thread_id x
      %i = arith.muli %t, %c4 : index
      %v = vector.load %x[%i] : memref<?xf32>, vector<4xf32>
      vector.store %v, %tile[%i] : memref<256xf32, 3>, vector<4xf32>
      gpu.barrier
      %j = arith.muli %t, %c2 : index
      %w = vector.load %tile[%j] : memref<256xf32, 3>, vector<2xf32>
      %a = vector.extract %w[0] : f32 from vector<2xf32>
      %b = vector.extract %w[1] : f32 from vector<2xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %y[%t] : memref<?xf32>
      gpu.return
    }
  }
}
