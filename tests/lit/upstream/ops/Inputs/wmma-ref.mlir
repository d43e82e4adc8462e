// The reference of ../wmma.mlir with scalar loops (eval): products of f16 values summed
// exactly in f32, then rounded where the kernel's accumulator rounds.
func.func @bias_relu(%a: memref<16x32xf16>, %bt: memref<16x16xf16>, %c: memref<16x16xf32>,
                     %bias: memref<16x16xf32>, %out: memref<16x16xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
        %ak = arith.addi %k, %c16 : index
        %x = memref.load %a[%i, %ak] : memref<16x32xf16>
        %y = memref.load %bt[%j, %k] : memref<16x16xf16>
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %n = arith.addf %acc, %p : f32
        scf.yield %n : f32
      }
      %cv = memref.load %c[%i, %j] : memref<16x16xf32>
      %d = arith.addf %s, %cv : f32
      %bv = memref.load %bias[%i, %j] : memref<16x16xf32>
      %e = arith.addf %d, %bv : f32
      %gt = arith.cmpf ogt, %e, %zero : f32
      %r = arith.select %gt, %e, %zero : f32
      memref.store %r, %out[%i, %j] : memref<16x16xf32>
    }
  }
  return
}

func.func @tiles(%at: memref<32x64xf16>, %bt: memref<16x32xf16>, %out: memref<16x64xf16>)
    attributes {gpu.known_block_size = array<i32: 128, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zf = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %half = arith.constant 0.5 : f16
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      // two K steps of 16, the f16 accumulator rounded after each
      %d = scf.for %kk = %c0 to %c32 step %c16 iter_args(%acc = %zh) -> (f16) {
        %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%run = %zf) -> (f32) {
          %kx = arith.addi %kk, %k : index
          %x = memref.load %at[%kx, %i] : memref<32x64xf16>
          %y = memref.load %bt[%j, %kx] : memref<16x32xf16>
          %xf = arith.extf %x : f16 to f32
          %yf = arith.extf %y : f16 to f32
          %p = arith.mulf %xf, %yf : f32
          %n = arith.addf %run, %p : f32
          scf.yield %n : f32
        }
        %accf = arith.extf %acc : f16 to f32
        %t = arith.addf %accf, %s : f32
        %th = arith.truncf %t : f32 to f16
        scf.yield %th : f16
      }
      %e = arith.mulf %d, %half : f16
      %ab = math.absf %e : f16
      memref.store %ab, %out[%j, %i] : memref<16x64xf16>
    }
  }
  return
}

func.func @ops(%a: memref<16x16xf16>, %b: memref<16x32xf16>, %c: memref<16x16xf16>,
               %c32: memref<8x32xf32>, %out16: memref<16x16xf16>, %out32: memref<8x32xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %n32 = arith.constant 32 : index
  %zf = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f16
  // f16: D = A B + C rounded to f16, (D - C) / 2, then the smaller of that and C
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zf) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<16x16xf16>
        %y = memref.load %b[%k, %j] : memref<16x32xf16>
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %n = arith.addf %acc, %p : f32
        scf.yield %n : f32
      }
      %cv = memref.load %c[%i, %j] : memref<16x16xf16>
      %cf = arith.extf %cv : f16 to f32
      %t = arith.addf %s, %cf : f32
      %d = arith.truncf %t : f32 to f16
      %e = arith.subf %d, %cv : f16
      %h = arith.divf %e, %two : f16
      %lt = arith.cmpf olt, %h, %cv : f16
      %m = arith.select %lt, %h, %cv : f16
      memref.store %m, %out16[%i, %j] : memref<16x16xf16>
    }
  }
  // f32, 8x32: D = A[0:8] B + C, D / C - D
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %n32 step %c1 {
      %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zf) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<16x16xf16>
        %y = memref.load %b[%k, %j] : memref<16x32xf16>
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %n = arith.addf %acc, %p : f32
        scf.yield %n : f32
      }
      %cv = memref.load %c32[%i, %j] : memref<8x32xf32>
      %d = arith.addf %s, %cv : f32
      %q = arith.divf %d, %cv : f32
      %r = arith.subf %q, %d : f32
      memref.store %r, %out32[%i, %j] : memref<8x32xf32>
    }
  }
  return
}
