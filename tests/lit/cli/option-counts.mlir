// Counts on the command line (--shared, --grid, --block, --seed, --count, ...) are
// decimal digits or 0x hex digits: no sign (strtoul takes "-1" as 2^64 - 1), no blank,
// no octal (010 is ten), nothing after the number, and within the option's range.
// Each bad one is an error that names the option and the value.
// RUN: %vptx %s -o %t.ptx
// RUN: not %vptx run %t.ptx --grid 1 --shared=-1 2>&1 | %filecheck --check-prefix=SHARED %s
// RUN: not %vptx run %t.ptx --grid 1 --shared= 2>&1 | %filecheck --check-prefix=SHAREDNONE %s
// RUN: not %vptx run %t.ptx --grid 1 --shared=4294967296 2>&1 | %filecheck --check-prefix=SHARED-BIG %s
// RUN: not %vptx run %s --shared=12k 2>&1 | %filecheck --check-prefix=SHARED-MLIR %s
// RUN: not %vptx run %t.ptx --grid=1,-1 2>&1 | %filecheck --check-prefix=GRID %s
// RUN: not %vptx run %t.ptx --grid=+2 2>&1 | %filecheck --check-prefix=GRID-PLUS %s
// RUN: not %vptx run %t.ptx --grid=1 --block=" 32" 2>&1 | %filecheck --check-prefix=BLOCK %s
// RUN: not %vptx run %t.ptx --grid=1 --persistent-ctas=0x 2>&1 | %filecheck --check-prefix=CTAS %s
// RUN: not %vptx check %s --seed=-1 2>&1 | %filecheck --check-prefix=SEED %s
// RUN: not %vptx check %s --shared=1e3 2>&1 | %filecheck --check-prefix=CHECK-SHARED %s
// RUN: not %vptx fuzz-diff --count=-1 2>&1 | %filecheck --check-prefix=FUZZ-COUNT %s
// RUN: not %vptx fuzz-diff --count=1 --timeout=10s 2>&1 | %filecheck --check-prefix=FUZZ-TIMEOUT %s
// The good spellings: decimal, 0x, and 010 as ten.
// RUN: %vptx fuzz-diff --count=0x1 --seed 010 | %filecheck --check-prefix=FUZZ-GOOD %s
// RUN: %vptx check %s --seed=0x10 --shared=0 | %filecheck --check-prefix=CHECK-GOOD %s
// SHARED: vptx run: error: bad --shared '-1' (want bytes: 0 to 2147483647, decimal or 0x)
// SHAREDNONE: vptx run: error: bad --shared '' (want bytes
// SHARED-BIG: vptx run: error: bad --shared '4294967296' (want bytes
// SHARED-MLIR: vptx run: error: bad --shared (want bytes: 0 to 2147483647, decimal or 0x): 12k
// GRID: vptx run: error: bad --grid '1,-1' (want X[,Y[,Z]])
// GRID-PLUS: vptx run: error: bad --grid '+2' (want X[,Y[,Z]])
// BLOCK: vptx run: error: bad --block ' 32' (want X[,Y[,Z]])
// CTAS: vptx run: error: bad --persistent-ctas '0x' (want 1 to 1048576)
// SEED: vptx check: error: bad value '-1' for --seed
// CHECK-SHARED: vptx check: error: bad value '1e3' for --shared
// FUZZ-COUNT: vptx fuzz-diff: error: bad value '-1' for --count (want a count, decimal or 0x
// FUZZ-TIMEOUT: vptx fuzz-diff: error: bad value '10s' for --timeout
// FUZZ-GOOD: fuzz-diff: 1 kernels, {{.*}}(seed 10)
// CHECK-GOOD: PASS scale
func.func @scale(%x: memref<64xf32>, %out: memref<64xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<64xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<64xf32>, vector<64xf32>
  %r = arith.mulf %v, %two : vector<64xf32>
  vector.transfer_write %r, %out[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}
