// RUN: %vptx check %s --reference=%S/../reduce.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS k1_reduce (sim vs eval of {{.*}}reduce.mlir
// K1 (MLIR 16, gpu/arith/memref/scf): row sums of x[8][64] f32, 64 threads, thread t owns
// column t; gpu.shuffle xor butterfly per row; lane 0 of each warp writes 8 partials to
// workgroup memory; gpu.barrier; threads 0..7 add the two warps' partials.
module attributes {gpu.container_module} {
  gpu.module @k1 {
    memref.global "private" @part : memref<2x8xf32, 3> {alignment = 16}
    gpu.func @k1_reduce(%x: memref<8x64xf32>, %out: memref<8xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %w32 = arith.constant 32 : i32
      %o16 = arith.constant 16 : i32
      %o8 = arith.constant 8 : i32
      %o4 = arith.constant 4 : i32
      %o2 = arith.constant 2 : i32
      %o1 = arith.constant 1 : i32
      %part = memref.get_global @part : memref<2x8xf32, 3>
      %t = gpu.thread_id x
      %lane = arith.remui %t, %c32 : index
      %warp = arith.divui %t, %c32 : index
      %v0_0 = memref.load %x[%c0, %t] : memref<8x64xf32>
      %v1_0 = memref.load %x[%c1, %t] : memref<8x64xf32>
      %v2_0 = memref.load %x[%c2, %t] : memref<8x64xf32>
      %v3_0 = memref.load %x[%c3, %t] : memref<8x64xf32>
      %v4_0 = memref.load %x[%c4, %t] : memref<8x64xf32>
      %v5_0 = memref.load %x[%c5, %t] : memref<8x64xf32>
      %v6_0 = memref.load %x[%c6, %t] : memref<8x64xf32>
      %v7_0 = memref.load %x[%c7, %t] : memref<8x64xf32>
      %s0_0, %ok0_0 = gpu.shuffle xor %v0_0, %o16, %w32 : f32
      %v0_1 = arith.addf %v0_0, %s0_0 : f32
      %s0_1, %ok0_1 = gpu.shuffle xor %v0_1, %o8, %w32 : f32
      %v0_2 = arith.addf %v0_1, %s0_1 : f32
      %s0_2, %ok0_2 = gpu.shuffle xor %v0_2, %o4, %w32 : f32
      %v0_3 = arith.addf %v0_2, %s0_2 : f32
      %s0_3, %ok0_3 = gpu.shuffle xor %v0_3, %o2, %w32 : f32
      %v0_4 = arith.addf %v0_3, %s0_3 : f32
      %s0_4, %ok0_4 = gpu.shuffle xor %v0_4, %o1, %w32 : f32
      %v0_5 = arith.addf %v0_4, %s0_4 : f32
      %s1_0, %ok1_0 = gpu.shuffle xor %v1_0, %o16, %w32 : f32
      %v1_1 = arith.addf %v1_0, %s1_0 : f32
      %s1_1, %ok1_1 = gpu.shuffle xor %v1_1, %o8, %w32 : f32
      %v1_2 = arith.addf %v1_1, %s1_1 : f32
      %s1_2, %ok1_2 = gpu.shuffle xor %v1_2, %o4, %w32 : f32
      %v1_3 = arith.addf %v1_2, %s1_2 : f32
      %s1_3, %ok1_3 = gpu.shuffle xor %v1_3, %o2, %w32 : f32
      %v1_4 = arith.addf %v1_3, %s1_3 : f32
      %s1_4, %ok1_4 = gpu.shuffle xor %v1_4, %o1, %w32 : f32
      %v1_5 = arith.addf %v1_4, %s1_4 : f32
      %s2_0, %ok2_0 = gpu.shuffle xor %v2_0, %o16, %w32 : f32
      %v2_1 = arith.addf %v2_0, %s2_0 : f32
      %s2_1, %ok2_1 = gpu.shuffle xor %v2_1, %o8, %w32 : f32
      %v2_2 = arith.addf %v2_1, %s2_1 : f32
      %s2_2, %ok2_2 = gpu.shuffle xor %v2_2, %o4, %w32 : f32
      %v2_3 = arith.addf %v2_2, %s2_2 : f32
      %s2_3, %ok2_3 = gpu.shuffle xor %v2_3, %o2, %w32 : f32
      %v2_4 = arith.addf %v2_3, %s2_3 : f32
      %s2_4, %ok2_4 = gpu.shuffle xor %v2_4, %o1, %w32 : f32
      %v2_5 = arith.addf %v2_4, %s2_4 : f32
      %s3_0, %ok3_0 = gpu.shuffle xor %v3_0, %o16, %w32 : f32
      %v3_1 = arith.addf %v3_0, %s3_0 : f32
      %s3_1, %ok3_1 = gpu.shuffle xor %v3_1, %o8, %w32 : f32
      %v3_2 = arith.addf %v3_1, %s3_1 : f32
      %s3_2, %ok3_2 = gpu.shuffle xor %v3_2, %o4, %w32 : f32
      %v3_3 = arith.addf %v3_2, %s3_2 : f32
      %s3_3, %ok3_3 = gpu.shuffle xor %v3_3, %o2, %w32 : f32
      %v3_4 = arith.addf %v3_3, %s3_3 : f32
      %s3_4, %ok3_4 = gpu.shuffle xor %v3_4, %o1, %w32 : f32
      %v3_5 = arith.addf %v3_4, %s3_4 : f32
      %s4_0, %ok4_0 = gpu.shuffle xor %v4_0, %o16, %w32 : f32
      %v4_1 = arith.addf %v4_0, %s4_0 : f32
      %s4_1, %ok4_1 = gpu.shuffle xor %v4_1, %o8, %w32 : f32
      %v4_2 = arith.addf %v4_1, %s4_1 : f32
      %s4_2, %ok4_2 = gpu.shuffle xor %v4_2, %o4, %w32 : f32
      %v4_3 = arith.addf %v4_2, %s4_2 : f32
      %s4_3, %ok4_3 = gpu.shuffle xor %v4_3, %o2, %w32 : f32
      %v4_4 = arith.addf %v4_3, %s4_3 : f32
      %s4_4, %ok4_4 = gpu.shuffle xor %v4_4, %o1, %w32 : f32
      %v4_5 = arith.addf %v4_4, %s4_4 : f32
      %s5_0, %ok5_0 = gpu.shuffle xor %v5_0, %o16, %w32 : f32
      %v5_1 = arith.addf %v5_0, %s5_0 : f32
      %s5_1, %ok5_1 = gpu.shuffle xor %v5_1, %o8, %w32 : f32
      %v5_2 = arith.addf %v5_1, %s5_1 : f32
      %s5_2, %ok5_2 = gpu.shuffle xor %v5_2, %o4, %w32 : f32
      %v5_3 = arith.addf %v5_2, %s5_2 : f32
      %s5_3, %ok5_3 = gpu.shuffle xor %v5_3, %o2, %w32 : f32
      %v5_4 = arith.addf %v5_3, %s5_3 : f32
      %s5_4, %ok5_4 = gpu.shuffle xor %v5_4, %o1, %w32 : f32
      %v5_5 = arith.addf %v5_4, %s5_4 : f32
      %s6_0, %ok6_0 = gpu.shuffle xor %v6_0, %o16, %w32 : f32
      %v6_1 = arith.addf %v6_0, %s6_0 : f32
      %s6_1, %ok6_1 = gpu.shuffle xor %v6_1, %o8, %w32 : f32
      %v6_2 = arith.addf %v6_1, %s6_1 : f32
      %s6_2, %ok6_2 = gpu.shuffle xor %v6_2, %o4, %w32 : f32
      %v6_3 = arith.addf %v6_2, %s6_2 : f32
      %s6_3, %ok6_3 = gpu.shuffle xor %v6_3, %o2, %w32 : f32
      %v6_4 = arith.addf %v6_3, %s6_3 : f32
      %s6_4, %ok6_4 = gpu.shuffle xor %v6_4, %o1, %w32 : f32
      %v6_5 = arith.addf %v6_4, %s6_4 : f32
      %s7_0, %ok7_0 = gpu.shuffle xor %v7_0, %o16, %w32 : f32
      %v7_1 = arith.addf %v7_0, %s7_0 : f32
      %s7_1, %ok7_1 = gpu.shuffle xor %v7_1, %o8, %w32 : f32
      %v7_2 = arith.addf %v7_1, %s7_1 : f32
      %s7_2, %ok7_2 = gpu.shuffle xor %v7_2, %o4, %w32 : f32
      %v7_3 = arith.addf %v7_2, %s7_2 : f32
      %s7_3, %ok7_3 = gpu.shuffle xor %v7_3, %o2, %w32 : f32
      %v7_4 = arith.addf %v7_3, %s7_3 : f32
      %s7_4, %ok7_4 = gpu.shuffle xor %v7_4, %o1, %w32 : f32
      %v7_5 = arith.addf %v7_4, %s7_4 : f32
      %is0 = arith.cmpi eq, %lane, %c0 : index
      scf.if %is0 {
        memref.store %v0_5, %part[%warp, %c0] : memref<2x8xf32, 3>
        memref.store %v1_5, %part[%warp, %c1] : memref<2x8xf32, 3>
        memref.store %v2_5, %part[%warp, %c2] : memref<2x8xf32, 3>
        memref.store %v3_5, %part[%warp, %c3] : memref<2x8xf32, 3>
        memref.store %v4_5, %part[%warp, %c4] : memref<2x8xf32, 3>
        memref.store %v5_5, %part[%warp, %c5] : memref<2x8xf32, 3>
        memref.store %v6_5, %part[%warp, %c6] : memref<2x8xf32, 3>
        memref.store %v7_5, %part[%warp, %c7] : memref<2x8xf32, 3>
      }
      gpu.barrier
      %lt8 = arith.cmpi ult, %t, %c8 : index
      scf.if %lt8 {
        %a = memref.load %part[%c0, %t] : memref<2x8xf32, 3>
        %b = memref.load %part[%c1, %t] : memref<2x8xf32, 3>
        %sum = arith.addf %a, %b : f32
        memref.store %sum, %out[%t] : memref<8xf32>
      }
      gpu.return
    }
  }
}
