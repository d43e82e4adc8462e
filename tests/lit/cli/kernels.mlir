// --kernel NAME compiles one kernel of a module; --split=DIR writes one file per kernel;
// -o - is stdout for every level, cubin included.
// RUN: %vptx --kernel=second %s | %filecheck --check-prefix=ONE %s
// ONE-NOT: .entry first
// ONE: .visible .entry second(
// ONE-NOT: .entry first
// The kernel compiles to the same lines as in the whole module:
// RUN: rm -rf %t && mkdir -p %t && %vptx %s -o %t/all.ptx && %vptx --kernel second %s -o %t/one.ptx
// RUN: awk '/^.visible .entry second/,/^}/' %t/all.ptx > %t/a && awk '/^.visible .entry second/,/^}/' %t/one.ptx > %t/b && test -s %t/a && cmp %t/a %t/b
// RUN: %vptx --kernel=first --emit=simt %s | %filecheck --check-prefix=SIMT %s
// SIMT: func.func @first
// SIMT-NOT: func.func @second
// RUN: not %vptx --kernel=third %s 2>&1 | %filecheck --check-prefix=NONE %s
// NONE: error: --kernel=third: the module has no kernel of that name (its kernels: first, second)
//
// RUN: %vptx --split=%t/split %s && ls %t/split | %filecheck --check-prefix=SPLIT %s
// SPLIT: first.ptx
// SPLIT-NEXT: second.ptx
// RUN: cmp %t/split/second.ptx %t/one.ptx
// RUN: %vptx --split=%t/ir --emit=layout %s && ls %t/ir | %filecheck --check-prefix=SPLITIR %s
// SPLITIR: first.mlir
// SPLITIR-NEXT: second.mlir
// RUN: not %vptx --split=%t/x -o %t/y.ptx %s 2>&1 | %filecheck --check-prefix=SPLITO %s
// SPLITO: vptx: error: --split=DIR writes one file per kernel: it takes neither -o nor --kernel
//
// RUN: %vptx --emit=simt %s -o - | %filecheck --check-prefix=ALLSIMT %s
// ALLSIMT: func.func @first
// ALLSIMT: func.func @second
// RUN: %vptx --kernel=second %s -o - | %filecheck --check-prefix=ONE %s
// RUN: if command -v ptxas > /dev/null || test -x /usr/local/cuda/bin/ptxas; then \
// RUN:   %vptx --emit=cubin %s -o - > %t/k.cubin && test ! -e ./- && head -c 4 %t/k.cubin | od -c | %filecheck --check-prefix=ELF %s; fi
// ELF: 177   E   L   F
func.func @first(%x: memref<256xf32>, %out: memref<256xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<256xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %m = arith.mulf %v, %two : vector<256xf32>
  vector.transfer_write %m, %out[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
func.func @second(%x: memref<256xf32>, %out: memref<256xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %t2 = arith.constant dense<2.0> : vector<256xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %m = arith.subf %v, %t2 : vector<256xf32>
  vector.transfer_write %m, %out[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
