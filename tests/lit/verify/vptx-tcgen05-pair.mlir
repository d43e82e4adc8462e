// Verifier errors for cta_group::2 (docs/blackwell.md, "CTA pairs and clusters"): the
// attribute's values, the ops that take it, M of a pair's mma (128 or 256), the
// multicast commit's 16-bit CTA mask.
// RUN: not %vptx --arch=sm_100a %s 2>&1 | %filecheck %s

func.func @grp3(%t: i32) {
  // CHECK: vptx-tcgen05-pair.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_dealloc' attribute 'cta_group' is 3 but must be 1 or 2
  "vptx.tcgen05_dealloc"(%t) {cols = 32 : i64, cta_group = 3 : i64} : (i32) -> ()
  return
}

func.func @grp_ld(%t: i32) {
  // CHECK: vptx-tcgen05-pair.mlir:[[@LINE+1]]:8: error: 'vptx.tcgen05_ld' takes no attribute 'cta_group'
  %v = "vptx.tcgen05_ld"(%t) {shape = "32x32b", cta_group = 2 : i64} : (i32) -> vector<4xf32>
  return
}

func.func @m64_pair(%d: i32, %a: i64, %b: i64, %en: i1) {
  %id = arith.constant 67633168 : i32
  // CHECK: vptx-tcgen05-pair.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma' instruction descriptor 0x04080010 has M (bits 24-28, M >> 4) other than 128 or 256 (cta_group::2) for kind::f16
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "f16", cta_group = 2 : i64} : (i32, i64, i64, i32, i1) -> ()
  return
}

func.func @m256_single(%d: i32, %a: i64, %b: i64, %en: i1) {
  %id = arith.constant 270532624 : i32
  // CHECK: vptx-tcgen05-pair.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma' instruction descriptor 0x10200010 has M (bits 24-28, M >> 4) other than 64 or 128 (cta_group::1) for kind::f16
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "f16"} : (i32, i64, i64, i32, i1) -> ()
  return
}

func.func @mask_i32(%i: index, %m: i32) {
  %bar = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
  // CHECK: vptx-tcgen05-pair.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_commit_multicast' operand #2 has type i32 but must be i16
  "vptx.tcgen05_commit_multicast"(%bar, %i, %m) {cta_group = 2 : i64} : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>, index, i32) -> ()
  return
}
