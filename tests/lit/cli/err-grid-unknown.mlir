// No silent default for the grid: a kernel that reads gpu.block_id and has no
// gpu.known_grid_size runs under `vptx check` / `vptx run` only with --grid; without it
// the error points at the gpu.block_id (it used to run one workgroup and exit 0, having
// written 1 of 8 rows).
// RUN: not %vptx check %s --dim=8 2>&1 | %filecheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %vptx run %s %S/Inputs/rows8x64.npy --out=%t 2>&1 | %filecheck %s
// RUN: test ! -e %t/arg0.npy
// CHECK: err-grid-unknown.mlir:[[@LINE+9]]:10: error: kernel 'rows' reads the workgroup id, but its grid is not known: give --grid=X[,Y[,Z]] or add `gpu.known_grid_size = array<i32: X, Y, Z>` to its attributes
// With the grid, every row is written:
// RUN: %vptx check %s --dim=8 --grid=8 | %filecheck --check-prefix=PASS %s
// RUN: %vptx run %s %S/Inputs/rows8x64.npy --out=%t --grid=8 && od -v -A n -t f4 -j 128 %t/arg0.npy | tail -n 1 | %filecheck --check-prefix=ROW7 %s
// PASS: PASS rows
// ROW7: 8 8 8 8
func.func @rows(%x: memref<?x64xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %row = gpu.block_id x
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<64xf32>
  %a = vector.transfer_read %x[%row, %c0], %pad {in_bounds = [true]} : memref<?x64xf32>, vector<64xf32>
  %r = arith.addf %a, %one : vector<64xf32>
  vector.transfer_write %r, %x[%row, %c0] {in_bounds = [true]} : vector<64xf32>, memref<?x64xf32>
  return
}
