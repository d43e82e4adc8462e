// What vptx will not compile, said once per function (issue 25 part 4): 64-lane
// (wave64) subgroups, by translation_info or by a layout's thread tiles, and AMD's
// memory spaces.  Each function gets one error at the first place that needs it; the
// ops that follow from it add none.  The file still parses and prints.
// CONFORMANCE: refused
// RUN: not %vptx --emit=ptx --arch=sm_80 %s 2>&1 | %filecheck %s
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=PRINT %s
// PRINT: memref<64xf32, #amdgpu.address_space<fat_raw_buffer>>
// PRINT: memref<64xf32, #amdgpu.address_space<buffer_rsrc>>
#l64 = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [64], element_tile = [1], subgroup_strides = [0], thread_strides = [1]>
// CHECK: err-not-nvidia.mlir:[[@LINE+1]]:1: error: 'func.func' @wave64_info has subgroup_size = 64 but NVIDIA subgroups (warps) have 32 lanes: vptx compiles 32-lane code only
func.func @wave64_info(%a: memref<64xf32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 64>} {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %a[%c0], %z : memref<64xf32>, vector<64xf32>
  vector.transfer_write %v, %a[%c0] : vector<64xf32>, memref<64xf32>
  return
}
func.func @wave64_layout(%a: memref<64xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %a[%c0], %z : memref<64xf32>, vector<64xf32>
  // CHECK: err-not-nvidia.mlir:[[@LINE+1]]:8: error: 'func.func' @wave64_layout uses a layout for 64-lane subgroups (wave64, AMD's subgroup size) (in 'iree_vector_ext.to_layout'): NVIDIA subgroups (warps) have 32 lanes, and vptx compiles 32-lane layouts only
  %w = iree_vector_ext.to_layout %v to layout(#l64) : vector<64xf32>
  %r = arith.addf %w, %w : vector<64xf32>
  %x = iree_vector_ext.to_layout %r to layout(#l64) : vector<64xf32>
  vector.transfer_write %x, %a[%c0] : vector<64xf32>, memref<64xf32>
  return
}
// CHECK: err-not-nvidia.mlir:[[@LINE+1]]:20: error: 'func.func' @amd_arg uses AMD memory (#amdgpu.address_space<fat_raw_buffer>): vptx targets NVIDIA GPUs, whose memrefs live in global, workgroup or private memory
func.func @amd_arg(%a: memref<64xf32, #amdgpu.address_space<fat_raw_buffer>>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<64xf32, #amdgpu.address_space<fat_raw_buffer>>
  memref.store %x, %a[%c0] : memref<64xf32, #amdgpu.address_space<fat_raw_buffer>>
  return
}
func.func @amd_alloc(%b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  // CHECK: err-not-nvidia.mlir:[[@LINE+1]]:8: error: 'func.func' @amd_alloc uses AMD memory (#amdgpu.address_space<buffer_rsrc>, in memref.alloc): vptx targets NVIDIA GPUs, whose memrefs live in global, workgroup or private memory
  %a = memref.alloc() : memref<64xf32, #amdgpu.address_space<buffer_rsrc>>
  %x = memref.load %a[%c0] : memref<64xf32, #amdgpu.address_space<buffer_rsrc>>
  memref.store %x, %b[%c0] : memref<64xf32>
  return
}
// CHECK-NOT: error
