// A module of many SIMT-level kernels, each with its own workgroup global and device
// function, defined after the kernel that uses them.  memref.get_global and func.call
// are resolved through symbol tables built once (ir/symtab.c: a walk of the module per
// lookup made 16,000 such kernels take minutes): every kernel must still get its own
// buffer (of 64 + N floats: the shared memory the kernel is counted) and callee.  The
// module is this file's gpu.module repeated with _N renamed.
// RUN: { echo 'gpu.module @m {'; for i in $(seq 0 399); do sed -e '/^\/\//d' -e '/^gpu.module/d' -e '/^}$/d' -e "s/_N\b/_$i/g" -e "s/64xf32, 3/$((64 + i))xf32, 3/" %s; done; echo '}'; } > %t.mlir
// RUN: %vptx --emit=ptx --arch=sm_80 %t.mlir -o %t.ptx && %ptxas-verify %t.ptx
// RUN: awk -f %S/Inputs/kernel-symbols.awk %t.ptx | %filecheck %s
// CHECK: 400 kernels, 400 sizes right, 400 globals right, 400 calls right, 0 wrong
gpu.module @m {
  gpu.func @k_N(%x: memref<64xf32>, %out: memref<64xf32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
    %b = memref.get_global @buf_N : memref<64xf32, 3>
    %t = gpu.thread_id x
    %v = memref.load %x[%t] : memref<64xf32>
    memref.store %v, %b[%t] : memref<64xf32, 3>
    gpu.barrier
    %c63 = arith.constant 63 : index
    %r = arith.subi %c63, %t : index
    %w = memref.load %b[%r] : memref<64xf32, 3>
    %s = func.call @d_N(%v, %w) : (f32, f32) -> f32
    memref.store %s, %out[%t] : memref<64xf32>
    gpu.return
  }
  memref.global "private" @buf_N : memref<64xf32, 3> {alignment = 16}
  func.func @d_N(%a: f32, %b: f32) -> f32 {
    %r = arith.addf %a, %b : f32
    return %r : f32
  }
}
