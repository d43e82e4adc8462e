// Layernorm: a row sum (linalg.reduce), the mean (linalg.map), the variance (a reduction
// generic reading the mean) and the normalized, scaled output: one reduction kernel.
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// RUN: %vptx check %s --dim=5,1000,1000,1000 | %filecheck %s
// RUN: %vptx check %s --dim=3,64,64,64 | %filecheck %s
// REMARK: remark: 'linalg.reduce' tiles as a reduction kernel
// REMARK-SAME: fused in registers: 'linalg.map' (line 25), 'linalg.generic' (line 30), 'linalg.generic' (line 38)
// CHECK: PASS layernorm (sim vs eval
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
// y = (x - mean) / sqrt(var + eps) * gamma + beta, per row
func.func @layernorm(%x: tensor<?x?xf32>, %gamma: tensor<?xf32>, %beta: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %nf0 = arith.index_cast %n : index to i32
  %nf = arith.sitofp %nf0 : i32 to f32
  %e1 = tensor.empty(%m) : tensor<?xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<?x?xf32>) outs(%z1 : tensor<?xf32>) dimensions = [1]
  %mean = linalg.map ins(%sum : tensor<?xf32>) outs(%e1 : tensor<?xf32>)
    (%s: f32, %o: f32) {
      %r = arith.divf %s, %nf : f32
      linalg.yield %r : f32
    }
  %var = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %mean : tensor<?x?xf32>, tensor<?xf32>) outs(%z1 : tensor<?xf32>) {
  ^bb0(%a: f32, %mu: f32, %o: f32):
    %d = arith.subf %a, %mu : f32
    %q = arith.mulf %d, %d : f32
    %r = arith.addf %o, %q : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %mean, %var, %gamma, %beta : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %mu: f32, %v: f32, %g: f32, %b: f32, %o: f32):
    %vn = arith.divf %v, %nf : f32
    %ve = arith.addf %vn, %eps : f32
    %rs = math.rsqrt %ve : f32
    %d = arith.subf %a, %mu : f32
    %t = arith.mulf %d, %rs : f32
    %u = arith.mulf %t, %g : f32
    %r = arith.addf %u, %b : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
