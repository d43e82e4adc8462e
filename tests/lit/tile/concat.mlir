// A concatenation along a dynamic dim: the result's size %na + %nb adds two argument
// sizes (it was a located error), and the two inserts are disjoint because the second
// starts where the first, from 0, ends (the same SSA value; graph.c, concat_halves):
// a fill kernel, then the two copies into their windows.  vptx check compares with eval
// at ragged sizes; the values are hand-computed too.
// RUN: %vptx %s -o %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: grep -E '// vptx: (result|kernel)' %t.ptx | %filecheck --check-prefix=HEADER %s
// HEADER: // vptx: result 0 is argument 2 of shape affine_map<()[s0, s1, s2] -> ({{s[0-9]}}, {{s[0-9] \+ s[0-9]}})>
// HEADER: // vptx: kernel 3 of 3: concat__1 concat__2 concat
// RUN: %vptx check %s --dim=13,9,13,21 | %filecheck %s
// RUN: %vptx check %s --dim=130,1,130,300 | %filecheck %s
// RUN: %vptx check %s --dim=1,600,1,5 | %filecheck %s
// CHECK: PASS concat (sim vs eval, max abs err 0
// Hand-computed: a = 2 x 1 of ones, b = 2 x 2 of twos: rows [1 2 2].
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '$2', 'fortran_order': False, 'shape': ($3), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $4 ]; do printf "$5"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/a.npy '<f4' '2, 1' 2 '\000\000\200\077' && \
// RUN: npy %t.d/b.npy '<f4' '2, 2' 4 '\000\000\000\100' && \
// RUN: %vptx run %s %t.d/a.npy %t.d/b.npy --out %t.d/out && \
// RUN: head -c 128 %t.d/out/result0.npy | %filecheck --check-prefix=SHAPE %s && \
// RUN: od -An -tf4 -w12 -v -j 128 %t.d/out/result0.npy | tr -s ' ' | %filecheck --check-prefix=VALUES %s
// SHAPE: 'shape': (2, 3)
// VALUES: {{^}} 1 2 2{{$}}
// VALUES-NEXT: {{^}} 1 2 2{{$}}
// VALUES-NOT: {{.}}
func.func @concat(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %na = tensor.dim %a, %c1 : tensor<?x?xf32>
  %nb = tensor.dim %b, %c1 : tensor<?x?xf32>
  %n = arith.addi %na, %nb : index
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %ea = tensor.empty(%m, %na) : tensor<?x?xf32>
  %ca = linalg.copy ins(%a : tensor<?x?xf32>) outs(%ea : tensor<?x?xf32>) -> tensor<?x?xf32>
  %eb = tensor.empty(%m, %nb) : tensor<?x?xf32>
  %cb = linalg.copy ins(%b : tensor<?x?xf32>) outs(%eb : tensor<?x?xf32>) -> tensor<?x?xf32>
  %i1 = tensor.insert_slice %ca into %f[0, 0] [%m, %na] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  %i2 = tensor.insert_slice %cb into %i1[0, %na] [%m, %nb] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %i2 : tensor<?x?xf32>
}
