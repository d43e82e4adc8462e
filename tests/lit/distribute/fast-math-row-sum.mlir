// --fast-math: a loop's f32 row sum l = c * l + rowsum(x), l starting at 0 and used
// only there, is carried as each lane's partial sum; the lanes' butterfly (shuffles)
// runs once after the loop (distribute/lowering/reduction.c, lane_partial_begin).
// Where l starts elsewhere than 0 (each lane would add its own copy) or the loop reads
// l otherwise (it would see a partial), the sum is reduced across lanes in every
// iteration, as without the flag.  vptx check compares each with eval.
// RUN: %vptx check --backend=sim --fast-math %s | %filecheck --check-prefix=CHECK %s
// RUN: %vptx check --backend=sim %s | %filecheck --check-prefix=CHECK %s
// RUN: %vptx --emit=ptx --arch=sm_80 --fast-math %s -o %t.ptx 2>%t.err && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=FAST %s < %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_80 %s 2>%t.err | %filecheck --check-prefix=DEFAULT %s
// CHECK: PASS sum_zero (sim vs eval
// CHECK: PASS sum_one (sim vs eval
// CHECK: PASS sum_read (sim vs eval
// FAST-LABEL: .entry sum_zero
// FAST-NOT: shfl.sync
// FAST: bra $L__sum_zero_
// FAST-COUNT-16: shfl.sync.bfly.b32
// FAST-LABEL: .entry sum_one
// FAST-COUNT-16: shfl.sync.bfly.b32
// FAST: bra $L__sum_one_
// FAST-NOT: shfl.sync
// FAST-LABEL: .entry sum_read
// FAST-COUNT-16: shfl.sync.bfly.b32
// FAST: bra $L__sum_read_
// FAST-NOT: shfl.sync
// DEFAULT-LABEL: .entry sum_zero
// DEFAULT-COUNT-16: shfl.sync.bfly.b32
// DEFAULT: bra $L__sum_zero_
// DEFAULT-NOT: shfl.sync
// DEFAULT-LABEL: .entry sum_one
#rows = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [4, 1], outer_tile = [1, 1], thread_tile = [2, 16], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [16, 1]>
func.func @sum_zero(%x: memref<16x256xf32>, %out: memref<16x64xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %z = arith.constant dense<0.0> : vector<16xf32>
  %half = arith.constant dense<0.5> : vector<16xf32>
  %l = scf.for %j = %c0 to %c256 step %c64 iter_args(%a = %z) -> (vector<16xf32>) {
    %t0 = vector.transfer_read %x[%c0, %j], %pad {in_bounds = [true, true]} : memref<16x256xf32>, vector<16x64xf32>
    %t = iree_vector_ext.to_layout %t0 to layout(#rows) : vector<16x64xf32>
    %s = arith.mulf %half, %a : vector<16xf32>
    %n = vector.multi_reduction <add>, %t, %s [1] : vector<16x64xf32> to vector<16xf32>
    scf.yield %n : vector<16xf32>
  }
  %lb = vector.broadcast %l : vector<16xf32> to vector<64x16xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x16xf32> to vector<16x64xf32>
  vector.transfer_write %lt, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x64xf32>
  return
}
func.func @sum_one(%x: memref<16x256xf32>, %out: memref<16x64xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %z = arith.constant dense<1.0> : vector<16xf32>
  %half = arith.constant dense<0.5> : vector<16xf32>
  %l = scf.for %j = %c0 to %c256 step %c64 iter_args(%a = %z) -> (vector<16xf32>) {
    %t0 = vector.transfer_read %x[%c0, %j], %pad {in_bounds = [true, true]} : memref<16x256xf32>, vector<16x64xf32>
    %t = iree_vector_ext.to_layout %t0 to layout(#rows) : vector<16x64xf32>
    %s = arith.mulf %half, %a : vector<16xf32>
    %n = vector.multi_reduction <add>, %t, %s [1] : vector<16x64xf32> to vector<16xf32>
    scf.yield %n : vector<16xf32>
  }
  %lb = vector.broadcast %l : vector<16xf32> to vector<64x16xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x16xf32> to vector<16x64xf32>
  vector.transfer_write %lt, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x64xf32>
  return
}
func.func @sum_read(%x: memref<16x256xf32>, %out: memref<16x64xf32>, %o2: memref<16x256xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %z = arith.constant dense<0.0> : vector<16xf32>
  %l = scf.for %j = %c0 to %c256 step %c64 iter_args(%a = %z) -> (vector<16xf32>) {
    %t0 = vector.transfer_read %x[%c0, %j], %pad {in_bounds = [true, true]} : memref<16x256xf32>, vector<16x64xf32>
    %t = iree_vector_ext.to_layout %t0 to layout(#rows) : vector<16x64xf32>
    %ab = vector.broadcast %a : vector<16xf32> to vector<64x16xf32>
    %at = vector.transpose %ab, [1, 0] : vector<64x16xf32> to vector<16x64xf32>
    %u = arith.subf %t, %at : vector<16x64xf32>
    vector.transfer_write %u, %o2[%c0, %j] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x256xf32>
    %n = vector.multi_reduction <add>, %t, %a [1] : vector<16x64xf32> to vector<16xf32>
    scf.yield %n : vector<16xf32>
  }
  %lb = vector.broadcast %l : vector<16xf32> to vector<64x16xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x16xf32> to vector<16x64xf32>
  vector.transfer_write %lt, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x64xf32>
  return
}
