// The wgmma accumulator of a TMA ring stored by rows through the ring's idle stages
// (distribute/schedule/epilogue.c, the rows form; docs/hopper.md, section 1d).  The row
// length N of C is dynamic: where it is a multiple of 8 f32 (32 bytes) the fragments'
// own 8-byte stores fill whole sectors and stay; else, after the loop, each pass of 64
// rows (2 passes: the two 8-row halves of every warp's 16) is written to the idle
// stages (st.shared.v2, rows padded by 8 f32: 544 bytes), a barrier, and read back a row
// at a time: warp w takes rows w, w + 8, ..., lane l of chunk k the column
// vec (32 k + l) - d, d = (row N + n0) % 8 the row's start past a 32-byte sector, so that
// every store request covers whole sectors; 16-byte pieces where N is a multiple of 4
// (2 chunks a row), one f32 a lane else (5 chunks).
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --arch=sm_90a --remarks %s -o %t.r.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// The simulator's counters: every store request on the fewest sectors its bytes need
// (before: 28.5% at N = 129, 66.0% at N = 132, 56.2% at N = 130), and the shared memory
// of the epilogue conflict-free; at N = 136 the fragments' stores (no shared loads):
// RUN: %vptx check --arch=sm_90a --stats %s --grid=2,3 --dim=257,100,100,129,257,129 | %filecheck --check-prefix=STATS %s
// RUN: %vptx check --arch=sm_90a --stats %s --grid=2,2 --dim=130,72,72,132,130,132 | %filecheck --check-prefix=STATS %s
// RUN: %vptx check --arch=sm_90a --stats %s --grid=2,2 --dim=130,66,66,130,130,130 | %filecheck --check-prefix=STATS %s
// RUN: %vptx check --arch=sm_90a --stats %s --grid=2,2 --dim=130,72,72,136,130,136 | %filecheck --check-prefix=ALIGNED %s
// Ping-pong and without a producer warpgroup, K = 0 (C = 0), one element:
// RUN: %vptx check --arch=sm_90a --ping-pong %s --grid=2,3 --dim=257,100,100,129,257,129 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_90a --no-warp-specialize %s --grid=2,2 --dim=130,72,72,132,130,132 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_90a %s --grid=2,2 --dim=130,0,0,131,130,131 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check --arch=sm_90a %s --grid=1,1 --dim=1,16,16,1,1,1 | %filecheck --check-prefix=PASS %s
// After the ring's loop and the copy's (the split's two arms), the fragments' own
// stores where N % 8 == 0:
// PTX: $L__gemm_r_1:
// PTX-NEXT: // arith.remui
// PTX-NEXT: cvt.u32.u64 [[N32:%r_[A-Za-z0-9_$]+]], %rd_C_3;
// PTX-NEXT: and.b32 [[R8:%r_[A-Za-z0-9_$]+]], [[N32]], 7;
// PTX-NEXT: // arith.cmpi
// PTX-NEXT: setp.eq.u32 [[P8:%p_[A-Za-z0-9_$]+]], [[R8]], 0;
// PTX: @!{{%p_[A-Za-z0-9_$]+}} bra
// PTX: st.global.v2.f32
// PTX: bra.uni
// Else the rows form: N % 4 == 0 picks the 16-byte pieces
// PTX: and.b32 [[R4:%r_[A-Za-z0-9_$]+]], {{%r_[A-Za-z0-9_$]+}}, 3;
// PTX-NEXT: // arith.cmpi
// PTX-NEXT: setp.eq.u32 [[P4:%p_[A-Za-z0-9_$]+]], [[R4]], 0;
// PTX: bar.sync 0;
// PTX-NOT: st.global
// PTX: st.shared.v2.f32 [{{%r_[A-Za-z0-9_$]+}}], {%f_r_0, %f_r_1};
// PTX-NOT: st.global
// PTX: bar.sync 0;
// PTX-NEXT: // scf.if
// PTX-NEXT: @!{{%p_[A-Za-z0-9_$]+}} bra
// PTX: and.b32 {{%r_[A-Za-z0-9_$]+}}, {{%r_[A-Za-z0-9_$]+}}, 7;
// PTX: ld.shared.v4.f32
// PTX-NEXT: // vector.store
// PTX: st.global.v4.f32
// PTX: ld.shared.f32
// PTX-NEXT: // memref.store
// PTX: st.global.f32
// REMARK: remark: 'vector.transfer_write' goes through the TMA ring's idle stages: the fragments in 2 pass(es) of 64 rows to shared memory (rows padded by 8 elements), read back a row at a time, consecutive lanes on consecutive columns from a 32-byte sector boundary of the row (every store request on whole sectors), 16-byte stores where the row length is a multiple of 4 elements, else 4-byte; where the row length is a multiple of 32 bytes (a test of the sizes) the fragments' own stores, which then fill whole sectors
// STATS: global stores {{.*}}, 100.0% efficient)
// STATS-NEXT: shared loads {{.*}}, 100.0% conflict-free)
// STATS-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// STATS: PASS gemm
// ALIGNED: global stores {{.*}}, 100.0% efficient)
// ALIGNED-NEXT: shared loads 0 requests
// ALIGNED: PASS gemm
// PASS: PASS gemm (sim vs eval
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %bx = gpu.block_id x
  %by = gpu.block_id y
  %n0 = arith.muli %bx, %c128 : index
  %m0 = arith.muli %by, %c128 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = vector.transfer_read %A[%m0, %k], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<128x32xf16>
    %b = vector.transfer_read %B[%k, %n0], %h {in_bounds = [false, false]} : memref<?x?xf16>, vector<32x128xf16>
    %d = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<128x32xf16>, vector<32x128xf16> into vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  vector.transfer_write %r, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf32>, memref<?x?xf32>
  return
}
