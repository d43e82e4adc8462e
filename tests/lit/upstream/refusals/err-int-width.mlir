// Integer widths vptx does not have (issue 25 part 3): `i128` (moves only, upstream) is
// refused with a located error that names the type and the widths vptx has, wherever the
// type is written: a memref element, an argument, a constant. `i4` is taken packed in
// vectors (../ops/i4-packed.mlir); in memory it is refused at the function that holds it.
// CONFORMANCE: refused
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/int-width-i4.mlir 2>&1 | %filecheck --check-prefix=I4 %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/int-width-const.mlir 2>&1 | %filecheck --check-prefix=CONST %s
// CHECK: err-int-width.mlir:[[@LINE+1]]:33: error: unsupported type 'i128': integer widths are 1, 4 (packed, in vectors), 8, 16, 32 and 64 (moves of i128 are not supported yet)
func.func @copy128(%a: memref<4xi128>, %b: memref<4xi128>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xi128>
  memref.store %x, %b[%c0] : memref<4xi128>
  return
}
// I4: int-width-i4.mlir:2:1: error: 'func.func' argument #0 is memref<8xi4>: packed i4 in memory is not supported; load i8 and vector.bitcast it to i4, as upstream's narrow-type emulation does
// CONST: int-width-const.mlir:3:27: error: unsupported type 'i128': integer widths
