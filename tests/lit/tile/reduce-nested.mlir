// Reductions over two or more reduction loops that keep a parallel one (a 3-D array
// reduced over d1 and d2, in any order of the iterators): the kernel steps along every
// reduction loop that one step does not cover, the loops nested outermost first
// (kernel.c's Nest), a partial step masked where any level's is.  The default config
// (config.c) gives a dynamic outer reduction loop a step of 1 and the innermost one seed
// 000's step; a static outer one stays whole.  Once refused with "has loop d1 of size 0".
// vptx check compares with eval of the op-level function at ragged sizes, size 1 included.
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx check %s --kernel=prr --dim=5,7,9,5 | %filecheck --check-prefix=PASS-PRR %s
// RUN: %vptx check %s --kernel=prr --dim=1,1,1,1 | %filecheck --check-prefix=PASS-PRR %s
// RUN: %vptx check %s --kernel=prr --dim=3,2,2051,3 | %filecheck --check-prefix=PASS-PRR %s
// RUN: %vptx check %s --kernel=prr --dim=2,33,1,2 | %filecheck --check-prefix=PASS-PRR %s
// RUN: %vptx check %s --kernel=rpr --dim=5,7,9,7 | %filecheck --check-prefix=PASS-RPR %s
// RUN: %vptx check %s --kernel=rpr --dim=1,1,1,1 | %filecheck --check-prefix=PASS-RPR %s
// RUN: %vptx check %s --kernel=rpr --dim=4,3,1100,3 | %filecheck --check-prefix=PASS-RPR %s
// RUN: %vptx check %s --kernel=rrp --dim=5,7,9,9 | %filecheck --check-prefix=PASS-RRP %s
// RUN: %vptx check %s --kernel=rrp --dim=1,1,1,1 | %filecheck --check-prefix=PASS-RRP %s
// RUN: %vptx check %s --kernel=rrp --dim=3,1030,6,6 | %filecheck --check-prefix=PASS-RRP %s
// RUN: %vptx check %s --kernel=pprr --dim=3,4,5,6 | %filecheck --check-prefix=PASS-PPRR %s
// RUN: %vptx check %s --kernel=pprr --dim=2,3,17,1029 | %filecheck --check-prefix=PASS-PPRR %s
// RUN: %vptx check %s --kernel=prrr --dim=3,4,5,6 | %filecheck --check-prefix=PASS-PRRR %s
// RUN: %vptx check %s --kernel=prrr --dim=2,1,1,1 | %filecheck --check-prefix=PASS-PRRR %s
// RUN: %vptx check %s --kernel=sum3 --dim=9,2,1030 | %filecheck --check-prefix=PASS-SUM3 %s
// RUN: %vptx check %s --kernel=sum3 --dim=1,1,1 | %filecheck --check-prefix=PASS-SUM3 %s
// RUN: %vptx check %s --kernel=cfg --dim=5,70,5 | %filecheck --check-prefix=PASS-CFG %s
// RUN: %vptx check %s --kernel=cfg --dim=1,1,1 | %filecheck --check-prefix=PASS-CFG %s
// RUN: %vptx check --arch=sm_90a %s --kernel=prr --dim=3,5,1100,3 | %filecheck --check-prefix=PASS-PRR %s
// Hand-computed: @prrr over a 2 x 3 x 4 x 5 array of ones sums 60 ones per row.
// RUN: rm -rf %t.d && mkdir -p %t.d && \
// RUN: h="{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3, 4, 5), }"; \
// RUN: while [ $(( (10 + ${#h} + 1) % 64 )) -ne 0 ]; do h="$h "; done; \
// RUN: { printf '\223NUMPY\001\000'; printf "\\$(printf %%o $(( (${#h} + 1) % 256 )))\\$(printf %%o $(( (${#h} + 1) / 256 )))"; \
// RUN:   printf '%%s\n' "$h"; i=0; while [ $i -lt 120 ]; do printf '\001\000\000\000'; i=$((i + 1)); done; } > %t.d/x.npy && \
// RUN: %vptx run %s --kernel=prrr %t.d/x.npy --out %t.d/o && \
// RUN: od -An -td4 -v -j 128 %t.d/o/result0.npy | %filecheck --check-prefix=ONES %s
// ONES: {{^ *}}60 60{{$}}
// REMARK: remark: 'linalg.generic' tiles as a reduction kernel of 256 threads: workgroup tile d0 1; d1 steps of 1; d2 steps of 1024
// REMARK: remark: 'linalg.generic' tiles as a reduction kernel of 256 threads: workgroup tile d1 1; d0 steps of 1; d2 steps of 1024
// REMARK: remark: 'linalg.generic' tiles as a reduction kernel of 256 threads: workgroup tile d2 1; d0 steps of 1; d1 steps of 1024
// REMARK: remark: 'linalg.reduce' tiles as a reduction kernel of 256 threads: workgroup tile d0 1, d1 1; d2 steps of 1; d3 steps of 1024
// REMARK: remark: 'linalg.reduce' tiles as a reduction kernel of 256 threads: workgroup tile d0 1; d1 steps of 1; d2 steps of 1; d3 steps of 1024
// REMARK: remark: 'linalg.reduce' (kernel 1 of 2, @sum3__1) tiles as a reduction kernel of 256 threads: workgroup tile d0 1; d1 steps of 1; d2 steps of 1024
// REMARK: remark: 'linalg.generic' tiles as a reduction kernel of 32 threads: workgroup tile d0 1; d1 steps of 4; d2 steps of 32 (the op's lowering_config)
// PASS-PRR: PASS prr (sim vs eval
// PASS-RPR: PASS rpr (sim vs eval
// PASS-RRP: PASS rrp (sim vs eval
// PASS-PPRR: PASS pprr (sim vs eval
// PASS-PRRR: PASS prrr (sim vs eval, max abs err 0, max rel err 0, exact)
// PASS-SUM3: PASS sum3 (sim vs eval
// PASS-CFG: PASS cfg (sim vs eval
func.func @prr(%x: memref<?x?x?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : memref<?x?x?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}
func.func @rpr(%x: memref<?x?x?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>], iterator_types = ["reduction", "parallel", "reduction"]} ins(%x : memref<?x?x?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  return
}
func.func @rrp(%x: memref<?x?x?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>], iterator_types = ["reduction", "reduction", "parallel"]} ins(%x : memref<?x?x?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.maximumf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}
func.func @pprr(%x: tensor<?x?x?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?x?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?x?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %z = linalg.fill ins(%ninf : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.reduce { arith.maximumf } ins(%x : tensor<?x?x?x?xf32>) outs(%z : tensor<?x?xf32>) dimensions = [2, 3]
  return %r : tensor<?x?xf32>
}
func.func @prrr(%x: tensor<?x?x?x?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?x?x?xi32>
  %zero = arith.constant 0 : i32
  %e = tensor.empty(%d0) : tensor<?xi32>
  %z = linalg.fill ins(%zero : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  %r = linalg.reduce { arith.addi } ins(%x : tensor<?x?x?x?xi32>) outs(%z : tensor<?xi32>) dimensions = [1, 2, 3]
  return %r : tensor<?xi32>
}
func.func @sum3(%x: tensor<?x?x?xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<?x?x?xf32>) outs(%z : tensor<f32>) dimensions = [0, 1, 2]
  return %r : tensor<f32>
}
// an explicit config stepping both reduction loops: d1 (static 6) by 4, a masked last step
// inside, d2 (dynamic) by 32 (once "both larger than their steps")
func.func @cfg(%x: memref<?x6x?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"], lowering_config = #iree_gpu.lowering_config<{workgroup = [1, 0, 0], partial_reduction = [0, 4, 32], thread = [0, 0, 1], lane_basis = [[1, 1, 32], [0, 1, 2]], subgroup_basis = [[1, 1, 1], [0, 1, 2]]}>} ins(%x : memref<?x6x?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}
