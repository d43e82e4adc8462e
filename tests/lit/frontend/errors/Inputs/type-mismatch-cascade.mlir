func.func @scale(%x: memref<256xf32>, %out: memref<256xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<256xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %m = arith.mulf %v, %two : vector<256xf16>
  %r = arith.addf %m, %m : vector<256xf16>
  %s = arith.extf %r : vector<256xf16> to vector<256xf32>
  vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
// NO-ROUNDTRIP: an input with an error (unknown-op-cascade.mlir)
