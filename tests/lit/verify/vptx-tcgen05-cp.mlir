// Verifier errors for vptx.tcgen05_cp and _shift (docs/blackwell.md, "tcgen05.cp and
// tcgen05.shift"): the five shapes of PTX ISA 9.7.16.9.1, 64x128b with a warpx2
// multicast, 32x128b with warpx4, the others without; operand types.
// RUN: not %vptx --arch=sm_100a %s 2>&1 | %filecheck %s

func.func @cp_shape(%t: i32, %d: i64) {
  // CHECK: vptx-tcgen05-cp.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_cp' attribute 'shape' is "64x256b" but must be "128x256b", "4x256b", "128x128b", "64x128b" or "32x128b"
  "vptx.tcgen05_cp"(%t, %d) {shape = "64x256b"} : (i32, i64) -> ()
  return
}

func.func @cp_needs_multicast(%t: i32, %d: i64) {
  // CHECK: vptx-tcgen05-cp.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_cp' shape "64x128b" needs attribute 'multicast' = "warpx2::02_13" or "warpx2::01_23"
  "vptx.tcgen05_cp"(%t, %d) {shape = "64x128b"} : (i32, i64) -> ()
  return
}

func.func @cp_wrong_multicast(%t: i32, %d: i64) {
  // CHECK: vptx-tcgen05-cp.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_cp' shape "32x128b" needs attribute 'multicast' = "warpx4"
  "vptx.tcgen05_cp"(%t, %d) {shape = "32x128b", multicast = "warpx2::01_23"} : (i32, i64) -> ()
  return
}

func.func @cp_no_multicast(%t: i32, %d: i64) {
  // CHECK: vptx-tcgen05-cp.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_cp' shape "128x256b" takes no attribute 'multicast'
  "vptx.tcgen05_cp"(%t, %d) {shape = "128x256b", multicast = "warpx4"} : (i32, i64) -> ()
  return
}

func.func @cp_desc_type(%t: i32, %d: i32) {
  // CHECK: vptx-tcgen05-cp.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_cp' operand #1 has type i32 but must be i64
  "vptx.tcgen05_cp"(%t, %d) {shape = "128x128b"} : (i32, i32) -> ()
  return
}

func.func @shift_type(%t: i64) {
  // CHECK: vptx-tcgen05-cp.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_shift' operand #0 has type i64 but must be i32
  "vptx.tcgen05_shift"(%t) : (i64) -> ()
  return
}
