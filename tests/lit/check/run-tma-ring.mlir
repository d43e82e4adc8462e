// `vptx run KERNEL.mlir` launches a kernel whose wgmma K loop takes the TMA ring: the
// user passes only the kernel's own three arrays; the launcher reads the hidden
// tensor-map lines of the PTX and encodes the maps of A and B after them (docs/hopper.md).
// A = ones (64 x 128 f16), B = ones (128 x 64 f16), so every element of C is K = 128
// (f32 0x43000000); a missing or wrong map faults or gives other values.
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '$2', 'fortran_order': False, 'shape': ($3), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; i=0; while [ $i -lt $4 ]; do printf "$5"; i=$((i + 1)); done; } > $1; }; \
// RUN: npy %t.d/a.npy '<f2' '64, 128' 8192 '\000\074' && npy %t.d/b.npy '<f2' '128, 64' 8192 '\000\074' && \
// RUN: npy %t.d/c.npy '<f4' '64, 64' 4096 '\000\000\000\000' && \
// RUN: %vptx run --arch=sm_90a %s %t.d/a.npy %t.d/b.npy %t.d/c.npy --out %t.d/out && \
// RUN: od -An -tx4 -v -j 128 %t.d/out/arg2.npy | tr -s ' ' '\n' | grep . | sort | uniq -c | %filecheck %s
// CHECK: 4096 43000000
// CHECK-NOT: {{.}}
func.func @ring(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>) attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
  %c0 = arith.constant 0 : index
  %cs = arith.constant 32 : index
  %cK = arith.constant 128 : index
  %h = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %r = scf.for %k = %c0 to %cK step %cs iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = vector.transfer_read %A[%c0, %k], %h {in_bounds = [true, true]} : memref<64x128xf16>, vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %h {in_bounds = [true, true]} : memref<128x64xf16>, vector<32x64xf16>
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>,
                          mma_kind = #iree_gpu.mma_layout<NV_WGMMA_F32_64x64x16_F16>}
         %a, %b, %acc : vector<64x32xf16>, vector<32x64xf16> into vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x64xf32>, memref<64x64xf32>
  return
}
