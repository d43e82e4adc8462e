// gpu.subgroup_reduce of f32 min/max over a whole warp: one redux.sync each on sm_100a
// (PTX 8.6): maxnumf/minnumf without .NaN (NaN inputs left out), maximumf/minimumf with
// .NaN (a NaN wins); a shuffle butterfly elsewhere.  Checked on the simulator against
// eval of vector.reduction (Inputs/subgroup-reduce-f32-ref.mlir) on random inputs, and
// on inputs with a NaN and with -0.0 and +0.0 (+0.0 > -0.0 in both).
// RUN: %vptx check --arch=sm_100a %s --backend=sim --reference=%S/Inputs/subgroup-reduce-f32-ref.mlir | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/subgroup-reduce-f32-ref.mlir | %filecheck --check-prefix=PASS %s
// RUN: command -v python3 > /dev/null || { echo "python3 not found"; exit 77; }
// RUN: rm -rf %t && mkdir -p %t && python3 %S/Inputs/subgroup-reduce-f32-inputs.py %t
// RUN: %vptx check --arch=sm_100a %s --backend=sim --reference=%S/Inputs/subgroup-reduce-f32-ref.mlir --input=f:%t/nan.npy | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_100a %s --backend=sim --reference=%S/Inputs/subgroup-reduce-f32-ref.mlir --input=f:%t/zeros.npy | %filecheck --check-prefix=PASS %s
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_90a %s | %filecheck --check-prefix=SM90 %s
// PASS: PASS sgf (sim vs eval of
// CHECK: .version 8.6
// CHECK: redux.sync.max.f32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, -1;
// CHECK: redux.sync.min.f32
// CHECK: redux.sync.max.NaN.f32
// CHECK: redux.sync.min.NaN.f32
// CHECK-NOT: shfl.sync
// SM90-NOT: redux.sync
// SM90: shfl.sync.bfly
module {
  gpu.module @m {
    gpu.func @sgf(%f: memref<32xf32>, %of: memref<4x32xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %l = gpu.thread_id x
      %fv = memref.load %f[%l] : memref<32xf32>
      %a = gpu.subgroup_reduce maxnumf %fv : (f32) -> f32
      %b = gpu.subgroup_reduce minnumf %fv : (f32) -> f32
      %c = gpu.subgroup_reduce maximumf %fv : (f32) -> f32
      %d = gpu.subgroup_reduce minimumf %fv : (f32) -> f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      memref.store %a, %of[%c0, %l] : memref<4x32xf32>
      memref.store %b, %of[%c1, %l] : memref<4x32xf32>
      memref.store %c, %of[%c2, %l] : memref<4x32xf32>
      memref.store %d, %of[%c3, %l] : memref<4x32xf32>
      gpu.return
    }
  }
}
