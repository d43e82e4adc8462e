// The reference of ../mma-sp.mlir: D = C + A B with A decompressed from Av and P, by scalar
// loops in f32 (eval); no fragment layout or metadata bits.
func.func @sp16_f32(%Av: memref<16x8xf16>, %P: memref<16x4xi32>, %B: memref<16x8xf16>,
    %C: memref<16x8xf32>, %D: memref<16x8xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cK4 = arith.constant 4 : index
  %i1 = arith.constant 1 : i32
  %i3 = arith.constant 3 : i32
  %zf = arith.constant 0.0 : f32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %cv = memref.load %C[%m, %n] : memref<16x8xf32>
      %c32 = arith.addf %cv, %zf : f32
      %s = scf.for %ch = %c0 to %cK4 step %c1 iter_args(%acc = %c32) -> (f32) {
        %p = memref.load %P[%m, %ch] : memref<16x4xi32>
        %i0 = arith.remui %p, %i3 : i32
        %q = arith.divui %p, %i3 : i32
        %d = arith.subi %i3, %i0 : i32
        %r = arith.remui %q, %d : i32
        %i1a = arith.addi %i0, %r : i32
        %i1b = arith.addi %i1a, %i1 : i32
        %x0 = arith.index_cast %i0 : i32 to index
        %x1 = arith.index_cast %i1b : i32 to index
        %k4 = arith.muli %ch, %c4 : index
        %k0 = arith.addi %k4, %x0 : index
        %k1 = arith.addi %k4, %x1 : index
        %a2 = arith.muli %ch, %c2 : index
        %a2b = arith.addi %a2, %c1 : index
        %a0 = memref.load %Av[%m, %a2] : memref<16x8xf16>
        %a1 = memref.load %Av[%m, %a2b] : memref<16x8xf16>
        %b0 = memref.load %B[%k0, %n] : memref<16x8xf16>
        %b1 = memref.load %B[%k1, %n] : memref<16x8xf16>
        %fa0 = arith.extf %a0 : f16 to f32
        %fa1 = arith.extf %a1 : f16 to f32
        %fb0 = arith.extf %b0 : f16 to f32
        %fb1 = arith.extf %b1 : f16 to f32
        %p0 = arith.mulf %fa0, %fb0 : f32
        %p1 = arith.mulf %fa1, %fb1 : f32
        %s0 = arith.addf %acc, %p0 : f32
        %s1 = arith.addf %s0, %p1 : f32
        scf.yield %s1 : f32
      }
      %o = arith.addf %s, %zf : f32
      memref.store %o, %D[%m, %n] : memref<16x8xf32>
    }
  }
  return
}
func.func @sp32_f16(%Av: memref<16x16xf16>, %P: memref<16x8xi32>, %B: memref<32x8xf16>,
    %C: memref<16x8xf16>, %D: memref<16x8xf16>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cK4 = arith.constant 8 : index
  %i1 = arith.constant 1 : i32
  %i3 = arith.constant 3 : i32
  %zf = arith.constant 0.0 : f32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %cv = memref.load %C[%m, %n] : memref<16x8xf16>
      %c32 = arith.extf %cv : f16 to f32
      %s = scf.for %ch = %c0 to %cK4 step %c1 iter_args(%acc = %c32) -> (f32) {
        %p = memref.load %P[%m, %ch] : memref<16x8xi32>
        %i0 = arith.remui %p, %i3 : i32
        %q = arith.divui %p, %i3 : i32
        %d = arith.subi %i3, %i0 : i32
        %r = arith.remui %q, %d : i32
        %i1a = arith.addi %i0, %r : i32
        %i1b = arith.addi %i1a, %i1 : i32
        %x0 = arith.index_cast %i0 : i32 to index
        %x1 = arith.index_cast %i1b : i32 to index
        %k4 = arith.muli %ch, %c4 : index
        %k0 = arith.addi %k4, %x0 : index
        %k1 = arith.addi %k4, %x1 : index
        %a2 = arith.muli %ch, %c2 : index
        %a2b = arith.addi %a2, %c1 : index
        %a0 = memref.load %Av[%m, %a2] : memref<16x16xf16>
        %a1 = memref.load %Av[%m, %a2b] : memref<16x16xf16>
        %b0 = memref.load %B[%k0, %n] : memref<32x8xf16>
        %b1 = memref.load %B[%k1, %n] : memref<32x8xf16>
        %fa0 = arith.extf %a0 : f16 to f32
        %fa1 = arith.extf %a1 : f16 to f32
        %fb0 = arith.extf %b0 : f16 to f32
        %fb1 = arith.extf %b1 : f16 to f32
        %p0 = arith.mulf %fa0, %fb0 : f32
        %p1 = arith.mulf %fa1, %fb1 : f32
        %s0 = arith.addf %acc, %p0 : f32
        %s1 = arith.addf %s0, %p1 : f32
        scf.yield %s1 : f32
      }
      %o = arith.truncf %s : f32 to f16
      memref.store %o, %D[%m, %n] : memref<16x8xf16>
    }
  }
  return
}
func.func @sp32_bf16(%Av: memref<16x16xbf16>, %P: memref<16x8xi32>, %B: memref<32x8xbf16>,
    %C: memref<16x8xf32>, %D: memref<16x8xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %cK4 = arith.constant 8 : index
  %i1 = arith.constant 1 : i32
  %i3 = arith.constant 3 : i32
  %zf = arith.constant 0.0 : f32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %cv = memref.load %C[%m, %n] : memref<16x8xf32>
      %c32 = arith.addf %cv, %zf : f32
      %s = scf.for %ch = %c0 to %cK4 step %c1 iter_args(%acc = %c32) -> (f32) {
        %p = memref.load %P[%m, %ch] : memref<16x8xi32>
        %i0 = arith.remui %p, %i3 : i32
        %q = arith.divui %p, %i3 : i32
        %d = arith.subi %i3, %i0 : i32
        %r = arith.remui %q, %d : i32
        %i1a = arith.addi %i0, %r : i32
        %i1b = arith.addi %i1a, %i1 : i32
        %x0 = arith.index_cast %i0 : i32 to index
        %x1 = arith.index_cast %i1b : i32 to index
        %k4 = arith.muli %ch, %c4 : index
        %k0 = arith.addi %k4, %x0 : index
        %k1 = arith.addi %k4, %x1 : index
        %a2 = arith.muli %ch, %c2 : index
        %a2b = arith.addi %a2, %c1 : index
        %a0 = memref.load %Av[%m, %a2] : memref<16x16xbf16>
        %a1 = memref.load %Av[%m, %a2b] : memref<16x16xbf16>
        %b0 = memref.load %B[%k0, %n] : memref<32x8xbf16>
        %b1 = memref.load %B[%k1, %n] : memref<32x8xbf16>
        %fa0 = arith.extf %a0 : bf16 to f32
        %fa1 = arith.extf %a1 : bf16 to f32
        %fb0 = arith.extf %b0 : bf16 to f32
        %fb1 = arith.extf %b1 : bf16 to f32
        %p0 = arith.mulf %fa0, %fb0 : f32
        %p1 = arith.mulf %fa1, %fb1 : f32
        %s0 = arith.addf %acc, %p0 : f32
        %s1 = arith.addf %s0, %p1 : f32
        scf.yield %s1 : f32
      }
      %o = arith.addf %s, %zf : f32
      memref.store %o, %D[%m, %n] : memref<16x8xf32>
    }
  }
  return
}
