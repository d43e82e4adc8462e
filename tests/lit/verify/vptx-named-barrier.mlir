// Verifier errors for vptx.named_barrier (the ping-pong consumers' bar.sync / bar.arrive,
// docs/hopper.md section 1c): the PTX ISA wants a thread count that is a multiple of 32
// (the warp) up to 1024, and vptx takes the barrier id as an i32.
// RUN: not %vptx --arch=sm_90a %s 2>&1 | %filecheck %s

func.func @count_odd(%id: i32) {
  // CHECK: vptx-named-barrier.mlir:[[@LINE+1]]:3: error: 'vptx.named_barrier' attribute 'count' is 100 but must be a multiple of 32 from 32 to 1024
  "vptx.named_barrier"(%id) {count = 100 : i64} : (i32) -> ()
  return
}

func.func @count_big(%id: i32) {
  // CHECK: vptx-named-barrier.mlir:[[@LINE+1]]:3: error: 'vptx.named_barrier' attribute 'count' is 2048
  "vptx.named_barrier"(%id) {arrive, count = 2048 : i64} : (i32) -> ()
  return
}

func.func @id_index(%id: index) {
  // CHECK: vptx-named-barrier.mlir:[[@LINE+1]]:3: error: 'vptx.named_barrier' operand #0 (the barrier id) must be i32
  "vptx.named_barrier"(%id) {count = 256 : i64} : (index) -> ()
  return
}
