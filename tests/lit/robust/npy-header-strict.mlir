// A .npy header is read as strictly as numpy reads it: a dict with exactly the keys
// 'descr', 'fortran_order' and 'shape', each once, and a shape that is a tuple of
// sizes.  A duplicate key (numpy takes the last 'descr', vptx took the first), an
// unknown key or a malformed shape used to be accepted.
// RUN: mk() { printf "\x93NUMPY\x01\x00\x$(printf %%02x ${#1})\x00%%s0123456789abcdef" "$1" > %t.npy; %vptx run %s %t.npy 2>&1; true; }; \
// RUN: mk "{'descr': '<f4', 'descr': '<i4', 'fortran_order': False, 'shape': (4,), }" | %filecheck --check-prefix=DUP %s && \
// RUN: mk "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), 'extra': 1, }" | %filecheck --check-prefix=UNKNOWN %s && \
// RUN: mk "{'descr': '<f4', 'fortran_order': False, 'shape': (4,,), }" | %filecheck --check-prefix=SHAPE %s && \
// RUN: mk "{'descr': '<f4', 'fortran_order': False, 'shape': (,4), }" | %filecheck --check-prefix=SHAPE %s && \
// RUN: mk "{'descr': '<f4', 'fortran_order': False, 'shape': (4), }" | %filecheck --check-prefix=SHAPE %s && \
// RUN: mk "{'descr': '<f4', 'fortran_order': False, 'shape': (04,), }" | %filecheck --check-prefix=SHAPE %s && \
// RUN: mk "{'descr': '<f4', 'fortran_order': False, 'shape': (2 2), }" | %filecheck --check-prefix=SHAPE %s && \
// RUN: mk "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), } junk" | %filecheck --check-prefix=AFTER %s && \
// RUN: mk "{'descr': '<f4', 'shape': (4,), }" | %filecheck --check-prefix=MISSING %s && \
// RUN: mk "{'descr': '<f4', 'fortran_order': False, 'fortran_order': False, 'shape': (4,), }" | %filecheck --check-prefix=DUPFO %s && \
// RUN: mk "{\"descr\": \"<f4\", 'fortran_order': False, 'shape': (2, 2)}   " | %filecheck --check-prefix=GOOD %s
// DUP: vptx run: error: argument #0 ({{.*}}): {{.*}}: key 'descr' appears twice in the header
// UNKNOWN: vptx run: error: argument #0 ({{.*}}): {{.*}}: unknown key 'extra' in the header
// SHAPE: vptx run: error: argument #0 ({{.*}}): {{.*}}: malformed 'shape' (a tuple of sizes: (), (N,) or (N, M, ...))
// AFTER: vptx run: error: argument #0 ({{.*}}): {{.*}}: text after the header dict
// MISSING: vptx run: error: argument #0 ({{.*}}): {{.*}}: header has no 'fortran_order'
// DUPFO: key 'fortran_order' appears twice in the header
// GOOD: error: argument #0 ({{.*}}): the array's shape (2, 2) does not fit the memref's (4,)
func.func @k(%a: memref<4xf32>) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  return
}
