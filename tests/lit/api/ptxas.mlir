// The ptxas runner: --emit=cubin, --ptxas-stats, --verbose, and a failing ptxas
// passed through with its exit status and the PTX kept for inspection.
// REQUIRES: ptxas
// RUN: PTXAS=%ptxas %vptx --emit=cubin --arch=sm_80 %s -o %t.cubin && test -s %t.cubin
// RUN: PTXAS=%ptxas %vptx --ptxas-stats --verbose --arch=sm_80 %s -o %t.ptx 2> %t.err && %filecheck %s < %t.err
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: printf '#!/bin/sh\necho "ptxas fatal   : pretend failure" >&2\nexit 3\n' > %T/badptxas && chmod +x %T/badptxas
// RUN: PTXAS=%T/badptxas %vptx --emit=cubin %s -o %t.bad.cubin 2> %t.err2; test $? = 3
// RUN: %filecheck --check-prefix=BAD %s < %t.err2
// RUN: test ! -e %t.bad.cubin
// RUN: kept=$(sed -n 's/.*the PTX is kept in //p' %t.err2) && test -s "$kept" && rm -rf "$(dirname "$kept")"
// RUN: PTXAS=%T/nonexistent not %vptx --emit=cubin %s -o %t.none.cubin 2>&1 | %filecheck --check-prefix=NONE %s
// CHECK: + {{.*}}ptxas -arch=sm_80 -v -o {{.*}}/ptxas.cubin {{.*}}/ptxas.ptx
// CHECK: ptxas stats sm_80 scale3: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack, 0 bytes smem, 0 barriers
// PTX: .visible .entry scale3(
// BAD: ptxas fatal   : pretend failure
// BAD: vptx: error: ptxas failed (exit status 3); the PTX is kept in {{.*}}/ptxas.ptx
// NONE: vptx: error: ptxas not found (looked in $PTXAS, PATH, $CUDA_HOME/bin and /usr/local/cuda/bin)
func.func @scale3(%x: memref<128xf32>, %y: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %three = arith.constant dense<3.0> : vector<128xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r = arith.mulf %v, %three : vector<128xf32>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}
