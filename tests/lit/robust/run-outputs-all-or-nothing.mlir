// A failed `vptx run` writes no array: every DIR/argN.npy is staged in a temporary
// file and they are renamed together at the end.  Here arg1.npy cannot be written
// (it is a folder): arg0.npy keeps its old contents and no temporary file is left.
// RUN: rm -rf %t.d && mkdir -p %t.d/arg1.npy && echo old > %t.d/arg0.npy && \
// RUN: printf "\x93NUMPY\x01\x00\x3a\x00{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\n0123456789abcdef" > %t.npy && \
// RUN: not %vptx run %s %t.npy %t.npy --out %t.d 2>&1 | %filecheck %s && \
// RUN: test "$(cat %t.d/arg0.npy)" = old && test "$(ls %t.d)" = "$(printf 'arg0.npy\narg1.npy')"
// CHECK: vptx run: error: cannot write {{.*}}.d/arg1.npy: Is a directory (no array was written)
// The same for `vptx run KERNEL.ptx`:
// RUN: %vptx %s -o %t.ptx && not %vptx run %t.ptx --grid 1 --block 1 %t.npy %t.npy --out %t.d 2>&1 | \
// RUN:   %filecheck %s && test "$(cat %t.d/arg0.npy)" = old && test "$(ls %t.d)" = "$(printf 'arg0.npy\narg1.npy')"
// When every array can be written, all are:
// RUN: rmdir %t.d/arg1.npy && %vptx run %s %t.npy %t.npy --out %t.d && test "$(head -c 6 %t.d/arg0.npy | tail -c 5)" = NUMPY && \
// RUN: test "$(head -c 6 %t.d/arg1.npy | tail -c 5)" = NUMPY
func.func @k(%a: memref<4xf32>, %b: memref<4xf32>) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 2.0 : f32
  %i = arith.constant 1 : index
  memref.store %v, %a[%i] : memref<4xf32>
  memref.store %v, %b[%i] : memref<4xf32>
  return
}
