// Ops that do not fuse into one kernel become several, run one after the other on the
// same arguments (tile/split.c).  @two: row sums, x divided by them, then column sums
// of that, a reduction over the other loop: kernel 2.  The division goes with the column
// sums (it fuses with either kernel; there it needs no scratch buffer: the quotient stays
// in registers, the row sums are read back from their result buffer); the PTX header
// names the order (`// vptx: kernel I of N: ...`).
// @pair: two independent GEMMs, one kernel each (no scratch).  @chain: a GEMM whose
// result feeds a second GEMM as A: kernel 2 reads it from the first's result buffer.
// vptx check runs the kernels in order and compares with the op-level reference;
// vptx run writes the results (not the scratch buffer).
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: grep '// vptx: \(kernel\|scratch\)' %t.ptx | %filecheck --check-prefix=HEADER %s
// RUN: %vptx check %s --kernel=two --dim=5,100 | %filecheck --check-prefix=PASS-TWO %s
// RUN: %vptx check %s --kernel=two --dim=37,1500 | %filecheck --check-prefix=PASS-TWO %s
// RUN: %vptx check %s --kernel=pair | %filecheck --check-prefix=PASS-PAIR %s
// RUN: %vptx check %s --kernel=chain --dim=200,72,72,136,136,40 | %filecheck --check-prefix=PASS-CHAIN %s
// RUN: %vptx check --arch=sm_90a %s --kernel=chain --dim=200,72,72,136,136,40 | %filecheck --check-prefix=PASS-CHAIN %s
// RUN: %vptx %s -o %t.a.ptx && %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.a.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// RUN: grep -c '.visible .entry' %t.b.ptx | %filecheck --check-prefix=COUNT %s
// --emit=config puts each kernel's config on its root op (no translation_info: the
// kernels take their own workgroup sizes); pasted back it gives the same PTX.
// RUN: %vptx --emit=config %s -o %t.cfg.mlir && %vptx %t.cfg.mlir -o %t.c.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.c.ptx | awk -f tests/ptxcanon.awk > %t.c && cmp %t.a %t.c
// RUN: not grep translation_info %t.cfg.mlir
// Hand-computed: x = 3 x 4 twos: row sums 8 (f32 0x41000000), x / 8 = 0.25, column sums
// 0.75 (0x3f400000); out/ holds arg0 and the two results, no scratch buffer.
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '$2', 'fortran_order': False, 'shape': ($3), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $4 ]; do printf "$5"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/x.npy '<f4' '3, 4' 12 '\000\000\000\100' && \
// RUN: %vptx run %s --kernel=two %t.d/x.npy --out %t.d/out && ls %t.d/out | %filecheck --check-prefix=FILES %s && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/result0.npy | %filecheck --check-prefix=ROWS %s && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/result1.npy | %filecheck --check-prefix=COLS %s
// FILES: arg0.npy
// FILES-NEXT: result0.npy
// FILES-NEXT: result1.npy
// FILES-NOT: {{.}}
// ROWS: 41000000 41000000 41000000
// COLS: 3f400000 3f400000 3f400000 3f400000
// REMARK: {{[0-9]+}}:11: remark: 'linalg.reduce' (kernel 1 of 2, @two__1) tiles as a reduction kernel
// REMARK-NOT: fused
// REMARK: {{[0-9]+}}:8: remark: 'linalg.generic' starts kernel 2 of 2 of @two, as it does not join kernel 1: 'linalg.reduce' (line {{[0-9]+}}) reduces over loop d0, which the kernel's root ('linalg.reduce' on line {{[0-9]+}}) does not reduce: one kernel reduces over one set of loops
// REMARK: {{[0-9]+}}:11: remark: 'linalg.reduce' (kernel 2 of 2, @two) tiles as a reduction kernel
// REMARK-SAME: fused in registers: 'linalg.generic' (line {{[0-9]+}})
// REMARK: remark: 'linalg.matmul' starts kernel 2 of 2 of @pair, as it does not join kernel 1: 'linalg.matmul' (line {{[0-9]+}}) is a second contraction in the function (the first is line {{[0-9]+}}): one kernel holds one contraction
// HEADER: // vptx: kernel 1 of 2: two__1 two
// HEADER-NEXT: // vptx: kernel 2 of 2: two__1 two
// HEADER-NEXT: // vptx: kernel 1 of 2: pair__1 pair
// HEADER-NEXT: // vptx: kernel 2 of 2: pair__1 pair
// HEADER-NEXT: // vptx: kernel 1 of 2: chain__1 chain
// HEADER-NEXT: // vptx: kernel 2 of 2: chain__1 chain
// PASS-TWO: PASS two (sim vs eval
// PASS-PAIR: PASS pair (sim vs eval
// PASS-CHAIN: PASS chain (sim vs eval
// COUNT: 6
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @two(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %em = tensor.empty(%m) : tensor<?xf32>
  %fm = linalg.fill ins(%z : f32) outs(%em : tensor<?xf32>) -> tensor<?xf32>
  %rows = linalg.reduce { arith.addf } ins(%x : tensor<?x?xf32>) outs(%fm : tensor<?xf32>) dimensions = [1]
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %q = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0)>, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %rows : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %d = arith.divf %a, %s : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %en = tensor.empty(%n) : tensor<?xf32>
  %fn = linalg.fill ins(%z : f32) outs(%en : tensor<?xf32>) -> tensor<?xf32>
  %cols = linalg.reduce { arith.addf } ins(%q : tensor<?x?xf32>) outs(%fn : tensor<?xf32>) dimensions = [0]
  return %rows, %cols : tensor<?xf32>, tensor<?xf32>
}
func.func @pair(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>, %c: tensor<64x64xf32>, %d: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r2 = linalg.matmul ins(%b, %a : tensor<64x64xf16>, tensor<64x64xf16>) outs(%d : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r, %r2 : tensor<64x64xf32>, tensor<64x64xf32>
}
func.func @chain(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %w: tensor<?x?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf16>
  %n = tensor.dim %b, %c1 : tensor<?x?xf16>
  %p = tensor.dim %w, %c1 : tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %h = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %eh = tensor.empty(%m, %n) : tensor<?x?xf16>
  %h16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<?x?xf32>) outs(%eh : tensor<?x?xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x?xf16>
  %e2 = tensor.empty(%m, %p) : tensor<?x?xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %o = linalg.matmul ins(%h16, %w : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %h16, %o : tensor<?x?xf16>, tensor<?x?xf32>
}
