// Verifier errors for tcgen05.mma's A operand (docs/blackwell.md): an i64 shared memory
// descriptor or an i32 tensor-memory address (the [a-tmem] form), nothing else.
// RUN: not %vptx --arch=sm_100a %s 2>&1 | %filecheck %s

func.func @a_i16(%d: i32, %a: i16, %b: i64, %id: i32, %en: i1) {
  // CHECK: vptx-tcgen05-mma-a.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma' operand #1 has type i16 but must be i64 (A's shared memory descriptor) or i32 (A's tensor-memory address)
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "f16"} : (i32, i16, i64, i32, i1) -> ()
  return
}

func.func @a_tmem_ok(%d: i32, %a: i32, %b: i64, %id: i32, %en: i1) {
  // CHECK-NOT: a_tmem_ok
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "i8"} : (i32, i32, i64, i32, i1) -> ()
  return
}

func.func @b_tmem(%d: i32, %a: i32, %b: i32, %id: i32, %en: i1) {
  // CHECK: vptx-tcgen05-mma-a.mlir:[[@LINE+1]]:3: error: 'vptx.tcgen05_mma' operand #2 has type i32 but must be i64
  "vptx.tcgen05_mma"(%d, %a, %b, %id, %en) {kind = "f16"} : (i32, i32, i32, i32, i1) -> ()
  return
}
