// Input of tests/lit/distribute/attn-overlap-err.mlir: attention with 2 warpgroups (128 query
// rows), head dim 256, key blocks of 64, 256 keys (200 rows of K and V: a partial block).
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @d256_wg2(%Q: memref<128x256xf16>, %K: memref<200x256xf16>, %V: memref<200x256xf16>, %O: memref<128x256xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x256xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x256xf16>, vector<128x256xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x256xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [false, true]} : memref<200x256xf16>, vector<64x256xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x256xf16>, vector<64x256xf16> into vector<128x64xf32>
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
    %cb = vector.broadcast %corr : vector<128xf32> to vector<256x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<256x128xf32> to vector<128x256xf32>
    %as = arith.mulf %acc, %ct : vector<128x256xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [false, true]} : memref<200x256xf16>, vector<64x256xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x256xf16> into vector<128x256xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x256xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<256x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<256x128xf32> to vector<128x256xf32>
  %out = arith.divf %r#2, %lt : vector<128x256xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x256xf32>, memref<128x256xf32>
  return
}

