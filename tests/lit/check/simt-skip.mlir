// A SIMT-level kernel with no --reference: eval does not apply, so on the simulator
// alone check runs it (a fault would be a FAIL) and says plainly that nothing was
// compared; exit status 0.  Also: --block is needed when the kernel has no
// gpu.known_block_size.
// RUN: %vptx check %s --backend=sim --block=64 --grid=2 --dim=128 --scalar=128 | %filecheck %s
// RUN: not %vptx check %s --backend=sim --dim=128 --scalar=128 2>&1 | %filecheck --check-prefix=NOBLOCK %s
// CHECK: SKIP exp4 (SIMT-level: ran on the simulator without a fault, but eval does not apply and there is no GPU to compare with; use --reference=SPEC.mlir)
// NOBLOCK: vptx check: error: kernel 'exp4' has no gpu.known_block_size (or translation_info workgroup_size): give --block=X,Y,Z
gpu.module @k3 {
  gpu.func @exp4(%x: memref<?xvector<4xf32>>, %y: memref<?xvector<4xf32>>, %n4: index) kernel {
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %tid = gpu.thread_id x
    %m = arith.muli %bid, %bdim : index
    %i = arith.addi %m, %tid : index
    %ok = arith.cmpi ult, %i, %n4 : index
    scf.if %ok {
      %v = memref.load %x[%i] : memref<?xvector<4xf32>>
      %e = math.exp %v : vector<4xf32>
      memref.store %e, %y[%i] : memref<?xvector<4xf32>>
    }
    gpu.return
  }
}
