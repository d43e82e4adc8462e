// Verifier errors for func, func.call and scf.  (Dominance errors cannot be
// written in text -- the parser rejects uses before definitions -- so
// tests/unit/test_verify.c covers them.)
// RUN: not %vptx %s 2>&1 | %filecheck %s

func.func @ret_type(%a: f32) -> f16 {
  // CHECK: error: 'func.return' operand #0 has type f32 but 'func.func' returns f16
  return %a : f32
}

func.func @yield_type(%n: index, %x: f32, %h: f16) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    // CHECK: error: 'scf.yield' operand #0 has type f16 but 'scf.for' has results of type f32
    scf.yield %h : f16
  }
  return %r : f32
}

func.func @if_cond(%c: i32) {
  // CHECK: error: 'scf.if' operand #0 has type i32 but must be i1
  "scf.if"(%c) ({
    scf.yield
  }, {
  }) : (i32) -> ()
  return
}

func.func @call_types(%a: i32) -> f16 {
  // CHECK: error: 'func.call' operand #0 has type i32 but must be f32
  %r = "func.call"(%a) {callee = @ret_type} : (i32) -> f16
  return %r : f16
}
