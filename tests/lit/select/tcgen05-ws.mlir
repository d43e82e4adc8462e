// Warp specialization of the tcgen05 ring (docs/blackwell.md section 4, "Warp
// specialization"): by default warp 0's thread 0 is the producer (it issues the TMA
// copies, waiting on each stage's empty barrier, the commit of the MMAs that read it)
// and warp 1's thread 0 (thread 32) is the MMA warp (it waits on each stage's full
// barrier, issues the step's tcgen05.mma and commits to the stage's empty barrier); after
// the loop the MMA thread's commit to the `done` barrier hands the accumulator to every
// warp, which drain it with tcgen05.ld.  tcgen05.commit tracks the MMAs of the thread
// that executes it, so the commits must be thread 32's.  --no-warp-specialize (or
// vptx.warp_specialize = false on the loop) gives the single-thread form: thread 0 does
// both.  Both run right at ragged sizes.
// RUN: %vptx --arch=sm_100a --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %filecheck --check-prefix=WS %s < %t.ptx
// RUN: %vptx --arch=sm_100a --no-warp-specialize --remarks %s -o %t1.ptx 2>&1 | %filecheck --check-prefix=REMARK1 %s
// RUN: %filecheck --check-prefix=ONE %s < %t1.ptx
// RUN: sed 's/^  }$/  } {vptx.warp_specialize = false}/' %s > %t2.mlir && %vptx --arch=sm_100a %t2.mlir -o %t2.ptx && %filecheck --check-prefix=ONE %s < %t2.ptx
// RUN: %vptx check --arch=sm_100a --stats %s --grid=2,3 --dim=257,104,104,136,257,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --grid=2,2 --dim=130,24,24,136,130,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a %s --grid=2,2 --dim=130,0,0,136,130,136 | %filecheck %s
// RUN: %vptx check --arch=sm_100a --no-warp-specialize %s --grid=2,3 --dim=257,104,104,136,257,136 | %filecheck %s
// CHECK: PASS gemm
// REMARK: remark: 'scf.for' feeds its tcgen05 operands through a TMA ring (cp.async.bulk.tensor, full and empty mbarriers): 3 stages of 16384 bytes in dynamic shared memory; warp-specialized: warp 0 (the producer, one thread) issues the copies as stages free up and warp 1 (the MMA warp, one thread) waits for each stage and issues its tcgen05.mma, so neither waits for the other's work; after the loop the MMA warp's last commit hands the accumulator to every warp, which drain it with tcgen05.ld (--no-warp-specialize: thread 0 does both); the tcgen05.commit of a step's MMAs frees its stage
// REMARK1: thread 0 issues the copies and each step's tcgen05.mma; the tcgen05.commit of a step's MMAs frees its stage
// WS-LABEL: .entry gemm
// The K loop: thread 32 waits full, issues the MMAs, commits to empty ...
// WS: setp.eq.u32 [[P:%p_[A-Za-z0-9_$]+]], %r_tid_x_0, 32;
// WS: @![[P]] bra [[L:\$L__[A-Za-z0-9_$]+]];
// WS: mbarrier.try_wait.parity
// WS: tcgen05.mma.cta_group::1.kind::f16
// WS: tcgen05.mma.cta_group::1.kind::f16
// WS: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// WS-NEXT: [[L]]:
// ... thread 0 waits empty and issues the copies
// WS: setp.eq.u32 {{%p_[A-Za-z0-9_$]+}}, %r_tid_x_0, 0;
// WS: mbarrier.try_wait.parity
// WS: cp.async.bulk.tensor.2d.shared::cluster.global
// WS-NOT: tcgen05.mma
// after the loop, thread 32 commits to done
// WS: setp.eq.u32 [[Q:%p_[A-Za-z0-9_$]+]], %r_tid_x_0, 32;
// WS: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// WS: tcgen05.ld.sync.aligned.32x32b
// ONE-LABEL: .entry gemm
// ONE-NOT: %r_tid_x_0, 32;
// ONE: tcgen05.mma.cta_group::1.kind::f16
// ONE-NOT: %r_tid_x_0, 32;
// ONE: tcgen05.ld.sync.aligned.32x32b
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
