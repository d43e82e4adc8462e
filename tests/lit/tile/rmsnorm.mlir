// RMSnorm in f16 with f32 statistics: the sum of squares (a reduction generic widening
// x), then y = x * rsqrt(sum / n + eps) * w truncated back to f16: one reduction kernel,
// the normalization fused after the reduction.  n comes in as an index argument (the
// row length, cast to f32 in the body).
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx check %s --dim=5,1000,1000 --scalar=1000 | %filecheck %s
// RUN: %vptx check %s --dim=3,4096,4096 --scalar=4096 | %filecheck %s
// RUN: %vptx check --arch=sm_90a %s --dim=7,100,100 --scalar=100 | %filecheck %s
// REMARK: remark: 'linalg.generic' tiles as a reduction kernel
// REMARK-SAME: fused in registers: 'linalg.generic' (line 36)
// REMARK-NOT: kernel 2
// CHECK: PASS rmsnorm (sim vs eval
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @rmsnorm(%x: tensor<?x?xf16>, %w: tensor<?xf16>, %len: index) -> tensor<?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf16>
  %n = tensor.dim %x, %c1 : tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %len_i = arith.index_cast %len : index to i32
  %len_f = arith.sitofp %len_i : i32 to f32
  %es = tensor.empty(%m) : tensor<?xf32>
  %fs = linalg.fill ins(%z : f32) outs(%es : tensor<?xf32>) -> tensor<?xf32>
  %ss = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf16>) outs(%fs : tensor<?xf32>) {
  ^bb0(%a: f16, %acc: f32):
    %a32 = arith.extf %a : f16 to f32
    %sq = arith.mulf %a32, %a32 : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %ey = tensor.empty(%m, %n) : tensor<?x?xf16>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %ss, %w : tensor<?x?xf16>, tensor<?xf32>, tensor<?xf16>) outs(%ey : tensor<?x?xf16>) {
  ^bb0(%a: f16, %s: f32, %g: f16, %o: f16):
    %mean = arith.divf %s, %len_f : f32
    %v = arith.addf %mean, %eps : f32
    %r = math.rsqrt %v : f32
    %a32 = arith.extf %a : f16 to f32
    %g32 = arith.extf %g : f16 to f32
    %t = arith.mulf %a32, %r : f32
    %u = arith.mulf %t, %g32 : f32
    %h = arith.truncf %u : f32 to f16
    linalg.yield %h : f16
  } -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
