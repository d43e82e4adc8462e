// Static workgroup memory above what ptxas accepts is an error at the
// allocation: 48 KB of static .shared per kernel on every target (ptxas:
// "uses too much shared data (..., 0xc000 max)"); the message names the
// target's maximum through dynamic shared memory (163 KB sm_80, 227 KB sm_90).
// RUN: not %vptx %s 2>&1 | %filecheck --check-prefix=SM80 %s
// RUN: not %vptx --arch=sm_90a %s 2>&1 | %filecheck --check-prefix=SM90 %s
// SM80: workgroup-memory-limit.mlir:[[@LINE+7]]:8: error: kernel 'k' needs 49168 bytes of static workgroup memory; ptxas allows 49152 (48 KB) on every target: use gpu.dynamic_shared_memory for more (at most 163 KB on sm_80)
// SM90: error: kernel 'k' needs 49168 bytes of static workgroup memory; ptxas allows 49152 (48 KB) on every target: use gpu.dynamic_shared_memory for more (at most 227 KB on sm_90a)
// RUN: sed 's/12288xf32/12284xf32/g' %s > %t.fits.mlir && %vptx %t.fits.mlir -o %t.ptx && %ptxas-verify %t.ptx
func.func @k(%x: memref<4xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<12288xf32, #gpu.address_space<workgroup>>
  %b = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
  memref.store %v, %a[%c0] : memref<12288xf32, #gpu.address_space<workgroup>>
  memref.store %v, %b[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
  %w = memref.load %b[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
  memref.store %w, %x[%c0] : memref<4xf32>
  return
}
