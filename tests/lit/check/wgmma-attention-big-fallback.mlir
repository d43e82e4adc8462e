// Where attention's larger tiles still keep mma.sync on sm_90a (layout/select.c's
// wgmma_chain_ok, docs/hopper.md section 1e):
//   s1      2 warpgroups, head dim 128, key blocks of 64, vptx.pipeline_stages = 1: the
//           key and value blocks are copied through registers into static images, and
//           Q (32 KiB) + K + V (16 KiB each) = 65536 bytes pass the 48 KiB of static
//           shared memory; runs on the simulator against eval on mma.sync
//   kwrite  the same shape with 2 stages, but the kernel also writes K: no TMA ring (its
//           copies could not see the writes), so the images would be static: mma.sync
//   toobig  (Inputs/) 2 warpgroups, head dim 256, key blocks of 128: Q (65536 bytes) and
//           2 ring stages of 131072 bytes, with 3 x 1024 bytes of alignment: 330752,
//           more than 232448 (227 KiB)
// RUN: %vptx check --arch=sm_90a --remarks %s 2>&1 | %filecheck %s
// RUN: %vptx --arch=sm_90a --remarks --emit=layout %S/Inputs/wgmma-attention-big-toobig.mlir -o %t.mlir 2>&1 | %filecheck --check-prefix=BIG %s
// --pipeline-stages=1 (no vptx.pipeline_stages on the loop) is the register copy too:
// wgmma-attention-big.mlir's kernels keep mma.sync, but for the last, whose loop asks
// for 4 stages.
// RUN: %vptx --arch=sm_90a --remarks --pipeline-stages=1 --emit=layout %S/wgmma-attention-big.mlir -o %t2.mlir 2>&1 | %filecheck --check-prefix=OPT %s
// OPT-COUNT-12: NV_MMA_SYNC_F32_16x8x16_F16 {{.*}}(the key and value blocks are copied through registers with 1 stage;
// OPT-NOT: NV_MMA_SYNC
// OPT: 128x128x128 f16 x f16 -> f32: NV_WGMMA_F32_64x128x16_F16
// CHECK: remark: 'vector.contract' 128x64x128 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 {{.*}}not wgmma: it is part of a contract chain (attention) whose wgmma operands in shared memory (all but P) need 65536 bytes, more than the 49152 a kernel may declare statically (the key and value blocks are copied through registers with 1 stage;
// CHECK: remark: 'vector.contract' 128x128x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 {{.*}}need 65536 bytes
// CHECK: remark: 'vector.contract' 128x64x128 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 {{.*}}need 65536 bytes, more than the 49152 a kernel may declare statically (the key and value blocks are not reads TMA can load into a ring;
// CHECK-NOT: TMA ring
// CHECK: PASS s1 (sim vs eval
// CHECK: PASS kwrite (sim vs eval
// BIG: remark: 'vector.contract' 128x128x256 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 {{.*}}not wgmma: it is part of a contract chain (attention) whose wgmma operands in shared memory (all but P) need 330752 bytes of dynamic shared memory with 2 stages of its TMA ring, more than the 232448 a workgroup may have
// BIG: remark: 'vector.contract' 128x256x128 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 {{.*}}need 330752 bytes
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>

func.func @s1(%Q: memref<128x128xf16>, %K: memref<128x128xf16>, %V: memref<128x128xf16>, %O: memref<128x128xf32>)
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
  } {vptx.pipeline_stages = 1}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<128x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
  %out = arith.divf %r#2, %lt : vector<128x128xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<128x128xf32>
  return
}

func.func @kwrite(%Q: memref<128x128xf16>, %K: memref<128x128xf16>, %V: memref<128x128xf16>, %O: memref<128x128xf32>)
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
  %z = arith.constant dense<0.0> : vector<8x128xf16>
  vector.transfer_write %z, %K[%c0, %c0] {in_bounds = [true, true]} : vector<8x128xf16>, memref<128x128xf16>
  return
}
