// The stage count of a pipelined loop is resolved by one rule (layout/loop_options.c): the
// loop's vptx.pipeline_stages, else the pipeline_stages of a contract's lowering_config
// in its body, else --pipeline-stages, else the schedule's default.  Here an attention
// key loop's TMA ring takes its stages from S's lowering_config (3: V's ring 3, K's 2),
// where its default is 2 (V's 2, K's 1); the loop's attribute wins over the config, and
// the config over the option.
// RUN: %vptx --arch=sm_90a --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=CONFIG %s
// CONFIG: through TMA rings {{.*}}: 2 stage(s) of 16384 bytes for the key blocks and 3 of 16384 for the value blocks
// RUN: sed 's/^  }$/  } {vptx.pipeline_stages = 4}/' %s > %t.attr.mlir
// RUN: %vptx --arch=sm_90a --remarks %t.attr.mlir -o %t.attr.ptx 2>&1 | %filecheck --check-prefix=ATTR %s
// ATTR: through TMA rings {{.*}}: 3 stage(s) of 16384 bytes for the key blocks and 4 of 16384 for the value blocks
// RUN: %vptx --arch=sm_90a --remarks --pipeline-stages=2 %s -o %t.opt.ptx 2>&1 | %filecheck --check-prefix=CONFIG %s
// RUN: sed 's/, pipeline_stages = 3//' %s > %t.none.mlir
// RUN: %vptx --arch=sm_90a --remarks %t.none.mlir -o %t.none.ptx 2>&1 | %filecheck --check-prefix=DEFAULT %s
// DEFAULT: through TMA rings {{.*}}: 1 stage(s) of 16384 bytes for the key blocks and 2 of 16384 for the value blocks
// RUN: sed 's/pipeline_stages = 3/pipeline_stages = 0/' %s > %t.bad.mlir
// RUN: not %vptx --arch=sm_90a %t.bad.mlir 2>&1 | %filecheck --check-prefix=BAD %s
// BAD: error: 'pipeline_stages' must be an integer from 1 to 8
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @ring_stages(%Q: memref<64x128xf16>, %K: memref<256x128xf16>, %V: memref<256x128xf16>, %O: memref<64x128xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 256 : index
  %hq = arith.constant 0 : index
  %hk = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x128xf32>
  %zs = arith.constant dense<0.0> : vector<64x64xf32>
  %q = vector.transfer_read %Q[%hq, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x128xf32>) {
    %jj = arith.addi %hk, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<256x128xf16>, vector<64x128xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>, pipeline_stages = 3}>} %q, %k, %zs : vector<64x128xf16>, vector<64x128xf16> into vector<64x64xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<64x64xf32> to vector<64xf32>
    %mb = vector.broadcast %mx : vector<64xf32> to vector<64x64xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %d = arith.subf %s, %mt : vector<64x64xf32>
    %p = math.exp %d : vector<64x64xf32>
    %dm = arith.subf %m, %mx : vector<64xf32>
    %corr = math.exp %dm : vector<64xf32>
    %lc = arith.mulf %corr, %l : vector<64xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<64x64xf32> to vector<64xf32>
    %ph = arith.truncf %p : vector<64x64xf32> to vector<64x64xf16>
    %cb = vector.broadcast %corr : vector<64xf32> to vector<128x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
    %as = arith.mulf %acc, %ct : vector<64x128xf32>
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<256x128xf16>, vector<64x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x128xf16> into vector<64x128xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x128xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<128x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
  %out = arith.divf %r#2, %lt : vector<64x128xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<64x128xf32>, memref<64x128xf32>
  return
}
