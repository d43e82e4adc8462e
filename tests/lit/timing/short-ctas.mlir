// CTAs that finish within PROBE_SLICE (64) instructions a warp but load and store are
// work: a flat 1000 x 1001 f32 add runs as 1956 CTAs of 512 elements, each a few
// instructions a warp.  They were "light" (free), all but the last, ragged one, whose
// time then carried every CTA's L1 traffic: 69.7 us modeled on the A100, limiter smem.
// Now every CTA counts and the kernel is bound by DRAM: 12.0 MB moved (two reads, one
// write), 9.04 us modeled on the A100 (the model's DRAM rate with its write cost).
// Only CTAs that move no data (past the edge of the problem) are light.
// Every CTA simulated (--timing-sample=4096: an ASan build is slow enough to sample).
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: h="{'descr': '<f4', 'fortran_order': False, 'shape': (1000, 1001), }"; \
// RUN: while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN: { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:   printf '%%s\n' "$h"; head -c 4004000 /dev/zero; } > %t.d/z.npy
// RUN: %vptx run %s %t.d/z.npy %t.d/z.npy %t.d/z.npy --timing=a100 --timing-sample=4096 --out %t.d/a | %filecheck %s
// CHECK: timing: add gpu=a100 time_us={{[89]\.[0-9]+}} range={{[0-9.]+}}..{{[0-9.]+}} calibrated=published cycles={{[0-9]+}} limiter=dram
// RUN: %vptx run %s %t.d/z.npy %t.d/z.npy %t.d/z.npy --timing=h100 --timing-sample=4096 --out %t.d/h | %filecheck --check-prefix=H100 %s
// H100: timing: add gpu=h100 time_us={{[5-7]\.[0-9]+}} range={{[0-9.]+}}..{{[0-9.]+}} calibrated=published cycles={{[0-9]+}} limiter=dram
func.func @add(%a: memref<1000x1001xf32>, %b: memref<1000x1001xf32>, %c: memref<1000x1001xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<1000x1001xf32>, memref<1000x1001xf32>) outs(%c : memref<1000x1001xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}
