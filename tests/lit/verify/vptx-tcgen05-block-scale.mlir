// Verifier errors for vptx.tcgen05_mma_block_scale (docs/blackwell.md, "Block-scaled
// kinds"): the kinds and their scale vectors, operand types, and a constant instruction
// descriptor whose formats or scale format the kind does not allow.
// RUN: not %vptx --arch=sm_100a %s 2>&1 | %filecheck %s

func.func @kind(%d: i32, %a: i64, %b: i64, %id: i32, %s: i32, %en: i1) {
  // CHECK: vptx-tcgen05-block-scale.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma_block_scale' attribute 'kind' is "f16" but must be "mxf8f6f4", "mxf4" or "mxf4nvf4" (the block-scaled kinds)
  "vptx.tcgen05_mma_block_scale"(%d, %a, %b, %id, %s, %s, %en) {kind = "f16", scale_vec = "1X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
  return
}

func.func @scale_vec(%d: i32, %a: i64, %b: i64, %id: i32, %s: i32, %en: i1) {
  // CHECK: vptx-tcgen05-block-scale.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma_block_scale' attribute 'scale_vec' is "4X" but kind::mxf4 needs "2X"
  "vptx.tcgen05_mma_block_scale"(%d, %a, %b, %id, %s, %s, %en) {kind = "mxf4", scale_vec = "4X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
  return
}

func.func @sf_type(%d: i32, %a: i64, %b: i64, %id: i32, %s: i64, %en: i1) {
  // CHECK: vptx-tcgen05-block-scale.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma_block_scale' operand #4 has type i64 but must be i32
  "vptx.tcgen05_mma_block_scale"(%d, %a, %b, %id, %s, %s, %en) {kind = "mxf8f6f4", scale_vec = "1X"} : (i32, i64, i64, i32, i64, i64, i1) -> ()
  return
}

func.func @mxf4_e4m3(%d: i32, %a: i64, %b: i64, %s: i32, %en: i1) {
  // E4M3 operands (format 0) are not kind::mxf4's
  %id = arith.constant 143654912 : i32
  // CHECK: vptx-tcgen05-block-scale.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma_block_scale' instruction descriptor 0x08900000 has A/B formats (bits 7-12) other than E2M1 = 1 for kind::mxf4
  "vptx.tcgen05_mma_block_scale"(%d, %a, %b, %id, %s, %s, %en) {kind = "mxf4", scale_vec = "2X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
  return
}

func.func @mxf8_tf32(%d: i32, %a: i64, %b: i64, %s: i32, %en: i1) {
  // format 2 (TF32 in the dense table) is no mxf8f6f4 format
  %id = arith.constant 143655168 : i32
  // CHECK: vptx-tcgen05-block-scale.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma_block_scale' instruction descriptor 0x08900100 has A/B formats (bits 7-12) other than E4M3 = 0, E5M2 = 1, E2M3 = 3, E3M2 = 4, E2M1 = 5 for kind::mxf8f6f4
  "vptx.tcgen05_mma_block_scale"(%d, %a, %b, %id, %s, %s, %en) {kind = "mxf8f6f4", scale_vec = "1X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
  return
}

func.func @mn_fp6(%d: i32, %a: i64, %b: i64, %s: i32, %en: i1) {
  %id = arith.constant 143688064 : i32
  // CHECK: vptx-tcgen05-block-scale.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma_block_scale' instruction descriptor 0x08908180 is MN-major (bits 15-16), which only 8-bit formats may be for kind::mxf8f6f4
  "vptx.tcgen05_mma_block_scale"(%d, %a, %b, %id, %s, %s, %en) {kind = "mxf8f6f4", scale_vec = "1X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
  return
}

func.func @ue4m3_2x(%d: i32, %a: i64, %b: i64, %s: i32, %en: i1) {
  %id = arith.constant 135267456 : i32
  // CHECK: vptx-tcgen05-block-scale.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma_block_scale' instruction descriptor 0x08100480 has scale format UE4M3 (bit 23 clear), which needs scale_vec::4X of kind::mxf4nvf4 for kind::mxf4nvf4
  "vptx.tcgen05_mma_block_scale"(%d, %a, %b, %id, %s, %s, %en) {kind = "mxf4nvf4", scale_vec = "2X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
  return
}

func.func @sf_id_4x(%d: i32, %a: i64, %b: i64, %s: i32, %en: i1) {
  // A's scale-factor byte 1 (bit 29) with scale_vec::4X
  %id = arith.constant 672138368 : i32
  // CHECK: vptx-tcgen05-block-scale.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma_block_scale' instruction descriptor 0x28100480 has a scale-factor byte (bits 4-5, 29-30) the scale_vec does not allow (4X: 0; 2X: 0 or 2) for kind::mxf4nvf4
  "vptx.tcgen05_mma_block_scale"(%d, %a, %b, %id, %s, %s, %en) {kind = "mxf4nvf4", scale_vec = "4X"} : (i32, i64, i64, i32, i32, i32, i1) -> ()
  return
}
