// tensor.pad with a constant pad value (defined outside the body, or a constant in it)
// and static or dynamic low / high pads, lowered as upstream decomposes it
// (generalize.c): a tensor.empty of the padded size, a linalg.fill of the pad value,
// and an insert_slice of a linalg.copy of the source at the low pads: two kernels, the
// fill of the whole result, then the copy into its window.  eval evaluates tensor.pad
// itself (the body at each index outside the window), not the decomposition.
// RUN: %vptx %s -o %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: grep '// vptx: result' %t.ptx | %filecheck --check-prefix=HEADER %s
// HEADER: // vptx: result 0 is argument 1 of shape affine_map<()[s0, s1] -> (s0 + 4, s1 + 6)>
// HEADER: // vptx: result 0 is argument 1 of shape affine_map<() -> (6, 10)>
// HEADER: // vptx: result 0 is argument 2 of shape affine_map<()[s0] -> (s0 + 4)>
// HEADER: // vptx: result 0 is argument 2 of shape affine_map<()[s0] -> (s0 + 9)>
// RUN: %vptx check %s --kernel=pad --dim=5,3 | %filecheck --check-prefix=PAD %s
// RUN: %vptx check %s --kernel=pad --dim=1,1 | %filecheck --check-prefix=PAD %s
// RUN: %vptx check %s --kernel=pad --dim=67,301 | %filecheck --check-prefix=PAD %s
// PAD: PASS pad (sim vs eval
// RUN: %vptx check %s --kernel=pads | %filecheck --check-prefix=PADS %s
// PADS: PASS pads (sim vs eval
// RUN: %vptx check %s --kernel=padv --dim=9 | %filecheck --check-prefix=PADV %s
// RUN: %vptx check %s --kernel=padv --dim=1000 | %filecheck --check-prefix=PADV %s
// PADV: PASS padv (sim vs eval, max abs err 0, max rel err 0, exact)
// RUN: %vptx check %s --kernel=padds --scalar=3 | %filecheck --check-prefix=PADDS %s
// RUN: %vptx check %s --kernel=padds --scalar=0 | %filecheck --check-prefix=PADDS %s
// PADDS: PASS padds (sim vs eval
// Hand-computed: a 2 x 3 array of ones padded with zeros by low [1, 2], high [3, 4].
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: h="{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"; \
// RUN: while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN: { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:   printf '%%s\n' "$h"; i=0; while [ $i -lt 6 ]; do printf '\000\000\200\077'; i=$((i + 1)); done; } > %t.d/x.npy && \
// RUN: %vptx run %s --kernel=pad %t.d/x.npy --out %t.d/o && \
// RUN: head -c 128 %t.d/o/result0.npy | %filecheck --check-prefix=SHAPE %s && \
// RUN: od -An -tf4 -w36 -v -j 128 %t.d/o/result0.npy | tr -s ' ' | %filecheck --check-prefix=VALUES %s
// SHAPE: 'shape': (6, 9)
// VALUES: {{^}} 0 0 0 0 0 0 0 0 0{{$}}
// VALUES-NEXT: {{^}} 0 0 1 1 1 0 0 0 0{{$}}
// VALUES-NEXT: {{^}} 0 0 1 1 1 0 0 0 0{{$}}
// VALUES-NEXT: {{^}} 0 0 0 0 0 0 0 0 0{{$}}
// VALUES-NEXT: {{^}} 0 0 0 0 0 0 0 0 0{{$}}
// VALUES-NEXT: {{^}} 0 0 0 0 0 0 0 0 0{{$}}
// The textual form reads back as written; the vector program to the same PTX.
// RUN: %vptx --emit=mlir %s -o %t.m.mlir && %vptx --emit=mlir %t.m.mlir | diff %t.m.mlir -
// RUN: %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// Dynamic dims padded by dynamic amounts: the padded size adds three argument sizes
// (the dim and both pads; it was a located error), in the header the launchers evaluate.
// RUN: %vptx %S/Inputs/pad-dynamic-both.mlir -o %t.dyn.ptx
// RUN: %ptxas-verify %t.dyn.ptx
// RUN: grep '// vptx: result' %t.dyn.ptx | %filecheck --check-prefix=DYN %s
// DYN: // vptx: result 0 is argument 3 of shape affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>
// DYN: // vptx: result 0 is argument 3 of shape affine_map<()[s0, s1, s2, s3] -> (s0 + s1 + s2, s3 + s1 + 1)>
// RUN: %vptx check %S/Inputs/pad-dynamic-both.mlir --kernel=padd --dim=1000 --scalar=3 --scalar=700 | %filecheck --check-prefix=DYNPASS %s
// RUN: %vptx check %S/Inputs/pad-dynamic-both.mlir --kernel=padd --dim=5 --scalar=0 --scalar=2 | %filecheck --check-prefix=DYNPASS %s
// RUN: %vptx check %S/Inputs/pad-dynamic-both.mlir --kernel=padd2 --dim=13,9 --scalar=3 --scalar=5 | %filecheck --check-prefix=DYNPASS %s
// RUN: %vptx check %S/Inputs/pad-dynamic-both.mlir --kernel=padd2 --dim=100,70 --scalar=0 --scalar=33 | %filecheck --check-prefix=DYNPASS %s
// DYNPASS: PASS padd
// Hand-computed: 3 ones padded by low 2, high 1: 0 0 1 1 1 0.
// RUN: rm -rf %t.e && mkdir -p %t.e && \
// RUN: h="{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }"; \
// RUN: while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN: { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:   printf '%%s\n' "$h"; i=0; while [ $i -lt 3 ]; do printf '\000\000\200\077'; i=$((i + 1)); done; } > %t.e/x.npy && \
// RUN: %vptx run %S/Inputs/pad-dynamic-both.mlir --kernel=padd %t.e/x.npy 2 1 --out %t.e/o && \
// RUN: od -An -tf4 -w24 -v -j 128 %t.e/o/result0.npy | tr -s " " | %filecheck --check-prefix=DYNVAL %s
// DYNVAL: {{^}} 0 0 1 1 1 0{{$}}
// RUN: not %vptx %S/Inputs/pad-index-value.mlir 2>&1 | %filecheck --check-prefix=IDX %s
// IDX: pad-index-value.mlir:3:8: error: 'tensor.pad' pads with a value computed from the indices: the op level lowers a pad value defined outside the body or a constant (yield that)
// Remarks name the user's op at its location, and which part of it a kernel is: not
// the fill, copy and insert_slice it decomposes into.
// RUN: %vptx --remarks %s -o %t.r.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %vptx --remarks %s -o %t.r.ptx 2>&1 | not grep -E "'(linalg.fill|linalg.copy|linalg.generic|tensor.insert_slice|tensor.empty)'"
func.func @pad(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %cst = arith.constant 0.0 : f32
  // REMARK: pad.mlir:[[@LINE+3]]:8: remark: 'tensor.pad' (its fill of the padded result) (kernel 1 of 2, @pad__1) tiles as an elementwise kernel
  // REMARK-NEXT: tensor.pad
  // REMARK: pad.mlir:[[@LINE+1]]:8: remark: 'tensor.pad' (its copy of the source) starts kernel 2 of 2 of @pad, as it does not join kernel 1: 'tensor.pad' (its fill of the padded result) (line [[@LINE+1]])
  %p = tensor.pad %x low[1, 2] high[3, 4] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}
func.func @pads(%x: tensor<5x7xf32>) -> tensor<6x10xf32> {
  %p = tensor.pad %x low[0, 3] high[1, 0] {
  ^bb0(%i: index, %j: index):
    %c = arith.constant -2.5 : f32
    tensor.yield %c : f32
  } : tensor<5x7xf32> to tensor<6x10xf32>
  return %p : tensor<6x10xf32>
}
func.func @padv(%x: tensor<?xi32>, %v: i32) -> tensor<?xi32> {
  %p = tensor.pad %x low[4] high[0] {
  ^bb0(%i: index):
    tensor.yield %v : i32
  } : tensor<?xi32> to tensor<?xi32>
  return %p : tensor<?xi32>
}
func.func @padds(%x: tensor<7xf32>, %lo: index) -> tensor<?xf32> {
  %cst = arith.constant 1.5 : f32
  %p = tensor.pad %x low[%lo] high[2] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<7xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}
