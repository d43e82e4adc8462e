// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx %S/Inputs/type-mismatch-cascade.mlir 2>&1 | %filecheck --check-prefix=TYPE %s
// One misspelled op is one error, at the op, with the op it likely meant; the ops that
// use its result (directly or through others) say nothing more.
func.func @scale(%x: memref<256xf32>, %out: memref<256xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<256xf32>
  %one = arith.constant dense<1.0> : vector<256xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %m = arith.mulff %v, %two : vector<256xf32>
  %r = arith.addf %m, %one : vector<256xf32>
  %s = arith.addf %r, %m : vector<256xf32>
  vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
// CHECK: unknown-op-cascade.mlir:12:8: error: unknown operation 'arith.mulff'; did you mean 'arith.mulf'?
// CHECK-NOT: error:
// TYPE: type-mismatch-cascade.mlir:7:19: error: type mismatch: '%v' is vector<256xf32>, but this use says vector<256xf16>
// TYPE-NOT: error:
