// On a GPU: a SIMT-level kernel with no reference is compared between the
// simulator and the device (the simulator is the reference); exit 77 (skip)
// when the CUDA driver cannot be loaded.
// REQUIRES: gpu
// Under ASan (make test) the CUDA driver needs protect_shadow_gap=0 and its leaks
// suppressed (tests/gpu/lsan.supp).
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda %s --block=64 --grid=2 --dim=128 --scalar=128 | %filecheck %s
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp %vptx check --backend=cuda tests/golden/k1_reduce.mlir | %filecheck --check-prefix=K1 %s
// CHECK: PASS exp4 (cuda vs sim, max abs err {{.*}} ms)
// K1: PASS k1_reduce (cuda vs sim,
gpu.module @k3 {
  gpu.func @exp4(%x: memref<?xvector<4xf32>>, %y: memref<?xvector<4xf32>>, %n4: index) kernel {
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %tid = gpu.thread_id x
    %m = arith.muli %bid, %bdim : index
    %i = arith.addi %m, %tid : index
    %ok = arith.cmpi ult, %i, %n4 : index
    scf.if %ok {
      %v = memref.load %x[%i] : memref<?xvector<4xf32>>
      %e = math.exp %v : vector<4xf32>
      memref.store %e, %y[%i] : memref<?xvector<4xf32>>
    }
    gpu.return
  }
}
