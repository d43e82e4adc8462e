// REQUIRES: ptxas
// Attention on sm_90a with the warpgroups in ping-pong (distribute/schedule/attn_pingpong.c,
// docs/hopper.md section 1e "Ping-pong warpgroups"): every kernel carries
// `vptx.ping_pong = true` on its key loop and runs on the simulator against eval.
//   pp_heads    2 warpgroups (128 query rows), head dim 64, key blocks of 32, 2 heads
//   pp_one      a single key block (64 keys in a block of 64): one turn in the loop
//   pp_tail     200 keys in blocks of 64 (in_bounds = false): TMA zero-fills the last
//   pp_d128_s3  head dim 128, key blocks of 32, 3 stages (the bench kernel's shape)
//   pp_wg4      4 warpgroups (256 rows, 512 threads): two pairs, barriers 3 to 6
//   pp_s1       vptx.pipeline_stages = 1: the register copy between workgroup barriers,
//               which a turn spanning the back edge would deadlock: plain schedule
//   pp_wg1      1 warpgroup: no partner, plain schedule
// The remarks say which loops take it and why not.  Each ping-pong loop has 3
// bar.arrive in the text (before, in and after the loop): 15 for the five.  ptxas
// repairs nothing (C7514, C7517, C7519) and warns of nothing.
// RUN: %vptx check --arch=sm_90a --remarks %s 2>&1 | %filecheck %s
// RUN: %vptx --arch=sm_90a %s -o %t.ptx && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin > %t.log 2>&1; ! grep -E 'C7514|C7517|C7519|warning' %t.log
// RUN: grep -c 'bar.arrive' %t.ptx | %filecheck --check-prefix=ARRIVES %s
// CHECK: wgmma-attention-pingpong.mlir:[[@LINE+36]]:10: remark: 'scf.for' ping-pong: its 2 warpgroups take turns in pairs {{.*}}named barriers 3 to 4, 256 threads
// CHECK: wgmma-attention-pingpong.mlir:[[@LINE+76]]:10: remark: 'scf.for' ping-pong: its 2 warpgroups
// CHECK: wgmma-attention-pingpong.mlir:[[@LINE+116]]:10: remark: 'scf.for' ping-pong: its 2 warpgroups
// CHECK: wgmma-attention-pingpong.mlir:[[@LINE+156]]:10: remark: 'scf.for' ping-pong: its 2 warpgroups
// CHECK: wgmma-attention-pingpong.mlir:[[@LINE+196]]:10: remark: 'scf.for' ping-pong: its 4 warpgroups take turns in pairs {{.*}}named barriers 3 to 6, 256 threads
// CHECK: wgmma-attention-pingpong.mlir:[[@LINE+236]]:10: remark: 'scf.for' keeps the plain schedule of its wgmma (no ping-pong): the key and value blocks are copied through registers between workgroup barriers, not by the TMA ring
// CHECK: wgmma-attention-pingpong.mlir:[[@LINE+276]]:10: remark: 'scf.for' keeps the plain schedule of its wgmma (no ping-pong): one warpgroup
// CHECK: PASS pp_heads (sim vs eval
// CHECK: PASS pp_one (sim vs eval
// CHECK: PASS pp_tail (sim vs eval
// CHECK: PASS pp_d128_s3 (sim vs eval
// CHECK: PASS pp_wg4 (sim vs eval
// CHECK: PASS pp_s1 (sim vs eval
// CHECK: PASS pp_wg1 (sim vs eval
// ARRIVES: {{^}}15{{$}}
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>

func.func @pp_heads(%Q: memref<256x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<256x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>, gpu.known_grid_size = array<i32: 1, 2, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 32 : index
  %cS = arith.constant 128 : index
  %by = gpu.block_id y
  %cM = arith.constant 128 : index
  %cKR = arith.constant 128 : index
  %hq = arith.muli %by, %cM : index
  %hk = arith.muli %by, %cKR : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x32xf32>
  %q = vector.transfer_read %Q[%hq, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %jj = arith.addi %hk, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<32x64xf16>
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
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<32x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  } {vptx.ping_pong = true}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<256x64xf32>
  return
}

func.func @pp_one(%Q: memref<128x64xf16>, %K: memref<64x64xf16>, %V: memref<64x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 64 : index
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
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
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
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  } {vptx.ping_pong = true}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @pp_tail(%Q: memref<128x64xf16>, %K: memref<200x64xf16>, %V: memref<200x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 200 : index
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
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [false, true]} : memref<200x64xf16>, vector<64x64xf16>
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
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [false, true]} : memref<200x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  } {vptx.ping_pong = true}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @pp_d128_s3(%Q: memref<128x128xf16>, %K: memref<128x128xf16>, %V: memref<128x128xf16>, %O: memref<128x128xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 32 : index
  %cS = arith.constant 128 : index
  %hq = arith.constant 0 : index
  %hk = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x128xf32>
  %zs = arith.constant dense<0.0> : vector<128x32xf32>
  %q = vector.transfer_read %Q[%hq, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<128x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x128xf32>) {
    %jj = arith.addi %hk, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<32x128xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x128xf16>, vector<32x128xf16> into vector<128x32xf32>
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
    %cb = vector.broadcast %corr : vector<128xf32> to vector<128x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
    %as = arith.mulf %acc, %ct : vector<128x128xf32>
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<32x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x128xf32>
  } {vptx.ping_pong = true, vptx.pipeline_stages = 3 : i64}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<128x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
  %out = arith.divf %r#2, %lt : vector<128x128xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}

func.func @pp_wg4(%Q: memref<256x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<256x64xf32>)
    attributes {gpu.known_block_size = array<i32: 512, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 32 : index
  %cS = arith.constant 128 : index
  %hq = arith.constant 0 : index
  %hk = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<256xf32>
  %zl = arith.constant dense<0.0> : vector<256xf32>
  %zo = arith.constant dense<0.0> : vector<256x64xf32>
  %zs = arith.constant dense<0.0> : vector<256x32xf32>
  %q = vector.transfer_read %Q[%hq, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<256x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<256xf32>, vector<256xf32>, vector<256x64xf32>) {
    %jj = arith.addi %hk, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<256x64xf16>, vector<32x64xf16> into vector<256x32xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<256x32xf32> to vector<256xf32>
    %mb = vector.broadcast %mx : vector<256xf32> to vector<32x256xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<32x256xf32> to vector<256x32xf32>
    %d = arith.subf %s, %mt : vector<256x32xf32>
    %p = math.exp %d : vector<256x32xf32>
    %dm = arith.subf %m, %mx : vector<256xf32>
    %corr = math.exp %dm : vector<256xf32>
    %lc = arith.mulf %corr, %l : vector<256xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<256x32xf32> to vector<256xf32>
    %ph = arith.truncf %p : vector<256x32xf32> to vector<256x32xf16>
    %cb = vector.broadcast %corr : vector<256xf32> to vector<64x256xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x256xf32> to vector<256x64xf32>
    %as = arith.mulf %acc, %ct : vector<256x64xf32>
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<256x32xf16>, vector<32x64xf16> into vector<256x64xf32>
    scf.yield %mx, %ln, %on : vector<256xf32>, vector<256xf32>, vector<256x64xf32>
  } {vptx.ping_pong = true}
  %lb = vector.broadcast %r#1 : vector<256xf32> to vector<64x256xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x256xf32> to vector<256x64xf32>
  %out = arith.divf %r#2, %lt : vector<256x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<256x64xf32>, memref<256x64xf32>
  return
}

func.func @pp_s1(%Q: memref<128x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<128x64xf32>)
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
  } {vptx.ping_pong = true, vptx.pipeline_stages = 1 : i64}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @pp_wg1(%Q: memref<64x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 128 : index
  %hq = arith.constant 0 : index
  %hk = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x64xf32>
  %q = vector.transfer_read %Q[%hq, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %jj = arith.addi %hk, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<64x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
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
    %cb = vector.broadcast %corr : vector<64xf32> to vector<64x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %as = arith.mulf %acc, %ct : vector<64x64xf32>
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  } {vptx.ping_pong = true}
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
