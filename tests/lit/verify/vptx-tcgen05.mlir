// Verifier errors for the vptx.tcgen05_* ops (docs/blackwell.md): tensor-memory columns a
// power of two from 32 to 512 (PTX ISA 9.7.16.1.2), the mma kinds vptx emits, a constant
// instruction descriptor's fields against its kind (Tables 39 and 42), descriptor strides
// in 16-byte units, tcgen05.ld/st register counts.
// RUN: not %vptx --arch=sm_100a %s 2>&1 | %filecheck %s

func.func @cols_odd(%t: i32) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_dealloc' attribute 'cols' is 48 but must be a power of two from 32 to 512
  "vptx.tcgen05_dealloc"(%t) {cols = 48 : i64} : (i32) -> ()
  return
}

func.func @cols_small(%s: memref<1xi32, 3>, %i: index) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_alloc' attribute 'cols' is 16 but must be a power of two from 32 to 512
  "vptx.tcgen05_alloc"(%s, %i) {cols = 16 : i64} : (memref<1xi32, 3>, index) -> ()
  return
}

func.func @alloc_global(%s: memref<1xi32>, %i: index) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_alloc' operand #0 has type memref<1xi32> but must be a memref in workgroup memory
  "vptx.tcgen05_alloc"(%s, %i) {cols = 32 : i64} : (memref<1xi32>, index) -> ()
  return
}

func.func @kind_unknown(%d: i32, %a: i64, %b: i64, %id: i32, %en: i1) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma' attribute 'kind' is "mxf4" but must be "f16", "tf32", "f8f6f4" or "i8" (block-scaled kinds: vptx.tcgen05_mma_block_scale)
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "mxf4"} : (i32, i64, i64, i32, i1) -> ()
  return
}

func.func @kind_types(%d: i32, %a: i64, %b: i64, %en: i1) {
  // kind::tf32 with f16 A/B (atype 0): M 128, N 64, D f32
  %id = arith.constant 135266320 : i32
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma' instruction descriptor 0x08100010 has A/B types (bits 7-12) other than TF32 = 2 for kind::tf32
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "tf32"} : (i32, i64, i64, i32, i1) -> ()
  return
}

func.func @kind_i8_dtype(%d: i32, %a: i64, %b: i64, %en: i1) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+2]]:3: error: 'vptx.tcgen05_mma' instruction descriptor 0x08100010 has a D type (bits 4-5) other than S32 = 2, which kind::i8 needs
  %id = arith.constant 135266320 : i32
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "i8"} : (i32, i64, i64, i32, i1) -> ()
  return
}

func.func @shape_m(%d: i32, %a: i64, %b: i64, %en: i1) {
  // M = 256 (16 << 24) is cta_group::2's
  %id = arith.constant 269484048 : i32
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma' instruction descriptor 0x10100010 has M (bits 24-28, M >> 4) other than 64 or 128 (cta_group::1)
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "f16"} : (i32, i64, i64, i32, i1) -> ()
  return
}

func.func @sparse(%d: i32, %a: i64, %b: i64, %en: i1) {
  %id = arith.constant 135266324 : i32
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma' instruction descriptor 0x08100014 sets sparsity (bits 0-2)
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "f16"} : (i32, i64, i64, i32, i1) -> ()
  return
}

func.func @mma_types(%d: index, %a: i64, %b: i64, %id: i32, %en: i1) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma' operand #0 has type index but must be i32
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "f16"} : (index, i64, i64, i32, i1) -> ()
  return
}

func.func @desc_lbo(%s: memref<64xf16, 3>, %i: index) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_smem_desc' attribute 'lbo' is 100 but must be a multiple of 16 below 262144
  %d = "vptx.tcgen05_smem_desc"(%s, %i) {swizzle = 0 : i64, lbo = 100 : i64, sbo = 256 : i64} : (memref<64xf16, 3>, index) -> i64
  return
}

func.func @desc_swizzle(%s: memref<64xf16, 3>, %i: index) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_smem_desc' attribute 'swizzle' is 16 but must be 0, 32, 64 or 128
  %d = "vptx.tcgen05_smem_desc"(%s, %i) {swizzle = 16 : i64, lbo = 16 : i64, sbo = 256 : i64} : (memref<64xf16, 3>, index) -> i64
  return
}

func.func @ld_count(%t: i32) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_ld' result #0 has type vector<3xf32> but must be a vector<N x i32|f32>, N a power of two from 1 to 128
  %v = "vptx.tcgen05_ld"(%t) {shape = "32x32b"} : (i32) -> vector<3xf32>
  return
}

func.func @ld_shape(%t: i32) {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_ld' attribute 'shape' is "16x16b" but must be "32x32b", "16x64b", "16x128b", "16x256b" or "16x32bx2"
  %v = "vptx.tcgen05_ld"(%t) {shape = "16x16b"} : (i32) -> vector<4xf32>
  return
}

func.func @wait_kind() {
  // CHECK: vptx-tcgen05.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_wait' attribute 'kind' is "mma" but must be "ld" or "st"
  "vptx.tcgen05_wait"() {kind = "mma"} : () -> ()
  return
}
