// Module-level workgroup globals (memref.global in address space 3) count toward
// the 48 KB of static .shared per kernel, like the kernel's own allocs: ptxas adds
// every .shared variable an entry references.  A 16-byte alloc, then 8192 + 4096
// f32 in globals: 49168 bytes, and the error is at the get_global that passes the
// limit.
// RUN: not %vptx %s 2>&1 | %filecheck --check-prefix=SM80 %s
// RUN: not %vptx --arch=sm_90a %s 2>&1 | %filecheck --check-prefix=SM90 %s
// SM80: workgroup-global-limit.mlir:[[@LINE+19]]:8: error: kernel 'k' needs 49168 bytes of static workgroup memory; ptxas allows 49152 (48 KB) on every target: use gpu.dynamic_shared_memory for more (at most 163 KB on sm_80)
// SM80-NOT: error
// SM90: error: kernel 'k' needs 49168 bytes of static workgroup memory; ptxas allows 49152 (48 KB) on every target: use gpu.dynamic_shared_memory for more (at most 227 KB on sm_90a)
// Four floats fewer in @big: 49152 bytes in all, accepted, and ptxas agrees.  This
// also shows that @big, used twice, is counted once, and that @unused (used by no
// kernel) is not counted.
// RUN: sed 's/8192xf32/8188xf32/g' %s > %t.fits.mlir && %vptx %t.fits.mlir -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=FITS %s < %t.ptx
// FITS-DAG: .shared .align 16 .b8 big[32752];
// FITS-DAG: .shared .align 16 .b8 more[16384];
memref.global "private" @big : memref<8192xf32, #gpu.address_space<workgroup>>
memref.global "private" @more : memref<4096xf32, #gpu.address_space<workgroup>>
memref.global "private" @unused : memref<12288xf32, #gpu.address_space<workgroup>>
func.func @k(%x: memref<4xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %b = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
  %a = memref.get_global @big : memref<8192xf32, #gpu.address_space<workgroup>>
  %a2 = memref.get_global @big : memref<8192xf32, #gpu.address_space<workgroup>>
  %m = memref.get_global @more : memref<4096xf32, #gpu.address_space<workgroup>>
  memref.store %v, %a[%c0] : memref<8192xf32, #gpu.address_space<workgroup>>
  memref.store %v, %a2[%c0] : memref<8192xf32, #gpu.address_space<workgroup>>
  memref.store %v, %m[%c0] : memref<4096xf32, #gpu.address_space<workgroup>>
  memref.store %v, %b[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
  %w = memref.load %b[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
  memref.store %w, %x[%c0] : memref<4xf32>
  return
}
