// Attention on sm_90a with a dynamic key count (docs/hopper.md section 1e): K and V are
// memref<?x64xf16>, the key loop runs to their size in blocks of 64, the blocks come by
// TMA through the ring of distribute/schedule/attn_ring.c (the launcher encodes the maps with the
// size it launches with; TMA zero-fills the last block past it, as eval pads it).  Run
// against eval with 130 keys (a partial third block), 64 (one block), 1, and 0 (no block:
// the maps of the empty memrefs are left unencoded and never read).
// RUN: %vptx check --arch=sm_90a --remarks --dim 130 %s 2>&1 | %filecheck %s
// RUN: %vptx check --arch=sm_90a --dim 64 %s | %filecheck --check-prefix=SMALL %s
// RUN: %vptx check --arch=sm_90a --dim 1 %s | %filecheck --check-prefix=SMALL %s
// RUN: %vptx check --arch=sm_90a --dim 0 %s | %filecheck --check-prefix=SMALL %s
// --fast-math (docs/ptx-generation.md) at ragged key counts, within check's fast-math
// tolerance, on sm_90a (wgmma) and sm_100a (mma.sync): exp(s - max) is one fma and ex2,
// O / l a reciprocal and a mul:
// RUN: %vptx check --fast-math --arch=sm_90a --dim 130 %s | %filecheck --check-prefix=SMALL %s
// RUN: %vptx check --fast-math --arch=sm_90a --dim 77 %s | %filecheck --check-prefix=SMALL %s
// RUN: %vptx check --fast-math --arch=sm_100a --dim 130 %s | %filecheck --check-prefix=SMALL %s
// RUN: %vptx check --fast-math --arch=sm_100a --dim 77 %s | %filecheck --check-prefix=SMALL %s
// RUN: %vptx --fast-math --arch=sm_90a %s -o %t.f90.ptx
// RUN: %filecheck --check-prefix=FAST %s < %t.f90.ptx
// RUN: %vptx --fast-math --arch=sm_100a %s -o %t.f100.ptx
// RUN: %filecheck --check-prefix=FAST %s < %t.f100.ptx
// FAST-NOT: {{sub.f32|div.rn.f32}}
// FAST-COUNT-32: fma.rn.f32 %f_{{[A-Za-z0-9_$]+_[0-9]+}}, %f_{{[A-Za-z0-9_$]+_[0-9]+}}, 0f3FB8AA3B, %f_{{[A-Za-z0-9_$]+_[0-9]+}};
// FAST: rcp.approx.ftz.f32
// FAST-NOT: {{sub.f32|div.rn.f32}}
// CHECK: remark: 'scf.for' loads its key and value blocks (64x64 and 64x64) through TMA rings {{.*}}: 1 stage(s) of 8192 bytes for the key blocks and 2 of 8192 for the value blocks
// CHECK: PASS dyn (sim vs eval
// SMALL: PASS dyn (sim vs eval
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>

func.func @dyn(%Q: memref<64x64xf16>, %K: memref<?x64xf16>, %V: memref<?x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 64 : index
  %c0d = arith.constant 0 : index
  %cS = memref.dim %K, %c0d : memref<?x64xf16>
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
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [false, true]} : memref<?x64xf16>, vector<64x64xf16>
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
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [false, true]} : memref<?x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%hq, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

