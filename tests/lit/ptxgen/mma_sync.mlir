// nvgpu.ldmatrix and nvgpu.mma.sync type rows of ptx-sm80.md 5.1: fragments are
// register groups (vector<4x2xf16> = 4 x .b32), C may be immediate zeros.
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck %s < %t.ptx
// REQUIRES: ptxas
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas -arch=sm_90a %t90.ptx -o %t90.cubin

// CHECK-LABEL: .visible .entry mma(
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {[[A0:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A1:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A2:%r_[A-Za-z0-9_$]+_[0-9]+]], [[A3:%r_[A-Za-z0-9_$]+_[0-9]+]]}
// CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {[[B0:%r_[A-Za-z0-9_$]+_[0-9]+]], [[B1:%r_[A-Za-z0-9_$]+_[0-9]+]]}
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, {[[A0]], [[A1]], [[A2]], [[A3]]}, {[[B0]], [[B1]]}, {0f00000000, 0f00000000, 0f00000000, 0f00000000};
// CHECK: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// i8 saturates, as upstream lowers nvgpu.mma.sync on integers
// CHECK: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
// CHECK: st.global.v2.f32

module {
  gpu.module @m {
    memref.global "private" @tile : memref<16x16xf16, 3> {alignment = 16}
    gpu.func @mma(%d: memref<16x8xf32>, %tb: memref<4xvector<4xf32>>, %ti: memref<4xvector<4xi32>>)
        kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %sa = memref.get_global @tile : memref<16x16xf16, 3>
      %lane = gpu.thread_id x
      %lr = arith.remui %lane, %c16 : index
      %lh = arith.divui %lane, %c16 : index
      %lc = arith.muli %lh, %c8 : index
      %a = nvgpu.ldmatrix %sa[%lr, %lc] {numTiles = 4 : i32, transpose = false}
          : memref<16x16xf16, 3> -> vector<4x2xf16>
      %b = nvgpu.ldmatrix %sa[%lr, %c0] {numTiles = 2 : i32, transpose = true}
          : memref<16x16xf16, 3> -> vector<2x2xf16>
      %cz = arith.constant dense<0.0> : vector<2x2xf32>
      %r = nvgpu.mma.sync(%a, %b, %cz) {mmaShape = [16, 8, 16]}
          : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %hz = arith.constant dense<0.0> : vector<2x2xf16>
      %rh = nvgpu.mma.sync(%a, %b, %hz) {mmaShape = [16, 8, 16]}
          : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
      %ab = vector.bitcast %a : vector<4x2xf16> to vector<4x2xbf16>
      %bb = vector.bitcast %b : vector<2x2xf16> to vector<2x2xbf16>
      %rb = nvgpu.mma.sync(%ab, %bb, %r) {mmaShape = [16, 8, 16]}
          : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %t4 = memref.load %tb[%lr] : memref<4xvector<4xf32>>
      %ta = vector.shape_cast %t4 : vector<4xf32> to vector<4x1xf32>
      %tbv = vector.extract_strided_slice %t4 {offsets = [0], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
      %tbb = vector.shape_cast %tbv : vector<2xf32> to vector<2x1xf32>
      %rt = nvgpu.mma.sync(%ta, %tbb, %rb) {mmaShape = [16, 8, 8], tf32Enabled}
          : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      %i4 = memref.load %ti[%lr] : memref<4xvector<4xi32>>
      %ia = vector.bitcast %i4 : vector<4xi32> to vector<16xi8>
      %ia2 = vector.shape_cast %ia : vector<16xi8> to vector<4x4xi8>
      %ib = vector.extract_strided_slice %ia2 {offsets = [0, 0], sizes = [2, 4], strides = [1, 1]} : vector<4x4xi8> to vector<2x4xi8>
      %iz = arith.constant dense<0> : vector<2x2xi32>
      %ri = nvgpu.mma.sync(%ia2, %ib, %iz) {mmaShape = [16, 8, 32]}
          : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
      %d0 = vector.extract %rt[0] : vector<2xf32> from vector<2x2xf32>
      %h0 = vector.extract %rh[0] : vector<2xf16> from vector<2x2xf16>
      %hf = arith.extf %h0 : vector<2xf16> to vector<2xf32>
      %s = arith.addf %d0, %hf : vector<2xf32>
      %i0 = vector.extract %ri[1] : vector<2xi32> from vector<2x2xi32>
      %if = arith.sitofp %i0 : vector<2xi32> to vector<2xf32>
      %s2 = arith.addf %s, %if : vector<2xf32>
      %g = arith.divui %lane, %c8 : index
      vector.store %s2, %d[%g, %c0] : memref<16x8xf32>, vector<2xf32>
      gpu.return
    }
  }
}
