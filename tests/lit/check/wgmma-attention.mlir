// Attention on sm_90a with both contracts on warpgroup wgmma (layout/select.c,
// distribute/lowering/contract.c): S = Q K^T reads Q and K from shared memory, P V reads P from
// registers (vptx.wgmma_ra: the D fragment of S, cast to f16, is P V's A fragment) and V
// from shared memory.  Each kernel runs on the simulator against eval:
//   wg2       2 warpgroups, 128 query rows (64 each), head dim 64, key blocks of 64
//   d128      1 warpgroup, head dim 128 (S: K = 128 in 8 k16 steps)
//   b128      key blocks of 128 (P V: K = 128, 32 A registers per thread)
//   bf16_b32  bf16 Q/K/V, key blocks of 32 (S is m64n32k16, P V has K = 32)
//   wg2_d128  2 warpgroups and head dim 128: Q (32 KiB) + K + V blocks (16 KiB each) do
//             not fit the 48 KiB of static shared memory, but Q's image and the TMA
//             ring's 2 stages of K and V (96 KiB) fit the dynamic shared memory: wgmma
//             (more such kernels: wgmma-attention-big.mlir)
// RUN: %vptx check --arch=sm_90a --remarks %s 2>&1 | %filecheck %s
// RUN: %vptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: remark: 'vector.contract' 128x64x64 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 (sm_90a: {{.*}}warpgroups M2 x N1 of 2 {{.*}}staging: A and B through swizzled shared memory
// CHECK: remark: 'vector.contract' 128x64x64 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 (sm_90a: {{.*}}warpgroups M2 x N1 of 2 {{.*}}A from registers
// CHECK: remark: 'vector.contract' 64x64x128 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16
// CHECK: remark: 'vector.contract' 64x128x64 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 {{.*}}A from registers
// CHECK: remark: 'vector.contract' 64x128x64 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 {{.*}}staging: A and B
// CHECK: remark: 'vector.contract' 64x64x128 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 {{.*}}A from registers
// CHECK: remark: 'vector.contract' 64x32x64 bf16 x bf16 -> f32: NV_WGMMA_F32_64x32x16_BF16
// CHECK: remark: 'vector.contract' 64x64x32 bf16 x bf16 -> f32: NV_WGMMA_F32_64x64x16_BF16 {{.*}}A from registers
// CHECK: remark: 'vector.contract' 128x64x128 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 (sm_90a: {{.*}}warpgroups M2 x N1 of 2
// CHECK: remark: 'vector.contract' 128x128x64 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16 (sm_90a: {{.*}}warpgroups M2 x N1 of 2 {{.*}}A from registers
// CHECK: PASS wg2 (sim vs eval
// CHECK: PASS d128 (sim vs eval
// CHECK: PASS b128 (sim vs eval
// CHECK: PASS bf16_b32 (sim vs eval
// CHECK: PASS wg2_d128 (sim vs eval
// Register-A wgmma: 4 A registers and a B descriptor, no tA; per 16 of K of P V.
// wg2: S by 4 descriptor-A wgmma (K = 64), P V by 4 register-A ones (K = 64, N = 64)
// PTX-LABEL: .entry wg2(
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, {{[01]}}, 1, 1, 0, 0;
// PTX: cvt.rn.f16x2.f32
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, 1, 1, 1, 1;
// PTX-LABEL: .entry b128(
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
// PTX-LABEL: .entry bf16_b32(
// PTX-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{[{][^}]*[}]}}, {%r
// wg2_d128: S by 8 descriptor-A wgmma (K = 128), P V by 4 register-A ones (K = 64)
// PTX-LABEL: .entry wg2_d128(
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @wg2(%Q: memref<128x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<64x64xf16>
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
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @d128(%Q: memref<64x128xf16>, %K: memref<128x128xf16>, %V: memref<128x128xf16>, %O: memref<64x128xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x128xf32>
  %zs = arith.constant dense<0.0> : vector<64x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x128xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<64x128xf16>
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
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<64x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x128xf16> into vector<64x128xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x128xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<128x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x64xf32> to vector<64x128xf32>
  %out = arith.divf %r#2, %lt : vector<64x128xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x128xf32>, memref<64x128xf32>
  return
}

func.func @b128(%Q: memref<64x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 128 : index
  %cS = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x128xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<128x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x64xf16>, vector<128x64xf16> into vector<64x128xf32>
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
    %cb = vector.broadcast %corr : vector<64xf32> to vector<64x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %as = arith.mulf %acc, %ct : vector<64x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<128x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x128xf16>, vector<128x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @bf16_b32(%Q: memref<64x64xbf16>, %K: memref<128x64xbf16>, %V: memref<128x64xbf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 32 : index
  %cS = arith.constant 128 : index
  %h = arith.constant 0.0 : bf16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x32xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xbf16>, vector<64x64xbf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xbf16>, vector<32x64xbf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<64x64xbf16>, vector<32x64xbf16> into vector<64x32xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<64x32xf32> to vector<64xf32>
    %mb = vector.broadcast %mx : vector<64xf32> to vector<32x64xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<32x64xf32> to vector<64x32xf32>
    %d = arith.subf %s, %mt : vector<64x32xf32>
    %p = math.exp %d : vector<64x32xf32>
    %dm = arith.subf %m, %mx : vector<64xf32>
    %corr = math.exp %dm : vector<64xf32>
    %lc = arith.mulf %corr, %l : vector<64xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<64x32xf32> to vector<64xf32>
    %ph = arith.truncf %p : vector<64x32xf32> to vector<64x32xbf16>
    %cb = vector.broadcast %corr : vector<64xf32> to vector<64x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %as = arith.mulf %acc, %ct : vector<64x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xbf16>, vector<32x64xbf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x32xbf16>, vector<32x64xbf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @wg2_d128(%Q: memref<128x128xf16>, %K: memref<128x128xf16>, %V: memref<128x128xf16>, %O: memref<128x128xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x128xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<128x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x128xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<64x128xf16>
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
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x128xf16>, vector<64x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x128xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<128x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
  %out = arith.divf %r#2, %lt : vector<128x128xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}

