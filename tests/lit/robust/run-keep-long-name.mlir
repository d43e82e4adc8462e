// vptx run --keep refuses a kept-PTX file name that does not fit in a file name
// (NAME_MAX, 255 bytes) before anything is written; it used to be cut to a 300-byte
// buffer, losing '.ptx'.
// RUN: printf "\x93NUMPY\x01\x00\x3a\x00{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\n0123456789abcdef" > %t.npy && \
// RUN: not %vptx run %s %t.npy --keep --out %t.long 2>&1 | %filecheck %s && test ! -e %t.long
// CHECK: vptx run: error: --keep: file name 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk....ptx' is too long (304 bytes; at most 255)
func.func @kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk(%a: memref<4xf32>) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  return
}
