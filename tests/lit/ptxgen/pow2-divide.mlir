// Unsigned division and remainder by a power-of-two constant become a shift and a
// mask (ptxas keeps div.u32 / rem.u32 by a constant as a multiply-high sequence: K2's
// SASS fell from 72 to 40 instructions).  Other divisors keep div / rem.  Random i32,
// i16 and i64 inputs (negative ones too: they are large unsigned values) are checked
// against the reference interpreter.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %vptx check %s --backend=sim | %filecheck --check-prefix=SIM %s
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// CHECK-LABEL: .visible .entry divrem_i32(
// CHECK-DAG: shr.u32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 3;
// CHECK-DAG: and.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 15;
// CHECK-DAG: div.u32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 6;
// CHECK-DAG: rem.u32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 6;
// CHECK-LABEL: .visible .entry divrem_i16(
// CHECK-DAG: shr.u16 {{%rs_[A-Za-z0-9_$]+_[0-9]+}}, {{%rs_[A-Za-z0-9_$]+_[0-9]+}}, 2;
// CHECK-DAG: and.b16 {{%rs_[A-Za-z0-9_$]+_[0-9]+}}, {{%rs_[A-Za-z0-9_$]+_[0-9]+}}, 31;
// CHECK-LABEL: .visible .entry divrem_i64(
// CHECK-DAG: shr.u64 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, 5;
// CHECK-DAG: and.b64 {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, {{%rd_[A-Za-z0-9_$]+_[0-9]+}}, 1023;
// SIM: PASS divrem_i32 (sim vs eval, max abs err 0, max rel err 0, exact)
// SIM: PASS divrem_i16 (sim vs eval, max abs err 0, max rel err 0, exact)
// SIM: PASS divrem_i64 (sim vs eval, max abs err 0, max rel err 0, exact)
func.func @divrem_i32(%a: memref<64xi32>, %q8: memref<64xi32>, %r16: memref<64xi32>,
                      %q6: memref<64xi32>, %r6: memref<64xi32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i32
  %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<64xi32>, vector<64xi32>
  %k8 = arith.constant dense<8> : vector<64xi32>
  %k16 = arith.constant dense<16> : vector<64xi32>
  %k6 = arith.constant dense<6> : vector<64xi32>
  %x = arith.divui %v, %k8 : vector<64xi32>
  %y = arith.remui %v, %k16 : vector<64xi32>
  %z = arith.divui %v, %k6 : vector<64xi32>
  %w = arith.remui %v, %k6 : vector<64xi32>
  vector.transfer_write %x, %q8[%c0] {in_bounds = [true]} : vector<64xi32>, memref<64xi32>
  vector.transfer_write %y, %r16[%c0] {in_bounds = [true]} : vector<64xi32>, memref<64xi32>
  vector.transfer_write %z, %q6[%c0] {in_bounds = [true]} : vector<64xi32>, memref<64xi32>
  vector.transfer_write %w, %r6[%c0] {in_bounds = [true]} : vector<64xi32>, memref<64xi32>
  return
}
func.func @divrem_i16(%a: memref<64xi16>, %q: memref<64xi16>, %r: memref<64xi16>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i16
  %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<64xi16>, vector<64xi16>
  %k4 = arith.constant dense<4> : vector<64xi16>
  %k32 = arith.constant dense<32> : vector<64xi16>
  %x = arith.divui %v, %k4 : vector<64xi16>
  %y = arith.remui %v, %k32 : vector<64xi16>
  vector.transfer_write %x, %q[%c0] {in_bounds = [true]} : vector<64xi16>, memref<64xi16>
  vector.transfer_write %y, %r[%c0] {in_bounds = [true]} : vector<64xi16>, memref<64xi16>
  return
}
func.func @divrem_i64(%a: memref<64xi64>, %q: memref<64xi64>, %r: memref<64xi64>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i64
  %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<64xi64>, vector<64xi64>
  %k32 = arith.constant dense<32> : vector<64xi64>
  %k1024 = arith.constant dense<1024> : vector<64xi64>
  %x = arith.divui %v, %k32 : vector<64xi64>
  %y = arith.remui %v, %k1024 : vector<64xi64>
  vector.transfer_write %x, %q[%c0] {in_bounds = [true]} : vector<64xi64>, memref<64xi64>
  vector.transfer_write %y, %r[%c0] {in_bounds = [true]} : vector<64xi64>, memref<64xi64>
  return
}
