// A SIMT-level kernel with no --reference: eval does not apply, so on the simulator
// alone check runs it (a fault would be a FAIL) and says plainly that nothing was
// compared; exit status 0.  Also: --block is needed when the kernel has no
// gpu.known_block_size.
// RUN: %vptx check %s --backend=sim --block=64 --grid=2 --dim=128 --scalar=128 | %filecheck %s
// RUN: not %vptx check %s --backend=sim --dim=128 --scalar=128 2>&1 | %filecheck --check-prefix=NOBLOCK %s
// CHECK: SKIP exp4 (SIMT-level: ran on the simulator without a fault, but eval does not apply and there is no GPU to compare with; use --reference=SPEC.mlir or --expect)
// --expect is then the check: the simulator's output against the user's array (exp
// computed in Python), and a slip in the expected array fails:
// RUN: command -v python3 > /dev/null || { echo "python3 not found"; exit 77; }
// RUN: rm -rf %t && mkdir -p %t/good %t/wrong && python3 %S/Inputs/exp4_expect.py %t/good && python3 %S/Inputs/exp4_expect.py %t/wrong --wrong
// RUN: %vptx check %s --backend=sim --block=64 --grid=2 --scalar=128 --dim=128 --input=x:%t/good/x.npy --expect=y:%t/good/y.npy | %filecheck --check-prefix=EXPECT %s
// RUN: not %vptx check %s --backend=sim --block=64 --grid=2 --scalar=128 --dim=128 --input=x:%t/wrong/x.npy --expect=y:%t/wrong/y.npy | %filecheck --check-prefix=WRONG %s
// EXPECT: SKIP exp4 (SIMT-level: {{.*}}; --expect compared below)
// EXPECT-NEXT: PASS exp4: argument #1 %y matches {{.*}}y.npy (max abs err {{.*}}, tol {{.*}})
// WRONG: FAIL exp4 (sim vs {{.*}}y.npy): argument #1 %y (memref<?xvector<4xf32>>): first mismatch
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
