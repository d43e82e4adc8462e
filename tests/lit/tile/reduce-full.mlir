// Reductions of a whole tensor to one value (a 0-d result).  No row is left to give each
// workgroup, so (generalize.c, kernel.c):
//   1-D, dynamic or longer than 16 steps   two kernels, deterministic (no atomics):
//        f__1, P workgroups, each the partial of one part of the array into a scratch
//        buffer of P, then f, one warp: the init combined with the partials, and the
//        elementwise ops after the reduction (@sum, @isum, @iota, @mean, @stats1).  P is
//        4 per SM of the GPU it runs on: the grid and the scratch buffer are maps of a
//        symbol, "the SM count of the device", that every launcher gives (the simulator:
//        the --timing part's, else the reference GPU of --arch: sm_80 108 SMs, 432
//        parts; the H100 model 132, 528); or one per step of a static array with fewer
//        steps than 4 per SM of the target's reference GPU (@sum_s: 40 steps, 64), a
//        multiple of 32.  The total's warp reads up to 1024 partials, masked past P.
//   1-D, up to 16 steps                    one kernel of one workgroup (@small)
//   2-D and more                           row partials (a row reduction over d1.., a
//        workgroup per row) into a scratch buffer, then their total (@max2); with
//        several outs (a sum of squares and a max at once) one scratch buffer each
//        (@stats2, @stats2m into memrefs)
// vptx check compares with eval of the op-level function; integers compare exactly.
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: grep '// vptx: \(kernel\|scratch\|grid\)' %t.ptx | %filecheck --check-prefix=HEADER %s
// RUN: grep -m1 '// vptx: sizes' %t.ptx | %filecheck --check-prefix=SIZES %s
// SIZES: // vptx: sizes s0 = the SM count of the device, at most 256
// RUN: %vptx check %s --kernel=sum --dim=5000 | %filecheck --check-prefix=PASS-SUM %s
// RUN: %vptx check %s --kernel=sum --dim=200000 | %filecheck --check-prefix=PASS-SUM %s
// RUN: %vptx check %s --kernel=sum --dim=1 | %filecheck --check-prefix=PASS-SUM %s
// RUN: %vptx check %s --kernel=isum --dim=5000 | %filecheck --check-prefix=PASS-ISUM %s
// RUN: %vptx check %s --kernel=isum --dim=131073 | %filecheck --check-prefix=PASS-ISUM %s
// RUN: %vptx check %s --kernel=small | %filecheck --check-prefix=PASS-SMALL %s
// RUN: %vptx check %s --kernel=max2 --dim=300,517 | %filecheck --check-prefix=PASS-MAX2 %s
// RUN: %vptx check %s --kernel=mean --dim=70001 | %filecheck --check-prefix=PASS-MEAN %s
// RUN: %vptx check %s --kernel=sum_s | %filecheck --check-prefix=PASS-SUMS %s
// RUN: %vptx check %s --kernel=stats1 --dim=100003 | %filecheck --check-prefix=PASS-STATS1 %s
// RUN: %vptx check %s --kernel=stats2 --dim=300,517 | %filecheck --check-prefix=PASS-STATS2 %s
// RUN: %vptx check %s --kernel=stats2 --dim=1,1 | %filecheck --check-prefix=PASS-STATS2 %s
// RUN: %vptx check %s --kernel=stats2m --dim=33,1030 | %filecheck --check-prefix=PASS-STATS2M %s
// RUN: %vptx check --arch=sm_90a %s --kernel=sum --dim=200000 | %filecheck --check-prefix=PASS-SUM %s
// RUN: %vptx --arch=sm_90a --remarks %s -o %t.h.ptx 2>&1 | %filecheck --check-prefix=REMARK-H %s
// RUN: grep '// vptx: grid' %t.h.ptx | head -1 | %filecheck --check-prefix=HEADER-H %s
// REMARK-H: remark: 'linalg.reduce' reduces a whole array: two kernels, @sum__1 (P workgroups, each the partial of one part: 4 for each SM of the GPU it runs on, up to 1024 (528 on the 132 SMs of sm_90a's reference GPU))
// HEADER-H: // vptx: grid affine_map<()[s0] -> (s0 * 4, 1, 1)>
// The vector program reads back to the same PTX; so does --emit=config pasted back.
// RUN: %vptx --emit=vector %s -o %t.v.mlir && %vptx %t.v.mlir -o %t.b.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && cmp %t.a %t.b
// RUN: %vptx --emit=config %s -o %t.cfg.mlir && %vptx %t.cfg.mlir -o %t.c.ptx
// RUN: grep -v -P '^\t// \S+ \S+:\d+$' %t.c.ptx | awk -f tests/ptxcanon.awk > %t.c && cmp %t.a %t.c
// Hand-computed: @iota sums its indices 0 .. N-1 as i64, N (N - 1) / 2 whatever x holds:
// 12497500 for N = 5000 (5 of the 432 parts hold elements, the last one ragged), and
// 19999900000 for N = 200000 (196 parts of 1024, the last one 320 long; with the H100
// model's 528 parts, 190 parts of 1024, the last one 576 long: the same total).  @stats2 of a
// 3 x 4 array of twos: the sum of squares 48 (0x42400000), the max 2 (0x40000000).
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: npy() { h="{'descr': '<f4', 'fortran_order': False, 'shape': ($2,), }"; \
// RUN:   while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN:   { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:     printf '%%s\n' "$h"; head -c $((4 * $2)) /dev/zero; } > $1; }; \
// RUN: npy %t.d/a.npy 5000 && npy %t.d/b.npy 200000 && \
// RUN: %vptx run %s --kernel=iota %t.d/a.npy --out %t.d/a && %vptx run %s --kernel=iota %t.d/b.npy --out %t.d/b && \
// RUN: %vptx run %s --kernel=iota --timing=h100 %t.d/b.npy --out %t.d/h && \
// RUN: od -An -td8 -v -j 128 %t.d/a/result0.npy | %filecheck --check-prefix=IOTA-A %s && \
// RUN: od -An -td8 -v -j 128 %t.d/b/result0.npy | %filecheck --check-prefix=IOTA-B %s && \
// RUN: od -An -td8 -v -j 128 %t.d/h/result0.npy | %filecheck --check-prefix=IOTA-B %s
// Another part count (the H100 model's 528) on the same PTX: integers still exact.
// RUN: %vptx check --timing=h100 %s --kernel=isum --dim=131073 | %filecheck --check-prefix=PASS-ISUM %s
// RUN: h="{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }"; \
// RUN: while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN: { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:   printf '%%s\n' "$h"; i=0; while [ $i -lt 12 ]; do printf '\000\000\000\100'; i=$((i + 1)); done; } > %t.d/x.npy && \
// RUN: %vptx run %s --kernel=stats2 %t.d/x.npy --out %t.d/s && \
// RUN: od -An -tx4 -v -j 128 %t.d/s/result0.npy | %filecheck --check-prefix=STATS-SUM %s && \
// RUN: od -An -tx4 -v -j 128 %t.d/s/result1.npy | %filecheck --check-prefix=STATS-MAX %s
// STATS-SUM: {{^ *}}42400000{{$}}
// STATS-MAX: {{^ *}}40000000{{$}}
// IOTA-A: {{^ *}}12497500{{$}}
// IOTA-B: {{^ *}}19999900000{{$}}
// REMARK: remark: 'linalg.reduce' reduces a whole array: two kernels, @sum__1 (P workgroups, each the partial of one part: 4 for each SM of the GPU it runs on, up to 1024 (432 on the 108 SMs of sm_80's reference GPU)) then @sum (one warp: their total and the outputs)
// REMARK: remark: 'linalg.reduce' reduces a whole array: two kernels, @isum__1
// REMARK: remark: 'linalg.generic' reduces a whole array: two kernels, @iota__1
// REMARK: remark: 'linalg.reduce' tiles as a reduction kernel of 256 threads: workgroup tile; d0 steps of 1024
// REMARK-NOT: two kernels, @small
// REMARK: remark: 'linalg.reduce' (kernel 1 of 2, @max2__1) tiles as a reduction kernel of 256 threads: workgroup tile d0 1; d1 steps of 1024
// REMARK: remark: 'linalg.reduce' (kernel 2 of 2, @max2) tiles as a reduction kernel
// REMARK: remark: 'linalg.generic' reduces a whole array: two kernels, @mean__1
// REMARK: remark: 'linalg.reduce' reduces a whole array: two kernels, @sum_s__1 (64 workgroups, each the partial of one part: one for each of its 40 steps of 1024, rounded up to a multiple of 32)
// REMARK: remark: 'linalg.generic' reduces a whole array: two kernels, @stats1__1 (P workgroups
// REMARK: remark: 'linalg.generic' (kernel 1 of 2, @stats2__1) tiles as a reduction kernel of 256 threads: workgroup tile d0 1; d1 steps of 1024
// REMARK: remark: 'linalg.generic' (kernel 2 of 2, @stats2) tiles as a reduction kernel
// REMARK: remark: 'linalg.generic' (kernel 1 of 2, @stats2m__1) tiles as a reduction kernel
// HEADER: // vptx: grid affine_map<()[s0] -> (s0 * 4, 1, 1)>
// HEADER-NEXT: // vptx: scratch 0 is argument 2 of shape affine_map<()[s0] -> (s0 * 4)>
// HEADER-NEXT: // vptx: kernel 1 of 2: sum__1 sum
// HEADER-NEXT: // vptx: grid affine_map<()[s0] -> (1, 1, 1)>
// HEADER-NEXT: // vptx: scratch 0 is argument 2 of shape affine_map<()[s0] -> (s0 * 4)>
// HEADER-NEXT: // vptx: kernel 2 of 2: sum__1 sum
// HEADER: // vptx: kernel 2 of 2: iota__1 iota
// HEADER-NEXT: // vptx: grid affine_map<() -> (1, 1, 1)>
// HEADER-NEXT: // vptx: grid affine_map<()[s0] -> (s0, 1, 1)>
// HEADER-NEXT: // vptx: scratch 0 is argument 2 of shape affine_map<()[s0] -> (s0)>
// HEADER-NEXT: // vptx: kernel 1 of 2: max2__1 max2
// HEADER: // vptx: grid affine_map<() -> (64, 1, 1)>
// HEADER-NEXT: // vptx: scratch 0 is argument 2 of shape affine_map<() -> (64)>
// HEADER-NEXT: // vptx: kernel 1 of 2: sum_s__1 sum_s
// HEADER: // vptx: scratch 0 is argument 3 of shape affine_map<()[s0] -> (s0)>
// HEADER-NEXT: // vptx: scratch 1 is argument 4 of shape affine_map<()[s0] -> (s0)>
// HEADER-NEXT: // vptx: kernel 1 of 2: stats2__1 stats2
// PASS-SUM: PASS sum (sim vs eval
// PASS-ISUM: PASS isum (sim vs eval, max abs err 0,
// PASS-SMALL: PASS small (sim vs eval
// PASS-MAX2: PASS max2 (sim vs eval, max abs err 0,
// PASS-MEAN: PASS mean (sim vs eval
// PASS-SUMS: PASS sum_s (sim vs eval
// PASS-STATS1: PASS stats1 (sim vs eval, max abs err 0,
// PASS-STATS2: PASS stats2 (sim vs eval
// PASS-STATS2M: PASS stats2m (sim vs eval
func.func @sum(%x: tensor<?xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<?xf32>) outs(%z : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}
// the init is an argument: combined once, in the total
func.func @isum(%x: tensor<?xi32>, %init: tensor<i32>) -> tensor<i32> {
  %r = linalg.reduce { arith.addi } ins(%x : tensor<?xi32>) outs(%init : tensor<i32>) dimensions = [0]
  return %r : tensor<i32>
}
func.func @iota(%x: tensor<?xf32>) -> tensor<i64> {
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<i64>
  %z = linalg.fill ins(%zero : i64) outs(%e : tensor<i64>) -> tensor<i64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%z : tensor<i64>) {
  ^bb0(%in: f32, %acc: i64):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    %s = arith.addi %acc, %v : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  return %r : tensor<i64>
}
func.func @small(%x: tensor<1000xf32>) -> tensor<f32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%ninf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce { arith.maximumf } ins(%x : tensor<1000xf32>) outs(%z : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}
func.func @max2(%x: tensor<?x?xf32>) -> tensor<f32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%ninf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce { arith.maximumf } ins(%x : tensor<?x?xf32>) outs(%z : tensor<f32>) dimensions = [0, 1]
  return %r : tensor<f32>
}
// a sum of squares, then scaled: the square fused into the partials, the scale into the total
func.func @mean(%x: tensor<?xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%z : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %e2 = tensor.empty() : tensor<f32>
  %q = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%r : tensor<f32>) outs(%e2 : tensor<f32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.mulf %in, %quarter : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  return %q : tensor<f32>
}
func.func @sum_s(%x: tensor<40000xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<40000xf32>) outs(%z : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}
func.func @stats1(%x: tensor<?xi32>) -> (tensor<i32>, tensor<i32>) {
  %zero = arith.constant 0 : i32
  %big = arith.constant 2147483647 : i32
  %e = tensor.empty() : tensor<i32>
  %s0 = linalg.fill ins(%zero : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %m0 = linalg.fill ins(%big : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%x : tensor<?xi32>) outs(%s0, %m0 : tensor<i32>, tensor<i32>) {
  ^bb0(%a: i32, %s: i32, %m: i32):
    %s1 = arith.addi %s, %a : i32
    %m1 = arith.minsi %m, %a : i32
    linalg.yield %s1, %m1 : i32, i32
  } -> (tensor<i32>, tensor<i32>)
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}
func.func @stats2(%x: tensor<?x?xf32>) -> (tensor<f32>, tensor<f32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<f32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%s0, %m0 : tensor<f32>, tensor<f32>) {
  ^bb0(%a: f32, %s: f32, %m: f32):
    %sq = arith.mulf %a, %a : f32
    %s1 = arith.addf %s, %sq : f32
    %m1 = arith.maximumf %m, %a : f32
    linalg.yield %s1, %m1 : f32, f32
  } -> (tensor<f32>, tensor<f32>)
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}
func.func @stats2m(%x: memref<?x?xf32>, %s: memref<f32>, %mx: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%x : memref<?x?xf32>) outs(%s, %mx : memref<f32>, memref<f32>) {
  ^bb0(%a: f32, %o: f32, %m: f32):
    %s1 = arith.addf %o, %a : f32
    %m1 = arith.minimumf %m, %a : f32
    linalg.yield %s1, %m1 : f32, f32
  }
  return
}
