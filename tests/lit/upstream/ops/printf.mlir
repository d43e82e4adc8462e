// gpu.printf (issue 25 part 3) becomes a call of vprintf with the format as a .global
// string and the arguments in a local buffer (f32 promoted to f64, i8 to i32, index as
// 64 bits); the simulator formats it and `vptx check` / `vptx run` print the text.
// Threads 0 to 2 print, in thread order; the expected lines are written out by hand.
// RUN: %vptx check --arch=sm_80 --backend=sim %s | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// CHECK: hello from the kernel
// CHECK-NEXT: t=0 x=0.500 c=-3 big=0 hex=0x2a
// CHECK-NEXT: t=1 x=1.500 c=-3 big=1 hex=0x2a
// CHECK-NEXT: t=2 x=2.500 c=-3 big=2 hex=0x2a
// CHECK-NOT: t=3
// PTX: .extern .func (.param .b32 vprintf_ret) vprintf(.param .b64 vprintf_fmt, .param .b64 vprintf_args);
// PTX: .global .align 1 .b8 vptx_fmt0[23] = {104, 101, 108, 108, 111,
// PTX: call.uni (vptx_c{{[0-9]+}}_r0), vprintf, (vptx_c{{[0-9]+}}_a0, vptx_c{{[0-9]+}}_a1);
// PTX: cvt.f64.f32
module {
  gpu.module @m {
    gpu.func @p() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %is0 = arith.cmpi eq, %t, %c0 : index
      scf.if %is0 {
        gpu.printf "hello from the kernel\n"
      }
      gpu.barrier
      %few = arith.cmpi ult, %t, %c3 : index
      scf.if %few {
        %ti = arith.index_cast %t : index to i32
        %f = arith.sitofp %ti : i32 to f32
        %h = arith.constant 0.5 : f32
        %x = arith.addf %f, %h : f32
        %c = arith.constant -3 : i8
        %k = arith.constant 42 : i32
        gpu.printf "t=%d x=%.3f c=%d big=%ld hex=%#x\n", %ti, %x, %c, %t, %k : i32, f32, i8, index, i32
      }
      gpu.return
    }
  }
}
