// A tcgen05 shared memory descriptor has base offset 0 (docs/blackwell.md), so a swizzled
// tile must start on its swizzle pattern (8 rows of the span: 1024 bytes for 128-byte
// swizzle, PTX ISA 9.1 9.7.16.4.1) and any tile on 16 bytes; vptx refuses a tile whose
// address it cannot show to be so aligned, and takes one that is.
// RUN: not %vptx --emit=ptx --arch=sm_100a %s 2>&1 | %filecheck %s
// RUN: sed -e 's/alignment = 128/alignment = 1024/' %s > %t.mlir
// RUN: %vptx --emit=ptx --arch=sm_100a %t.mlir -o %t.ptx && %filecheck --check-prefix=OK %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: sed -e 's/(%a, %c0) {swizzle = 128/(%a, %c1) {swizzle = 0/' %s > %t.2.mlir
// RUN: not %vptx --emit=ptx --arch=sm_100a %t.2.mlir 2>&1 | %filecheck --check-prefix=B16 %s
// CHECK: err-tcgen05-desc-align.mlir:[[@LINE+12]]:{{[0-9]+}}: error: 'vptx.tcgen05_smem_desc' with swizzle = 128 needs its tile aligned to 1024 bytes (the descriptor's base offset is 0), but the address is only known to be 128-byte aligned
// B16: error: 'vptx.tcgen05_smem_desc' with swizzle = 0 needs its tile aligned to 16 bytes (the descriptor's base offset is 0), but the address is only known to be 2-byte aligned
// OK: .shared .align 1024 .b8
// OK: or.b64 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, 0x4000404000010000;
module attributes {gpu.container_module} {
  gpu.module @m {
    memref.global "private" @sa : memref<8192xf16, 3> {alignment = 128}
    gpu.func @k(%out: memref<2xi64>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %a = memref.get_global @sa : memref<8192xf16, 3>
      %d0 = "vptx.tcgen05_smem_desc"(%a, %c0) {swizzle = 128 : i64, lbo = 16 : i64, sbo = 1024 : i64} : (memref<8192xf16, 3>, index) -> i64
      %d1 = "vptx.tcgen05_smem_desc"(%a, %c8) {swizzle = 0 : i64, lbo = 128 : i64, sbo = 256 : i64} : (memref<8192xf16, 3>, index) -> i64
      memref.store %d0, %out[%c0] : memref<2xi64>
      memref.store %d1, %out[%c1] : memref<2xi64>
      gpu.return
    }
  }
}
