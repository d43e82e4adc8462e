// Block-scaled tcgen05.mma (docs/blackwell.md, "Block-scaled kinds"): kind::mxf8f6f4 with
// scale_vec::1X, kind::mxf4 with 2X, kind::mxf4nvf4 with 4X (PTX ISA 8.7), A from a
// shared memory descriptor or tensor memory, the scale factors' tensor-memory addresses
// in brackets; ptxas 13.0 accepts each form.
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// CHECK: .version 8.7
// CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %p_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %p_{{[A-Za-z0-9_$]+_[0-9]+}};
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.scale_vec::2X [
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::4X [

module attributes {gpu.container_module} {
  gpu.module @blackwell {
    memref.global "private" @sa : memref<4096xi8, 3> {alignment = 128}
    gpu.func @bs(%tmem: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %a = memref.get_global @sa : memref<4096xi8, 3>
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      scf.if %is0 {
        %d = "vptx.tcgen05_smem_desc"(%a, %c0) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<4096xi8, 3>, index) -> i64
        %k128 = arith.constant 128 : i32
        %k132 = arith.constant 132 : i32
        %k64 = arith.constant 64 : i32
        %sfa = arith.addi %tmem, %k128 : i32
        %sfb = arith.addi %tmem, %k132 : i32
        %ta = arith.addi %tmem, %k64 : i32
        %false = arith.constant false
        // M 128, N 64, E4M3 x E4M3, UE8M0
        %i8 = arith.constant 143654912 : i32
        "vptx.tcgen05_mma_block_scale"(%tmem, %d, %d, %i8, %sfa, %sfb, %false) {kind = "mxf8f6f4", scale_vec = "1X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
        "vptx.tcgen05_mma_block_scale"(%tmem, %ta, %d, %i8, %sfa, %sfb, %false) {kind = "mxf8f6f4", scale_vec = "1X"} : (i32, i32, i64, i32, i32, i32, i1) -> ()
        // E2M1 x E2M1, UE8M0
        %i4 = arith.constant 143656064 : i32
        "vptx.tcgen05_mma_block_scale"(%tmem, %d, %d, %i4, %sfa, %sfb, %false) {kind = "mxf4", scale_vec = "2X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
        // E2M1 x E2M1, UE4M3 (NVFP4)
        %in = arith.constant 135267456 : i32
        "vptx.tcgen05_mma_block_scale"(%tmem, %d, %d, %in, %sfa, %sfb, %false) {kind = "mxf4nvf4", scale_vec = "4X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
      }
      gpu.return
    }
  }
}
