// Diffable PTX (issue 32): registers and labels are named after the source op that made
// them (ptxgen/names.c), so an edit of one op that changes how many registers it needs
// changes only the lines of that op and of the ops that read its registers.  With the
// old numbering (%f1, %f2, ... per kernel) every later register moved, and these fail.
//
// Each case edits one op, diffs the PTX, and checks (1) that the diff has at most a
// bound of changed lines, which the old numbering exceeded (in brackets: changed lines
// with the names, with the old numbering), and (2) that every changed line, but the
// `// op` comments and lines that name no register or label at all (bar.sync 0;), names
// a register or label of the edited op: its own instructions, its .reg lines, and the
// instructions that read its results.
//
// softmax: %e = math.exp (two instructions an element) made math.exp2 (one): [124, 180]
// RUN: rm -rf %t && mkdir -p %t
// RUN: %vptx examples/softmax.mlir -o %t/s1.ptx && sed 's/%%e = math.exp %%d/%%e = math.exp2 %%d/' examples/softmax.mlir > %t/s2.mlir && ! cmp -s examples/softmax.mlir %t/s2.mlir
// RUN: %vptx %t/s2.mlir -o %t/s2.ptx; diff %t/s1.ptx %t/s2.ptx > %t/sd.txt; test $? = 1
// RUN: n=$(grep -c '^[<>]' %t/sd.txt); echo "softmax $n changed"; test "$n" -le 130
// RUN: grep '^[<>]' %t/sd.txt | { grep -v -E '^[<>]\s*//' || true; } | { grep -v -E '%%(p|rs|r|rd|f|fd)_e_[0-9<]|\$L__softmax_e_[0-9]' || true; } | { grep -E '%%(p|rs|r|rd|f|fd)[_0-9]|\$L__' || true; } | %filecheck --allow-empty --check-prefix=NONE %s
//
// attention: %p = math.exp made math.exp2, inside the loop over the key blocks: [192, 450]
// RUN: %vptx examples/attention.mlir -o %t/a1.ptx && sed 's/%%p = math.exp %%d/%%p = math.exp2 %%d/' examples/attention.mlir > %t/a2.mlir && ! cmp -s examples/attention.mlir %t/a2.mlir
// RUN: %vptx %t/a2.mlir -o %t/a2.ptx; diff %t/a1.ptx %t/a2.ptx > %t/ad.txt; test $? = 1
// RUN: n=$(grep -c '^[<>]' %t/ad.txt); echo "attention $n changed"; test "$n" -le 200
// RUN: grep '^[<>]' %t/ad.txt | { grep -v -E '^[<>]\s*//' || true; } | { grep -v -E '%%(p|rs|r|rd|f|fd)_p_[0-9<]|\$L__attention_p_[0-9]' || true; } | { grep -E '%%(p|rs|r|rd|f|fd)[_0-9]|\$L__' || true; } | %filecheck --allow-empty --check-prefix=NONE %s
//
// GEMM (mma.sync, 64x64): the store of C made bounds-checked in its second dimension
// (in_bounds = [true, false]): predicates, an address per element.  It has no result,
// so its registers are named after its kind and its first operand, `transfer_write$r`:
// [119, 228]
// RUN: %vptx examples/gemm64.mlir -o %t/g1.ptx && sed 's/vector.transfer_write %%r, %%C\[%%c0, %%c0\] {in_bounds = \[true, true\]}/vector.transfer_write %%r, %%C[%%c0, %%c0] {in_bounds = [true, false]}/' examples/gemm64.mlir > %t/g2.mlir && ! cmp -s examples/gemm64.mlir %t/g2.mlir
// RUN: %vptx %t/g2.mlir -o %t/g2.ptx; diff %t/g1.ptx %t/g2.ptx > %t/gd.txt; test $? = 1
// RUN: n=$(grep -c '^[<>]' %t/gd.txt); echo "gemm64 $n changed"; test "$n" -le 125
// RUN: grep '^[<>]' %t/gd.txt | { grep -v -E '^[<>]\s*//' || true; } | { grep -v -E '%%(p|rs|r|rd|f|fd)_transfer_write\$r_[0-9<]|\$L__gemm64_transfer_write\$r_[0-9]' || true; } | { grep -E '%%(p|rs|r|rd|f|fd)[_0-9]|\$L__' || true; } | %filecheck --allow-empty --check-prefix=NONE %s
// The 128x128 GEMM of examples/gemm.mlir, its store made unchecked (in_bounds = [true,
// true]: no predicates, no branches; its staging through shared memory stays): [1425, 1897]
// RUN: %vptx examples/gemm.mlir -o %t/h1.ptx && sed 's/vector.transfer_write %%r, %%C\[%%m0, %%n0\] {in_bounds = \[false, false\]}/vector.transfer_write %%r, %%C[%%m0, %%n0] {in_bounds = [true, true]}/' examples/gemm.mlir > %t/h2.mlir && ! cmp -s examples/gemm.mlir %t/h2.mlir
// RUN: %vptx %t/h2.mlir -o %t/h2.ptx; diff %t/h1.ptx %t/h2.ptx > %t/hd.txt; test $? = 1
// RUN: n=$(grep -c '^[<>]' %t/hd.txt); echo "gemm $n changed"; test "$n" -le 2800
// RUN: grep '^[<>]' %t/hd.txt | { grep -v -E '^[<>]\s*//' || true; } | { grep -v -E '%%(p|rs|r|rd|f|fd)_transfer_write\$r_[0-9<]|\$L__gemm_transfer_write\$r_[0-9]' || true; } | { grep -E '%%(p|rs|r|rd|f|fd)[_0-9]|\$L__' || true; } | %filecheck --allow-empty --check-prefix=NONE %s
// The same GEMM, its pipelined read of A made unchecked (%a, in_bounds = [true, true]):
// the cp.async copies that pipelining makes for it, before and inside the loop, and the
// addresses hoisted for them are named after %a, so nothing else is renamed:
// [2321, 4451]
// RUN: sed 's/%%a = vector.transfer_read %%A\[%%m0, %%k\], %%h {in_bounds = \[false, false\]}/%%a = vector.transfer_read %%A[%%m0, %%k], %%h {in_bounds = [true, true]}/' examples/gemm.mlir > %t/p2.mlir && ! cmp -s examples/gemm.mlir %t/p2.mlir
// RUN: %vptx %t/p2.mlir -o %t/p2.ptx; diff %t/h1.ptx %t/p2.ptx > %t/pd.txt; test $? = 1
// RUN: n=$(grep -c '^[<>]' %t/pd.txt); echo "gemm read $n changed"; test "$n" -le 2400
// RUN: grep '^[<>]' %t/pd.txt | { grep -v -E '^[<>]\s*//' || true; } | { grep -v -E '%%(p|rs|r|rd|f|fd)_a_[0-9<]|\$L__gemm_a_[0-9]' || true; } | { grep -E '%%(p|rs|r|rd|f|fd)[_0-9]|\$L__' || true; } | %filecheck --allow-empty --check-prefix=NONE %s
//
// A store inserted before softmax's store of %r (of %x, into %in): the store of %r keeps
// its names (`transfer_write$r`; with a counter per kind it became `$1`). Other lines
// change for what the new store means (the loads of %in lose .nc; its address is reused).
// RUN: awk 'NR==23{print "  vector.transfer_write %%x, %%in[%%c0, %%c0] {in_bounds = [true, true]} : vector<16x64xf32>, memref<16x64xf32>"} {print}' examples/softmax.mlir > %t/w2.mlir && ! cmp -s examples/softmax.mlir %t/w2.mlir
// RUN: %vptx %t/w2.mlir -o %t/w2.ptx; diff %t/s1.ptx %t/w2.ptx > %t/wd.txt; test $? = 1
// RUN: grep -c 'transfer_write\$x' %t/wd.txt
// RUN: grep '^[<>]' %t/wd.txt | { grep -F 'transfer_write$r' || true; } | %filecheck --allow-empty --check-prefix=NONE %s
// NONE-NOT: {{.}}
//
// The names: an SSA name, a kernel argument, a special register, a result-less op;
// one .reg line per op and class.
// RUN: %vptx examples/softmax.mlir | %filecheck --check-prefix=NAMES %s
// NAMES:      .reg .b64 %rd_in_<2>;
// NAMES:      .reg .b32 %r_tid_x_<1>;
// NAMES:      .reg .f32 %f_e_<32>;
// NAMES:      .reg .b64 %rd_transfer_write$r_<{{[0-9]+}}>;
// NAMES:      ld.param.u64 %rd_in_0, [softmax_param_0];
// NAMES-NEXT: cvta.to.global.u64 %rd_in_1, %rd_in_0;
// NAMES:      mov.u32 %r_tid_x_0, %tid.x;
// NAMES:      ex2.approx.ftz.f32 %f_e_1, %f_e_0;
//
// Names are sanitized into PTX identifiers without collisions: %a.b, %a-b, %a_b and
// %a$b stay four names; ptxas takes them, and the simulator runs them.
// RUN: %vptx %s | %filecheck --check-prefix=SAN %s
// SAN-DAG: %f_a$db_0
// SAN-DAG: %f_a$mb_0
// SAN-DAG: %f_a_b_0
// SAN-DAG: %f_a$$b_0
// RUN: %vptx %s -o %t/san.ptx && %ptxas-verify %t/san.ptx
// RUN: %vptx check %s | %filecheck --check-prefix=PASS %s
// PASS: PASS san
func.func @san(%x: memref<4xf32>, %out: memref<4xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = memref.load %x[%c0] : memref<4xf32>
  %a.b = arith.mulf %v, %v : f32
  %a-b = arith.addf %a.b, %v : f32
  %a_b = arith.subf %a-b, %v : f32
  %a$b = arith.mulf %a_b, %a-b : f32
  memref.store %a.b, %out[%c0] : memref<4xf32>
  memref.store %a-b, %out[%c1] : memref<4xf32>
  memref.store %a_b, %out[%c2] : memref<4xf32>
  memref.store %a$b, %out[%c3] : memref<4xf32>
  return
}
