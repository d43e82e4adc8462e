// Input of ../err-device-functions.mlir: a device function returning a memref.
module {
  gpu.module @m {
    gpu.func @ret_mem(%a: memref<8xf32>) -> memref<8xf32> {
      gpu.return %a : memref<8xf32>
    }
  }
}
