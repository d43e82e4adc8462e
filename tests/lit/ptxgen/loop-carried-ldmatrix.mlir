// Fragments carried across iterations (the cross-iteration prefetch of
// docs/staging.md): the loop's mma.sync reads the iter_args, then the next
// iteration's ldmatrix loads them.  ptxgen/coalesce.c makes the loads write the
// iter_args' registers (the mma read them for the last time before), so the loop
// holds no mov.  (Before it: 10 movs a trip, the 6 fragment registers and the 4
// accumulators, whose mma result is yielded directly, not through vector.extract.)
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// CHECK-LABEL: .visible .entry prefetch(
// CHECK: [[TOP:\$L__prefetch_[A-Za-z0-9_$]+_[0-9]+]]:
// CHECK-NOT: mov.
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, {[[A0:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A1:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A2:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A3:%r_[A-Za-z0-9_$]+_[0-9]+]]}, {[[B0:%r_[A-Za-z0-9_$]+_[0-9]+]], [[B1:%r_[A-Za-z0-9_$]+_[0-9]+]]}
// CHECK-NOT: mov.
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {[[A0]], [[A1]], [[A2]], [[A3]]}
// CHECK-NOT: mov.
// CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {[[B0]], [[B1]]}
// CHECK-NOT: mov.
// CHECK: bra [[TOP]];

module {
  gpu.module @m {
    memref.global "private" @tile : memref<4x16x16xf16, 3> {alignment = 16}
    gpu.func @prefetch(%d: memref<32x4xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %sa = memref.get_global @tile : memref<4x16x16xf16, 3>
      %lane = gpu.thread_id x
      %lr = arith.remui %lane, %c16 : index
      %lh = arith.divui %lane, %c16 : index
      %lc = arith.muli %lh, %c8 : index
      %a0 = nvgpu.ldmatrix %sa[%c0, %lr, %lc] {numTiles = 4 : i32, transpose = false}
          : memref<4x16x16xf16, 3> -> vector<4x2xf16>
      %b0 = nvgpu.ldmatrix %sa[%c0, %lr, %c0] {numTiles = 2 : i32, transpose = true}
          : memref<4x16x16xf16, 3> -> vector<2x2xf16>
      %cz = arith.constant dense<0.0> : vector<2x2xf32>
      %r:3 = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %a0, %b = %b0, %acc = %cz)
          -> (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) {
        %acc2 = nvgpu.mma.sync(%a, %b, %acc) {mmaShape = [16, 8, 16]}
            : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %k1 = arith.addi %k, %c1 : index
        %an = nvgpu.ldmatrix %sa[%k1, %lr, %lc] {numTiles = 4 : i32, transpose = false}
            : memref<4x16x16xf16, 3> -> vector<4x2xf16>
        %bn = nvgpu.ldmatrix %sa[%k1, %lr, %c0] {numTiles = 2 : i32, transpose = true}
            : memref<4x16x16xf16, 3> -> vector<2x2xf16>
        scf.yield %an, %bn, %acc2 : vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>
      }
      %v = vector.shape_cast %r#2 : vector<2x2xf32> to vector<4xf32>
      vector.store %v, %d[%lane, %c0] : memref<32x4xf32>, vector<4xf32>
      gpu.return
    }
  }
}
