// An elementwise op whose result two kernels read is computed again in the second one
// rather than written to a scratch buffer by the first (split.c, duplicate_ops) when it
// is cheap: at most 16 body ops, its inputs arguments, fills or arrays that kernel
// computes.  @dup: q = 2x + x feeds row sums (kernel 1) and column sums (kernel 2, which
// cannot join a row reduction): each kernel computes q from x, and no scratch buffer is
// left (there was a 2-D one before).  @long: the same with a body of 17 ops, over the
// bound: q goes through a scratch buffer as before.  vptx check compares both with eval
// at ragged sizes; @dup's sums are also hand-computed.
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx check %s --kernel=dup --dim=37,150 | %filecheck %s
// RUN: %vptx check %s --kernel=dup --dim=100,1030 | %filecheck %s
// RUN: %vptx check %s --kernel=long --dim=37,150 | %filecheck %s
// Hand-computed: @dup with x = 2 x 3 ones: q = 3, row sums 9 (f32 0x41100000), column
// sums 6 (0x40c00000).
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '$2', 'fortran_order': False, 'shape': ($3), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $4 ]; do printf "$5"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/x.npy '<f4' '2, 3' 6 '\000\000\200\077' && \
// RUN: %vptx run %s --kernel=dup %t.d/x.npy --out %t.d/out && \
// RUN: { od -An -tx4 -v -j 128 %t.d/out/result0.npy; od -An -tx4 -v -j 128 %t.d/out/result1.npy; } | %filecheck --check-prefix=OUT %s
// OUT: 41100000 41100000
// OUT-NEXT: 40c00000 40c00000 40c00000
// OUT-NOT: {{.}}
// CHECK: PASS
// REMARK: remark: 'linalg.reduce' starts kernel 2 of 2 of @dup
// REMARK: [[@LINE+18]]:8: remark: 'linalg.generic' is computed again in kernel 2 of 2 of @dup rather than read from a scratch buffer another kernel writes: an elementwise op of 3 body ops (at most 16) whose inputs are arguments, fills or computed in this kernel
// REMARK: remark: 'linalg.reduce' (kernel 2 of 2, @dup) tiles as a reduction kernel {{.*}}; fused in registers: 'linalg.generic' (line [[@LINE+17]])
// REMARK: remark: 'linalg.reduce' starts kernel 2 of 2 of @long
// REMARK-NOT: computed again
// PTX-LABEL: // vptx: kernel 1 of 2: dup__1 dup
// PTX-NOT: // vptx: scratch
// PTX: // vptx: kernel 2 of 2: dup__1 dup
// PTX: // vptx: scratch 0 is argument 3 of shape affine_map<()[s0, s1] -> (s0, s1)>
// PTX-NEXT: // vptx: kernel 1 of 2: long__1 long
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dup(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %two : f32
    %d1 = arith.addf %d, %a : f32
    linalg.yield %d1 : f32
  } -> tensor<?x?xf32>
  %em = tensor.empty(%m) : tensor<?xf32>
  %fm = linalg.fill ins(%z : f32) outs(%em : tensor<?xf32>) -> tensor<?xf32>
  %rows = linalg.reduce { arith.addf } ins(%q : tensor<?x?xf32>) outs(%fm : tensor<?xf32>) dimensions = [1]
  %en = tensor.empty(%n) : tensor<?xf32>
  %fn = linalg.fill ins(%z : f32) outs(%en : tensor<?xf32>) -> tensor<?xf32>
  %cols = linalg.reduce { arith.addf } ins(%q : tensor<?x?xf32>) outs(%fn : tensor<?xf32>) dimensions = [0]
  return %rows, %cols : tensor<?xf32>, tensor<?xf32>
}
func.func @long(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %h = arith.constant 0.5 : f32
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v1 = arith.mulf %a, %h : f32
    %v2 = arith.addf %v1, %a : f32
    %v3 = arith.mulf %v2, %h : f32
    %v4 = arith.addf %v3, %a : f32
    %v5 = arith.mulf %v4, %h : f32
    %v6 = arith.addf %v5, %a : f32
    %v7 = arith.mulf %v6, %h : f32
    %v8 = arith.addf %v7, %a : f32
    %v9 = arith.mulf %v8, %h : f32
    %v10 = arith.addf %v9, %a : f32
    %v11 = arith.mulf %v10, %h : f32
    %v12 = arith.addf %v11, %a : f32
    %v13 = arith.mulf %v12, %h : f32
    %v14 = arith.addf %v13, %a : f32
    %v15 = arith.mulf %v14, %h : f32
    %v16 = arith.addf %v15, %a : f32
    linalg.yield %v16 : f32
  } -> tensor<?x?xf32>
  %em = tensor.empty(%m) : tensor<?xf32>
  %fm = linalg.fill ins(%z : f32) outs(%em : tensor<?xf32>) -> tensor<?xf32>
  %rows = linalg.reduce { arith.addf } ins(%q : tensor<?x?xf32>) outs(%fm : tensor<?xf32>) dimensions = [1]
  %en = tensor.empty(%n) : tensor<?xf32>
  %fn = linalg.fill ins(%z : f32) outs(%en : tensor<?xf32>) -> tensor<?xf32>
  %cols = linalg.reduce { arith.addf } ins(%q : tensor<?x?xf32>) outs(%fn : tensor<?xf32>) dimensions = [0]
  return %rows, %cols : tensor<?xf32>, tensor<?xf32>
}
