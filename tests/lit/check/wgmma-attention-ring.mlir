// Attention on sm_90a with the key and value blocks loaded by TMA through a ring of
// stages (distribute/schedule/attn_ring.c, docs/hopper.md section 1e): no thread loads or
// stores K or V; thread 0 issues cp.async.bulk.tensor copies into the stages, the
// threads wait on full mbarriers and release stages on empty ones.  Each kernel runs on
// the simulator against eval:
//   heads     2 warpgroups (128 query rows), head dim 64, key blocks of 32, 2 heads (block
//             id y): the reads are at row (head * 128 + j), recomputed for each step's copy
//   d128_s3   head dim 128 (each 64x128 block is two 128-byte column blocks: 2 copies for
//             K, 2 for V), 3 stages (vptx.pipeline_stages = 3) over 4 key blocks
//   tail      200 keys in blocks of 64 (in_bounds = false): the last block's copies
//             reach past the memref, which TMA fills with zeros as eval pads them
//   one       a single key block (the ring's refill never runs)
//   b16_s3    key blocks of 16 (S is m64n16k16), 3 stages over 4 blocks
//   s1        vptx.pipeline_stages = 1: no ring, the register copy of contract.c
// Breaking the stage offsets of the wgmma descriptors (every step reading stage 0)
// makes heads, d128_s3, tail and b16_s3 fail.
// RUN: %vptx check --arch=sm_90a --remarks %s 2>&1 | %filecheck %s
// RUN: %vptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// The remarks give the stages and their bytes (rows x 64 or 128 x 2 bytes a block).
// With several warpgroups (heads) one ring holds both blocks in each of its S stages;
// with one, K's ring has S - 1 stages and V's S.
// CHECK: remark: 'scf.for' loads its key and value blocks (32x64 and 32x64) through a TMA ring {{.*}}: 2 stages of 8192 bytes (a key and a value block each)
// CHECK: remark: 'scf.for' loads its key and value blocks (64x128 and 64x128) through TMA rings {{.*}}: 2 stage(s) of 16384 bytes for the key blocks and 3 of 16384 for the value blocks
// CHECK: remark: 'scf.for' loads its key and value blocks (64x64 and 64x64) through TMA rings {{.*}}: 1 stage(s) of 8192 bytes for the key blocks and 2 of 8192 for the value blocks
// CHECK: remark: 'scf.for' loads its key and value blocks (64x64 and 64x64) through TMA rings {{.*}}: 1 stage(s) of 8192 bytes for the key blocks and 2 of 8192 for the value blocks
// CHECK: remark: 'scf.for' loads its key and value blocks (16x64 and 16x64) through TMA rings {{.*}}: 2 stage(s) of 2048 bytes for the key blocks and 3 of 2048 for the value blocks
// CHECK-NOT: through TMA ring
// CHECK: PASS heads (sim vs eval
// CHECK: PASS d128_s3 (sim vs eval
// CHECK: PASS tail (sim vs eval
// CHECK: PASS one (sim vs eval
// CHECK: PASS b16_s3 (sim vs eval
// CHECK: PASS s1 (sim vs eval
//
// heads: maps of K and V (arguments 1 and 2), boxes of 32 rows x 64 f16 (128-byte
// swizzle); 2 stages of 2 x 32 x 64 x 2 = 8192 bytes; empty barriers count the 256
// threads; both stages filled before the loop (expect_tx 8192, 1 copy of each block),
// then in the loop the wait on full, S, the release of the previous block's stage
// (arrive on empty), and thread 0's refill in one branch per stage (2 x 2 copies): 8
// copies.  Q's 4 loads a thread are the only global loads.  Q's image (128 x 64 x 2 =
// 16384 bytes) follows the stages in the dynamic shared memory: 32768 bytes.
// PTX: hidden tensor map of argument 1, box 32x64, swizzle 128, parameter 1
// PTX: hidden tensor map of argument 2, box 32x64, swizzle 128, parameter 2
// PTX: dynamic shared memory 32768 bytes
// PTX-LABEL: .entry heads(
// PTX-COUNT-4: ld.global.nc.v4.b32
// PTX-NOT: ld.global
// PTX: mbarrier.init.shared.b64 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 256;
// PTX: bar.sync 0;
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 8192;
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}+8], 8192;
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX-NOT: {{ld.global|cp.async.bulk}}
// PTX: mbarrier.try_wait.parity.shared::cta.b64
// PTX-NOT: {{ld.global|cp.async.bulk}}
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX: mbarrier.arrive.shared.b64
// PTX: mbarrier.try_wait.parity.shared::cta.b64
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 8192;
// PTX-COUNT-2: cp.async.bulk.tensor.2d
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}+8], 8192;
// PTX-COUNT-2: cp.async.bulk.tensor.2d
// PTX-NOT: {{ld.global|cp.async.bulk|st.shared}}
// PTX: cvt.rn.f16x2.f32
// PTX-NOT: {{ld.global|cp.async.bulk}}
// d128_s3: boxes of 64 rows x 64 f16, 2 per 64x128 block; K's ring 2 stages, V's 3, of
// 64 x 128 x 2 = 16384 bytes (80 KiB), then Q's image (16 KiB): 96 KiB of dynamic shared
// memory; all 5 stages filled before the loop (2 copies each), and in it one refill
// branch per stage: 20 copies.
// PTX: hidden tensor map of argument 1, box 64x64, swizzle 128, parameter 1
// PTX: dynamic shared memory 98304 bytes
// PTX-LABEL: .entry d128_s3(
// PTX-COUNT-5: mbarrier.init.shared.b64 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}{{(\+8|\+16)?}}], 128;
// PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 16384;
// PTX-COUNT-20: cp.async.bulk.tensor.2d
// PTX-NOT: cp.async.bulk.tensor
// tail, one: K's 1 stage and V's 2 of 8192 bytes (24 KiB), Q's 8 KiB: 3 copies before the loop
// and 3 in it (K's refill has no branch); in `one` the second value block does not
// exist, so its copy before the loop is left out: 5.
// PTX: dynamic shared memory 32768 bytes
// PTX-LABEL: .entry tail(
// PTX-COUNT-6: cp.async.bulk.tensor.2d
// PTX-NOT: cp.async.bulk.tensor
// PTX-LABEL: .entry one(
// PTX-COUNT-5: cp.async.bulk.tensor.2d
// PTX-NOT: cp.async.bulk.tensor
// b16_s3: 16 x 64 x 2 = 2048 bytes a block, K's 2 stages at 0, V's 3 at the next 1024
// bytes (4096 + 6144 = 10240), Q's 8192 at the next (10240 + 8192 = 18432); 5 copies
// before the loop, 5 in it.
// PTX: dynamic shared memory 18432 bytes
// PTX-LABEL: .entry b16_s3(
// PTX-COUNT-10: cp.async.bulk.tensor.2d
// PTX-NOT: cp.async.bulk.tensor
// s1: the register copy: K and V loaded by the threads in the loop, no copies, no maps.
// PTX-NOT: hidden tensor map
// PTX-LABEL: .entry s1(
// PTX-NOT: {{cp.async.bulk|mbarrier}}
// PTX: $L__s1_r_0:
// PTX-COUNT-8: ld.global.nc.v4.b32
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>

func.func @heads(%Q: memref<256x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<256x64xf32>)
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
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<256x64xf32>
  return
}

func.func @d128_s3(%Q: memref<64x128xf16>, %K: memref<256x128xf16>, %V: memref<256x128xf16>, %O: memref<64x128xf32>)
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
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x128xf16>, vector<64x128xf16> into vector<64x64xf32>
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
  } {vptx.pipeline_stages = 3}
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<128x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
  %out = arith.divf %r#2, %lt : vector<64x128xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<64x128xf32>, memref<64x128xf32>
  return
}

func.func @tail(%Q: memref<64x64xf16>, %K: memref<200x64xf16>, %V: memref<200x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 256 : index
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
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [false, true]} : memref<200x64xf16>, vector<64x64xf16>
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
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [false, true]} : memref<200x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @one(%Q: memref<64x64xf16>, %K: memref<64x64xf16>, %V: memref<64x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 64 : index
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
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
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
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @b16_s3(%Q: memref<64x64xf16>, %K: memref<64x64xf16>, %V: memref<64x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 16 : index
  %cS = arith.constant 64 : index
  %hq = arith.constant 0 : index
  %hk = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x16xf32>
  %q = vector.transfer_read %Q[%hq, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %jj = arith.addi %hk, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<16x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x64xf16>, vector<16x64xf16> into vector<64x16xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<64x16xf32> to vector<64xf32>
    %mb = vector.broadcast %mx : vector<64xf32> to vector<16x64xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<16x64xf32> to vector<64x16xf32>
    %d = arith.subf %s, %mt : vector<64x16xf32>
    %p = math.exp %d : vector<64x16xf32>
    %dm = arith.subf %m, %mx : vector<64xf32>
    %corr = math.exp %dm : vector<64xf32>
    %lc = arith.mulf %corr, %l : vector<64xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<64x16xf32> to vector<64xf32>
    %ph = arith.truncf %p : vector<64x16xf32> to vector<64x16xf16>
    %cb = vector.broadcast %corr : vector<64xf32> to vector<64x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %as = arith.mulf %acc, %ct : vector<64x64xf32>
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<16x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x16xf16>, vector<16x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  } {vptx.pipeline_stages = 3}
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @s1(%Q: memref<64x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<64x64xf32>)
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
  } {vptx.pipeline_stages = 1}
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
