// Edge cases of attention on sm_90a (docs/hopper.md, section 1e), each run on the
// simulator against eval:
//   b16       key blocks of 16: P V is one register-A wgmma (K = 16), S is m64n16k16
//   noloop    one key block, no loop (no online softmax): P from registers, and no
//             group left in flight (no loop to overlap: no vptx.wgmma_wait)
//   explicit  NV_WGMMA_* kinds written by the user, no vptx.wgmma_a: P goes through
//             shared memory (a layout conversion, then A's image) as before
//   ainv      a K loop whose wgmma A is defined before the loop: its image (64x32 f16:
//             2 16-byte stores a thread) is stored once, before the loop; the loop
//             stores only B (2 more)
// RUN: %vptx check --arch=sm_90a %s | %filecheck %s
// RUN: %vptx --arch=sm_90a --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// CHECK: PASS b16 (sim vs eval
// CHECK: PASS noloop (sim vs eval
// CHECK: PASS explicit (sim vs eval
// CHECK: PASS ainv (sim vs eval
// REMARK: remark: 'vector.contract' 64x16x64 f16 x f16 -> f32: NV_WGMMA_F32_64x16x16_F16
// REMARK: remark: 'vector.contract' 64x64x16 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 {{.*}}A from registers
// REMARK: remark: 'vector.contract' 64x64x64 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 {{.*}}A from registers
// REMARK: remark: 'vector.contract' 64x64x32 f16 x f16 -> f32: NV_WGMMA_F32_64x64x16_F16 (named by mma_kind)
// REMARK: remark: 'vector.contract' (wgmma) has its A (64x64), defined before the loop
// REMARK: remark: 'vector.contract' (P V, A from registers) leaves its wgmma group in flight
// REMARK: remark: 'vector.contract' (wgmma) has its A (64x64), defined before the loop
// REMARK-NOT: leaves its wgmma group in flight
// REMARK: remark: 'vector.contract' (wgmma) has its A (64x32), defined before the loop
// REMARK-NOT: leaves its wgmma group in flight
// PTX-LABEL: .entry b16(
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, %rd
// PTX-NOT: wgmma.mma_async
// PTX: vptx.wgmma_wait
// PTX-LABEL: .entry noloop(
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{][^}]*[}]}}, {%r
// PTX-NOT: vptx.wgmma_wait
// PTX-LABEL: .entry explicit(
// PTX-NOT: }, {%r
// PTX-LABEL: .entry ainv(
// PTX-COUNT-2: st.shared.v4.b32
// PTX: $L__ainv_r_0:
// PTX-COUNT-2: st.shared.v4.b32
// PTX-NOT: st.shared
// PTX: $L__ainv_r_1:
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @b16(%Q: memref<64x64xf16>, %K: memref<64x64xf16>, %V: memref<64x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 16 : index
  %cS = arith.constant 64 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x16xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<16x64xf16>
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
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<16x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x16xf16>, vector<16x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @noloop(%Q: memref<64x64xf16>, %K: memref<64x64xf16>, %V: memref<64x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %h = arith.constant 0.0 : f16
  %z = arith.constant dense<0.0> : vector<64x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %k = vector.transfer_read %K[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %v = vector.transfer_read %V[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %z : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
  %p = math.exp %s : vector<64x64xf32>
  %ph = arith.truncf %p : vector<64x64xf32> to vector<64x64xf16>
  %o = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %v, %z : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
  vector.transfer_write %o, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @explicit(%Q: memref<64x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 32 : index
  %cS = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x32xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x32x16_F16>} %q, %k, %zs : vector<64x64xf16>, vector<32x64xf16> into vector<64x32xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<64x32xf32> to vector<64xf32>
    %mb = vector.broadcast %mx : vector<64xf32> to vector<32x64xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<32x64xf32> to vector<64x32xf32>
    %d = arith.subf %s, %mt : vector<64x32xf32>
    %p = math.exp %d : vector<64x32xf32>
    %dm = arith.subf %m, %mx : vector<64xf32>
    %corr = math.exp %dm : vector<64xf32>
    %lc = arith.mulf %corr, %l : vector<64xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<64x32xf32> to vector<64xf32>
    %ph = arith.truncf %p : vector<64x32xf32> to vector<64x32xf16>
    %cb = vector.broadcast %corr : vector<64xf32> to vector<64x64xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
    %as = arith.mulf %acc, %ct : vector<64x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %ph, %vv, %as : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @ainv(%A: memref<64x32xf16>, %B: memref<128x32xf16>, %C: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %z = arith.constant dense<0.0> : vector<64x64xf32>
  %a = vector.transfer_read %A[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x32xf16>
  %r = scf.for %j = %c0 to %c128 step %c64 iter_args(%acc = %z) -> (vector<64x64xf32>) {
    %b = vector.transfer_read %B[%j, %c0], %h {in_bounds = [true, true]} : memref<128x32xf16>, vector<64x32xf16>
    %d = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>} %a, %b, %acc : vector<64x32xf16>, vector<64x32xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
