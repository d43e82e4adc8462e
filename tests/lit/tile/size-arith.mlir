// Sizes computed with index arithmetic on dims: arith.addi / subi / muli of a tensor.dim
// (or an index argument) and constants, as tensor.pad's `%n + lo + hi` and front ends
// write them.  They size the loops, the result buffers (`// vptx: result`), the grid and
// the launchers (vptx run, vptx check) as affine maps of the argument sizes; the kernel
// computes them in its prologue.  It was the error "has loop d0 whose size is no
// argument's dim and no index argument".  eval runs the op-level function on its own.
// RUN: %vptx %s -o %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: grep '// vptx: \(grid\|result\)' %t.ptx | %filecheck --check-prefix=HEADER %s
// HEADER: // vptx: grid affine_map<()[s0] -> ((s0 + 5) ceildiv 512, 1, 1)>
// HEADER-NEXT: // vptx: result 0 is argument 1 of shape affine_map<()[s0] -> (s0 + 5)>
// HEADER-NEXT: // vptx: grid affine_map<()[s0, s1] -> ((s0 + 4) * (s1 * 4 - 3) ceildiv 512, 1, 1)>
// HEADER-NEXT: // vptx: result 0 is argument 1 of shape affine_map<()[s0, s1] -> (s0 + 4, s1 * 4 - 3)>
// HEADER: // vptx: result 0 is argument 1 of shape affine_map<()[s0, s1] -> (s1 + 4, s0 * 4 - 3)>
// RUN: %vptx check %s --kernel=grow --dim=7 | %filecheck --check-prefix=GROW %s
// RUN: %vptx check %s --kernel=grow --dim=1 | %filecheck --check-prefix=GROW %s
// RUN: %vptx check %s --kernel=grow --dim=1000 | %filecheck --check-prefix=GROW %s
// GROW: PASS grow (sim vs eval
// RUN: %vptx check %s --kernel=padlike --dim=5,3 | %filecheck --check-prefix=PAD %s
// RUN: %vptx check %s --kernel=padlike --dim=67,301 | %filecheck --check-prefix=PAD %s
// RUN: %vptx check %s --kernel=padlike --dim=1,2 | %filecheck --check-prefix=PAD %s
// PAD: PASS padlike (sim vs eval
// eval checks the slice against the computed size on its own: 4 * 1 - 3 = 1 columns
// cannot hold the source at column 2.
// RUN: not %vptx check %s --kernel=padlike --dim=1,1 2>&1 | %filecheck --check-prefix=OOB %s
// OOB: error: 'tensor.insert_slice' index 2 is out of bounds for dimension 1 of size 1
// Hand-computed: a 2 x 3 array of ones inside a 6 x 9 one of sevens at row 1, column 2.
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: h="{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"; \
// RUN: while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN: { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:   printf '%%s\n' "$h"; i=0; while [ $i -lt 6 ]; do printf '\000\000\200\077'; i=$((i + 1)); done; } > %t.d/x.npy && \
// RUN: %vptx run %s --kernel=padlike %t.d/x.npy --out %t.d/o && \
// RUN: head -c 128 %t.d/o/result0.npy | %filecheck --check-prefix=SHAPE %s && \
// RUN: od -An -tf4 -w36 -v -j 128 %t.d/o/result0.npy | tr -s ' ' | %filecheck --check-prefix=VALUES %s
// SHAPE: 'shape': (6, 9)
// VALUES: {{^}} 7 7 7 7 7 7 7 7 7{{$}}
// VALUES-NEXT: {{^}} 7 7 1 1 1 7 7 7 7{{$}}
// VALUES-NEXT: {{^}} 7 7 1 1 1 7 7 7 7{{$}}
// VALUES-NEXT: {{^}} 7 7 7 7 7 7 7 7 7{{$}}
// VALUES-NEXT: {{^}} 7 7 7 7 7 7 7 7 7{{$}}
// VALUES-NEXT: {{^}} 7 7 7 7 7 7 7 7 7{{$}}
// The vector program reads back to the same PTX.
// RUN: %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// Two dynamic sizes added (it was a located error): a sum of two symbols in the grid and
// the result's shape, which the launchers evaluate; a result of n + m ones.
// RUN: %vptx %S/Inputs/size-arith-two.mlir -o %t.two.ptx
// RUN: grep -E '// vptx: (grid|result)' %t.two.ptx | %filecheck --check-prefix=TWO %s
// TWO: // vptx: grid affine_map<()[s0, s1] -> ((s0 + s1) ceildiv 512, 1, 1)>
// TWO: // vptx: result 0 is argument 1 of shape affine_map<()[s0, s1] -> (s0 + s1)>
// RUN: %vptx check %S/Inputs/size-arith-two.mlir --dim=5,7 | %filecheck --check-prefix=TWOPASS %s
// RUN: %vptx check %S/Inputs/size-arith-two.mlir --dim=500,700 | %filecheck --check-prefix=TWOPASS %s
// TWOPASS: PASS two (sim vs eval, max abs err 0
func.func @grow(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.addi %n, %c5 : index
  %e = tensor.empty(%m) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %v = arith.sitofp %ii : i32 to f32
    linalg.yield %v : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @padlike(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %n1 = arith.addi %c1, %n : index
  %n4 = arith.addi %n1, %c3 : index
  %m2 = arith.muli %m, %c4 : index
  %m3 = arith.subi %m2, %c3 : index
  %cst = arith.constant 7.0 : f32
  %e = tensor.empty(%n4, %m3) : tensor<?x?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e2 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %c = linalg.copy ins(%x : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = tensor.insert_slice %c into %f[1, 2] [%n, %m] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
