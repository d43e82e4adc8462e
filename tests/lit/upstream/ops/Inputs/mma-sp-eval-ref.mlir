// The reference of ../mma-sp-eval.mlir (eval), written by mma-sp-eval-gen.py: D = C + A B
// from the compressed A and its patterns, by scalar loops.
func.func @e4m3_k64(%Av: memref<16x32xf8E4M3FN>, %P: memref<16x16xi32>, %B: memref<64x8xf8E4M3FN>,
    %C: memref<16x8xf32>, %D: memref<16x8xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cw = arith.constant 4 : index
  %nch = arith.constant 16 : index
  %u1 = arith.constant 1 : i32
  %u2 = arith.constant 2 : i32
  %u3 = arith.constant 3 : i32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %c = memref.load %C[%m, %n] : memref<16x8xf32>
      %s = scf.for %ch = %c0 to %nch step %c1 iter_args(%acc = %c) -> (f32) {
        %p = memref.load %P[%m, %ch] : memref<16x16xi32>
        %k0 = arith.muli %ch, %cw : index
        %i0 = arith.remui %p, %u3 : i32
        %q = arith.divui %p, %u3 : i32
        %d = arith.subi %u3, %i0 : i32
        %rr = arith.remui %q, %d : i32
        %i1a = arith.addi %i0, %rr : i32
        %i1 = arith.addi %i1a, %u1 : i32
        %x0 = arith.index_cast %i0 : i32 to index
        %x1 = arith.index_cast %i1 : i32 to index
        %ka = arith.addi %k0, %x0 : index
        %kb = arith.addi %k0, %x1 : index
        %j0 = arith.muli %ch, %c2 : index
        %j1 = arith.addi %j0, %c1 : index
        %a0 = memref.load %Av[%m, %j0] : memref<16x32xf8E4M3FN>
        %a1 = memref.load %Av[%m, %j1] : memref<16x32xf8E4M3FN>
        %b0 = memref.load %B[%ka, %n] : memref<64x8xf8E4M3FN>
        %b1 = memref.load %B[%kb, %n] : memref<64x8xf8E4M3FN>
        %ea0 = arith.extf %a0 : f8E4M3FN to f32
        %ea1 = arith.extf %a1 : f8E4M3FN to f32
        %eb0 = arith.extf %b0 : f8E4M3FN to f32
        %eb1 = arith.extf %b1 : f8E4M3FN to f32
        %p0 = arith.mulf %ea0, %eb0 : f32
        %p1 = arith.mulf %ea1, %eb1 : f32
        %s0 = arith.addf %acc, %p0 : f32
        %s1 = arith.addf %s0, %p1 : f32
        scf.yield %s1 : f32
      }
      memref.store %s, %D[%m, %n] : memref<16x8xf32>
    }
  }
  return
}
func.func @e5m2_k64(%Av: memref<16x32xf8E5M2>, %P: memref<16x16xi32>, %B: memref<64x8xf8E5M2>,
    %C: memref<16x8xf32>, %D: memref<16x8xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cw = arith.constant 4 : index
  %nch = arith.constant 16 : index
  %u1 = arith.constant 1 : i32
  %u2 = arith.constant 2 : i32
  %u3 = arith.constant 3 : i32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %c = memref.load %C[%m, %n] : memref<16x8xf32>
      %s = scf.for %ch = %c0 to %nch step %c1 iter_args(%acc = %c) -> (f32) {
        %p = memref.load %P[%m, %ch] : memref<16x16xi32>
        %k0 = arith.muli %ch, %cw : index
        %i0 = arith.remui %p, %u3 : i32
        %q = arith.divui %p, %u3 : i32
        %d = arith.subi %u3, %i0 : i32
        %rr = arith.remui %q, %d : i32
        %i1a = arith.addi %i0, %rr : i32
        %i1 = arith.addi %i1a, %u1 : i32
        %x0 = arith.index_cast %i0 : i32 to index
        %x1 = arith.index_cast %i1 : i32 to index
        %ka = arith.addi %k0, %x0 : index
        %kb = arith.addi %k0, %x1 : index
        %j0 = arith.muli %ch, %c2 : index
        %j1 = arith.addi %j0, %c1 : index
        %a0 = memref.load %Av[%m, %j0] : memref<16x32xf8E5M2>
        %a1 = memref.load %Av[%m, %j1] : memref<16x32xf8E5M2>
        %b0 = memref.load %B[%ka, %n] : memref<64x8xf8E5M2>
        %b1 = memref.load %B[%kb, %n] : memref<64x8xf8E5M2>
        %ea0 = arith.extf %a0 : f8E5M2 to f32
        %ea1 = arith.extf %a1 : f8E5M2 to f32
        %eb0 = arith.extf %b0 : f8E5M2 to f32
        %eb1 = arith.extf %b1 : f8E5M2 to f32
        %p0 = arith.mulf %ea0, %eb0 : f32
        %p1 = arith.mulf %ea1, %eb1 : f32
        %s0 = arith.addf %acc, %p0 : f32
        %s1 = arith.addf %s0, %p1 : f32
        scf.yield %s1 : f32
      }
      memref.store %s, %D[%m, %n] : memref<16x8xf32>
    }
  }
  return
}
func.func @i8_k32(%Av: memref<16x16xi8>, %P: memref<16x8xi32>, %B: memref<32x8xi8>,
    %C: memref<16x8xi32>, %D: memref<16x8xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cw = arith.constant 4 : index
  %nch = arith.constant 8 : index
  %u1 = arith.constant 1 : i32
  %u2 = arith.constant 2 : i32
  %u3 = arith.constant 3 : i32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %c = memref.load %C[%m, %n] : memref<16x8xi32>
      %s = scf.for %ch = %c0 to %nch step %c1 iter_args(%acc = %c) -> (i32) {
        %p = memref.load %P[%m, %ch] : memref<16x8xi32>
        %k0 = arith.muli %ch, %cw : index
        %i0 = arith.remui %p, %u3 : i32
        %q = arith.divui %p, %u3 : i32
        %d = arith.subi %u3, %i0 : i32
        %rr = arith.remui %q, %d : i32
        %i1a = arith.addi %i0, %rr : i32
        %i1 = arith.addi %i1a, %u1 : i32
        %x0 = arith.index_cast %i0 : i32 to index
        %x1 = arith.index_cast %i1 : i32 to index
        %ka = arith.addi %k0, %x0 : index
        %kb = arith.addi %k0, %x1 : index
        %j0 = arith.muli %ch, %c2 : index
        %j1 = arith.addi %j0, %c1 : index
        %a0 = memref.load %Av[%m, %j0] : memref<16x16xi8>
        %a1 = memref.load %Av[%m, %j1] : memref<16x16xi8>
        %b0 = memref.load %B[%ka, %n] : memref<32x8xi8>
        %b1 = memref.load %B[%kb, %n] : memref<32x8xi8>
        %ea0 = arith.extsi %a0 : i8 to i32
        %ea1 = arith.extsi %a1 : i8 to i32
        %eb0 = arith.extsi %b0 : i8 to i32
        %eb1 = arith.extsi %b1 : i8 to i32
        %p0 = arith.muli %ea0, %eb0 : i32
        %p1 = arith.muli %ea1, %eb1 : i32
        %s0 = arith.addi %acc, %p0 : i32
        %s1 = arith.addi %s0, %p1 : i32
        scf.yield %s1 : i32
      }
      memref.store %s, %D[%m, %n] : memref<16x8xi32>
    }
  }
  return
}
func.func @i8_k64(%Av: memref<16x32xi8>, %P: memref<16x16xi32>, %B: memref<64x8xi8>,
    %C: memref<16x8xi32>, %D: memref<16x8xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cw = arith.constant 4 : index
  %nch = arith.constant 16 : index
  %u1 = arith.constant 1 : i32
  %u2 = arith.constant 2 : i32
  %u3 = arith.constant 3 : i32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %c = memref.load %C[%m, %n] : memref<16x8xi32>
      %s = scf.for %ch = %c0 to %nch step %c1 iter_args(%acc = %c) -> (i32) {
        %p = memref.load %P[%m, %ch] : memref<16x16xi32>
        %k0 = arith.muli %ch, %cw : index
        %i0 = arith.remui %p, %u3 : i32
        %q = arith.divui %p, %u3 : i32
        %d = arith.subi %u3, %i0 : i32
        %rr = arith.remui %q, %d : i32
        %i1a = arith.addi %i0, %rr : i32
        %i1 = arith.addi %i1a, %u1 : i32
        %x0 = arith.index_cast %i0 : i32 to index
        %x1 = arith.index_cast %i1 : i32 to index
        %ka = arith.addi %k0, %x0 : index
        %kb = arith.addi %k0, %x1 : index
        %j0 = arith.muli %ch, %c2 : index
        %j1 = arith.addi %j0, %c1 : index
        %a0 = memref.load %Av[%m, %j0] : memref<16x32xi8>
        %a1 = memref.load %Av[%m, %j1] : memref<16x32xi8>
        %b0 = memref.load %B[%ka, %n] : memref<64x8xi8>
        %b1 = memref.load %B[%kb, %n] : memref<64x8xi8>
        %ea0 = arith.extsi %a0 : i8 to i32
        %ea1 = arith.extsi %a1 : i8 to i32
        %eb0 = arith.extsi %b0 : i8 to i32
        %eb1 = arith.extsi %b1 : i8 to i32
        %p0 = arith.muli %ea0, %eb0 : i32
        %p1 = arith.muli %ea1, %eb1 : i32
        %s0 = arith.addi %acc, %p0 : i32
        %s1 = arith.addi %s0, %p1 : i32
        scf.yield %s1 : i32
      }
      memref.store %s, %D[%m, %n] : memref<16x8xi32>
    }
  }
  return
}
func.func @tf32_k8(%Av: memref<16x4xf32>, %P: memref<16x4xi32>, %B: memref<8x8xf32>,
    %C: memref<16x8xf32>, %D: memref<16x8xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cw = arith.constant 2 : index
  %nch = arith.constant 4 : index
  %u1 = arith.constant 1 : i32
  %u2 = arith.constant 2 : i32
  %u3 = arith.constant 3 : i32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %c = memref.load %C[%m, %n] : memref<16x8xf32>
      %s = scf.for %ch = %c0 to %nch step %c1 iter_args(%acc = %c) -> (f32) {
        %p = memref.load %P[%m, %ch] : memref<16x4xi32>
        %k0 = arith.muli %ch, %cw : index
        %e = arith.remui %p, %u2 : i32
        %ei = arith.index_cast %e : i32 to index
        %k = arith.addi %k0, %ei : index
        %x = memref.load %Av[%m, %ch] : memref<16x4xf32>
        %y = memref.load %B[%k, %n] : memref<8x8xf32>
        %mask = arith.constant -8192 : i32
        %xi = arith.bitcast %x : f32 to i32
        %yi = arith.bitcast %y : f32 to i32
        %xm = arith.andi %xi, %mask : i32
        %ym = arith.andi %yi, %mask : i32
        %xt = arith.bitcast %xm : i32 to f32
        %yt = arith.bitcast %ym : i32 to f32
        %pr = arith.mulf %xt, %yt : f32
        %r = arith.addf %acc, %pr : f32
        scf.yield %r : f32
      }
      memref.store %s, %D[%m, %n] : memref<16x8xf32>
    }
  }
  return
}
func.func @tf32_k16(%Av: memref<16x8xf32>, %P: memref<16x8xi32>, %B: memref<16x8xf32>,
    %C: memref<16x8xf32>, %D: memref<16x8xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cw = arith.constant 2 : index
  %nch = arith.constant 8 : index
  %u1 = arith.constant 1 : i32
  %u2 = arith.constant 2 : i32
  %u3 = arith.constant 3 : i32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %c = memref.load %C[%m, %n] : memref<16x8xf32>
      %s = scf.for %ch = %c0 to %nch step %c1 iter_args(%acc = %c) -> (f32) {
        %p = memref.load %P[%m, %ch] : memref<16x8xi32>
        %k0 = arith.muli %ch, %cw : index
        %e = arith.remui %p, %u2 : i32
        %ei = arith.index_cast %e : i32 to index
        %k = arith.addi %k0, %ei : index
        %x = memref.load %Av[%m, %ch] : memref<16x8xf32>
        %y = memref.load %B[%k, %n] : memref<16x8xf32>
        %mask = arith.constant -8192 : i32
        %xi = arith.bitcast %x : f32 to i32
        %yi = arith.bitcast %y : f32 to i32
        %xm = arith.andi %xi, %mask : i32
        %ym = arith.andi %yi, %mask : i32
        %xt = arith.bitcast %xm : i32 to f32
        %yt = arith.bitcast %ym : i32 to f32
        %pr = arith.mulf %xt, %yt : f32
        %r = arith.addf %acc, %pr : f32
        scf.yield %r : f32
      }
      memref.store %s, %D[%m, %n] : memref<16x8xf32>
    }
  }
  return
}
