// A kernel name of 300 characters compiles (ptxas takes names of thousands), and the
// simulator runs what vptx compiled: its names have no length limit.  It used to
// refuse the parameter names derived from such a kernel name ('name too long').
// RUN: printf "\x93NUMPY\x01\x00\x3a\x00{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\n0123456789abcdef" > %t.npy && \
// RUN: %vptx run %s %t.npy 2.5 --backend=sim --out %t.d && od -An -tf4 -j64 %t.d/arg0.npy | %filecheck %s
// CHECK: 2.5 2.5 2.5 2.5
// RUN: %vptx check %s --backend=sim | %filecheck --check-prefix=CHECKCMD %s
// CHECKCMD: SKIP kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk (SIMT-level: ran on the simulator without a fault
func.func @kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk(%a: memref<4xf32>, %v: f32) attributes {gpu.known_block_size = array<i32: 4, 1, 1>} {
  %i = gpu.thread_id x
  memref.store %v, %a[%i] : memref<4xf32>
  return
}
