// Verifier errors for arith and math ops: operand/result types, casts, predicates.
// RUN: not %vptx %s 2>&1 | %filecheck %s

func.func @mixed(%a: f32, %b: f16) -> f32 {
  // CHECK: verify/arith.mlir:[[@LINE+1]]:8: error: 'arith.addf' operand #1 has type f16 but operand #0 has type f32
  %r = "arith.addf"(%a, %b) : (f32, f16) -> f32
  return %r : f32
}

func.func @int_on_float(%a: f32) -> f32 {
  // CHECK: error: 'arith.addi' operand #0 has type f32 but must be an integer or index or a vector of them
  %r = "arith.addi"(%a, %a) : (f32, f32) -> f32
  return %r : f32
}

func.func @extf_narrows(%a: f32) -> f16 {
  // CHECK: error: 'arith.extf' result #0 has type f16 but must be wider than f32
  %r = arith.extf %a : f32 to f16
  return %r : f16
}

func.func @cmpf_shape(%a: vector<4xf32>) -> vector<8xi1> {
  // CHECK: error: 'arith.cmpf' result #0 has type vector<8xi1> but must be vector<4xi1>
  %r = "arith.cmpf"(%a, %a) {predicate = 4 : i64} : (vector<4xf32>, vector<4xf32>) -> vector<8xi1>
  return %r : vector<8xi1>
}

func.func @math_int(%a: i32) -> i32 {
  // CHECK: error: 'math.exp' operand #0 has type i32 but must be a float or a vector of them
  %r = "math.exp"(%a) : (i32) -> i32
  return %r : i32
}
