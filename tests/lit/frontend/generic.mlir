// RUN: %vptx --emit=mlir %s | %filecheck %s
// The generic op form builds the same ops as the custom form: each op below is
// printed back in its custom form.

"builtin.module"() ({
  // CHECK: func.func @g(%arg0: f32, %arg1: f32, %arg2: memref<16x16xf16>, %arg3: index) -> f32 {
  "func.func"() <{function_type = (f32, f32, memref<16x16xf16>, index) -> f32, sym_name = "g"}> ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: memref<16x16xf16>, %arg3: index):
    // CHECK-NEXT: %0 = arith.addf %arg0, %arg1 fastmath<fast> : f32
    %0 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    // CHECK-NEXT: %1 = arith.cmpf olt, %0, %arg1 : f32
    %1 = "arith.cmpf"(%0, %arg1) <{predicate = 4 : i64}> : (f32, f32) -> i1
    // CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f16
    %cst = "arith.constant"() <{value = 0.0 : f16}> : () -> f16
    // CHECK-NEXT: %2 = vector.transfer_read %arg2[%arg3, %arg3], %cst : memref<16x16xf16>, vector<8xf16>
    %2 = "vector.transfer_read"(%arg2, %arg3, %arg3, %cst) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<16x16xf16>, index, index, f16) -> vector<8xf16>
    // CHECK-NEXT: %3 = vector.reduction <add>, %2 : vector<8xf16> into f16
    %3 = "vector.reduction"(%2) <{kind = #vector.kind<add>}> : (vector<8xf16>) -> f16
    // CHECK: %4:2 = gpu.shuffle xor %0, %c1_i32, %c32_i32 : f32
    %c1_i32 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %c32_i32 = "arith.constant"() <{value = 32 : i32}> : () -> i32
    %4:2 = "gpu.shuffle"(%0, %c1_i32, %c32_i32) <{mode = #gpu<shuffle_mode xor>}> : (f32, i32, i32) -> (f32, i1)
    // CHECK: %5 = scf.if %1 -> (f32) {
    // CHECK-NEXT: scf.yield %4#0 : f32
    // CHECK-NEXT: } else {
    %5 = "scf.if"(%1) ({
      "scf.yield"(%4#0) : (f32) -> ()
    }, {
      "scf.yield"(%arg1) : (f32) -> ()
    }) : (i1) -> f32
    // CHECK: %6 = vector.contract {{.*}}iterator_types = ["reduction"], kind = #vector.kind<add>} %2, %2, %cst
    %6 = "vector.contract"(%2, %2, %cst) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = [#vector.iterator_type<reduction>]}> : (vector<8xf16>, vector<8xf16>, f16) -> f16
    // CHECK: return %5 : f32
    "func.return"(%5) : (f32) -> ()
  }) : () -> ()
}) : () -> ()
