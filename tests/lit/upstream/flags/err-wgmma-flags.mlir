// nvgpu.warpgroup.mma's transpose flags, as upstream MLIR reads them: the descriptor types
// say A is MxK and B is KxN whatever the flags; transposeA needs transposeB; the flags are
// unit attributes.
// ARCH: sm_90a
// CONFORMANCE: refused
// RUN: not %vptx --emit=ptx --arch=sm_90a %s 2>&1 | %filecheck %s
!dA = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!dBt = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
!acc64 = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
module {
  gpu.module @m {
    gpu.func @old_spelling(%a: !dA, %b: !dBt) kernel {
      %z = nvgpu.warpgroup.mma.init.accumulator -> !acc
      // CHECK: err-wgmma-flags.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.warpgroup.mma' has A with K = 64 but B with K = 128
      %r = nvgpu.warpgroup.mma %a, %b, %z {transposeB} : !dA, !dBt, !acc -> !acc
      gpu.return
    }
    gpu.func @only_a(%a: !dA, %b: !dA) kernel {
      %z = nvgpu.warpgroup.mma.init.accumulator -> !acc64
      // CHECK: err-wgmma-flags.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.warpgroup.mma' has transposeA without transposeB, which upstream MLIR does not lower: add transposeB (B stored KxN, N contiguous) or drop transposeA
      %r = nvgpu.warpgroup.mma %a, %b, %z {transposeA} : !dA, !dA, !acc64 -> !acc64
      gpu.return
    }
    gpu.func @valued(%a: !dA, %b: !dA) kernel {
      %z = nvgpu.warpgroup.mma.init.accumulator -> !acc64
      // CHECK: err-wgmma-flags.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvgpu.warpgroup.mma' has transposeB with a value, but it is a unit attribute: write {transposeB} to set it, or leave it out
      %r = nvgpu.warpgroup.mma %a, %b, %z {transposeB = false} : !dA, !dA, !acc64 -> !acc64
      gpu.return
    }
  }
}
