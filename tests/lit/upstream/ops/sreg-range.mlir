// nvvm.read.ptx.sreg.* with a `range` (issue 25), in upstream's custom form
// (`range <i32, 0, 64>`) and generic form (`{range = #llvm.constant_range<i32, 0, 32>}`),
// and nvvm.shfl.sync's `!llvm.struct<(T, i1)>` result in the generic form, run on the
// simulator against eval of Inputs/sreg-range-ref.mlir:
//   ranged  64 threads: tid.x in [0, 64) (LLVM's half-open range; a value outside is
//           poison), so `tid < 64` is known true and selected away (no setp in the PTX);
//           out[i] = tid + laneid
//   shfl    a shfl.sync down by 3 (clamp 31) in the generic form, its value and valid
//           bit taken apart by llvm.extractvalue: lanes 29-31 read their own value, with
//           the valid bit clear
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/sreg-range-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=IR %s
// CHECK: PASS ranged
// CHECK: PASS shfl
// PTX-LABEL: .entry ranged(
// PTX: mov.u32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %tid.x;
// PTX-NOT: setp
// PTX-LABEL: .entry shfl(
// PTX: shfl.sync.down.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}|%p_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 3, 31, -1;
// IR: nvvm.read.ptx.sreg.tid.x range <i32, 0, 64> : i32
// IR: nvvm.read.ptx.sreg.laneid range <i32, 0, 32> : i32
// IR: %{{.*}}:2 = nvvm.shfl.sync down %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
func.func @ranged(%out: memref<64xi32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %t = nvvm.read.ptx.sreg.tid.x range <i32, 0, 64> : i32
  %l = "nvvm.read.ptx.sreg.laneid"() {range = #llvm.constant_range<i32, 0, 32>} : () -> i32
  %i = arith.index_cast %t : i32 to index
  %c64 = arith.constant 64 : index
  %in = arith.cmpi ult, %i, %c64 : index
  %m1 = arith.constant -1 : i32
  %sum = arith.addi %t, %l : i32
  %v = arith.select %in, %sum, %m1 : i32
  memref.store %v, %out[%i] : memref<64xi32>
  return
}

func.func @shfl(%out: memref<32xi32>, %ok: memref<32xi32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %t = nvvm.read.ptx.sreg.tid.x : i32
  %m = arith.constant -1 : i32
  %c3 = arith.constant 3 : i32
  %c31 = arith.constant 31 : i32
  %s = "nvvm.shfl.sync"(%m, %t, %c3, %c31) <{kind = #nvvm<shfl_kind down>, return_value_and_is_valid}> : (i32, i32, i32, i32) -> !llvm.struct<(i32, i1)>
  %v = llvm.extractvalue %s[0] : !llvm.struct<(i32, i1)>
  %p = llvm.extractvalue %s[1] : !llvm.struct<(i32, i1)>
  %i = arith.index_cast %t : i32 to index
  %pe = arith.extui %p : i1 to i32
  memref.store %v, %out[%i] : memref<32xi32>
  memref.store %pe, %ok[%i] : memref<32xi32>
  return
}
