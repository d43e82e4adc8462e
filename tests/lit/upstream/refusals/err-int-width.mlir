// Integer widths vptx does not have (issue 25 part 3): any `iN` but i1, i4 (packed,
// ../ops/i4-packed.mlir, ../ops/i4-memory.mlir), i8, i16, i32, i64 and i128 (moved only,
// ../ops/i128-moves.mlir) is refused with a located error that names the type and the
// widths vptx has, wherever the type is written: a memref element, an argument. An i128
// constant is refused at the op (vptx only moves i128).
// CONFORMANCE: refused
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/int-width-const.mlir 2>&1 | %filecheck --check-prefix=CONST %s
// CHECK: err-int-width.mlir:[[@LINE+1]]:31: error: unsupported type 'i7': integer widths are 1, 4 (packed), 8, 16, 32, 64 and 128 (moved only)
func.func @copy7(%a: memref<4xi7>, %b: memref<4xi7>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xi7>
  memref.store %x, %b[%c0] : memref<4xi7>
  return
}
// CONST: int-width-const.mlir:3:8: error: 'arith.constant' result #0 is i128: vptx only moves i128 (memref<...xi128> arguments, memref.load, memref.store, arith.select of scalars; vector.load, vector.store, vector.extract, vector.from_elements, vector.shape_cast of vectors)
