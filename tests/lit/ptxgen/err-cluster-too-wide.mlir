// A subgroup_reduce cluster wider than a warp is valid IR (64-lane targets exist)
// but cannot be lowered to NVIDIA shuffles.
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
gpu.module @m {
  gpu.func @k(%out: memref<32xf32>) kernel {
    %t = gpu.thread_id x
    %c = arith.constant 1.0 : f32
    // CHECK: err-cluster-too-wide.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gpu.subgroup_reduce' {{.*}}must be powers of two within a warp
    %r = gpu.subgroup_reduce add %c cluster(size = 64) : (f32) -> f32
    memref.store %r, %out[%t] : memref<32xf32>
    gpu.return
  }
}
