// Integer results are compared exactly: an i32 row sum and an i8 elementwise op.
// RUN: %vptx check %s --backend=sim | %filecheck %s
// CHECK: PASS rowsum_i32 (sim vs eval, max abs err 0, max rel err 0, exact)
// CHECK: PASS max_i8 (sim vs eval, max abs err 0, max rel err 0, exact)
func.func @rowsum_i32(%x: memref<4x32xi32>, %out: memref<4xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i32
  %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x32xi32>, vector<4x32xi32>
  %z = arith.constant dense<0> : vector<4xi32>
  %s = vector.multi_reduction <add>, %v, %z [1] : vector<4x32xi32> to vector<4xi32>
  vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<4xi32>, memref<4xi32>
  return
}
func.func @max_i8(%a: memref<64xi8>, %b: memref<64xi8>, %c: memref<64xi8>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i8
  %x = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<64xi8>, vector<64xi8>
  %y = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<64xi8>, vector<64xi8>
  %m = arith.maxsi %x, %y : vector<64xi8>
  vector.transfer_write %m, %c[%c0] {in_bounds = [true]} : vector<64xi8>, memref<64xi8>
  return
}
