// check's inputs: the grid (one workgroup per row, gpu.block_id), a dynamic dim
// (--dim) and a scalar argument (--scalar, else drawn from the seed), and the error when
// a dynamic dim is missing.
// RUN: %vptx check %s --backend=sim --grid=4 --dim=4 --scalar=0.5 | %filecheck %s
// RUN: %vptx check %s --backend=sim --grid=4 --dim=4 --scalar=0.5 --seed=7 | %filecheck %s
// RUN: not %vptx check %s --backend=sim --grid=4 --scalar=0.5 2>&1 | %filecheck --check-prefix=NODIM %s
// RUN: %vptx check %s --backend=sim --grid=4 --dim=4 2>&1 | %filecheck --check-prefix=NOSCALAR %s
// RUN: not %vptx check %s --backend=sim --grid=4 --dim=4 --scalar=0.5 --block=0 2>&1 | %filecheck --check-prefix=BADBLOCK %s
// CHECK: PASS axpy_rows (sim vs eval, max abs err {{.*}}, max rel err {{.*}})
// NODIM: vptx check: error: {{.*}}argument #0 %x has a dynamic dim: give its size with --dim N
// NOSCALAR: scalar #2 %s : f32 = {{.*}} (drawn with seed 1; --scalar V sets it)
// NOSCALAR-NEXT: PASS axpy_rows
// BADBLOCK: vptx check: error: bad value '0' for --block
func.func @axpy_rows(%x: memref<?x64xf32>, %y: memref<?x64xf32>, %s: f32)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %row = gpu.block_id x
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %x[%row, %c0], %pad {in_bounds = [true]} : memref<?x64xf32>, vector<64xf32>
  %b = vector.transfer_read %y[%row, %c0], %pad {in_bounds = [true]} : memref<?x64xf32>, vector<64xf32>
  %sb = vector.broadcast %s : f32 to vector<64xf32>
  %r = vector.fma %a, %sb, %b : vector<64xf32>
  vector.transfer_write %r, %y[%row, %c0] {in_bounds = [true]} : vector<64xf32>, memref<?x64xf32>
  return
}
