// A cluster barrier on sm_80, which has no thread block clusters (../err-cluster-barrier.mlir).
module {
  gpu.module @m {
    gpu.func @k() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.return
    }
  }
}
