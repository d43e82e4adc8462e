// REQUIRES: ptxas
// FlashAttention-3's inter-warpgroup ping-pong on an attention key loop whose K and V
// blocks come through attn_ring.c's TMA ring (issue 14 parts 4 and 6,
// distribute/schedule/attn_pingpong.c, docs/hopper.md section 1e "Ping-pong warpgroups").  With
// `vptx.ping_pong = true` on the loop (or by default; --no-ping-pong or
// `vptx.ping_pong = false` turn it off) warpgroup w = tid / 128 owns
// named barrier 3 + w and its partner w ^ 1 owns 3 + (w ^ 1), 256 threads each (128
// syncing, 128 arriving).  A turn: bar.sync mine; P V of block j (end of iteration j);
// the back edge; S of block j + 1; bar.arrive the partner's; then S's wait_group 0.
// Expected values from that rule, not from the output:
//   pp (256 threads: warpgroups 0 and 1; 128 rows, head dim 64, key blocks of 32):
//   before the loop w = tid >> 7 (128 = 2^7), mine = w + 3, partner's = (w ^ 1) + 3;
//   bar.arrive <partner's>, 256 under w & 1 != 0 (warpgroup 1 gives warpgroup 0 the
//   first turn), then bar.sync <mine>, 256 (S_0's turn).  In the loop: the full barrier's
//   wait, S's 4 wgmma m64n32k16 (K = 64) with no named barrier among them, the commit,
//   bar.arrive <partner's> at once, then wait_group 0 (S and the previous P V); the
//   stage's release, the softmax (ex2), bar.sync <mine> before P V's wgmma
//   m64n64k16 with A from registers (2: 32 keys), its commit (no wait: in flight across
//   the back edge) and no named barrier up to the back edge.  After the loop: bar.arrive
//   <partner's> (the last turn), bar.sync <mine> under w & 1 == 0 (warpgroup 1's last
//   arrival), then wait_group 0.
//   pp_dflt: no attribute: ping-pong by default; --no-ping-pong turns it off.
//   pp_no (vptx.ping_pong = false): none, with --ping-pong too.
// Counting `bar.arrive`: 3 per ping-pong kernel (before, in, after the loop): 6 by
// default and with --ping-pong (pp, pp_dflt), 3 with --no-ping-pong (pp: its attribute
// wins).
// ptxas repairs nothing (C7514: an accumulator read before its wait; C7517/C7519: a
// wait or fence injected) and warns of nothing; the three kernels pass against eval on
// the simulator with and without the option.  Dropping the arrival before the loop
// (the first bar.arrive of the file, pp's) makes the simulator report that barrier 3
// never completes: warpgroup 0 waits for a turn no one gives.
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && grep -v "^[[:space:]]*//" %t.ptx | %filecheck %s
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin > %t.log 2>&1; ! grep -E 'C7514|C7517|C7519|warning' %t.log
// RUN: grep -c 'bar.arrive' %t.ptx | %filecheck --check-prefix=ARRIVES6 %s
// RUN: %vptx --emit=ptx --arch=sm_90a --ping-pong %s -o %t1.ptx && grep -c 'bar.arrive' %t1.ptx | %filecheck --check-prefix=ARRIVES6 %s
// RUN: %vptx --emit=ptx --arch=sm_90a --no-ping-pong %s -o %t5.ptx && grep -c 'bar.arrive' %t5.ptx | %filecheck --check-prefix=ARRIVES3 %s
// RUN: grep -v "^[[:space:]]*//" %t5.ptx | %filecheck --check-prefix=NOPP %s
// RUN: %ptxas -arch=sm_90a -v %t1.ptx -o %t1.cubin > %t1.log 2>&1; ! grep -E 'C7514|C7517|C7519|warning' %t1.log
// RUN: %vptx check --arch=sm_90a %s --backend=sim | %filecheck --check-prefix=SIM %s
// RUN: %vptx check --arch=sm_90a --ping-pong %s --backend=sim | %filecheck --check-prefix=SIM %s
// RUN: %vptx --emit=ptx --arch=sm_90a --remarks %s -o %t2.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '$2', 'fortran_order': False, 'shape': ($3), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; head -c $4 /dev/zero; } > $1; }; \
// RUN: npy %t.d/x.npy '<f2' '128, 64' 16384 && npy %t.d/o.npy '<f4' '128, 64' 32768 && \
// RUN: %vptx run %t.ptx --entry pp --grid 1 --block 256 %t.d/x.npy %t.d/x.npy %t.d/x.npy %t.d/o.npy --out %t.d/ok && \
// RUN: awk '/bar.arrive/ && !d { d = 1; next } { print }' %t.ptx > %t.d/nd.ptx && \
// RUN: not %vptx run %t.d/nd.ptx --entry pp --grid 1 --block 256 %t.d/x.npy %t.d/x.npy %t.d/x.npy %t.d/o.npy --out %t.d/nd 2>&1 | %filecheck --check-prefix=DEADLOCK %s
// CHECK-LABEL: .visible .entry pp(
// CHECK: bar.sync 0;
// CHECK: shr.u32 [[W:%r_[A-Za-z0-9_$]+_[0-9]+]], %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 7;
// CHECK-NEXT: add.s32 [[MINE:%r_[A-Za-z0-9_$]+_[0-9]+]], [[W]], 3;
// CHECK-NEXT: xor.b32 [[PW:%r_[A-Za-z0-9_$]+_[0-9]+]], [[W]], 1;
// CHECK-NEXT: add.s32 [[OTHER:%r_[A-Za-z0-9_$]+_[0-9]+]], [[PW]], 3;
// CHECK-NEXT: and.b32 [[ODD:%r_[A-Za-z0-9_$]+_[0-9]+]], [[W]], 1;
// CHECK-NEXT: setp.eq.u32 [[EVEN:%p_[A-Za-z0-9_$]+_[0-9]+]], [[ODD]], 0;
// CHECK-NEXT: setp.ne.u32 [[ISODD:%p_[A-Za-z0-9_$]+_[0-9]+]], [[ODD]], 0;
// CHECK-NEXT: @![[ISODD]] bra [[SKIP:\$L__[A-Za-z_0-9$]+]];
// CHECK-NEXT: bar.arrive [[OTHER]], 256;
// CHECK-NEXT: [[SKIP]]:
// CHECK-NEXT: bar.sync [[MINE]], 256;
// CHECK: [[LOOP:\$L__[A-Za-z_0-9$]+]]:
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK-NOT: bar.
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}},
// CHECK-NOT: bar.
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: bar.arrive [[OTHER]], 256;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: bar.
// CHECK: mbarrier.arrive.shared.b64
// CHECK-NOT: bar.
// CHECK: ex2.approx
// CHECK-NOT: bar.
// CHECK: bar.sync [[MINE]], 256;
// CHECK-NOT: bar.
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, {%r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}}, %rd_{{[A-Za-z0-9_$]+_[0-9]+}},
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK-NOT: {{bar\.|wgmma.wait}}
// CHECK: @%p_{{[A-Za-z0-9_$]+_[0-9]+}} bra [[LOOP]];
// CHECK-NEXT: $L__{{[A-Za-z_0-9$]+}}:
// CHECK-NEXT: bar.arrive [[OTHER]], 256;
// CHECK-NEXT: @![[EVEN]] bra [[SKIP2:\$L__[A-Za-z_0-9$]+]];
// CHECK-NEXT: bar.sync [[MINE]], 256;
// CHECK-NEXT: [[SKIP2]]:
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK-LABEL: .visible .entry pp_dflt(
// CHECK: bar.arrive
// CHECK-LABEL: .visible .entry pp_no(
// CHECK-NOT: bar.arrive
// NOPP-LABEL: .visible .entry pp_dflt(
// NOPP-NOT: bar.arrive
// NOPP-LABEL: .visible .entry pp_no(
// ARRIVES3: {{^}}3{{$}}
// ARRIVES6: {{^}}6{{$}}
// SIM: PASS pp (sim vs eval
// SIM: PASS pp_dflt (sim vs eval
// SIM: PASS pp_no (sim vs eval
// DEADLOCK: error: deadlock: barrier 3 never completes: threads 0-127 wait
// REMARK: attn-pingpong.mlir:[[@LINE+19]]:10: remark: 'scf.for' ping-pong: its 2 warpgroups take turns in pairs to issue their wgmma (P V of a block and S of the next in one turn; named barriers 3 to 4, 256 threads)
// REMARK: attn-pingpong.mlir:[[@LINE+56]]:10: remark: 'scf.for' ping-pong: its 2 warpgroups take turns
// REMARK-NOT: ping-pong
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>

func.func @pp(%Q: memref<128x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 32 : index
  %cS = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x32xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
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
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  } {vptx.ping_pong = true}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @pp_dflt(%Q: memref<128x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 32 : index
  %cS = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x32xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
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
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @pp_no(%Q: memref<128x64xf16>, %K: memref<128x64xf16>, %V: memref<128x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cB = arith.constant 32 : index
  %cS = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x32xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
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
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x32xf16>, vector<32x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  } {vptx.ping_pong = false}
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

