// The reference of ../vector-mask.mlir with scalar loops (eval): m = [0, 40), k = [0, 24);
// x = a on m else 0; y = a on k else 7; b = x; c = y on k (else c unchanged);
// r0 = sum of y over m; r1 = max of x over k.
func.func @masked(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>, %r: memref<2xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>, gpu.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %seven = arith.constant 7.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %sum, %mx = scf.for %i = %c0 to %c64 step %c1 iter_args(%s = %zero, %m = %ninf) -> (f32, f32) {
    %v = memref.load %a[%i] : memref<64xf32>
    %inm = arith.cmpi ult, %i, %c40 : index
    %ink = arith.cmpi ult, %i, %c24 : index
    %x = arith.select %inm, %v, %zero : f32
    %y = arith.select %ink, %v, %seven : f32
    memref.store %x, %b[%i] : memref<64xf32>
    scf.if %ink {
      memref.store %y, %c[%i] : memref<64xf32>
    }
    %ys = arith.select %inm, %y, %zero : f32
    %s2 = arith.addf %s, %ys : f32
    %xm = arith.select %ink, %x, %ninf : f32
    %m2 = arith.maxnumf %m, %xm : f32
    scf.yield %s2, %m2 : f32, f32
  }
  memref.store %sum, %r[%c0] : memref<2xf32>
  memref.store %mx, %r[%c1] : memref<2xf32>
  return
}
