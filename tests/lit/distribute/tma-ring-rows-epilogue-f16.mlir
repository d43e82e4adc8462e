// The rows epilogue (distribute/schedule/epilogue.c; docs/hopper.md, section 1d) of a
// wgmma accumulator with a bias and a ReLU applied in registers and written as f16: the
// fragments' own stores are 4 bytes a lane, 16-byte runs a quarter warp, which never fill
// a sector, so the rows form is taken for every row length: 8-byte pieces (4 f16; 32
// lanes x 4 = 128 columns, so that a row's first and last partial sectors go in different
// requests) where N is a multiple of 4, one f16 a lane else.
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %ptxas-verify %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %vptx --arch=sm_90a --remarks %s -o %t.r.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// Before: 50.0% at N = 136, 18.3% at N = 129 (the simulator's counters):
// RUN: %vptx check --arch=sm_90a --stats %s --grid=2,2 --dim=200,72,72,136,136,200,136 | %filecheck --check-prefix=STATS %s
// RUN: %vptx check --arch=sm_90a --stats %s --grid=2,3 --dim=257,100,100,129,129,257,129 | %filecheck --check-prefix=STATS %s
// RUN: %vptx check --arch=sm_90a --stats %s --grid=2,2 --dim=130,64,64,256,256,130,256 | %filecheck --check-prefix=STATS %s
// PTX: st.shared.b32
// PTX: bar.sync 0;
// PTX: ld.shared.v2.b32
// PTX: st.global.v2.b32
// PTX: ld.shared.b16
// PTX: st.global.b16
// REMARK: remark: 'vector.transfer_write' goes through the TMA ring's idle stages: the fragments in 2 pass(es) of 64 rows to shared memory (rows padded by {{[0-9]+}} elements), read back a row at a time, consecutive lanes on consecutive columns from a 32-byte sector boundary of the row (every store request on whole sectors), 8-byte stores where the row length is a multiple of 4 elements, else 2-byte{{$}}
// STATS: global stores {{.*}}, 100.0% efficient)
// STATS-NEXT: shared loads {{.*}}, 100.0% conflict-free)
// STATS-NEXT: shared stores {{.*}}, 100.0% conflict-free)
// STATS: PASS gemm_bias_relu
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @gemm_bias_relu(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %bias: memref<?xf32>, %C: memref<?x?xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [256, 1, 1] subgroup_size = 32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %f = arith.constant 0.0 : f32
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
  %bv = vector.transfer_read %bias[%n0], %f {in_bounds = [true, false], permutation_map = affine_map<(d0) -> (0, d0)>} : memref<?xf32>, vector<128x128xf32>
  %s = arith.addf %r, %bv : vector<128x128xf32>
  %z = arith.constant dense<0.0> : vector<128x128xf32>
  %relu = arith.maximumf %s, %z : vector<128x128xf32>
  %o = arith.truncf %relu : vector<128x128xf32> to vector<128x128xf16>
  vector.transfer_write %o, %C[%m0, %n0] {in_bounds = [false, false]} : vector<128x128xf16>, memref<?x?xf16>
  return
}
