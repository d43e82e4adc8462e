// REQUIRES: ptxas
// A GEMM whose B is a slice with a stride along its rows: staged by element copies, ptxas
// held it to 128 registers and spilled there (4 bytes on sm_80, 20 on sm_90a). Such a B
// is now read straight into the mma.sync fragments (docs/staging.md): no spill.
// RUN: %vptx --remarks %s -o %t.ptx 2>&1 | %filecheck --check-prefix=REMARK %s
// REMARK: along its rows is read straight into the mma.sync fragments
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin > %t.log 2>&1; grep -q 'bytes spill' %t.log && ! grep -E ' [1-9][0-9]* bytes spill' %t.log
// RUN: %vptx --arch=sm_90a %s -o %t90.ptx
// RUN: %ptxas -arch=sm_90a -v %t90.ptx -o %t90.cubin > %t90.log 2>&1; grep -q 'bytes spill' %t90.log && ! grep -E ' [1-9][0-9]* bytes spill' %t90.log
// RUN: %vptx check %s --dim=300,301,299,303 --scalar=131 --scalar=71 --scalar=101 | %filecheck %s
// CHECK: PASS
func.func @gemm_strided(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>, %m: index, %k: index, %n: index) -> tensor<?x?xf32> {
  %a = tensor.extract_slice %A[1, 0] [%m, %k] [2, 1] : tensor<?x?xf16> to tensor<?x?xf16>
  %b = tensor.extract_slice %B[0, 3] [%k, %n] [1, 2] : tensor<?x?xf16> to tensor<?x?xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %mm : tensor<?x?xf32>
}
