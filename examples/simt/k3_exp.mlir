// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// Checked on the simulator against a C reference by tests/unit/test_bench_kernels.c.
// K3 (MLIR 16, gpu/vector/arith/math/memref/scf): y = exp(x), one vector<4xf32> per thread;
// memrefs of vector<4xf32> so loads/stores lower with 16-byte alignment. math.exp on f32
// lowers (convert-gpu-to-nvvm) to a call of libdevice's __nv_expf.
module attributes {gpu.container_module} {
  gpu.module @k3 {
    gpu.func @k3_exp(%x: memref<?xvector<4xf32>>, %y: memref<?xvector<4xf32>>, %n4: index) kernel {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %m = arith.muli %bid, %bdim : index
      %i = arith.addi %m, %tid : index
      %ok = arith.cmpi ult, %i, %n4 : index
      scf.if %ok {
        %v = memref.load %x[%i] : memref<?xvector<4xf32>>
        %x0 = vector.extract %v[0] : vector<4xf32>
        %e0 = math.exp %x0 : f32
        %x1 = vector.extract %v[1] : vector<4xf32>
        %e1 = math.exp %x1 : f32
        %x2 = vector.extract %v[2] : vector<4xf32>
        %e2 = math.exp %x2 : f32
        %x3 = vector.extract %v[3] : vector<4xf32>
        %e3 = math.exp %x3 : f32
        %z = arith.constant dense<0.0> : vector<4xf32>
        %r0 = vector.insert %e0, %z[0] : f32 into vector<4xf32>
        %r1 = vector.insert %e1, %r0[1] : f32 into vector<4xf32>
        %r2 = vector.insert %e2, %r1[2] : f32 into vector<4xf32>
        %r3 = vector.insert %e3, %r2[3] : f32 into vector<4xf32>
        memref.store %r3, %y[%i] : memref<?xvector<4xf32>>
      }
      gpu.return
    }
  }
}
