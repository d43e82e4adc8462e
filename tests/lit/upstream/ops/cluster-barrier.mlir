// Upstream NVVM's cluster barrier (nvvm.cluster.arrive, nvvm.cluster.arrive.relaxed,
// nvvm.cluster.wait, each with or without {aligned}) in a kernel with clusters of 2
// blocks, launched on 4.  Each block writes its row of %x, the cluster meets at the
// barrier, and each block reads its peer's row (block b ^ 1, in the same cluster); a
// second meeting orders those reads before the rows are written again, and a third
// (fence, relaxed arrive, wait) publishes the new rows.  Without the barrier the blocks
// of a cluster, which the simulator runs together, read rows not yet written.  Run on the
// simulator against eval of Inputs/cluster-barrier-ref.mlir, which writes what each block
// must read from block ids alone.
// ARCH: sm_90a
// RUN: %vptx check --arch=sm_90a %s --backend=sim --grid=4 --reference=%S/Inputs/cluster-barrier-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_100a %s -o %t100.ptx && %ptxas-verify %t100.ptx
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=ROUND %s
// CHECK: PASS k
// PTX: .reqnctapercluster 2, 1, 1
// PTX: barrier.cluster.arrive.aligned;
// PTX: barrier.cluster.wait.aligned;
// PTX: barrier.cluster.arrive;
// PTX: barrier.cluster.wait;
// PTX: fence.sc.cluster;
// PTX: barrier.cluster.arrive.relaxed.aligned;
// PTX: barrier.cluster.wait.aligned;
// ROUND: nvvm.cluster.arrive {aligned}
// ROUND: nvvm.cluster.wait {aligned}
// ROUND: nvvm.cluster.arrive{{$}}
// ROUND: nvvm.cluster.wait{{$}}
// ROUND: nvvm.cluster.arrive.relaxed {aligned}
module {
  gpu.module @m {
    gpu.func @k(%x: memref<4x64xi32>, %o: memref<4x2x64xi32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      %c1000 = arith.constant 1000 : index
      %peer = arith.xori %b, %c1 : index
      // x[b][t] = 100 b + t + 1
      %s0 = arith.muli %b, %c100 : index
      %s1 = arith.addi %s0, %t : index
      %s2 = arith.addi %s1, %c1 : index
      %v0 = arith.index_cast %s2 : index to i32
      memref.store %v0, %x[%b, %t] : memref<4x64xi32>
      nvvm.cluster.arrive {aligned}
      nvvm.cluster.wait {aligned}
      %r0 = memref.load %x[%peer, %t] : memref<4x64xi32>
      memref.store %r0, %o[%b, %c0, %t] : memref<4x2x64xi32>
      nvvm.cluster.arrive
      nvvm.cluster.wait
      // x[b][t] = 1000 (b + 1) + t
      %b1 = arith.addi %b, %c1 : index
      %u0 = arith.muli %b1, %c1000 : index
      %u1 = arith.addi %u0, %t : index
      %v1 = arith.index_cast %u1 : index to i32
      memref.store %v1, %x[%b, %t] : memref<4x64xi32>
      nvvm.fence.sc.cluster
      nvvm.cluster.arrive.relaxed {aligned}
      nvvm.cluster.wait {aligned}
      %r1 = memref.load %x[%peer, %t] : memref<4x64xi32>
      memref.store %r1, %o[%b, %c1, %t] : memref<4x2x64xi32>
      gpu.return
    }
  }
}
