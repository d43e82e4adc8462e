// An op-level reduction written into a memref argument is compared with the same
// reassociation tolerance as a tensor result (tools/tolerance.c: the accumulation length
// and roundings of the kernels that write it), also where the function splits into two
// kernels and the reduction's output is written by the first (it was compared exactly:
// `|err| > tol 0` for a tree sum against eval's sequential one), and against --expect
// (it was tolerance 0 for every op-level output).  A real error still fails.
// RUN: %vptx check %s --kernel=two --dim=300,300,300,300,300 --verbose | %filecheck --check-prefix=TWO %s
// TWO: argument #1: rtol {{[0-9.e-]+}}, atol {{[0-9.e-]+}} (accumulation of
// TWO: PASS two (sim vs eval
// A 4 x 300 array of 0.1f summed by rows from zeros: the tree sum is 30 (f32), the
// sequential one 30.0000763, the expected 30.0001 passes; 30.05 is an error and fails.
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '<f4', 'fortran_order': False, 'shape': ($2), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $3 ]; do printf "$4"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/x.npy "4, 300" 1200 '\315\314\314\075' && npy %t.d/y0.npy "4," 4 '\000\000\000\000' && \
// RUN: npy %t.d/ok.npy "4," 4 '\064\000\360\101' && npy %t.d/bad.npy "4," 4 '\146\146\360\101'
// RUN: %vptx check %s --kernel=rowsum --dim=4,300,4 --input=x:%t.d/x.npy --input=y:%t.d/y0.npy --expect=y:%t.d/ok.npy | %filecheck --check-prefix=OK %s
// OK: PASS rowsum (sim vs eval
// OK: PASS rowsum: argument #1 %y matches {{.*}}ok.npy (max abs err {{[0-9.e-]+}}, tol 0.002 + 6.2e-05|expected|)
// RUN: not %vptx check %s --kernel=rowsum --dim=4,300,4 --input=x:%t.d/x.npy --input=y:%t.d/y0.npy --expect=y:%t.d/bad.npy | %filecheck --check-prefix=BAD %s
// BAD: FAIL rowsum (sim vs {{.*}}bad.npy): argument #1 %y (memref<?xf32>): first mismatch at [0]: expected 30.0499992, got 30 (|err| 0.05 > tol 0.00
func.func @two(%x: memref<?x?xf32>, %y: memref<?xf32>, %z: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<?x?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : memref<?x?xf32>, memref<?xf32>) outs(%z : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  return
}
func.func @rowsum(%x: memref<?x?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<?x?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}
