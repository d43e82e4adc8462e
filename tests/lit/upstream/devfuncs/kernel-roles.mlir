// Which functions are kernels (issue 25 part 1, upstream MLIR's reading): here @k is
// marked {nvvm.kernel}, so @unused_helper, marked by nothing and called by nobody, is a
// device function (.func), not a kernel; @g is a gpu.func marked kernel; @dev is a
// gpu.func without the mark: a device function.  In a module with no mark at all, every
// function no other function calls is a kernel (Inputs/kernel-roles-plain.mlir).
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=ptx --arch=sm_80 %S/Inputs/kernel-roles-plain.mlir | %filecheck --check-prefix=PLAIN %s
// CHECK: .func (.param .f32 unused_helper_ret_0) unused_helper(.param .f32 unused_helper_param_0);
// CHECK: .func dev(.param .u64 dev_param_0);
// CHECK-NOT: .entry unused_helper
// CHECK-NOT: .entry dev
// CHECK: .visible .entry k(
// CHECK: .visible .entry g(
// PLAIN: .func (.param .f32 sq_ret_0) sq(.param .f32 sq_param_0);
// PLAIN-NOT: .entry sq
// PLAIN: .visible .entry a(
// PLAIN: call.uni (vptx_c0_r0), sq, (vptx_c0_a0);
// PLAIN: .visible .entry b(
module {
  func.func @unused_helper(%x: f32) -> f32 {
    %y = arith.mulf %x, %x : f32
    return %y : f32
  }
  func.func @k(%a: memref<4xf32>) attributes {nvvm.kernel} {
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<4xf32>
    memref.store %x, %a[%c0] : memref<4xf32>
    return
  }
  gpu.module @m {
    gpu.func @dev(%a: memref<4xf32>) {
      gpu.return
    }
    gpu.func @g(%a: memref<4xf32>) kernel {
      func.call @dev(%a) : (memref<4xf32>) -> ()
      gpu.return
    }
  }
}
