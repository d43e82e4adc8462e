// Input of ../err-device-functions.mlir: a kernel called from device code.
module {
  gpu.module @m {
    gpu.func @k(%a: memref<8xf32>) kernel {
      gpu.return
    }
    gpu.func @k2(%a: memref<8xf32>) kernel {
      // the call below is line 9
      func.call @k(%a) : (memref<8xf32>) -> ()
      gpu.return
    }
  }
}
