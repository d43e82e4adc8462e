// nvgpu.device_async_copy / create_group / wait -> cp.async.{cg,ca} + commit/wait
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// CHECK-LABEL: .visible .entry stage(
// CHECK: cp.async.cg.shared.global [{{%r_[A-Za-z0-9_$]+_[0-9]+}}], [{{%rd_[A-Za-z0-9_$]+_[0-9]+}}], 16;
// CHECK: cp.async.ca.shared.global [{{%r_[A-Za-z0-9_$]+_[0-9]+}}], [{{%rd_[A-Za-z0-9_$]+_[0-9]+}}+16], 8, 8;
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 1;
// CHECK: bar.sync 0;

module {
  gpu.module @m {
    gpu.func @stage(%src: memref<128xf32>, %n: index, %out: memref<128xf32>)
        workgroup(%buf: memref<128xf32, 3>)
        kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %c4 = arith.constant 4 : index
      %c2 = arith.constant 2 : index
      %t = gpu.thread_id x
      %i = arith.muli %t, %c4 : index
      %i2 = arith.addi %i, %c4 : index
      %t0 = nvgpu.device_async_copy %src[%i], %buf[%i], 4 {bypassL1} : memref<128xf32> to memref<128xf32, 3>
      %t1 = nvgpu.device_async_copy %src[%i2], %buf[%i2], 2, %c2 : memref<128xf32> to memref<128xf32, 3>
      %g = nvgpu.device_async_create_group %t0, %t1
      nvgpu.device_async_wait %g {numGroups = 1 : i32}
      gpu.barrier
      %v = memref.load %buf[%t] : memref<128xf32, 3>
      memref.store %v, %out[%t] : memref<128xf32>
      gpu.return
    }
  }
}
