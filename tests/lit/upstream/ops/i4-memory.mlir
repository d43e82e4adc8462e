// Packed i4 in memory (issue 25): memref<...xi4> kernel arguments, read and written by
// vector.load / vector.store of vectors whose last dim is a multiple of 8, two elements a
// byte on the device (the lower index in the low nibble, as upstream's narrow-type
// emulation packs them). On the host and in the .npy files an i4 is one int8 a byte,
// sign-extended (-8..7); vptx packs the buffers on the way to the device and unpacks them
// on the way back (docs/check-and-run.md). Checked on the simulator against eval of
// Inputs/i4-memory-ref.mlir (a loop over the rows, 8 elements a load) on random inputs,
// and on a fixed input holding every i4 value against arrays written by
// Inputs/i4-memory-gen.py, not by vptx (the EXPECT lines; `vptx run` writes the same
// array back).
//   rows   each thread one row: a 32-element load (16 bytes), extsi, then 3 x trunci
//          back to i4 in two 16-element stores (the second 8 bytes in)
//   cols   a loop over the row 8 elements at a time: the index a loop variable whose
//          step shows it a multiple of 8
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-memory-ref.mlir | %filecheck %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-memory-ref.mlir --kernel=rows --input=a:%S/Inputs/i4-mem-a.npy --expect=o:%S/Inputs/i4-mem-o.npy --expect=b:%S/Inputs/i4-mem-b.npy | %filecheck --check-prefix=EXPECT %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-memory-ref.mlir --kernel=cols --input=a:%S/Inputs/i4-mem-a.npy --expect=o:%S/Inputs/i4-mem-o.npy --expect=b:%S/Inputs/i4-mem-b.npy | %filecheck --check-prefix=EXPECT-COLS %s
// RUN: %vptx run %s --kernel=cols %S/Inputs/i4-mem-a.npy %S/Inputs/i4-mem-o.npy %S/Inputs/i4-mem-a.npy --out %t.d && cmp %t.d/arg2.npy %S/Inputs/i4-mem-b.npy && cmp %t.d/arg0.npy %S/Inputs/i4-mem-a.npy
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: PASS rows
// CHECK: PASS cols
// EXPECT: PASS rows
// EXPECT: PASS rows: argument #1 %o matches
// EXPECT: PASS rows: argument #2 %b matches
// EXPECT-COLS: PASS cols
// EXPECT-COLS: PASS cols: argument #1 %o matches
// EXPECT-COLS: PASS cols: argument #2 %b matches
// PTX-LABEL: .entry rows(
// PTX: shr.u64 [[HALF:%rd_[A-Za-z0-9_$]+]], {{%rd_[A-Za-z0-9_$]+}}, 1;
// PTX: ld.global.nc.v4.b32 {{.*}}, [{{%rd_[A-Za-z0-9_$]+}}];
// PTX: st.global.v2.b32 [{{%rd_[A-Za-z0-9_$]+}}],
// PTX: st.global.v2.b32 [{{%rd_[A-Za-z0-9_$]+}}+8],
// PTX-LABEL: .entry cols(
// PTX: ld.global.nc.b32
func.func @rows(%a: memref<4x32xi4>, %o: memref<4x32xi32>, %b: memref<4x32xi4>)
    attributes {gpu.known_block_size = array<i32: 4, 1, 1>} {
  %t = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %three = arith.constant dense<3> : vector<16xi32>
  %v = vector.load %a[%t, %c0] : memref<4x32xi4>, vector<32xi4>
  %w = arith.extsi %v : vector<32xi4> to vector<32xi32>
  vector.store %w, %o[%t, %c0] : memref<4x32xi32>, vector<32xi32>
  %w0 = vector.extract_strided_slice %w {offsets = [0], sizes = [16], strides = [1]} : vector<32xi32> to vector<16xi32>
  %w1 = vector.extract_strided_slice %w {offsets = [16], sizes = [16], strides = [1]} : vector<32xi32> to vector<16xi32>
  %m0 = arith.muli %w0, %three : vector<16xi32>
  %m1 = arith.muli %w1, %three : vector<16xi32>
  %n0 = arith.trunci %m0 : vector<16xi32> to vector<16xi4>
  %n1 = arith.trunci %m1 : vector<16xi32> to vector<16xi4>
  vector.store %n0, %b[%t, %c0] : memref<4x32xi4>, vector<16xi4>
  vector.store %n1, %b[%t, %c16] : memref<4x32xi4>, vector<16xi4>
  return
}
func.func @cols(%a: memref<4x32xi4>, %o: memref<4x32xi32>, %b: memref<4x32xi4>)
    attributes {gpu.known_block_size = array<i32: 4, 1, 1>} {
  %t = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %three = arith.constant dense<3> : vector<8xi32>
  scf.for %j = %c0 to %c32 step %c8 {
    %v = vector.load %a[%t, %j] : memref<4x32xi4>, vector<8xi4>
    %w = arith.extsi %v : vector<8xi4> to vector<8xi32>
    vector.store %w, %o[%t, %j] : memref<4x32xi32>, vector<8xi32>
    %m = arith.muli %w, %three : vector<8xi32>
    %n = arith.trunci %m : vector<8xi32> to vector<8xi4>
    vector.store %n, %b[%t, %j] : memref<4x32xi4>, vector<8xi4>
  }
  return
}
