// A decimal float literal that rounds to infinity in its type is an error
// (MLIR: "floating point value too large for attribute"), in scalars and in
// dense elements; the largest finite values still parse.
// RUN: not %vptx %s 2>&1 | %filecheck %s
// CHECK: float-literal-overflow.mlir:[[@LINE+9]]:23: error: floating point literal 1.0e39 is too large for f32
// CHECK: float-literal-overflow.mlir:[[@LINE+9]]:23: error: floating point literal 70000.0 is too large for f16
// CHECK: float-literal-overflow.mlir:[[@LINE+9]]:24: error: floating point literal -3.4e38 is too large for bf16
// CHECK: float-literal-overflow.mlir:[[@LINE+9]]:35: error: floating point literal 3.5e38 is too large for f32
// CHECK-NOT: error: floating point literal
// RUN: printf 'func.func @k() {\n  %%%%a = arith.constant 65504.0 : f16\n  %%%%b = arith.constant 3.4028234e38 : f32\n  %%%%c = arith.constant 1.7e308 : f64\n  return\n}\n' > %t.ok.mlir && \
// RUN: %vptx --emit=mlir %t.ok.mlir | %filecheck --check-prefix=OK %s
// OK: arith.constant 6.550400e+04 : f16
func.func @k() {
  %a = arith.constant 1.0e39 : f32
  %b = arith.constant 70000.0 : f16
  %c = arith.constant -3.4e38 : bf16
  %d = arith.constant dense<[1.0, 3.5e38]> : vector<2xf32>
  %e = arith.constant 65504.0 : f16
  return
}
