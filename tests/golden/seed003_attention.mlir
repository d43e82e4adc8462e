// ARGS: --arch=sm_80
// Seed 003's flash-attention loop as the seed writes it: 32x64 Q, 128x64 K and V
// tiles in workgroup memory, f16, 2 warps, the two layout conflicts (the row max /
// sum broadcast back against the S and O fragments); every workgroup memory read
// of an mma operand is an ldmatrix (Q and K plain, V .trans).  The seed passes the
// workgroup buffers in and leaves out the copies; here the kernel allocates them,
// fills them from global memory (Q, O, m, l once; the K and V tiles at every step,
// between barriers) and copies O, m and l back, so that `vptx check` sees the
// results.  Workgroup w of 4 takes rows %8 = 32w..32w+31 of Q, O, m and l; its
// workgroup buffers hold those 32 rows (the seed's hold 128 and are indexed at
// %8: 2 x 16 KB more than the 48 KB of static shared memory ptxas allows).
// RUN: %vptx check %s | %filecheck %s
// RUN: %vptx check --stats %s | %filecheck --check-prefix=STATS %s
// The Q and K buffers (128-byte rows) are XOR-swizzled, not padded (docs/staging.md):
// chunk q of row r is stored at q ^ (r % 8); V, which a transposing read takes, keeps
// rows padded from 128 to 144 bytes.  Either way the 8 rows of each ldmatrix phase and
// the 128-bit row copies hit distinct banks:
// STATS: shared loads {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// STATS: shared stores {{.*}}(ideal {{[0-9]+}}, 100.0% conflict-free)
// RUN: %vptx --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: %vptx --emit=ptx --arch=sm_90a %s -o %t90.ptx && %ptxas-verify %t90.ptx
// CHECK: PASS attention (sim vs eval
// SIMT: scf.for
// SIMT-COUNT-2: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = false} : memref<128x64xf16, #gpu.address_space<workgroup>>
// SIMT: nvgpu.mma.sync
// SIMT: nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = true} : memref<128x72xf16, #gpu.address_space<workgroup>>
// SIMT: scf.yield
#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map8 = affine_map<(d0, d1) -> (d1, d0)>
func.func @attention(%q: memref<128x64xf16>, %k: memref<1024x64xf16>, %v: memref<1024x64xf16>,
                     %o: memref<128x64xf16>, %l: memref<128xf16>, %m: memref<128xf16>)
    attributes {translation_info = #iree_codegen.translation_info<pipeline = LLVMGPUVectorDistribute workgroup_size = [64, 1, 1] subgroup_size = 32>,
                gpu.known_grid_size = array<i32: 4, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %cst_1 = arith.constant dense<0.0> : vector<32x128xf16>
  %cst_2 = arith.constant 0.0 : f16
  %alloc = memref.alloc() : memref<1x32x64xf16, #gpu.address_space<workgroup>>
  %alloc_4 = memref.alloc() : memref<1x32x64xf16, #gpu.address_space<workgroup>>
  %alloc_5 = memref.alloc() : memref<32xf16, #gpu.address_space<workgroup>>
  %alloc_6 = memref.alloc() : memref<32xf16, #gpu.address_space<workgroup>>
  %alloc_9 = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  %alloc_10 = memref.alloc() : memref<128x64xf16, #gpu.address_space<workgroup>>
  %wg = gpu.block_id x
  %8 = arith.muli %wg, %c32 : index
  %gq = vector.transfer_read %q[%8, %c0], %cst_2 {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
  vector.transfer_write %gq, %alloc[%c0, %c0, %c0] {in_bounds = [true, true]} : vector<32x64xf16>, memref<1x32x64xf16, #gpu.address_space<workgroup>>
  %go = vector.transfer_read %o[%8, %c0], %cst_2 {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
  vector.transfer_write %go, %alloc_4[%c0, %c0, %c0] {in_bounds = [true, true]} : vector<32x64xf16>, memref<1x32x64xf16, #gpu.address_space<workgroup>>
  %gl = vector.transfer_read %l[%8], %cst_2 {in_bounds = [true]} : memref<128xf16>, vector<32xf16>
  vector.transfer_write %gl, %alloc_5[%c0] {in_bounds = [true]} : vector<32xf16>, memref<32xf16, #gpu.address_space<workgroup>>
  %gm = vector.transfer_read %m[%8], %cst_2 {in_bounds = [true]} : memref<128xf16>, vector<32xf16>
  vector.transfer_write %gm, %alloc_6[%c0] {in_bounds = [true]} : vector<32xf16>, memref<32xf16, #gpu.address_space<workgroup>>
  gpu.barrier
  %9 = vector.transfer_read %alloc[%c0, %c0, %c0], %cst_2 {in_bounds = [true, true]} : memref<1x32x64xf16, #gpu.address_space<workgroup>>, vector<32x64xf16>
  %10 = vector.transfer_read %alloc_6[%c0], %cst_2 {in_bounds = [true]} : memref<32xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  %11 = vector.transfer_read %alloc_5[%c0], %cst_2 {in_bounds = [true]} : memref<32xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  %12 = vector.transfer_read %alloc_4[%c0, %c0, %c0], %cst_2 {in_bounds = [true, true]} : memref<1x32x64xf16, #gpu.address_space<workgroup>>, vector<32x64xf16>
  %13:3 = scf.for %arg0 = %c0 to %c1024 step %c128 iter_args(%arg1 = %10, %arg2 = %11, %arg3 = %12) -> (vector<32xf16>, vector<32xf16>, vector<32x64xf16>) {
    gpu.barrier
    %gk = vector.transfer_read %k[%arg0, %c0], %cst_2 {in_bounds = [true, true]} : memref<1024x64xf16>, vector<128x64xf16>
    vector.transfer_write %gk, %alloc_9[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>
    %gv = vector.transfer_read %v[%arg0, %c0], %cst_2 {in_bounds = [true, true]} : memref<1024x64xf16>, vector<128x64xf16>
    vector.transfer_write %gv, %alloc_10[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>
    gpu.barrier
    %14 = vector.transfer_read %alloc_9[%c0, %c0], %cst_2 {in_bounds = [true, true]} : memref<128x64xf16, #gpu.address_space<workgroup>>, vector<128x64xf16>
    %15 = vector.contract {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>} %9, %14, %cst_1 : vector<32x64xf16>, vector<128x64xf16> into vector<32x128xf16>
    %16 = vector.multi_reduction <maximumf>, %15, %arg1 [1] : vector<32x128xf16> to vector<32xf16>
    %17 = vector.broadcast %16 : vector<32xf16> to vector<128x32xf16>
    %18 = vector.transpose %17, [1, 0] : vector<128x32xf16> to vector<32x128xf16>
    %19 = arith.subf %15, %18 : vector<32x128xf16>
    %20 = math.exp %19 : vector<32x128xf16>
    %21 = arith.subf %arg1, %16 : vector<32xf16>
    %22 = math.exp %21 : vector<32xf16>
    %23 = arith.mulf %22, %arg2 : vector<32xf16>
    %24 = vector.multi_reduction <add>, %20, %23 [1] : vector<32x128xf16> to vector<32xf16>
    %25 = vector.broadcast %24 : vector<32xf16> to vector<128x32xf16>
    %26 = vector.transpose %25, [1, 0] : vector<128x32xf16> to vector<32x128xf16>
    %27 = arith.divf %20, %26 : vector<32x128xf16>
    %28 = vector.broadcast %23 : vector<32xf16> to vector<64x32xf16>
    %29 = vector.broadcast %24 : vector<32xf16> to vector<64x32xf16>
    %30 = vector.transpose %28, [1, 0] : vector<64x32xf16> to vector<32x64xf16>
    %31 = vector.transpose %29, [1, 0] : vector<64x32xf16> to vector<32x64xf16>
    %32 = arith.divf %30, %31 : vector<32x64xf16>
    %33 = arith.mulf %32, %arg3 : vector<32x64xf16>
    %34 = vector.transfer_read %alloc_10[%c0, %c0], %cst_2 {in_bounds = [true, true], permutation_map = #map8} : memref<128x64xf16, #gpu.address_space<workgroup>>, vector<64x128xf16>
    %35 = vector.contract {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>} %27, %34, %33 : vector<32x128xf16>, vector<64x128xf16> into vector<32x64xf16>
    scf.yield %16, %24, %35 : vector<32xf16>, vector<32xf16>, vector<32x64xf16>
  }
  vector.transfer_write %13#2, %alloc_4[%c0, %c0, %c0] {in_bounds = [true, true]} : vector<32x64xf16>, memref<1x32x64xf16, #gpu.address_space<workgroup>>
  vector.transfer_write %13#1, %alloc_5[%c0] {in_bounds = [true]} : vector<32xf16>, memref<32xf16, #gpu.address_space<workgroup>>
  vector.transfer_write %13#0, %alloc_6[%c0] {in_bounds = [true]} : vector<32xf16>, memref<32xf16, #gpu.address_space<workgroup>>
  gpu.barrier
  %ro = vector.transfer_read %alloc_4[%c0, %c0, %c0], %cst_2 {in_bounds = [true, true]} : memref<1x32x64xf16, #gpu.address_space<workgroup>>, vector<32x64xf16>
  vector.transfer_write %ro, %o[%8, %c0] {in_bounds = [true, true]} : vector<32x64xf16>, memref<128x64xf16>
  %rl = vector.transfer_read %alloc_5[%c0], %cst_2 {in_bounds = [true]} : memref<32xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  vector.transfer_write %rl, %l[%8] {in_bounds = [true]} : vector<32xf16>, memref<128xf16>
  %rm = vector.transfer_read %alloc_6[%c0], %cst_2 {in_bounds = [true]} : memref<32xf16, #gpu.address_space<workgroup>>, vector<32xf16>
  vector.transfer_write %rm, %m[%8] {in_bounds = [true]} : vector<32xf16>, memref<128xf16>
  return
}
