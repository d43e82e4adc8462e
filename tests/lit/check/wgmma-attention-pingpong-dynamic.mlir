// REQUIRES: ptxas
// Attention on sm_90a with the warpgroups in ping-pong (distribute/schedule/attn_pingpong.c,
// docs/hopper.md section 1e "Ping-pong warpgroups") and a dynamic key count: K and V
// are memref<?x64xf16>, the loop runs to their size in blocks of 64, 2 warpgroups (128
// query rows).  Against eval with 130 keys (a partial third block), 64 (one block), 1,
// and 0: no iteration, so the turns are only the one given before the loop and the one
// taken after it, which must balance (the simulator reports a barrier that never
// completes).
// RUN: %vptx check --arch=sm_90a --remarks --dim 130 %s 2>&1 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --dim 64 %s | %filecheck --check-prefix=SMALL %s
// RUN: %vptx check --arch=sm_90a --dim 1 %s | %filecheck --check-prefix=SMALL %s
// RUN: %vptx check --arch=sm_90a --dim 0 %s | %filecheck --check-prefix=SMALL %s
// RUN: %vptx --arch=sm_90a %s -o %t.ptx && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin > %t.log 2>&1; ! grep -E 'C7514|C7517|C7519|warning' %t.log
// CHECK: remark: 'scf.for' ping-pong: its 2 warpgroups take turns in pairs
// CHECK: PASS pp_dyn (sim vs eval
// SMALL: PASS pp_dyn (sim vs eval
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>

func.func @pp_dyn(%Q: memref<128x64xf16>, %K: memref<?x64xf16>, %V: memref<?x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = memref.dim %K, %c0 : memref<?x64xf16>
  %hq = arith.constant 0 : index
  %hk = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%hq, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %jj = arith.addi %hk, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [false, true]} : memref<?x64xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x64xf16>, vector<64x64xf16> into vector<128x64xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<128x64xf32> to vector<128xf32>
    %mb = vector.broadcast %mx : vector<128xf32> to vector<64x128xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
    %d = arith.subf %s, %mt : vector<128x64xf32>
    %p = math.exp %d : vector<128x64xf32>
    %dm = arith.subf %m, %mx : vector<128xf32>
    %corr = math.exp %dm : vector<128xf32>
    %lc = arith.mulf %corr, %l : vector<128xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<128x64xf32> to vector<128xf32>
    %ph = arith.truncf %p : vector<128x64xf32> to vector<128x64xf16>
    %cb = vector.broadcast %corr : vector<128xf32> to vector<64x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
    %as = arith.mulf %acc, %ct : vector<128x64xf32>
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [false, true]} : memref<?x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  } {vptx.ping_pong = true}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
