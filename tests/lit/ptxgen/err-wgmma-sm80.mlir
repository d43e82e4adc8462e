// wgmma exists only on sm_90a (target/targets.def; ptxas 13.0 refuses it for sm_100a,
// whose tensor cores are tcgen05's): asking for it elsewhere is a located error.
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// RUN: not %vptx --emit=ptx --arch=sm_90 %s 2>&1 | %filecheck --check-prefix=SM90 %s
// RUN: not %vptx --emit=ptx --arch=sm_100a %s 2>&1 | %filecheck --check-prefix=SM100 %s
// CHECK: err-wgmma-sm80.mlir:[[@LINE+13]]:{{[0-9]+}}: error: 'nvgpu.warpgroup.mma' needs wgmma (sm_90a), but the target is sm_80
// SM90: error: 'nvgpu.warpgroup.mma' needs wgmma (sm_90a), but the target is sm_90
// SM100: error: 'nvgpu.warpgroup.mma' needs wgmma (sm_90a), but the target is sm_100a
!tmap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!desc = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
module {
  gpu.module @m {
    memref.global "private" @sa : memref<64x64xf16, 3>
    gpu.func @k(%ta: !tmap) kernel {
      %a = memref.get_global @sa : memref<64x64xf16, 3>
      %da = nvgpu.warpgroup.generate.descriptor %a, %ta : memref<64x64xf16, 3>, !tmap -> !desc
      %acc0 = nvgpu.warpgroup.mma.init.accumulator -> !acc
      %acc1 = nvgpu.warpgroup.mma %da, %da, %acc0 : !desc, !desc, !acc -> !acc
      gpu.return
    }
  }
}
