// A scalar argument (vptx run X.mlir, vptx check --scalar) is decimal or 0x
// hexadecimal, never octal (010 is ten), and must fit its type: iN takes -2^(N-1) to
// 2^N - 1, a float must not round to infinity.  It used to be read with strtoll(.., 0):
// 010 was 8, 4294967297 for an i32 arrived as 1, 300 for an i8 as 44, and a value
// past 2^63 saturated silently.
// RUN: printf "\x93NUMPY\x01\x00\x3a\x00{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }\n0123456789abcdef" > %t.npy && \
// RUN: %vptx run %s %t.npy 010 -128 0x10 2.5 --out %t.d && tail -c 16 %t.d/arg0.npy | od -An -td4 | %filecheck %s
// CHECK: 10 -128 16 2
// RUN: %vptx run %s %t.npy 0 255 4294967295 -1e38 --out %t.d && tail -c 16 %t.d/arg0.npy | od -An -td4 | %filecheck --check-prefix=EDGE %s
// EDGE: 0 -1 -1 -2147483648
// RUN: not %vptx run %s %t.npy 1 2 4294967297 1 --out %t.d 2>&1 | %filecheck --check-prefix=I32 %s
// I32: vptx run: error: argument #3 %c: '4294967297' does not fit in i32 (-2147483648 to 4294967295)
// RUN: not %vptx run %s %t.npy 1 300 1 1 --out %t.d 2>&1 | %filecheck --check-prefix=I8 %s
// I8: vptx run: error: argument #2 %b: '300' does not fit in i8 (-128 to 255)
// RUN: not %vptx run %s %t.npy 99999999999999999999 1 1 1 --out %t.d 2>&1 | %filecheck --check-prefix=HUGE %s
// HUGE: vptx run: error: argument #1 %n: '99999999999999999999' does not fit in index (-9223372036854775808 to 18446744073709551615)
// RUN: not %vptx run %s %t.npy 1 1 1 1e39 --out %t.d 2>&1 | %filecheck --check-prefix=F32 %s
// F32: vptx run: error: argument #4 %f: '1e39' is too large for f32
// RUN: not %vptx run %s %t.npy 1 1 0x1g 1 --out %t.d 2>&1 | %filecheck --check-prefix=JUNK %s
// JUNK: vptx run: error: argument #3 %c: '0x1g' is not an integer (decimal, or hexadecimal with 0x) for i32
// RUN: not %vptx run %s %t.npy 1 1 1 0x1p3 --out %t.d 2>&1 | %filecheck --check-prefix=HEXF %s
// HEXF: vptx run: error: argument #4 %f: '0x1p3' is not a number for f32
// RUN: not %vptx check %s --backend=sim --scalar=1 --scalar=300 2>&1 | %filecheck --check-prefix=CHECKCMD %s
// CHECKCMD: vptx check: error: --scalar for argument #2 %b: '300' does not fit in i8 (-128 to 255)
func.func @k(%a: memref<4xi32>, %n: index, %b: i8, %c: i32, %f: f32) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %ni = arith.index_cast %n : index to i32
  memref.store %ni, %a[%c0] : memref<4xi32>
  %bi = arith.extsi %b : i8 to i32
  memref.store %bi, %a[%c1] : memref<4xi32>
  memref.store %c, %a[%c2] : memref<4xi32>
  %fi = arith.fptosi %f : f32 to i32
  memref.store %fi, %a[%c3] : memref<4xi32>
  return
}
