// --grid and --block of vptx run X.mlir and vptx check take values up to 2^31 - 1 (the
// device refuses more) and never cut them to 32 bits: --grid=4294967297 used to run a
// grid of 1.
// RUN: printf "\x93NUMPY\x01\x00\x3a\x00{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\n0123456789abcdef" > %t.npy && \
// RUN: not %vptx run %s %t.npy --grid=4294967297 --out %t.d 2>&1 | %filecheck --check-prefix=OUT %s
// OUT: vptx run: error: bad --grid
// RUN: not %vptx check %s --backend=sim --grid=4294967297 2>&1 | %filecheck --check-prefix=CHECKCMD %s
// CHECKCMD: vptx check: error: bad value '4294967297' for --grid
// RUN: not %vptx run %s %t.npy --grid=2147483648 --out %t.d 2>&1 | %filecheck --check-prefix=OUT %s
func.func @k(%a: memref<4xf32>) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  return
}
