// nvgpu.mbarrier.* on a barrier group outside workgroup memory is rejected (seed 004:
// no implicit address-space cast).
// RUN: not %vptx --emit=ptx --arch=sm_90a %s 2>&1 | %filecheck %s
// CHECK: err-mbarrier-not-shared.mlir:[[@LINE+6]]:{{[0-9]+}}: error: 'nvgpu.mbarrier.create' result #0 has type {{.*}} but must be an !nvgpu.mbarrier.group in workgroup memory
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<global>>
module {
  gpu.module @m {
    gpu.func @k() kernel {
      %c0 = arith.constant 0 : index
      %b = nvgpu.mbarrier.create -> !bar
      %c1 = arith.constant 1 : index
      nvgpu.mbarrier.init %b[%c0], %c1 : !bar
      gpu.return
    }
  }
}
