// --expect compares an output with the user's own array, so a kernel that is compiled
// right but computes the wrong thing fails: this GEMM's K loop is right, the same GEMM
// with its loop stopping one step short (1008 instead of 1024) passes the plain check
// (the compiler agrees with the source) and fails --expect.  The expected C comes from
// Inputs/gemm_expect.py (exact sums in Python, rounded to f16), not from vptx; the
// tolerance is derived from the op chain (a 1024-long f32 accumulation rounded once to
// f16) and printed, tight enough that the missing 16 products show.
// RUN: command -v python3 > /dev/null || { echo "python3 not found"; exit 77; }
// RUN: rm -rf %t && mkdir -p %t && python3 %S/Inputs/gemm_expect.py %t
// RUN: %vptx check %s --backend=sim --input=A:%t/a.npy --input=%%B:%t/b.npy --expect=C:%t/c.npy | %filecheck %s
// CHECK: PASS gemm (sim vs eval, max abs err 0, max rel err 0, tol 0.08 + 0.0025|ref|)
// CHECK-NEXT: PASS gemm: argument #2 %C matches {{.*}}c.npy (max abs err 0, tol 0.08 + 0.0025|expected|)
// CHECK-NOT: note: a PASS
// RUN: sed 's/%%cK = arith.constant 1024 : index/%%cK = arith.constant 1008 : index/' %s > %t/short.mlir
// RUN: not %vptx check %t/short.mlir --backend=sim --input=A:%t/a.npy --input=B:%t/b.npy --expect=C:%t/c.npy | %filecheck --check-prefix=SHORT %s
// SHORT: PASS gemm (sim vs eval
// SHORT-NEXT: FAIL gemm (sim vs {{.*}}c.npy): argument #2 %C (memref<16x16xf16>): first mismatch at [{{.*}}]: expected {{.*}} (|err| {{.*}} > tol {{.*}}); {{[0-9]+}} of 256 elements differ
// Without --expect the output says what a PASS proves:
// RUN: %vptx check %t/short.mlir --backend=sim | %filecheck --check-prefix=NOTE %s
// NOTE: PASS gemm
// NOTE-NEXT: note: a PASS compares the kernel with vptx's evaluation of the same source: it checks the compiler, not the algorithm (--expect=ARG:FILE.npy checks an output against your own array)
// Mistakes in the options say what to give:
// RUN: not %vptx check %s --expect=D:%t/c.npy 2>&1 | %filecheck --check-prefix=NONAME %s
// RUN: not %vptx check %s --expect=%t/c.npy 2>&1 | %filecheck --check-prefix=NOARG %s
// RUN: not %vptx check %s --input=A:%t/c.npy 2>&1 | %filecheck --check-prefix=SHAPE %s
// NONAME: vptx check: error: kernel 'gemm' has no memref argument 'D' (name it as written, e.g. %C or C, or by number)
// NOARG: vptx check: error: --expect takes ARG:FILE.npy (ARG an argument's name or number), not '{{.*}}c.npy'
// SHAPE: vptx check: error: argument #0 %A ({{.*}}c.npy): the array's shape (16, 16) does not fit the memref's (16, 1024)
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm(%A: memref<16x1024xf16>, %B: memref<1024x16xf16>, %C: memref<16x16xf16>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %cK = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<16x16xf32>
  %acc = scf.for %k = %c0 to %cK step %c16 iter_args(%a = %zero) -> (vector<16x16xf32>) {
    %x = vector.transfer_read %A[%c0, %k], %pad {in_bounds = [true, true]} : memref<16x1024xf16>, vector<16x16xf16>
    %y = vector.transfer_read %B[%k, %c0], %pad {in_bounds = [true, true]} : memref<1024x16xf16>, vector<16x16xf16>
    %r = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %a : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
    scf.yield %r : vector<16x16xf32>
  }
  %h = arith.truncf %acc : vector<16x16xf32> to vector<16x16xf16>
  vector.transfer_write %h, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf16>, memref<16x16xf16>
  return
}
