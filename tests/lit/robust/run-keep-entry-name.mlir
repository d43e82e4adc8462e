// vptx run --keep names the kept PTX after the kernel's PTX entry (letters, digits,
// '_' and '$'), never after the raw MLIR symbol: a symbol with '../' stays inside
// --out, and a name too long for a file is an error before anything is written
// (it used to be cut to a 300-byte buffer, losing '.ptx').
// RUN: rm -rf %t.d && printf "\x93NUMPY\x01\x00\x3a\x00{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\n0123456789abcdef" > %t.npy && \
// RUN: %vptx run %s %t.npy --kernel=../../evil --keep --out %t.d/a/b 2>&1 | %filecheck %s && \
// RUN: test -f %t.d/a/b/______evil.ptx && test ! -e %t.d/evil.ptx && test ! -e %t.d/a/evil.ptx && \
// RUN: test -f %t.d/a/b/arg0.npy
// CHECK: vptx run: kept the PTX in {{.*}}.d/a/b/______evil.ptx
func.func @"../../evil"(%a: memref<4xf32>) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  return
}
