// printMemref* of mlir_runner_utils: the header (base@, rank, offset, sizes, strides) and
// the data, each dim in brackets, as upstream prints them.  base@ is vptx's made-up
// address: the first allocation of a run at 0x10000000, each next one after the previous
// rounded up to 256 bytes (docs/host-code.md).  Expected values by hand.
// RUN: %vptx run %s | %filecheck %s
// RUN: %vptx run %s | %filecheck %s --strict-whitespace --check-prefix=EXACT

// Byte for byte, blanks included (RunnerUtils.h's MemRefDataPrinter):
// EXACT:      {{^}}Unranked Memref base@ = 0x10000000 rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = {{$}}
// EXACT-NEXT: {{^}}[[0,   1,   2], {{$}}
// EXACT-NEXT: {{^}} [10,   11,   12]]{{$}}
// EXACT:      {{^}}[[[0,    1], {{$}}
// EXACT-NEXT: {{^}}  [2,    3]], {{$}}
// EXACT-NEXT: {{^}} [[4,    5], {{$}}
// EXACT-NEXT: {{^}}  [6,    7]]]{{$}}
// EXACT:      {{^}}[0.1,  1e+300]{{$}}

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefInd(memref<*xindex>)
func.func private @printMemrefI8(memref<*xi8>)
func.func private @printMemrefShapeF32(memref<*xf32>)
func.func private @printMemref1dF32(memref<?xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  // a[i][j] = 10 i + j, filled by host loops
  %a = memref.alloc() : memref<2x3xi32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %t = arith.muli %i, %c10 : index
      %s = arith.addi %t, %j : index
      %v = arith.index_cast %s : index to i32
      memref.store %v, %a[%i, %j] : memref<2x3xi32>
    }
  }
  %ua = memref.cast %a : memref<2x3xi32> to memref<*xi32>
  // CHECK:      Unranked Memref base@ = 0x10000000 rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: [[0, 1, 2],
  // CHECK-NEXT: [10, 11, 12]]
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()

  // a view: columns 1..2 of a
  %sv = memref.subview %a[0, 1] [2, 2] [1, 1] : memref<2x3xi32> to memref<2x2xi32, strided<[3, 1], offset: 1>>
  %us = memref.cast %sv : memref<2x2xi32, strided<[3, 1], offset: 1>> to memref<*xi32>
  // CHECK-NEXT: Unranked Memref base@ = 0x10000000 rank = 2 offset = 1 sizes = [2, 2] strides = [3, 1] data =
  // CHECK-NEXT: [[1, 2],
  // CHECK-NEXT: [11, 12]]
  call @printMemrefI32(%us) : (memref<*xi32>) -> ()

  // rank 0, then rank 3 (2x2x2 of 0..7): each nested line indented by its depth
  %r0 = memref.alloc() : memref<f32>
  %x = arith.constant 2.5 : f32
  memref.store %x, %r0[] : memref<f32>
  %u0 = memref.cast %r0 : memref<f32> to memref<*xf32>
  // CHECK-NEXT: Unranked Memref base@ = 0x10000100 rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: {{^}}[2.5]{{$}}
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %r3 = memref.alloc() : memref<2x2x2xi64>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c2 step %c1 {
        %i4 = arith.muli %i, %c2 : index
        %ij = arith.addi %i4, %j : index
        %ij2 = arith.muli %ij, %c2 : index
        %e = arith.addi %ij2, %k : index
        %v = arith.index_cast %e : index to i64
        memref.store %v, %r3[%i, %j, %k] : memref<2x2x2xi64>
      }
    }
  }
  %u3 = memref.cast %r3 : memref<2x2x2xi64> to memref<*xi64>
  // CHECK-NEXT: Unranked Memref base@ = 0x10000200 rank = 3 offset = 0 sizes = [2, 2, 2] strides = [4, 2, 1] data =
  // CHECK-NEXT: {{^}}[[[0,    1],{{ $}}
  // CHECK-NEXT: {{^}}  [2,    3]],{{ $}}
  // CHECK-NEXT: {{^}} [[4,    5],{{ $}}
  // CHECK-NEXT: {{^}}  [6,    7]]]{{$}}
  call @printMemrefI64(%u3) : (memref<*xi64>) -> ()

  // f64, index (unsigned), i8 (as characters, as `std::cout << int8_t` prints them)
  %f = memref.alloc() : memref<2xf64>
  %p1 = arith.constant 0.1 : f64
  %p2 = arith.constant 1.0e300 : f64
  memref.store %p1, %f[%c0] : memref<2xf64>
  memref.store %p2, %f[%c1] : memref<2xf64>
  %uf = memref.cast %f : memref<2xf64> to memref<*xf64>
  // CHECK:      sizes = [2] strides = [1] data =
  // CHECK-NEXT: [0.1, 1e+300]
  call @printMemrefF64(%uf) : (memref<*xf64>) -> ()
  %n = memref.alloc() : memref<2xindex>
  %m1 = arith.constant -1 : index
  memref.store %c3, %n[%c0] : memref<2xindex>
  memref.store %m1, %n[%c1] : memref<2xindex>
  %un = memref.cast %n : memref<2xindex> to memref<*xindex>
  // CHECK:      data =
  // CHECK-NEXT: [3, 18446744073709551615]
  call @printMemrefInd(%un) : (memref<*xindex>) -> ()
  %s8 = memref.alloc() : memref<2xi8>
  %h = arith.constant 72 : i8
  %i = arith.constant 105 : i8
  memref.store %h, %s8[%c0] : memref<2xi8>
  memref.store %i, %s8[%c1] : memref<2xi8>
  %u8 = memref.cast %s8 : memref<2xi8> to memref<*xi8>
  // CHECK:      data =
  // CHECK-NEXT: [H, i]
  call @printMemrefI8(%u8) : (memref<*xi8>) -> ()

  // the shape only; and the ranked form, whose header says "Memref"
  %g = memref.alloc(%c3) : memref<?xf32>
  scf.for %k = %c0 to %c3 step %c1 {
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    memref.store %kf, %g[%k] : memref<?xf32>
  }
  %ug = memref.cast %g : memref<?xf32> to memref<*xf32>
  // CHECK-NEXT: {{^}}Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1]{{$}}
  call @printMemrefShapeF32(%ug) : (memref<*xf32>) -> ()
  // CHECK-NEXT: {{^}}Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: {{^}}[0, 1, 2]{{$}}
  call @printMemref1dF32(%g) : (memref<?xf32>) -> ()
  return
}
