// --emit=config pasted back gives the same kernels (the PTX up to register names, which
// follow the printed SSA names: tests/ptxcanon.awk; its `// vptx:` header lines and every
// .reqntid), for every kernel of a split function too.
// A split function prints no translation_info (its kernels take workgroup sizes of their
// own), so an elementwise kernel's config carries `thread`: workgroup / thread threads
// on each loop, their product the workgroup size (IREE's reading).  Without it a small
// elementwise kernel pasted back ran on 128 threads instead of the 32 vptx chose (the
// @pad__2 kernel of insert-slice.mlir, the generic of @small below).
// @small: a 4 x 8 elementwise kernel after a row reduction it shares no loop with (two
// kernels, the second of 32 threads); @given: a config with 'thread', no translation_info: 64 / 2 =
// 32 threads; @hand: a config with neither: as many threads as 128-bit accesses need.
// RUN: for f in %s %S/insert-slice.mlir %S/split.mlir %S/reduce-full.mlir %S/transpose.mlir \
// RUN:     %S/slice.mlir %S/softmax-chain.mlir %S/index.mlir %S/emit-config.mlir \
// RUN:     %S/slice-computed.mlir %S/insert-dynamic.mlir %S/slice-staged.mlir; do \
// RUN:   for a in sm_80 sm_90a; do \
// RUN:     %vptx --arch=$a $f -o %t.a.ptx && %vptx --arch=$a --emit=config $f -o %t.cfg.mlir && \
// RUN:     %vptx --arch=$a %t.cfg.mlir -o %t.b.ptx && \
// RUN:     grep -v -P '^\t// \S+ \S+:\d+$' %t.a.ptx | awk -f tests/ptxcanon.awk > %t.a && grep -v -P '^\t// \S+ \S+:\d+$' %t.b.ptx | awk -f tests/ptxcanon.awk > %t.b && \
// RUN:     cmp %t.a %t.b || { echo "config round trip differs: $f $a"; exit 1; }; \
// RUN:   done; \
// RUN: done
// RUN: %vptx --emit=config %s | %filecheck --check-prefix=CONFIG %s
// RUN: %vptx %s -o %t.ptx && grep -E '^(\.visible \.entry|\.reqntid)' %t.ptx | %filecheck --check-prefix=THREADS %s
// RUN: %vptx check %s --kernel=small | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --kernel=given --dim=5,130 | %filecheck --check-prefix=PASS %s
// RUN: %vptx check %s --kernel=hand --dim=3,1000 | %filecheck --check-prefix=PASS %s
// CONFIG-LABEL: func.func @small
// CONFIG-NOT: translation_info
// CONFIG: linalg.generic {{.*}}lowering_config = #iree_gpu.lowering_config<{thread = [0, 1], workgroup = [1, 32]}>
// CONFIG-LABEL: func.func @given
// THREADS: .visible .entry small__1(
// THREADS-NEXT: .reqntid 256, 1, 1
// THREADS-NEXT: .visible .entry small(
// THREADS-NEXT: .reqntid 32, 1, 1
// THREADS-NEXT: .visible .entry given(
// THREADS-NEXT: .reqntid 32, 1, 1
// THREADS-NEXT: .visible .entry hand(
// THREADS-NEXT: .reqntid 64, 1, 1
// PASS: PASS
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @small(%x: tensor<16x1000xf32>, %w: tensor<4x8xf32>) -> (tensor<16xf32>, tensor<4x8xf32>) {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  %rows = linalg.reduce { arith.addf } ins(%x : tensor<16x1000xf32>) outs(%f1 : tensor<16xf32>) dimensions = [1]
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<4x8xf32>
  return %rows, %y : tensor<16xf32>, tensor<4x8xf32>
}
func.func @given(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>)
      attrs = {lowering_config = #iree_gpu.lowering_config<{workgroup = [1, 64], thread = [0, 2]}>} {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @hand(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>)
      attrs = {lowering_config = #iree_gpu.lowering_config<{workgroup = [1, 256]}>} {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
