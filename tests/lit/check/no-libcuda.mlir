// Without a CUDA driver (or without a GPU), --backend=cuda says so in one line and
// exits 77, which the test runner reads as "skip"; with a working GPU the check
// passes and this test skips itself (the message is only expected when it is absent).
// --backend=auto falls back to the simulator.
// RUN: %vptx check %s --backend=cuda > %t.out 2> %t.err; rc=$?; if [ $rc = 0 ]; then exit 77; fi; test $rc = 77
// RUN: %filecheck %s < %t.err
// RUN: %vptx check %s --backend=auto | %filecheck --check-prefix=AUTO %s
// RUN: %vptx run %s --backend=cuda 2> %t.err2; test $? = 77 && %filecheck %s < %t.err2
// CHECK: vptx {{check|run}}: no {{(CUDA driver: libcuda.so.1 not found|usable CUDA driver|CUDA device)}}
// AUTO: PASS scale ({{sim|cuda}} vs eval, max abs err {{.*}})
func.func @scale(%x: memref<128xf32>, %y: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<128xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r = arith.mulf %v, %two : vector<128xf32>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}
