// vector.print of every element type it takes, of 0-d, 1-d and 2-d vectors, with each
// punctuation and with a string, as upstream's -convert-vector-to-llvm prints through
// mlir_c_runner_utils (printI64, printU64, printF32, printF64, printF16, printBF16).
// Expected values by hand: f16(0.333) = 1364 * 2^-12 = 0.3330078125, bf16(1.1) =
// 141 * 2^-7 = 1.1015625, both printed as "%g"; index -1 prints as an unsigned 64-bit
// number; i1 true as 1.
// RUN: %vptx run %s | %filecheck %s

func.func @main() {
  %t = arith.constant true
  %i8 = arith.constant -5 : i8
  %i32 = arith.constant 2147483647 : i32
  %i64 = arith.constant -9000000000 : i64
  %idx = arith.constant -1 : index
  %h = arith.constant 0.333 : f16
  %b = arith.constant 1.1 : bf16
  %f = arith.constant 1.0e-7 : f32
  %d = arith.constant 123456789.0 : f64
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %inf = arith.divf %one, %zero : f32
  %negz = arith.negf %zero : f32
  // CHECK:      1
  // CHECK-NEXT: -5
  // CHECK-NEXT: 2147483647
  // CHECK-NEXT: -9000000000
  // CHECK-NEXT: 18446744073709551615
  // CHECK-NEXT: 0.333008
  // CHECK-NEXT: 1.10156
  // CHECK-NEXT: 1e-07
  // CHECK-NEXT: 1.23457e+08
  // CHECK-NEXT: inf
  // CHECK-NEXT: -0
  vector.print %t : i1
  vector.print %i8 : i8
  vector.print %i32 : i32
  vector.print %i64 : i64
  vector.print %idx : index
  vector.print %h : f16
  vector.print %b : bf16
  vector.print %f : f32
  vector.print %d : f64
  vector.print %inf : f32
  vector.print %negz : f32

  %v = arith.constant dense<[1.5, -2.0, 0.0, 4.25]> : vector<4xf32>
  %m = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %z = arith.constant dense<7> : vector<i32>
  %bv = arith.constant dense<[true, false, true]> : vector<3xi1>
  %iv = arith.constant dense<[0, -1]> : vector<2xindex>
  // CHECK-NEXT: ( 1.5, -2, 0, 4.25 )
  // CHECK-NEXT: ( ( 1, 2, 3 ), ( 4, 5, 6 ) )
  // CHECK-NEXT: ( 7 )
  // CHECK-NEXT: ( 1, 0, 1 )
  // CHECK-NEXT: ( 0, 18446744073709551615 )
  vector.print %v : vector<4xf32>
  vector.print %m : vector<2x3xi32>
  vector.print %z : vector<i32>
  vector.print %bv : vector<3xi1>
  vector.print %iv : vector<2xindex>

  // Punctuation and strings: none of these ends the line but `newline` and a bare print.
  // CHECK-NEXT: {{^}}( 1.5, -2, 0, 4.25 ), -5( -5 )sum = 2147483647{{$}}
  // CHECK-NEXT: {{^}}tail{{$}}
  vector.print %v : vector<4xf32> punctuation <comma>
  vector.print %i8 : i8 punctuation <no_punctuation>
  vector.print punctuation <open>
  vector.print %i8 : i8 punctuation <no_punctuation>
  vector.print punctuation <close>
  vector.print str "sum = "
  vector.print %i32 : i32 punctuation <newline>
  vector.print str "tail"
  vector.print
  return
}
