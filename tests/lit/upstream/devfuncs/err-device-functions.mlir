// Device functions (issue 25 part 1): what vptx cannot do is a located error.
// CONFORMANCE: refused
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/err-device-ret-memref.mlir 2>&1 | %filecheck --check-prefix=MEM %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/err-device-call-kernel.mlir 2>&1 | %filecheck --check-prefix=KER %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/err-device-recursive-vector.mlir 2>&1 | %filecheck --check-prefix=REC %s
// CHECK: err-device-functions.mlir:[[@LINE+10]]:{{[0-9]+}}: error: 'func.call' calls @__nv_expf, which has no body here: vptx links no device library (define the function in the module)
// MEM: err-device-ret-memref.mlir:4:{{[0-9]+}}: error: device function 'ret_mem' returns a memref: vptx passes memrefs into device functions but not out of them
// KER: err-device-call-kernel.mlir:9:{{[0-9]+}}: error: 'func.call' calls @k, which is a kernel: a kernel cannot be called from the device
// REC: err-device-recursive-vector.mlir:3:{{[0-9]+}}: error: 'func.call' of @rec is recursive: vptx inlines calls in vector-level code and cannot inline recursion (make it a loop)
module {
  gpu.module @m {
    func.func private @__nv_expf(f32) -> f32
    gpu.func @k(%a: memref<8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%c0] : memref<8xf32>
      %y = func.call @__nv_expf(%x) : (f32) -> f32
      memref.store %y, %a[%c0] : memref<8xf32>
      gpu.return
    }
  }
}
