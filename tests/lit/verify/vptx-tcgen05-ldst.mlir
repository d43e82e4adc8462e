// Verifier errors for the tcgen05.ld / st shapes (docs/blackwell.md, "tcgen05.ld / st
// shapes"): registers a thread per shape (PTX ISA 9.7.16.8), .pack::16b / .unpack::16b
// on i32 vectors only, 16x32bx2's second-half column offset.
// RUN: not %vptx --arch=sm_100a %s 2>&1 | %filecheck %s

func.func @ld_16x256b_count(%t: i32) {
  // CHECK: vptx-tcgen05-ldst.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_ld' result #0 has type vector<2xf32> but must be a vector<N x i32|f32>, N a power of two from 4 to 128 (16x256b: 4 registers for .x1)
  %v = "vptx.tcgen05_ld"(%t) {shape = "16x256b"} : (i32) -> vector<2xf32>
  return
}

func.func @ld_16x128b_count(%t: i32) {
  // CHECK: vptx-tcgen05-ldst.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_ld' result #0 has type vector<1xi32> but must be a vector<N x i32>, N a power of two from 2 to 128 (16x128b: 2 registers for .x1)
  %v = "vptx.tcgen05_ld"(%t) {shape = "16x128b", pack} : (i32) -> vector<1xi32>
  return
}

func.func @ld_pack_f32(%t: i32) {
  // CHECK: vptx-tcgen05-ldst.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_ld' result #0 has type vector<2xf32> but must be a vector<N x i32> (two 16-bit halves each), N a power of two from 1 to 128
  %v = "vptx.tcgen05_ld"(%t) {shape = "16x64b", pack} : (i32) -> vector<2xf32>
  return
}

func.func @ld_half_missing(%t: i32) {
  // CHECK: vptx-tcgen05-ldst.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_ld' requires attribute 'half'
  %v = "vptx.tcgen05_ld"(%t) {shape = "16x32bx2"} : (i32) -> vector<2xi32>
  return
}

func.func @ld_half_range(%t: i32) {
  // CHECK: vptx-tcgen05-ldst.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_ld' attribute 'half' is 512 but must be a column offset from 0 to 511
  %v = "vptx.tcgen05_ld"(%t) {shape = "16x32bx2", half = 512 : i64} : (i32) -> vector<2xi32>
  return
}

func.func @ld_half_other(%t: i32) {
  // CHECK: vptx-tcgen05-ldst.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_ld' attribute 'half' belongs to shape "16x32bx2" only
  %v = "vptx.tcgen05_ld"(%t) {shape = "16x64b", half = 4 : i64} : (i32) -> vector<2xi32>
  return
}

func.func @st_pack(%t: i32, %v: vector<2xi32>) {
  // CHECK: vptx-tcgen05-ldst.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_st' attribute 'pack' belongs to tcgen05_ld
  "vptx.tcgen05_st"(%t, %v) {shape = "16x64b", pack} : (i32, vector<2xi32>) -> ()
  return
}
