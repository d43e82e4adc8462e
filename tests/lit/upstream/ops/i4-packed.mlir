// Packed i4 (issue 25) in upstream's narrow-type-emulation form: bytes loaded as i8,
// `vector.bitcast` to `vector<8xi4>` (two elements a byte, the lower index in the low
// nibble), widened with `arith.extsi` / `extui`, and the way back with `arith.trunci` and
// a bitcast to i8. vptx holds 8 i4 in one 32-bit register: bfe.s32 / bfe.u32 take them
// out, bfi puts them in. Run on the simulator against eval of Inputs/i4-packed-ref.mlir,
// which takes each byte's nibbles apart with shifts and masks in i32 (no i4 in it), and
// against eval of the same vector ops in sequential loops (Inputs/i4-packed-eval.mlir),
// on random bytes (-8..8) and on every byte value (Inputs/i4-bytes-{lo,hi}.npy):
//   unpack  32 lanes x 4 bytes: signed and unsigned nibbles to i32, signed to i8
//   pack    32 lanes x 8 i32: their low nibbles packed two to a byte
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-packed-ref.mlir | %filecheck %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-packed-ref.mlir --kernel=unpack --input=in:%S/Inputs/i4-bytes-lo.npy | %filecheck --check-prefix=BYTES %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-packed-ref.mlir --kernel=unpack --input=in:%S/Inputs/i4-bytes-hi.npy | %filecheck --check-prefix=BYTES %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-packed-eval.mlir | %filecheck %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/i4-packed-eval.mlir --kernel=unpack --input=in:%S/Inputs/i4-bytes-hi.npy | %filecheck --check-prefix=BYTES %s
// BYTES: PASS unpack
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=mlir %s | %filecheck --check-prefix=IR %s
// CHECK: PASS unpack
// CHECK: PASS pack
// PTX-LABEL: .entry unpack(
// PTX: ld.global.nc.b32 [[W:%r_[A-Za-z0-9_$]+_[0-9]+]], [%rd_{{[A-Za-z0-9_$]+_[0-9]+}}];
// PTX: bfe.s32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, [[W]], 0, 4;
// PTX: bfe.s32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, [[W]], 28, 4;
// PTX: bfe.u32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, [[W]], 4, 4;
// PTX-LABEL: .entry pack(
// PTX: bfi.b32 %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, %r_{{[A-Za-z0-9_$]+_[0-9]+}}, 28, 4;
// IR: %{{.*}} = vector.bitcast %{{.*}} : vector<4xi8> to vector<8xi4>
// IR: %{{.*}} = arith.extsi %{{.*}} : vector<8xi4> to vector<8xi32>
func.func @unpack(%in: memref<128xi8>, %s: memref<256xi32>, %u: memref<256xi32>, %b: memref<256xi8>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %t = gpu.thread_id x
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = arith.muli %t, %c4 : index
  %o = arith.muli %t, %c8 : index
  %v = vector.load %in[%i] : memref<128xi8>, vector<4xi8>
  %q = vector.bitcast %v : vector<4xi8> to vector<8xi4>
  %se = arith.extsi %q : vector<8xi4> to vector<8xi32>
  %ue = arith.extui %q : vector<8xi4> to vector<8xi32>
  %be = arith.extsi %q : vector<8xi4> to vector<8xi8>
  vector.store %se, %s[%o] : memref<256xi32>, vector<8xi32>
  vector.store %ue, %u[%o] : memref<256xi32>, vector<8xi32>
  vector.store %be, %b[%o] : memref<256xi8>, vector<8xi8>
  return
}

func.func @pack(%in: memref<256xi32>, %out: memref<128xi8>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %t = gpu.thread_id x
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = arith.muli %t, %c8 : index
  %o = arith.muli %t, %c4 : index
  %v = vector.load %in[%i] : memref<256xi32>, vector<8xi32>
  %q = arith.trunci %v : vector<8xi32> to vector<8xi4>
  %b = vector.bitcast %q : vector<8xi4> to vector<4xi8>
  vector.store %b, %out[%o] : memref<128xi8>, vector<4xi8>
  return
}
