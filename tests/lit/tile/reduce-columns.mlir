// A reduction whose argument lies with its rows along a parallel loop (a column sum, a
// linalg.transpose feeding a linalg.reduce) gets, with no config, 32 lanes along that
// parallel loop and 8 subgroups (up to 16 rows a thread) along the reduction, so that a
// warp's request is one run of a row, not one element from each of 32 rows.  Simulator
// counters, A100 model: @rsum_t at 2048 x 2048: global load sectors 4194304 (12.5%
// efficient) -> 524288 (100%), 29.08 -> 12.17 us modeled; @rmax_t at 1000 x 1000 (f16):
// 6.4% -> 80.3%, 8.85 -> 6.93 us modeled.
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --arch=sm_90a %s -o %t90.ptx
// RUN: %ptxas-verify %t90.ptx
// RUN: %vptx --emit=vector %s | %filecheck --check-prefix=VEC %s
// RUN: %vptx check %s --kernel=rsum_t --dim=1000,1000 | %filecheck %s
// RUN: %vptx check %s --kernel=rsum_t --dim=77,45 | %filecheck %s
// RUN: %vptx check %s --kernel=rsum_t --dim=5,300 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=rsum_t --dim=129,33 | %filecheck %s
// RUN: %vptx check %s --kernel=rmax_t --dim=301,77 | %filecheck %s
// RUN: %vptx check %s --kernel=rmax_t --dim=64,256 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --kernel=rmax_t --dim=301,77 | %filecheck %s
// CHECK: PASS
// REMARK: remark: 'linalg.generic' tiles as a reduction kernel of 256 threads: workgroup tile d0 32; d1 steps of 128 (an argument's rows run along a parallel loop, not the reduction
// REMARK: remark: 'linalg.reduce' tiles as a reduction kernel of 256 threads: workgroup tile d0 32; d1 steps of 128 (an argument's rows run along a parallel loop, not the reduction
// VEC-LABEL: func.func @rsum_t
// VEC: vector.multi_reduction <add>, {{.*}}lane_basis = {{\[\[}}32, 1], [0, 1]], partial_reduction = [0, 128], subgroup_basis = {{\[\[}}1, 8], [0, 1]], thread = [1, 16], workgroup = [32, 0]
// VEC-LABEL: func.func @rmax_t
// VEC: vector.multi_reduction <maximumf>, {{.*}}lane_basis = {{\[\[}}32, 1], [0, 1]]
func.func @rsum_t(%A: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %A, %c1 : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%r) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%A : tensor<?x?xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %s : tensor<?xf32>
}
func.func @rmax_t(%A: tensor<?x?xf16>) -> tensor<?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %A, %c0 : tensor<?x?xf16>
  %c = tensor.dim %A, %c1 : tensor<?x?xf16>
  %et = tensor.empty(%c, %r) : tensor<?x?xf16>
  %t = linalg.transpose ins(%A : tensor<?x?xf16>) outs(%et : tensor<?x?xf16>) permutation = [1, 0]
  %z = arith.constant 0xFC00 : f16
  %e = tensor.empty(%c) : tensor<?xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<?xf16>) -> tensor<?xf16>
  %s = linalg.reduce ins(%t : tensor<?x?xf16>) outs(%f : tensor<?xf16>) dimensions = [1]
    (%x: f16, %o: f16) {
      %y = arith.maximumf %x, %o : f16
      linalg.yield %y : f16
    }
  return %s : tensor<?xf16>
}
