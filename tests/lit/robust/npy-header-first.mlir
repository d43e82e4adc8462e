// .npy inputs are read header first, then exactly the bytes the header
// declares: /dev/zero (behind a .npy name) is a bad magic at once, and a
// header that promises more data than the file holds is an error before any
// allocation of that size.
// RUN: rm -f %t.npy && ln -s /dev/zero %t.npy && not %vptx run %s %t.npy 2>&1 | %filecheck --check-prefix=ZERO %s
// ZERO: vptx run: error: argument #0 ({{.*}}.npy): {{.*}}.npy: not a .npy file (bad magic)
// RUN: printf "\x93NUMPY\x01\x00\x76\x00{'descr': '<i4', 'fortran_order': False, 'shape': (1000000000000,), }%%48s\n" "" > %t.big.npy && \
// RUN: not %vptx run %s %t.big.npy 2>&1 | %filecheck --check-prefix=BIG %s
// BIG: {{.*}}.big.npy: file holds 0 data bytes, the header promises 4000000000000
// RUN: printf "\x93NUMPY\x02\x00\xff\xff\xff\x7f{" > %t.hdr.npy && not %vptx run %s %t.hdr.npy 2>&1 | %filecheck --check-prefix=HDR %s
// HDR: {{.*}}.hdr.npy: header is 2147483647 bytes long (at most 65536)
func.func @k(%x: memref<2xi32>) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  return
}
