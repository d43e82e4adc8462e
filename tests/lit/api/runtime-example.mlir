// examples/runtime.c, built by make: compile MLIR with vptx.h, load, launch and read back
// with vptx_runtime.h on the simulator, compare with a C loop.
// RUN: $(dirname %vptx)/examples/runtime | %filecheck %s
// CHECK: runtime: device sim
// 8 workgroups of 64 threads read two 8x256 f32 arrays and write one:
// CHECK-NEXT: runtime: 512 threads ran {{[0-9]+}} instructions, loaded 16384 bytes, stored 8192
// CHECK-NEXT: runtime: PASS (0 of 2048 elements differ from the C reference)
//
// The comparison can fail: this file's kernel has the same signature but adds 1 too.
// RUN: not $(dirname %vptx)/examples/runtime %s > %t.out 2> %t.err
// RUN: %filecheck --check-prefix=WRONG %s < %t.out
// RUN: %filecheck --check-prefix=WRONGERR %s < %t.err
// WRONG: runtime: FAIL (2048 of 2048 elements differ from the C reference)
// x[0][0] = -2 and y[0][0] = -2 (see runtime.c): 1.5 * -2 - 2 = -5, and 1 more is -4.
// WRONGERR: runtime: y[0][0] = -4, expected -5
//
// --cuda: the GPU when there is one; without a driver the status is VPTX_ERR_UNAVAILABLE
// (exit 77), never a crash.  (Under ASan the CUDA driver needs the options of tests/gpu.)
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp \
// RUN:     $(dirname %vptx)/examples/runtime --cuda > %t.cuda 2>&1; rc=$?; cat %t.cuda; \
// RUN:     test $rc = 0 || { test $rc = 77 && grep -q 'VPTX_ERR_UNAVAILABLE' %t.cuda; }
func.func @axpy_rows(%x: memref<8x256xf32>, %y: memref<8x256xf32>, %a: f32)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %row = gpu.block_id x
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<256xf32>
  %vx = vector.transfer_read %x[%row, %c0], %pad {in_bounds = [true]} : memref<8x256xf32>, vector<256xf32>
  %vy = vector.transfer_read %y[%row, %c0], %pad {in_bounds = [true]} : memref<8x256xf32>, vector<256xf32>
  %va = vector.broadcast %a : f32 to vector<256xf32>
  %r = vector.fma %va, %vx, %vy : vector<256xf32>
  %r1 = arith.addf %r, %one : vector<256xf32>
  vector.transfer_write %r1, %y[%row, %c0] {in_bounds = [true]} : vector<256xf32>, memref<8x256xf32>
  return
}
