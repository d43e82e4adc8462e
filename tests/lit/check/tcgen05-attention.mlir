// Attention on tcgen05 (sm_100a, docs/blackwell.md section 5): S and O in tensor memory,
// P through tcgen05.st, K and V by the TMA ring (distribute/schedule/attn_tc05.c), run on
// the simulator against eval:
//  - dyn: a dynamic key count (memref<?x64xf16>, TMA zero-fills the last block past it
//    as eval pads it): 130 keys (a partial third block), 300, 64 (one block), 1, 0 (no
//    block: the loop does not run and tensor memory is allocated and freed alone);
//  - bf16: bf16 Q, K, V (kind::f16 with the BF16 codes in the instruction descriptor);
//  - heads_d128: head dim 128 (two S buffers of 64 columns, O's 128: 256 allocated), a
//    grid of
//    2 query tiles x 2 heads, the reads indexed by block ids;
//  - acc_s: S's accumulator is not zero (0.5): stored into tensor memory before each S,
//    one S buffer, O read back after each P V;
//  - o_first: O is the loop's first iter_arg, not its last: S double-buffered, O read
//    back after each P V (not kept in tensor memory);
//  - kb256: key blocks of 256 (S 128x256): two S buffers and O would take 2 x 256 + 64
//    columns, 1024 allocated, more than tensor memory's 512: one S buffer, O read back
//    after each P V, 512 columns (it spills: each thread holds its row of S, 256 floats);
//  - m64: 64 query rows (M = 64), which tcgen05 attention does not take: mma.sync, and
//    the remark says why.
// RUN: %vptx check --arch=sm_100a --stats --kernel=dyn --dim 130 %s | %filecheck --check-prefix=DYN %s
// RUN: %vptx check --arch=sm_100a --kernel=dyn --dim 300 %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_100a --kernel=dyn --fast-math --dim 130 %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_100a --kernel=dyn --dim 64 %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_100a --kernel=dyn --dim 1 %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_100a --stats --kernel=dyn --dim 0 %s | %filecheck --check-prefix=ZERO %s
// RUN: %vptx check --arch=sm_100a --kernel=bf16 %s | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_100a --stats --kernel=heads_d128 --grid 2,2 %s | %filecheck --check-prefix=HEADS %s
// RUN: %vptx check --arch=sm_100a --remarks --kernel=m64 %s 2>&1 | %filecheck --check-prefix=M64 %s
// RUN: %vptx check --arch=sm_100a --remarks --kernel=acc_s %s 2>&1 | %filecheck --check-prefix=ACCS %s
// RUN: %vptx check --arch=sm_100a --remarks --kernel=o_first %s 2>&1 | %filecheck --check-prefix=OFIRST %s
// RUN: %vptx check --arch=sm_100a --remarks --stats --kernel=kb256 %s 2>&1 | %filecheck --check-prefix=KB256 %s
// RUN: %vptx --arch=sm_100a %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// 3 key blocks x 8 MMAs:
// DYN-NOT: spills
// DYN: tcgen05 24 mma
// DYN: PASS dyn (sim vs eval
// PASS-NOT: spills
// PASS: PASS
// ZERO-NOT: tcgen05 {{ *[0-9]+}} mma
// ZERO: PASS dyn (sim vs eval
// 4 CTAs x 4 key blocks x (8 MMAs for S, head dim 128 / 16, + 4 for P V):
// HEADS-NOT: spills
// HEADS: tcgen05 192 mma
// HEADS: PASS heads_d128 (sim vs eval
// M64: remark: 'vector.contract' 64x64x64 f16 x f16 -> f32: NV_MMA_SYNC_F32_16x8x16_F16 {{.*}}not tcgen05: it is part of a contract chain (attention), which vptx runs on tcgen05 with 128 query rows a workgroup (M = 128: one cta_group::1 instruction)
// M64: PASS m64 (sim vs eval
// ACCS: remark: 'scf.for' runs attention on tcgen05: S in one tensor-memory buffer (its accumulator is not zero: stored there before each S); O read back into registers after each P V {{.*}}; 128 tensor-memory columns
// ACCS: PASS acc_s (sim vs eval
// OFIRST: remark: 'scf.for' runs attention on tcgen05: S double-buffered in tensor memory (S of the next key block issued before this one's softmax); O read back into registers after each P V {{.*}}; 256 tensor-memory columns
// OFIRST: PASS o_first (sim vs eval
// KB256: remark: 'scf.for' runs attention on tcgen05: S in one tensor-memory buffer (two S buffers and O would take 1024 columns, more than 512); O read back into registers after each P V (O stays in tensor memory only with S double-buffered); 512 tensor-memory columns
// 2 key blocks x (4 MMAs for S, head dim 64 / 16, + 16 for P V, key block 256 / 16):
// KB256: tcgen05 40 mma
// KB256: PASS kb256 (sim vs eval
// The instruction descriptors, worked by hand (PTX ISA Table 42): D f32 (1 << 4), M 128
// (M >> 4 = 8, << 24); S: N 64 (N >> 3 = 8, << 17), B K-major: 0x08100010 = 135266320;
// P V: N 64, B MN-major (transpose B, 1 << 16): 0x08110010 = 135331856; bf16 sets the A
// and B types to 1 (bits 7 and 10): 0x08100490 = 135267472 and 0x08110490 = 135333008;
// heads_d128: S N 64, P V N 128 (16 << 17): 0x08210010 = 136380432.
// PTX-LABEL: .entry dyn(
// PTX: mov.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 135266320;
// PTX: mov.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 135331856;
// PTX-LABEL: .entry bf16(
// PTX: mov.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 135267472;
// PTX: mov.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 135333008;
// PTX-LABEL: .entry heads_d128(
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r_{{[A-Za-z0-9_$]+_[0-9]+}}], 256;
// PTX: mov.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 135266320;
// PTX: mov.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 136380432;
#q = affine_map<(m, n, k) -> (m, k)>
#kt = affine_map<(m, n, k) -> (n, k)>
#v = affine_map<(m, n, k) -> (k, n)>
#o = affine_map<(m, n, k) -> (m, n)>
func.func @dyn(%Q: memref<128x64xf16>, %K: memref<?x64xf16>, %V: memref<?x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = memref.dim %K, %c0 : memref<?x64xf16>
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %c256 step %c64 iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [false, true]} : memref<?x64xf16>, vector<64x64xf16>
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
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [false, true]} : memref<?x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @bf16(%Q: memref<128x64xbf16>, %K: memref<256x64xbf16>, %V: memref<256x64xbf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : bf16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xbf16>, vector<128x64xbf16>
  %r:3 = scf.for %j = %c0 to %c256 step %c64 iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xbf16>, vector<64x64xbf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x64xbf16>, vector<64x64xbf16> into vector<128x64xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<128x64xf32> to vector<128xf32>
    %mb = vector.broadcast %mx : vector<128xf32> to vector<64x128xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
    %d = arith.subf %s, %mt : vector<128x64xf32>
    %p = math.exp %d : vector<128x64xf32>
    %dm = arith.subf %m, %mx : vector<128xf32>
    %corr = math.exp %dm : vector<128xf32>
    %lc = arith.mulf %corr, %l : vector<128xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<128x64xf32> to vector<128xf32>
    %ph = arith.truncf %p : vector<128x64xf32> to vector<128x64xbf16>
    %cb = vector.broadcast %corr : vector<128xf32> to vector<64x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
    %as = arith.mulf %acc, %ct : vector<128x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xbf16>, vector<64x64xbf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xbf16>, vector<64x64xbf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}


func.func @heads_d128(%Q: memref<512x128xf16>, %K: memref<512x128xf16>, %V: memref<512x128xf16>, %O: memref<512x128xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %cM = arith.constant 128 : index
  %cSS = arith.constant 256 : index
  %qm = arith.muli %bx, %cM : index
  %hb = arith.muli %by, %cSS : index
  %q0 = arith.addi %hb, %qm : index
  %cB = arith.constant 64 : index
  %cS = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x128xf32>
  %zs = arith.constant dense<0.0> : vector<128x64xf32>
  %q = vector.transfer_read %Q[%q0, %c0], %h {in_bounds = [true, true]} : memref<512x128xf16>, vector<128x128xf16>
  %r:3 = scf.for %j = %c0 to %cS step %cB iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x128xf32>) {
    %jj = arith.addi %hb, %j : index
    %k = vector.transfer_read %K[%jj, %c0], %h {in_bounds = [true, true]} : memref<512x128xf16>, vector<64x128xf16>
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
    %vv = vector.transfer_read %V[%jj, %c0], %h {in_bounds = [true, true]} : memref<512x128xf16>, vector<64x128xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x64xf16>, vector<64x128xf16> into vector<128x128xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x128xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<128x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
  %out = arith.divf %r#2, %lt : vector<128x128xf32>
  vector.transfer_write %out, %O[%q0, %c0] {in_bounds = [true, true]} : vector<128x128xf32>, memref<512x128xf32>
  return
}

func.func @m64(%Q: memref<64x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<64x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<64xf32>
  %zl = arith.constant dense<0.0> : vector<64xf32>
  %zo = arith.constant dense<0.0> : vector<64x64xf32>
  %zs = arith.constant dense<0.0> : vector<64x64xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<64x64xf16>, vector<64x64xf16>
  %r:3 = scf.for %j = %c0 to %c256 step %c64 iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<64xf32>, vector<64xf32>, vector<64x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<64x64xf16>
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
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<256x64xf16>, vector<64x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<64x64xf16>, vector<64x64xf16> into vector<64x64xf32>
    scf.yield %mx, %ln, %on : vector<64xf32>, vector<64xf32>, vector<64x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<64xf32> to vector<64x64xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x64xf32> to vector<64x64xf32>
  %out = arith.divf %r#2, %lt : vector<64x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}

func.func @acc_s(%Q: memref<128x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.5> : vector<128x64xf32>
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

func.func @o_first(%Q: memref<128x64xf16>, %K: memref<256x64xf16>, %V: memref<256x64xf16>, %O: memref<128x64xf32>)
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
  %r:3 = scf.for %j = %c0 to %c256 step %c64 iter_args(%acc = %zo, %m = %minf, %l = %zl) -> (vector<128x64xf32>, vector<128xf32>, vector<128xf32>) {
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
    scf.yield %on, %mx, %ln : vector<128x64xf32>, vector<128xf32>, vector<128xf32>
  }
  %lb = vector.broadcast %r#2 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#0, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}

func.func @kb256(%Q: memref<128x64xf16>, %K: memref<512x64xf16>, %V: memref<512x64xf16>, %O: memref<128x64xf32>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %h = arith.constant 0.0 : f16
  %minf = arith.constant dense<-1.0e+30> : vector<128xf32>
  %zl = arith.constant dense<0.0> : vector<128xf32>
  %zo = arith.constant dense<0.0> : vector<128x64xf32>
  %zs = arith.constant dense<0.0> : vector<128x256xf32>
  %q = vector.transfer_read %Q[%c0, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<128x64xf16>
  %r:3 = scf.for %j = %c0 to %c512 step %c256 iter_args(%m = %minf, %l = %zl, %acc = %zo) -> (vector<128xf32>, vector<128xf32>, vector<128x64xf32>) {
    %k = vector.transfer_read %K[%j, %c0], %h {in_bounds = [true, true]} : memref<512x64xf16>, vector<256x64xf16>
    %s = vector.contract {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q, %k, %zs : vector<128x64xf16>, vector<256x64xf16> into vector<128x256xf32>
    %mx = vector.multi_reduction <maximumf>, %s, %m [1] : vector<128x256xf32> to vector<128xf32>
    %mb = vector.broadcast %mx : vector<128xf32> to vector<256x128xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<256x128xf32> to vector<128x256xf32>
    %d = arith.subf %s, %mt : vector<128x256xf32>
    %p = math.exp %d : vector<128x256xf32>
    %dm = arith.subf %m, %mx : vector<128xf32>
    %corr = math.exp %dm : vector<128xf32>
    %lc = arith.mulf %corr, %l : vector<128xf32>
    %ln = vector.multi_reduction <add>, %p, %lc [1] : vector<128x256xf32> to vector<128xf32>
    %ph = arith.truncf %p : vector<128x256xf32> to vector<128x256xf16>
    %cb = vector.broadcast %corr : vector<128xf32> to vector<64x128xf32>
    %ct = vector.transpose %cb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
    %as = arith.mulf %acc, %ct : vector<128x64xf32>
    %vv = vector.transfer_read %V[%j, %c0], %h {in_bounds = [true, true]} : memref<512x64xf16>, vector<256x64xf16>
    %on = vector.contract {indexing_maps = [#q, #v, #o], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %vv, %as : vector<128x256xf16>, vector<256x64xf16> into vector<128x64xf32>
    scf.yield %mx, %ln, %on : vector<128xf32>, vector<128xf32>, vector<128x64xf32>
  }
  %lb = vector.broadcast %r#1 : vector<128xf32> to vector<64x128xf32>
  %lt = vector.transpose %lb, [1, 0] : vector<64x128xf32> to vector<128x64xf32>
  %out = arith.divf %r#2, %lt : vector<128x64xf32>
  vector.transfer_write %out, %O[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  return
}
