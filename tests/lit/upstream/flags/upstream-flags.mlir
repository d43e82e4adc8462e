// gpu.shuffle's width and nvgpu.mma.sync on i8 run as upstream MLIR lowers them
// (docs/upstream-mlir.md), on the simulator, against eval of Inputs/upstream-flags-ref.mlir:
//   mma_sat   the i32 sums of an i8 mma.sync saturate: C + 2147479583 + sum(127 * 1) over
//             32 k is past INT32_MAX wherever C > 0 (wrapping would give a negative number)
//   shfl_w8   only lanes 0..7 run the shuffles of width 8: idx 10 is out of range (own
//             value, valid false), down 3 is valid below lane 5, xor 4 stays within 8
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/upstream-flags-ref.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %ptxas-verify %t.ptx
// CHECK: PASS mma_sat
// CHECK: PASS shfl_w8
module {
  gpu.module @m {
    gpu.func @mma_sat(%C: memref<32x4xi32>, %D: memref<32x4xi32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %lane = gpu.thread_id x
      %a = arith.constant dense<127> : vector<4x4xi8>
      %b = arith.constant dense<1> : vector<2x4xi8>
      %bias = arith.constant dense<2147479583> : vector<4xi32>
      %c4 = vector.load %C[%lane, %c0] : memref<32x4xi32>, vector<4xi32>
      %cb = arith.addi %c4, %bias : vector<4xi32>
      %c = vector.shape_cast %cb : vector<4xi32> to vector<2x2xi32>
      %d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 32]}
          : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
      %d4 = vector.shape_cast %d : vector<2x2xi32> to vector<4xi32>
      vector.store %d4, %D[%lane, %c0] : memref<32x4xi32>, vector<4xi32>
      gpu.return
    }
    gpu.func @shfl_w8(%X: memref<32xf32>, %I: memref<8xf32>, %V: memref<8xi32>,
                      %N: memref<8xf32>, %W: memref<8xi32>, %Y: memref<8xf32>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c8 = arith.constant 8 : index
      %w = arith.constant 8 : i32
      %o10 = arith.constant 10 : i32
      %o3 = arith.constant 3 : i32
      %o4 = arith.constant 4 : i32
      %lane = gpu.thread_id x
      %x = memref.load %X[%lane] : memref<32xf32>
      %in = arith.cmpi ult, %lane, %c8 : index
      scf.if %in {
        %i, %iv = gpu.shuffle idx %x, %o10, %w : f32
        %n, %nv = gpu.shuffle down %x, %o3, %w : f32
        %y, %yv = gpu.shuffle xor %x, %o4, %w : f32
        memref.store %i, %I[%lane] : memref<8xf32>
        %ivi = arith.extui %iv : i1 to i32
        memref.store %ivi, %V[%lane] : memref<8xi32>
        memref.store %n, %N[%lane] : memref<8xf32>
        %nvi = arith.extui %nv : i1 to i32
        memref.store %nvi, %W[%lane] : memref<8xi32>
        memref.store %y, %Y[%lane] : memref<8xf32>
      }
      gpu.return
    }
  }
}
