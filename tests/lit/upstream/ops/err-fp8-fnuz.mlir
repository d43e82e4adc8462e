// AMD's FNUZ fp8 types (issue 25 part 3) parse, print and evaluate, but NVIDIA GPUs have
// no instruction for them: a value of one is a located error naming what to use.
// ARCH: sm_90a
// CONFORMANCE: refused
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=PRINT %s
// RUN: not %vptx --emit=ptx --arch=sm_90a %s 2>&1 | %filecheck %s
// PRINT: memref<8xf8E4M3FNUZ>
// PRINT: arith.truncf %{{.*}} : f32 to f8E5M2FNUZ
module {
  gpu.module @m {
    gpu.func @k(%a: memref<8xf32>, %b: memref<8xf8E4M3FNUZ>, %c: memref<8xf8E5M2FNUZ>) kernel {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<8xf32>
      // CHECK: err-fp8-fnuz.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'arith.truncf' makes an f8E4M3FNUZ value: NVIDIA GPUs have no instruction for the FNUZ fp8 types (AMD's: bias 8, no infinities, no negative zero); convert to f8E4M3FN
      %y = arith.truncf %x : f32 to f8E4M3FNUZ
      memref.store %y, %b[%t] : memref<8xf8E4M3FNUZ>
      %z = arith.truncf %x : f32 to f8E5M2FNUZ
      memref.store %z, %c[%t] : memref<8xf8E5M2FNUZ>
      gpu.return
    }
  }
}
