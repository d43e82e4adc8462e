// `vptx run` on an op-level kernel: the ARGs are the function's parameters only; the
// tensor result gets a buffer of the shape its sizes give and is written as
// result0.npy, and the grid and block come from the kernel (no --grid, no --block).
// x = 3 x 100 twos: every softmax output is 1/100 (f32 0x3c23d70a).  The PTX runs the
// same way from its header lines, given the sizes at their parameters.
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '$2', 'fortran_order': False, 'shape': ($3), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $4 ]; do printf "$5"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/x.npy '<f4' '3, 100' 300 '\000\000\000\100' && \
// RUN: npy %t.d/r.npy '<f4' '3, 100' 300 '\000\000\000\000' && \
// RUN: %vptx run %s %t.d/x.npy --out %t.d/out && ls %t.d/out | %filecheck --check-prefix=FILES %s && \
// RUN: head -c 128 %t.d/out/result0.npy | %filecheck --check-prefix=HEADER %s && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/result0.npy | tr -s ' ' '\n' | grep . | sort | uniq -c | %filecheck %s
// RUN: %vptx %s -o %t.ptx && %vptx run %t.ptx %t.d/x.npy 3 100 %t.d/r.npy 3 100 --out %t.d/ptx && \
// RUN: od -An -tx4 -v -j 128 %t.d/ptx/arg3.npy | tr -s ' ' '\n' | grep . | sort | uniq -c | %filecheck %s
// FILES: arg0.npy
// FILES-NEXT: result0.npy
// HEADER: 'shape': (3, 100)
// CHECK: 300 3c23d70a
// CHECK-NOT: {{.}}
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}
