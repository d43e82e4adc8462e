// nvvm.shfl.sync as upstream writes it: with {return_value_and_is_valid} (the LLVM struct
// of the value and the valid bit, taken apart by llvm.extractvalue), and on part of a warp:
// a member mask of 16 lanes, and the c operand of PTX (clamp in bits 0-4, segment mask in
// bits 8-12: ((32 - width) << 8) | clamp) splitting the warp into 8-lane segments. Run on
// the simulator against eval of Inputs/shfl-valid-partial-ref.mlir, which works out each
// lane's source lane and valid bit from the PTX ISA's shfl.sync pseudocode.
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/shfl-valid-partial-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=IR %s
// CHECK: PASS valid
// CHECK: PASS partial
// PTX-LABEL: .entry valid(
// PTX: shfl.sync.down.b32 [[D:%f_[A-Za-z0-9_$]+_[0-9]+]]|[[P:%p_[A-Za-z0-9_$]+_[0-9]+]], {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 5, 31, -1;
// PTX: selp.u32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 1, 0, [[P]];
// PTX: shfl.sync.up.b32 {{%r_[A-Za-z0-9_$]+_[0-9]+}}|{{%p_[A-Za-z0-9_$]+_[0-9]+}}, {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 3, 0, -1;
// PTX-LABEL: .entry partial(
// PTX: shfl.sync.down.b32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}|{{%p_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 4, 15, 65535;
// PTX: shfl.sync.idx.b32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 2, 6151, -1;
// PTX: shfl.sync.up.b32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}|{{%p_[A-Za-z0-9_$]+_[0-9]+}}, {{%f_[A-Za-z0-9_$]+_[0-9]+}}, 1, 6144, -1;
// IR: %s:2 = nvvm.shfl.sync down %{{.*}} {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
// IR: arith.extui %s#1 : i1 to i32
module {
  gpu.module @m {
    gpu.func @valid(%x: memref<32xf32>, %xi: memref<32xi32>, %y: memref<2x32xf32>, %ok: memref<2x32xi32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %all = arith.constant -1 : i32
      %five = arith.constant 5 : i32
      %three = arith.constant 3 : i32
      %c31 = arith.constant 31 : i32
      %zero = arith.constant 0 : i32
      %xv = memref.load %x[%t] : memref<32xf32>
      %s = nvvm.shfl.sync down %all, %xv, %five, %c31 {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
      %v = llvm.extractvalue %s[0] : !llvm.struct<(f32, i1)>
      %p = llvm.extractvalue %s[1] : !llvm.struct<(f32, i1)>
      %pi = arith.extui %p : i1 to i32
      memref.store %v, %y[%c0, %t] : memref<2x32xf32>
      memref.store %pi, %ok[%c0, %t] : memref<2x32xi32>
      %xiv = memref.load %xi[%t] : memref<32xi32>
      %u = nvvm.shfl.sync up %all, %xiv, %three, %zero {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
      %uv = llvm.extractvalue %u[0] : !llvm.struct<(i32, i1)>
      %up = llvm.extractvalue %u[1] : !llvm.struct<(i32, i1)>
      %uf = arith.sitofp %uv : i32 to f32
      %upi = arith.extui %up : i1 to i32
      memref.store %uf, %y[%c1, %t] : memref<2x32xf32>
      memref.store %upi, %ok[%c1, %t] : memref<2x32xi32>
      gpu.return
    }
    // rows of %y: 0: lanes 0-15 only (member mask 0xffff), down 4 clamped at lane 15;
    // 1: idx 2 in each 8-lane segment (c = 0x1807); 2: up 1 in each segment (c = 0x1800)
    gpu.func @partial(%x: memref<32xf32>, %y: memref<3x32xf32>, %ok: memref<3x32xi32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c16 = arith.constant 16 : index
      %half = arith.constant 65535 : i32
      %all = arith.constant -1 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %four = arith.constant 4 : i32
      %c15 = arith.constant 15 : i32
      %seg_idx = arith.constant 6151 : i32
      %seg_up = arith.constant 6144 : i32
      %xv = memref.load %x[%t] : memref<32xf32>
      %low = arith.cmpi ult, %t, %c16 : index
      scf.if %low {
        %s = nvvm.shfl.sync down %half, %xv, %four, %c15 {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
        %v = llvm.extractvalue %s[0] : !llvm.struct<(f32, i1)>
        %p = llvm.extractvalue %s[1] : !llvm.struct<(f32, i1)>
        %pi = arith.extui %p : i1 to i32
        memref.store %v, %y[%c0, %t] : memref<3x32xf32>
        memref.store %pi, %ok[%c0, %t] : memref<3x32xi32>
      }
      %g = nvvm.shfl.sync idx %all, %xv, %two, %seg_idx : f32 -> f32
      memref.store %g, %y[%c1, %t] : memref<3x32xf32>
      %u = nvvm.shfl.sync up %all, %xv, %one, %seg_up {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
      %uv = llvm.extractvalue %u[0] : !llvm.struct<(f32, i1)>
      %up = llvm.extractvalue %u[1] : !llvm.struct<(f32, i1)>
      %upi = arith.extui %up : i1 to i32
      memref.store %uv, %y[%c2, %t] : memref<3x32xf32>
      memref.store %upi, %ok[%c2, %t] : memref<3x32xi32>
      gpu.return
    }
  }
}
