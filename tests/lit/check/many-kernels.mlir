// Several kernels in one module: the per-kernel side tables of layout assignment and
// ptxgen are allocated once for the module and only the kernel's own values are reset,
// so each kernel must still see only its own launch shape, ranges and registers.  The
// kernels differ in block size, element type and index ranges; each is checked against
// the reference interpreter.
// RUN: %vptx check %s --backend=sim | %filecheck %s
// CHECK: PASS rows_wide (sim vs eval
// CHECK: PASS add_narrow (sim vs eval
// CHECK: PASS rows_i32 (sim vs eval, max abs err 0, max rel err 0, exact)
// CHECK: PASS scale_f16 (sim vs eval
func.func @rows_wide(%x: memref<8x256xf32>, %out: memref<8xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x256xf32>, vector<8x256xf32>
  %z = arith.constant dense<0.0> : vector<8xf32>
  %s = vector.multi_reduction <add>, %v, %z [1] : vector<8x256xf32> to vector<8xf32>
  vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  return
}
func.func @add_narrow(%a: memref<64xf32>, %b: memref<64xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<64xf32>, vector<64xf32>
  %w = arith.addf %v, %v : vector<64xf32>
  vector.transfer_write %w, %b[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}
func.func @rows_i32(%x: memref<4x64xi32>, %out: memref<4xi32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i32
  %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x64xi32>, vector<4x64xi32>
  %z = arith.constant dense<0> : vector<4xi32>
  %s = vector.multi_reduction <add>, %v, %z [1] : vector<4x64xi32> to vector<4xi32>
  vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<4xi32>, memref<4xi32>
  return
}
func.func @scale_f16(%a: memref<128xf16>, %b: memref<128xf16>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<128xf16>, vector<128xf16>
  %w = arith.mulf %v, %v : vector<128xf16>
  vector.transfer_write %w, %b[%c0] {in_bounds = [true]} : vector<128xf16>, memref<128xf16>
  return
}
