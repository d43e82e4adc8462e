// A `vptx.ping_pong` attribute that is not a boolean on an attention key loop is a
// located error at the loop (docs/hopper.md section 1e, "Ping-pong warpgroups"), not a
// silent default, and no output is written; on sm_80 too, where the loop has no wgmma.
// RUN: not %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx 2>&1 | %filecheck %s
// RUN: test ! -e %t.ptx
// RUN: not %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx 2>&1 | %filecheck %s
// CHECK: attn-pingpong-err.mlir:[[@LINE+19]]:10: error: 'vptx.ping_pong' must be true or false
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>

func.func @pp_bad(%Q: memref<128x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 32 : index
  %cS = arith.constant 128 : index
  %hq = arith.constant 0 : index
  %hk = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x32xf32>
  %q = vector.transfer_read %Q[%hq, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %jj = arith.addi %hk, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x64xf16>, vector<32x64xf16> into vector<128x32xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<128x32xf32> to vector<128xf32>
    %mb = vector.broadcast %mx : vector<128xf32> to vector<32x128xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<32x128xf32> to vector<128x32xf32>
    %d = arith.subf %s, %mt : vector<128x32xf32>
    %p = math.exp %d : vector<128x32xf32>
    %dm = arith.subf %m, %mx : vector<128xf32>
    %corr = math.exp %dm : vector<128xf32>
    %lc = arith.mulf %corr, %l : vector<128xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<128x32xf32> to vector<128xf32>
    %ph = arith.truncf %p : vector<128x32xf32> to vector<128x32xf16>
    %cb = vector.broadcast %corr : vector<128xf32> to vector<64x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
    %as = arith.mulf %acc, %ct : vector<128x64xf32>
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  } {vptx.ping_pong = 3 : i64}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
