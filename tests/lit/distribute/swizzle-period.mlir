// The XOR swizzle of a staged buffer repeats every P * X rows (ldmatrix.c,
// dist_swizzle_col: chunk q of row r is stored at q ^ ((r / P) % X)), so accesses 16 or
// 32 rows apart share one swizzle value and differ by a constant that ptxas folds into
// the instruction's [r+imm] (examples/gemm64.mlir: 208 -> 176 SASS instructions,
// docs/ptxgen.md).  gemm64 stages A (64 x 32 f16 a stage: 4 chunks a row, P = 2, X = 4,
// period 8 rows) and B (32 x 64: 8 chunks, P = 1, X = 8, period 8).  Distinct swizzled
// columns a thread needs: A's two cp.async rows (tid/4 and +32) share one; A's ldmatrix
// rows for the two m16 tiles (+16) share one per k half, two k halves: 2; B's cp.async
// rows (tid/8 and +16): one; B's ldmatrix rows for the two k16 steps (+16) share one
// per n16 pair, two pairs: 2.  So 6 xor.b32 in all (12 when each access computed its
// own); the results are checked against the evaluator.
// RUN: %vptx --emit=ptx --arch=sm_80 %S/../../../examples/gemm64.mlir -o %t.ptx && %ptxas-verify %t.ptx
// RUN: awk '/^\txor[.]b32/ { n++ } END { print "xor " n }' %t.ptx | %filecheck %s
// RUN: %vptx check %S/../../../examples/gemm64.mlir | %filecheck --check-prefix=OK %s
// CHECK: xor 6{{$}}
// OK: PASS gemm64 (sim vs eval, max abs err 0,
