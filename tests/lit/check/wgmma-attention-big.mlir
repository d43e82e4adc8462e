// Attention on sm_90a with tiles whose shared operands pass the 48 KiB of static shared
// memory (docs/hopper.md, section 1e): Q's swizzled image goes into the dynamic shared
// memory after the TMA ring's stages (distribute/lowering/contract.c's hoist, attn_ring.c's
// dist_attn_ring_q), and layout/select.c counts Q and 2 ring stages against the 227 KiB
// a workgroup may have.  Each kernel runs on the simulator against eval:
//   wg2_tail     2 warpgroups (128 query rows), head dim 128, key blocks of 64, 200 keys
//                (in_bounds = false: TMA zero-fills the last block as eval pads it)
//   wg2_one      the same with a single key block (64 keys)
//   b128_tail    1 warpgroup, head dim 128, key blocks of 128, 300 keys
//   b128_one     the same with a single key block
//   d256_tail    1 warpgroup, head dim 256, key blocks of 64, 200 keys
//   d256_one     the same with a single key block
//   wg2_b128_s4  2 warpgroups, head dim 128, key blocks of 128, 5 blocks, asking for 4
//                stages: Q (32 KiB) and 4 stages of 64 KiB do not fit, 3 do
// Q's image at the wrong offset (the ring's first stage) makes every kernel fail.
// RUN: %vptx check --arch=sm_90a --remarks %s 2>&1 | %filecheck %s
// RUN: %vptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// Every contract takes wgmma (never mma.sync), every loop the TMA ring, every Q the
// dynamic shared memory.
// CHECK-NOT: NV_MMA_SYNC
// CHECK: remark: 'vector.contract' 128x64x128 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 (sm_90a: {{.*}}warpgroups M2 x N1 of 2
// CHECK: remark: 'vector.contract' 128x128x64 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 (sm_90a: {{.*}}A from registers
// CHECK-NOT: NV_MMA_SYNC
// CHECK: remark: 'vector.contract' 64x128x128 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 (sm_90a: {{.*}}warpgroups M1 x N1 of 1
// CHECK: remark: 'vector.contract' 64x128x128 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 (sm_90a: {{.*}}A from registers
// CHECK-NOT: NV_MMA_SYNC
// CHECK: remark: 'vector.contract' 64x64x256 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 (sm_90a:
// CHECK: remark: 'vector.contract' 64x256x64 f16 x f16 -> f32: NV_WGMMA_F32_64x256x16_F16 (sm_90a: {{.*}}A from registers
// CHECK-NOT: NV_MMA_SYNC
// CHECK: remark: 'vector.contract' 128x128x128 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 (sm_90a: {{.*}}warpgroups M2 x N1 of 2
// CHECK: remark: 'vector.contract' 128x128x128 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 (sm_90a: {{.*}}A from registers
// CHECK-NOT: NV_MMA_SYNC
// CHECK: remark: 'scf.for' loads its key and value blocks (64x128 and 64x128) through a TMA ring {{.*}}: 2 stages of 32768 bytes
// CHECK: remark: 'wg2_tail' asks ptxas for 2 workgroups per SM (.minnctapersm: up to 101376 bytes of shared memory each, at most 128 registers a thread)
// CHECK: remark: 'vector.contract' (wgmma) has its A (128x128), defined before the loop, stored into shared memory once, before the loop (dynamic shared memory, after the TMA ring's stages)
// CHECK: remark: 'scf.for' loads its key and value blocks (64x128 and 64x128) through a TMA ring {{.*}}: 2 stages of 32768 bytes
// CHECK: remark: 'wg2_one' asks ptxas for 2 workgroups per SM
// CHECK: remark: 'vector.contract' (wgmma) has its A (128x128), {{.*}}(dynamic shared memory, after the TMA ring's stages)
// CHECK: remark: 'scf.for' loads its key and value blocks (128x128 and 128x128) through TMA rings {{.*}}: 1 stage(s) of 32768 bytes for the key blocks and 2 of 32768 for the value blocks
// CHECK: remark: 'vector.contract' (wgmma) has its A (64x128), {{.*}}(dynamic shared memory, after the TMA ring's stages)
// CHECK: remark: 'scf.for' loads its key and value blocks (128x128 and 128x128) through TMA rings {{.*}}: 1 stage(s) of 32768 bytes for the key blocks and 2 of 32768 for the value blocks
// CHECK: remark: 'vector.contract' (wgmma) has its A (64x128), {{.*}}(dynamic shared memory, after the TMA ring's stages)
// CHECK: remark: 'scf.for' loads its key and value blocks (64x256 and 64x256) through TMA rings {{.*}}: 1 stage(s) of 32768 bytes for the key blocks and 2 of 32768 for the value blocks
// CHECK: remark: 'vector.contract' (wgmma) has its A (64x256), {{.*}}(dynamic shared memory, after the TMA ring's stages)
// CHECK: remark: 'scf.for' loads its key and value blocks (64x256 and 64x256) through TMA rings {{.*}}: 1 stage(s) of 32768 bytes for the key blocks and 2 of 32768 for the value blocks
// CHECK: remark: 'vector.contract' (wgmma) has its A (64x256), {{.*}}(dynamic shared memory, after the TMA ring's stages)
// CHECK: remark: 'scf.for' asks for 4 stages of its TMA ring, but only 3 fit the 232448 bytes of shared memory with Q's image
// CHECK: remark: 'scf.for' loads its key and value blocks (128x128 and 128x128) through a TMA ring {{.*}}: 3 stages of 65536 bytes
// CHECK: remark: 'vector.contract' (wgmma) has its A (128x128), {{.*}}(dynamic shared memory, after the TMA ring's stages)
// CHECK: PASS wg2_tail (sim vs eval
// CHECK: PASS wg2_one (sim vs eval
// CHECK: PASS b128_tail (sim vs eval
// CHECK: PASS b128_one (sim vs eval
// CHECK: PASS d256_tail (sim vs eval
// CHECK: PASS d256_one (sim vs eval
// CHECK: PASS wg2_b128_s4 (sim vs eval
//
// The PTX of each kernel: its dynamic shared memory is the ring's stages (each block
// rows x head dim x 2 bytes) and then Q's image (rows x head dim x 2 bytes); no static
// buffer (only the mbarriers, .b64); Q's image stored at the dynamic base plus the
// stages' bytes (rows of 128 bytes: the 128-byte swizzle); S by descriptor-A wgmma (one
// per 16 of the head dim), P V by register-A wgmma (one per 16 of the key block).
// wg2: 2 stages of 2 x 64 x 128 x 2 = 32768 bytes, then Q 128 x 128 x 2 = 32768; two
// such workgroups fit an SM's 228 KiB, and with 128 registers a thread their 2 x 256
// threads fill its 65536 registers: .minnctapersm 2 (ptxas then takes 124, not 138).
// The others fit one workgroup an SM: no .minnctapersm.
// PTX: dynamic shared memory 98304 bytes
// PTX-NEXT: .visible .entry wg2_tail(
// PTX: .reqntid 256, 1, 1
// PTX-NEXT: .minnctapersm 2
// PTX-NOT: .shared .align {{[0-9]+}} .b8
// PTX: mov.u32 [[D:%r_[A-Za-z0-9_$]+_[0-9]+]], vptx_dynamic_smem;
// PTX: add.s32 [[Q:%r_[A-Za-z0-9_$]+_[0-9]+]], [[D]], 65536;
// PTX: mad.lo.s32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 128, [[Q]];
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
// PTX-NOT: wgmma.mma_async
// PTX: dynamic shared memory 98304 bytes
// PTX-NEXT: .visible .entry wg2_one(
// PTX: .reqntid 256, 1, 1
// PTX-NEXT: .minnctapersm 2
// PTX-NOT: .shared .align {{[0-9]+}} .b8
// PTX: mov.u32 [[D:%r_[A-Za-z0-9_$]+_[0-9]+]], vptx_dynamic_smem;
// PTX: add.s32 [[Q:%r_[A-Za-z0-9_$]+_[0-9]+]], [[D]], 65536;
// PTX: mad.lo.s32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 128, [[Q]];
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
// PTX-NOT: wgmma.mma_async
// b128: K's 1 stage and V's 2 of 128 x 128 x 2 = 32768 bytes, then Q 64 x 128 x 2 = 16384.
// PTX: dynamic shared memory 114688 bytes
// PTX-NEXT: .visible .entry b128_tail(
// PTX-NOT: {{.minnctapersm|.shared .align [0-9]+ .b8}}
// PTX: mov.u32 [[D:%r_[A-Za-z0-9_$]+_[0-9]+]], vptx_dynamic_smem;
// PTX: add.s32 [[Q:%r_[A-Za-z0-9_$]+_[0-9]+]], [[D]], 98304;
// PTX: mad.lo.s32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 128, [[Q]];
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
// PTX-NOT: wgmma.mma_async
// PTX: dynamic shared memory 114688 bytes
// PTX-NEXT: .visible .entry b128_one(
// PTX-NOT: {{.minnctapersm|.shared .align [0-9]+ .b8}}
// PTX: mov.u32 [[D:%r_[A-Za-z0-9_$]+_[0-9]+]], vptx_dynamic_smem;
// PTX: add.s32 [[Q:%r_[A-Za-z0-9_$]+_[0-9]+]], [[D]], 98304;
// PTX: mad.lo.s32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 128, [[Q]];
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
// PTX-NOT: wgmma.mma_async
// d256: K's 1 stage and V's 2 of 64 x 256 x 2 = 32768 bytes, then Q 64 x 256 x 2 = 32768.
// PTX: dynamic shared memory 131072 bytes
// PTX-NEXT: .visible .entry d256_tail(
// PTX-NOT: {{.minnctapersm|.shared .align [0-9]+ .b8}}
// PTX: mov.u32 [[D:%r_[A-Za-z0-9_$]+_[0-9]+]], vptx_dynamic_smem;
// PTX: add.s32 [[Q:%r_[A-Za-z0-9_$]+_[0-9]+]], [[D]], 98304;
// PTX: mad.lo.s32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 128, [[Q]];
// PTX-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
// PTX-NOT: wgmma.mma_async
// PTX: dynamic shared memory 131072 bytes
// PTX-NEXT: .visible .entry d256_one(
// PTX-NOT: {{.minnctapersm|.shared .align [0-9]+ .b8}}
// PTX: mov.u32 [[D:%r_[A-Za-z0-9_$]+_[0-9]+]], vptx_dynamic_smem;
// PTX: add.s32 [[Q:%r_[A-Za-z0-9_$]+_[0-9]+]], [[D]], 98304;
// PTX: mad.lo.s32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 128, [[Q]];
// PTX-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
// PTX-NOT: wgmma.mma_async
// wg2_b128_s4: 3 stages of 2 x 128 x 128 x 2 = 65536 bytes, then Q 128 x 128 x 2 = 32768:
// 229376 bytes, with the mbarriers' static bytes under 232448.
// PTX: dynamic shared memory 229376 bytes
// PTX-NEXT: .visible .entry wg2_b128_s4(
// PTX-NOT: {{.minnctapersm|.shared .align [0-9]+ .b8}}
// PTX: mov.u32 [[D:%r_[A-Za-z0-9_$]+_[0-9]+]], vptx_dynamic_smem;
// PTX: add.s32 [[Q:%r_[A-Za-z0-9_$]+_[0-9]+]], [[D]], 196608;
// PTX: mad.lo.s32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 128, [[Q]];
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
// PTX-NOT: wgmma.mma_async
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>

func.func @wg2_tail(%Q: memref<128x128xf16>, %K: memref<200x128xf16>, %V: memref<200x128xf16>, %O: memref<128x128xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x128xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<128x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x128xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [false, true]} : memref<200x128xf16>, vector<64x128xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x128xf16>, vector<64x128xf16> into vector<128x64xf32>
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
    %cb = vector.broadcast %corr : vector<128xf32> to vector<128x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
    %as = arith.mulf %acc, %ct : vector<128x128xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [false, true]} : memref<200x128xf16>, vector<64x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x128xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<128x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
  %out = arith.divf %r#2, %lt : vector<128x128xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}

func.func @wg2_one(%Q: memref<128x128xf16>, %K: memref<64x128xf16>, %V: memref<64x128xf16>, %O: memref<128x128xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x128xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<128x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x128xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x128xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x128xf16>, vector<64x128xf16> into vector<128x64xf32>
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
    %cb = vector.broadcast %corr : vector<128xf32> to vector<128x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
    %as = arith.mulf %acc, %ct : vector<128x128xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x128xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<128x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
  %out = arith.divf %r#2, %lt : vector<128x128xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}

func.func @b128_tail(%Q: memref<64x128xf16>, %K: memref<300x128xf16>, %V: memref<300x128xf16>, %O: memref<64x128xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 128 : index
  %cS = arith.constant 384 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x128xf32>
  %zs = arith.constant dense<0.0> : vector<64x128xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x128xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [false, true]} : memref<300x128xf16>, vector<128x128xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x128xf16>, vector<128x128xf16> into vector<64x128xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<64x128xf32> to vector<64xf32>
    %mb = vector.broadcast %mx : vector<64xf32> to vector<128x64xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
    %d = arith.subf %s, %mt : vector<64x128xf32>
    %p = math.exp %d : vector<64x128xf32>
    %dm = arith.subf %m, %mx : vector<64xf32>
    %corr = math.exp %dm : vector<64xf32>
    %lc = arith.mulf %corr, %l : vector<64xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<64x128xf32> to vector<64xf32>
    %ph = arith.truncf %p : vector<64x128xf32> to vector<64x128xf16>
    %cb = vector.broadcast %corr : vector<64xf32> to vector<128x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
    %as = arith.mulf %acc, %ct : vector<64x128xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [false, true]} : memref<300x128xf16>, vector<128x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x128xf16>, vector<128x128xf16> into vector<64x128xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x128xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<128x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
  %out = arith.divf %r#2, %lt : vector<64x128xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x128xf32>, memref<64x128xf32>
  return
}

func.func @b128_one(%Q: memref<64x128xf16>, %K: memref<128x128xf16>, %V: memref<128x128xf16>, %O: memref<64x128xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 128 : index
  %cS = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x128xf32>
  %zs = arith.constant dense<0.0> : vector<64x128xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x128xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<128x128xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x128xf16>, vector<128x128xf16> into vector<64x128xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<64x128xf32> to vector<64xf32>
    %mb = vector.broadcast %mx : vector<64xf32> to vector<128x64xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
    %d = arith.subf %s, %mt : vector<64x128xf32>
    %p = math.exp %d : vector<64x128xf32>
    %dm = arith.subf %m, %mx : vector<64xf32>
    %corr = math.exp %dm : vector<64xf32>
    %lc = arith.mulf %corr, %l : vector<64xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<64x128xf32> to vector<64xf32>
    %ph = arith.truncf %p : vector<64x128xf32> to vector<64x128xf16>
    %cb = vector.broadcast %corr : vector<64xf32> to vector<128x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
    %as = arith.mulf %acc, %ct : vector<64x128xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<128x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x128xf16>, vector<128x128xf16> into vector<64x128xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x128xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<128x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
  %out = arith.divf %r#2, %lt : vector<64x128xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x128xf32>, memref<64x128xf32>
  return
}

func.func @d256_tail(%Q: memref<64x256xf16>, %K: memref<200x256xf16>, %V: memref<200x256xf16>, %O: memref<64x256xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x256xf32>
  %zs = arith.constant dense<0.0> : vector<64x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x256xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x256xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [false, true]} : memref<200x256xf16>, vector<64x256xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x256xf16>, vector<64x256xf16> into vector<64x64xf32>
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
    %cb = vector.broadcast %corr : vector<64xf32> to vector<256x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<256x64xf32> to vector<64x256xf32>
    %as = arith.mulf %acc, %ct : vector<64x256xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [false, true]} : memref<200x256xf16>, vector<64x256xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x256xf16> into vector<64x256xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x256xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<256x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<256x64xf32> to vector<64x256xf32>
  %out = arith.divf %r#2, %lt : vector<64x256xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x256xf32>, memref<64x256xf32>
  return
}

func.func @d256_one(%Q: memref<64x256xf16>, %K: memref<64x256xf16>, %V: memref<64x256xf16>, %O: memref<64x256xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x256xf32>
  %zs = arith.constant dense<0.0> : vector<64x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x256xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x256xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x256xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x256xf16>, vector<64x256xf16> into vector<64x64xf32>
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
    %cb = vector.broadcast %corr : vector<64xf32> to vector<256x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<256x64xf32> to vector<64x256xf32>
    %as = arith.mulf %acc, %ct : vector<64x256xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<64x256xf16>, vector<64x256xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x256xf16> into vector<64x256xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x256xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<256x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<256x64xf32> to vector<64x256xf32>
  %out = arith.divf %r#2, %lt : vector<64x256xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x256xf32>, memref<64x256xf32>
  return
}

func.func @wg2_b128_s4(%Q: memref<128x128xf16>, %K: memref<640x128xf16>, %V: memref<640x128xf16>, %O: memref<128x128xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 128 : index
  %cS = arith.constant 640 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x128xf32>
  %zs = arith.constant dense<0.0> : vector<128x128xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<128x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x128xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<640x128xf16>, vector<128x128xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x128xf16>, vector<128x128xf16> into vector<128x128xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<128x128xf32> to vector<128xf32>
    %mb = vector.broadcast %mx : vector<128xf32> to vector<128x128xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
    %d = arith.subf %s, %mt : vector<128x128xf32>
    %p = math.exp %d : vector<128x128xf32>
    %dm = arith.subf %m, %mx : vector<128xf32>
    %corr = math.exp %dm : vector<128xf32>
    %lc = arith.mulf %corr, %l : vector<128xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<128x128xf32> to vector<128xf32>
    %ph = arith.truncf %p : vector<128x128xf32> to vector<128x128xf16>
    %cb = vector.broadcast %corr : vector<128xf32> to vector<128x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
    %as = arith.mulf %acc, %ct : vector<128x128xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<640x128xf16>, vector<128x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x128xf16>, vector<128x128xf16> into vector<128x128xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x128xf32>
  } {vptx.pipeline_stages = 4}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<128x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
  %out = arith.divf %r#2, %lt : vector<128x128xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}
