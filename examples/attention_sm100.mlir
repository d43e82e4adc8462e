// Flash attention for Blackwell (sm_100a): the kernel of examples/attention.mlir with a
// workgroup of one warpgroup (128 threads) and 128 query rows, so that both contracts
// can take tcgen05.mma (M = 128).  f16 Q, K, V; f32 scores and accumulator; online
// softmax; 256 keys in blocks of 64, head dim 64.
//
// What vptx makes of it (vptx --arch=sm_100a --remarks examples/attention_sm100.mlir,
// docs/blackwell.md section 5, distribute/schedule/attn_tc05.c):
//  - both contracts get tcgen05.mma kind::f16 M128 N64 K16 (layout/select.c); tensor
//    memory holds two S buffers (columns 0 and 64) and O (column 128): 256 columns;
//  - K and V blocks come by TMA through mbarrier rings of 2 and 3 stages
//    (distribute/schedule/attn_ring.c); Q's image is stored into shared memory once;
//  - thread 0 issues the MMAs and commits them to mbarriers the threads wait on: S_0 at
//    the first key block, S_{j+1} right after S_j is read (into the other buffer), so it
//    runs during the softmax of block j;
//  - each thread reads its row of S with tcgen05.ld 32x32b: the row max and sum are
//    per-thread work (no shuffle);
//  - P (f16 pairs packed in 32-bit cells) goes back into tensor memory over S_j with
//    tcgen05.st, and is P V's A operand from there;
//  - O stays in tensor memory across the key loop: the correction (O times
//    exp(m_old - m_new)) loads the thread's row of O once P V of the previous block is
//    done, scales it and stores it back; P V_j is not waited for in its own iteration;
//    after the loop the last P V is waited for and O read once.
// On sm_80 and sm_90a the same kernel takes mma.sync / wgmma.
//
// RUN: %vptx check --arch=sm_100a --stats %s | %filecheck %s
// RUN: %vptx check --arch=sm_100a --fast-math %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx --arch=sm_100a --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=PTX %s < %t.ptx
// 4 key blocks x (4 MMAs for S + 4 for P V):
// CHECK-NOT: spills
// CHECK: tcgen05 32 mma
// CHECK: PASS attention_sm100 (sim vs eval
// PASS-NOT: spills
// PASS: PASS attention_sm100 (sim vs eval
// REMARK: remark: 'vector.contract' 128x64x64 f16 x f16 -> f32: NV_TCGEN05_F32_128x64x16_F16 (sm_100a: tcgen05, chosen from the element types and shape); attention on tcgen05: one thread issues 4 tcgen05.mma M128 N64 K16, S in tensor memory, read back a row a thread (tcgen05.ld 32x32b); A = Q, its image stored once before the key loop; B (K) from the TMA ring
// REMARK: remark: 'vector.contract' 128x64x64 f16 x f16 -> f32: NV_TCGEN05_F32_128x64x16_F16 (sm_100a: tcgen05, chosen from the element types and shape); attention on tcgen05: one thread issues 4 tcgen05.mma M128 N64 K16, O in tensor memory, read back a row a thread (tcgen05.ld 32x32b); A = P, stored into tensor memory by the threads (tcgen05.st), with O's rescaled value; B (V) from the TMA ring
// REMARK: remark: 'scf.for' loads its key and value blocks (64x64 and 64x64) through TMA rings {{.*}}: 2 stage(s) of 8192 bytes for the key blocks and 3 of 8192 for the value blocks
// REMARK-NOT: minnctapersm
// REMARK: remark: 'scf.for' runs attention on tcgen05: S double-buffered in tensor memory (S of the next key block issued before this one's softmax); O kept in tensor memory across the loop and rescaled there; 256 tensor-memory columns
// Tensor memory allocated once; O's first value stored before the loop:
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 256;
// PTX: tcgen05.st.sync.aligned.32x32b.x64.b32
// S_0 (at the first key block): 4 MMAs from two shared-memory descriptors, one commit;
// every thread's wait and its row of S:
// PTX-COUNT-4: tcgen05.mma.cta_group::1.kind::f16 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %p_{{[A-Za-z0-9_$]+_[0-9]+}};
// PTX-NEXT: // vptx.tcgen05_commit
// PTX: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// PTX: mbarrier.try_wait.parity
// PTX: tcgen05.ld.sync.aligned.32x32b.x64.b32
// S_{j+1}, before the softmax:
// PTX-COUNT-4: tcgen05.mma.cta_group::1.kind::f16 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %p_{{[A-Za-z0-9_$]+_[0-9]+}};
// PTX: tcgen05.commit
// PTX-NOT: shfl.sync
// The correction (O's row loaded, scaled, stored), then P (32 cells of f16 pairs):
// PTX: tcgen05.ld.sync.aligned.32x32b.x64.b32
// PTX: tcgen05.st.sync.aligned.32x32b.x64.b32
// PTX: tcgen05.st.sync.aligned.32x32b.x32.b32
// PTX: tcgen05.wait::st.sync.aligned;
// PTX: bar.sync 0;
// O += P V: 4 MMAs with A in tensor memory ([a]) and V's descriptor, not waited for here:
// PTX-COUNT-4: tcgen05.mma.cta_group::1.kind::f16 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %p_{{[A-Za-z0-9_$]+_[0-9]+}};
// PTX: tcgen05.commit
// PTX-NOT: tcgen05.ld
// PTX: bra $L__attention_sm100_r_
// After the loop: the last P V waited for, O read once, the columns freed:
// PTX: mbarrier.try_wait.parity
// PTX: tcgen05.ld.sync.aligned.32x32b.x64.b32
// PTX-NOT: {{tcgen05.mma|mma.sync}}
// PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 256;
// PTX-NOT: {{tcgen05.mma|mma.sync}}
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @attention_sm100(%Q: memref<128x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %c256 step %c64 iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
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
