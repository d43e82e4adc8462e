// RUN: %vptx --emit=mlir %s | %filecheck %s
// The parser reuses the type of the last vector type whose text (through the blanks
// after it) comes again (ir/parse_type.c): only the same bytes may give the
// same type.  Texts that share a prefix with the one before, a type glued to the next
// token, a type at the end of a line and one before a comment all keep their own types.
// CHECK-LABEL: func.func @reuse
func.func @reuse(%x: vector<4xf32>, %y: vector<4xf16>, %z: vector<4x4xf32>) -> vector<4xf32> {
  // CHECK-NEXT: %a = arith.addf %x, %x : vector<4xf32>
  %a = arith.addf %x, %x : vector<4xf32>
  // CHECK-NEXT: %b = arith.addf %a, %a : vector<4xf32>
  %b = arith.addf %a, %a : vector<4xf32>
  // CHECK-NEXT: %c = arith.addf %y, %y : vector<4xf16>
  %c = arith.addf %y, %y : vector<4xf16>
  // CHECK-NEXT: %d = arith.addf %z, %z : vector<4x4xf32>
  %d = arith.addf %z, %z : vector<4x4xf32>
  // CHECK-NEXT: %e = arith.addf %b, %b : vector<4xf32>
  %e = arith.addf %b, %b : vector<4xf32> // a comment after the type
  // CHECK-NEXT: %f = arith.addf %e, %e : vector<4xf32>
  %f = arith.addf %e, %e : vector<4xf32> // a comment after the type
  // CHECK-NEXT: %g = arith.addf %c, %c : vector<4xf16>
  %g = arith.addf %c, %c : vector<4xf16> // a comment after the type
  // CHECK-NEXT: %h = vector.extract %d[0] : vector<4xf32> from vector<4x4xf32>
  %h = vector.extract %d[0] : vector<4xf32> from vector<4x4xf32>
  // CHECK-NEXT: %i = vector.extract %d[1] : vector<4xf32> from vector<4x4xf32>
  %i = vector.extract %d[1] : vector<4xf32> from vector<4x4xf32>
  // CHECK-NEXT: %j = arith.addf %h, %i : vector<4xf32>
  %j = arith.addf %h, %i : vector<4xf32>
  // CHECK-NEXT: return %j : vector<4xf32>
  return %j : vector<4xf32>
}
