// Tensor map arguments the launcher cannot encode (issue 14 part 3): located errors at
// the argument (the map, or the memref given to TMA) that say what to change; nothing
// runs.  One case a run.
// RUN: sed -n '/^\/\/ CASE A$/,/^\/\/ END A$/p' %s > %t.a.mlir && not %vptx check --arch=sm_90a --backend=sim %t.a.mlir 2>&1 | %filecheck --check-prefix=ERRA %s
// RUN: sed -n '/^\/\/ CASE B$/,/^\/\/ END B$/p' %s > %t.b.mlir && not %vptx check --arch=sm_90a --backend=sim %t.b.mlir 2>&1 | %filecheck --check-prefix=ERRB %s
// RUN: sed -n '/^\/\/ CASE C$/,/^\/\/ END C$/p' %s > %t.c.mlir && not %vptx check --arch=sm_90a --backend=sim %t.c.mlir 2>&1 | %filecheck --check-prefix=ERRC %s
// RUN: sed -n '/^\/\/ CASE D$/,/^\/\/ END D$/p' %s > %t.d.mlir && not %vptx check --arch=sm_90a --backend=sim %t.d.mlir 2>&1 | %filecheck --check-prefix=ERRD %s
// RUN: sed -n '/^\/\/ CASE E$/,/^\/\/ END E$/p' %s > %t.e.mlir && not %vptx check --arch=sm_90a --backend=sim %t.e.mlir 2>&1 | %filecheck --check-prefix=ERRE %s
// RUN: sed -n '/^\/\/ CASE F$/,/^\/\/ END F$/p' %s > %t.f.mlir && not %vptx check --arch=sm_90a --backend=sim %t.f.mlir 2>&1 | %filecheck --check-prefix=ERRF %s
// RUN: sed -n '/^\/\/ CASE G$/,/^\/\/ END G$/p' %s > %t.g.mlir && not %vptx check --arch=sm_90a --backend=sim %t.g.mlir 2>&1 | %filecheck --check-prefix=ERRG %s
// RUN: not %vptx run --arch=sm_90a --backend=sim %S/tma-tensor-map.mlir a.npy b.npy 2>&1 | %filecheck --check-prefix=RUNARGS %s
// ERRA: a.mlir:3:{{[0-9]+}}: error: kernel 'ka' argument #1: a tensor map argument needs {vptx.tma_source = N}: the index of the memref argument whose buffer the launcher encodes the map for
// ERRB: b.mlir:3:{{[0-9]+}}: error: argument #0 is given to TMA (tensor map argument #1) but is not contiguous: its innermost stride is 2; TMA needs stride 1 there
// ERRC: c.mlir:3:{{[0-9]+}}: error: argument #0 is given to TMA (tensor map argument #1) but its offset of 4 elements (8 bytes) leaves the base unaligned: TMA needs a 16-byte aligned base
// ERRD: d.mlir:3:{{[0-9]+}}: error: tensor map argument #1: vptx.tma_source = 0 is not a memref argument of the kernel
// ERRE: e.mlir:3:{{[0-9]+}}: error: argument #0 is given to TMA (tensor map argument #1) but the stride of its dim 0 is 72 bytes: TMA needs a positive multiple of 16
// ERRF: f.mlir:3:{{[0-9]+}}: error: argument #0 is given to TMA by tensor map argument #1, whose tensor has another element type or rank: give them the same
// ERRG: g.mlir:3:{{[0-9]+}}: error: tensor map argument #1: the inner box row is 256 bytes; TMA needs a multiple of 16 bytes, at most the swizzle span
// RUNARGS: vptx run: error: kernel 'tma_wgmma' takes 3 arguments, 2 given (tensor maps are built by vptx and take none)
// CASE A
gpu.module @m {
  gpu.func @ka(%A: memref<64x64xf16>, %t: !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    gpu.return
  }
}
// END A
// CASE B
gpu.module @m {
  gpu.func @kb(%A: memref<64x64xf16, strided<[128, 2]>>, %t: !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> {vptx.tma_source = 0 : i64}) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    gpu.return
  }
}
// END B
// CASE C
gpu.module @m {
  gpu.func @kc(%A: memref<64x64xf16, strided<[64, 1], offset: 4>>, %t: !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> {vptx.tma_source = 0 : i64}) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    gpu.return
  }
}
// END C
// CASE D
gpu.module @m {
  gpu.func @kd(%n: index, %t: !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> {vptx.tma_source = 0 : i64}) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    gpu.return
  }
}
// END D
// CASE E
gpu.module @m {
  gpu.func @ke(%A: memref<64x36xf16>, %t: !nvgpu.tensormap.descriptor<tensor = memref<64x32xf16, 3>, swizzle = swizzle_64b, l2promo = none, oob = zero, interleave = none> {vptx.tma_source = 0 : i64}) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    gpu.return
  }
}
// END E
// CASE F
gpu.module @m {
  gpu.func @kf(%A: memref<64x64xf32>, %t: !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> {vptx.tma_source = 0 : i64}) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    gpu.return
  }
}
// END F
// CASE G
gpu.module @m {
  gpu.func @kg(%A: memref<64x128xf16>, %t: !nvgpu.tensormap.descriptor<tensor = memref<64x128xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> {vptx.tma_source = 0 : i64}) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    gpu.return
  }
}
// END G
