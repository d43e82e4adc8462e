// Kernel grouping (tile/split.c): the fewest kernels the fusion rules allow, not a
// greedy cut in program order.  Each function holds an op between two that fuse, which
// shares no loop with either: in program order that makes three kernels (and, in
// @indep and @gemm_interleave, a scratch buffer for the array the cut separates from its
// reader); grouped by dataflow, two, with the intermediate kept in registers (no scratch
// buffer at all).
//   @interleave       row sums of x, column maxima of y, x times its row sums: the
//                     product joins the row sums' kernel
//   @indep            exp(x), v * v, the row sums of exp(x): exp joins the reduction
//   @gemm_interleave  a GEMM, -v, bias + ReLU on the GEMM: the epilogue joins the GEMM
//   @war              memrefs: r = row sums of c; s = column sums of a (as on entry);
//                     a = c + r[row], in place.  The last op fuses with the row sums,
//                     but it writes a, which the column sums read as it was: that kernel
//                     runs first (the order keeps a read of an argument before the
//                     kernel that writes it back)
// The remarks name each cut and its reason; vptx check runs the kernels in order against
// the op-level reference at ragged sizes.
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: grep -c '.visible .entry' %t.ptx | %filecheck --check-prefix=COUNT %s
// RUN: grep '// vptx: \(kernel\|scratch\)' %t.ptx | %filecheck --check-prefix=HEADER %s
// RUN: %vptx check %s --kernel=interleave --dim=37,1500,100,53 | %filecheck --check-prefix=PASS-A %s
// RUN: %vptx check %s --kernel=interleave --dim=3,5,1,7 | %filecheck --check-prefix=PASS-A %s
// RUN: %vptx check %s --kernel=indep --dim=37,1500,100 | %filecheck --check-prefix=PASS-B %s
// RUN: %vptx check %s --kernel=indep --dim=5,33,1 | %filecheck --check-prefix=PASS-B %s
// RUN: %vptx check %s --kernel=gemm_interleave --dim=200,72,72,136,136,1000 | %filecheck --check-prefix=PASS-C %s
// RUN: %vptx check %s --kernel=war --dim=6,9,6,9,6,9 | %filecheck --check-prefix=PASS-D %s
// RUN: %vptx check %s --kernel=war --dim=130,1030,130,1030,130,1030 | %filecheck --check-prefix=PASS-D %s
// RUN: %vptx check --arch=sm_90a %s --kernel=gemm_interleave --dim=130,40,40,70,70,3 | %filecheck --check-prefix=PASS-C %s
// --emit=vector and --emit=config read back to the same PTX.
// RUN: %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// RUN: %vptx --emit=config %s -o %t.cfg.mlir && %vptx %t.cfg.mlir -o %t.c.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.c.ptx | awk -f tests/ptxcanon.awk > %t.c && cmp %t.a %t.c
// Hand-computed: x = 3 x 4 twos, y = 2 x 5 threes: row sums 8 (0x41000000), column maxima
// 3 (0x40400000), x times 8 = 16 (0x41800000).
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '$2', 'fortran_order': False, 'shape': ($3), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $4 ]; do printf "$5"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/x.npy '<f4' '3, 4' 12 '\000\000\000\100' && npy %t.d/y.npy '<f4' '2, 5' 10 '\000\000\100\100' && \
// RUN: %vptx run %s --kernel=interleave %t.d/x.npy %t.d/y.npy --out %t.d/out && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/result0.npy | %filecheck --check-prefix=ROWS %s && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/result1.npy | %filecheck --check-prefix=COLS %s && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/result2.npy | tr -s ' ' '\n' | grep . | sort | uniq -c | %filecheck --check-prefix=PROD %s
// ROWS: 41000000 41000000 41000000
// COLS: 40400000 40400000 40400000 40400000
// COLS-NEXT: 40400000
// PROD: 12 41800000
// COUNT: 8
// PASS-A: PASS interleave (sim vs eval
// PASS-B: PASS indep (sim vs eval
// PASS-C: PASS gemm_interleave (sim vs eval
// PASS-D: PASS war (sim vs eval, max abs err 0, max rel err 0, exact)
// HEADER-NOT: scratch
// HEADER: // vptx: kernel 1 of 2: interleave__1 interleave
// HEADER-NEXT: // vptx: kernel 2 of 2: interleave__1 interleave
// HEADER-NEXT: // vptx: kernel 1 of 2: indep__1 indep
// HEADER-NEXT: // vptx: kernel 2 of 2: indep__1 indep
// HEADER-NEXT: // vptx: kernel 1 of 2: gemm_interleave__1 gemm_interleave
// HEADER-NEXT: // vptx: kernel 2 of 2: gemm_interleave__1 gemm_interleave
// HEADER-NEXT: // vptx: kernel 1 of 2: war__1 war
// HEADER-NEXT: // vptx: kernel 2 of 2: war__1 war
// REMARK: regroup.mlir:89:11: remark: 'linalg.reduce' (kernel 1 of 2, @interleave__1) tiles as a reduction kernel
// REMARK-SAME: fused in registers: 'linalg.generic' (line 94)
// REMARK: regroup.mlir:92:11: remark: 'linalg.reduce' starts kernel 2 of 2 of @interleave, as it does not join kernel 1: 'linalg.reduce' (line 92) shares no loop with the kernel's root ('linalg.reduce' on line 89)
// REMARK: regroup.mlir:119:8: remark: 'linalg.reduce' (kernel 1 of 2, @indep__1) tiles as a reduction kernel
// REMARK-SAME: fused in registers: 'linalg.generic' (line 110)
// REMARK: regroup.mlir:116:8: remark: 'linalg.map' starts kernel 2 of 2 of @indep, as it does not join kernel 1: 'linalg.map' (line 116) shares no loop with the kernel's root ('linalg.reduce' on line 119)
// REMARK: regroup.mlir:131:9: remark: 'linalg.matmul' (kernel 1 of 2, @gemm_interleave__1) tiles as a contraction kernel
// REMARK-SAME: fused in registers: 'linalg.generic' (line 134)
// REMARK: regroup.mlir:133:8: remark: 'linalg.map' starts kernel 2 of 2 of @gemm_interleave, as it does not join kernel 1: 'linalg.map' (line 133) shares no loop with the kernel's root ('linalg.matmul' on line 131)
// REMARK: regroup.mlir:148:3: remark: 'linalg.reduce' (kernel 1 of 2, @war__1) tiles as a reduction kernel
// REMARK: regroup.mlir:146:3: remark: 'linalg.reduce' starts kernel 2 of 2 of @war, as it does not join kernel 1: 'linalg.reduce' (line 148) reduces over loop d0, which the kernel's root ('linalg.reduce' on line 146) does not reduce
// REMARK: regroup.mlir:146:3: remark: 'linalg.reduce' (kernel 2 of 2, @war) tiles as a reduction kernel
// REMARK-SAME: fused in registers: 'linalg.generic' (line 149)
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @interleave(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %yn = tensor.dim %y, %c1 : tensor<?x?xf32>
  %em = tensor.empty(%m) : tensor<?xf32>
  %fm = linalg.fill ins(%z : f32) outs(%em : tensor<?xf32>) -> tensor<?xf32>
  %rows = linalg.reduce { arith.addf } ins(%x : tensor<?x?xf32>) outs(%fm : tensor<?xf32>) dimensions = [1]
  %en = tensor.empty(%yn) : tensor<?xf32>
  %fn = linalg.fill ins(%z : f32) outs(%en : tensor<?xf32>) -> tensor<?xf32>
  %cols = linalg.reduce { arith.maximumf } ins(%y : tensor<?x?xf32>) outs(%fn : tensor<?xf32>) dimensions = [0]
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %q = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %rows : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %d = arith.mulf %a, %s : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  return %rows, %cols, %q : tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>
}
func.func @indep(%x: tensor<?x?xf32>, %v: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %k = tensor.dim %v, %c0 : tensor<?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<?x?xf32>
  %ek = tensor.empty(%k) : tensor<?xf32>
  %t = linalg.map { arith.mulf } ins(%v, %v : tensor<?xf32>, tensor<?xf32>) outs(%ek : tensor<?xf32>)
  %em = tensor.empty(%m) : tensor<?xf32>
  %fm = linalg.fill ins(%z : f32) outs(%em : tensor<?xf32>) -> tensor<?xf32>
  %u = linalg.reduce { arith.addf } ins(%s : tensor<?x?xf32>) outs(%fm : tensor<?xf32>) dimensions = [1]
  return %t, %u : tensor<?xf32>, tensor<?xf32>
}
func.func @gemm_interleave(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %bias: tensor<?xf32>, %v: tensor<?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf16>
  %n = tensor.dim %b, %c1 : tensor<?x?xf16>
  %k = tensor.dim %v, %c0 : tensor<?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %ek = tensor.empty(%k) : tensor<?xf32>
  %t = linalg.map { arith.negf } ins(%v : tensor<?xf32>) outs(%ek : tensor<?xf32>)
  %r = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %r0 = arith.maximumf %s, %zero : f32
    linalg.yield %r0 : f32
  } -> tensor<?x?xf32>
  return %t, %r : tensor<?xf32>, tensor<?x?xf32>
}
func.func @war(%a: memref<?x?xi32>, %c: memref<?x?xi32>, %r: memref<?xi32>, %s: memref<?xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%r : memref<?xi32>)
  linalg.reduce { arith.addi } ins(%c : memref<?x?xi32>) outs(%r : memref<?xi32>) dimensions = [1]
  linalg.fill ins(%z : i32) outs(%s : memref<?xi32>)
  linalg.reduce { arith.addi } ins(%a : memref<?x?xi32>) outs(%s : memref<?xi32>) dimensions = [0]
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %r : memref<?x?xi32>, memref<?xi32>) outs(%a : memref<?x?xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %q = arith.addi %x, %y : i32
    linalg.yield %q : i32
  }
  return
}
