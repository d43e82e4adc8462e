// RUN: %vptx --emit=mlir %s | %filecheck %s
// Custom forms of the arith dialect.

// CHECK-LABEL: func.func @arith_ops
func.func @arith_ops(%a: i32, %b: i32, %x: f32, %y: f32, %v: vector<4xf32>, %w: vector<4xf32>, %i: index) -> f32 {
  // CHECK: %c1_i32 = arith.constant 1 : i32
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %cst = arith.constant 1.000000e+00 : f32
  %cst = arith.constant 1.0 : f32
  // CHECK: %neg = arith.constant -2.500000e-01 : f16
  %neg = arith.constant -0.25 : f16
  // CHECK: %t = arith.constant true
  %t = arith.constant true
  // CHECK: %splat = arith.constant dense<0.000000e+00> : vector<4xf32>
  %splat = arith.constant dense<0.0> : vector<4xf32>
  // CHECK: %full = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %full = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  // CHECK: %nested = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : vector<2x2xf32>
  %nested = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  // CHECK: %ninf = arith.constant 0xFF800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  // CHECK: %big = arith.constant -1 : i8
  %big = arith.constant 255 : i8
  // CHECK: arith.addi %a, %b : i32
  %0 = arith.addi %a, %b : i32
  // CHECK: arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.muli %a, %b : i32
  %4 = arith.divsi %a, %b : i32
  %5 = arith.divui %a, %b : i32
  %6 = arith.ceildivsi %a, %b : i32
  %7 = arith.ceildivui %a, %b : i32
  %8 = arith.floordivsi %a, %b : i32
  %9 = arith.remsi %a, %b : i32
  %10 = arith.remui %a, %b : i32
  %11 = arith.maxsi %a, %b : i32
  %12 = arith.maxui %a, %b : i32
  %13 = arith.minsi %a, %b : i32
  %14 = arith.minui %a, %b : i32
  %15 = arith.andi %a, %b : i32
  %16 = arith.ori %a, %b : i32
  %17 = arith.xori %a, %b : i32
  %18 = arith.shli %a, %b : i32
  %19 = arith.shrsi %a, %b : i32
  %20 = arith.shrui %a, %b : i32
  // CHECK: arith.addf %x, %y : f32
  %21 = arith.addf %x, %y : f32
  // CHECK: arith.mulf %x, %y fastmath<fast> : f32
  %22 = arith.mulf %x, %y fastmath<fast> : f32
  // CHECK: arith.subf %v, %w fastmath<nnan,ninf> : vector<4xf32>
  %23 = arith.subf %v, %w fastmath<nnan,ninf> : vector<4xf32>
  %24 = arith.divf %x, %y : f32
  %25 = arith.remf %x, %y : f32
  %26 = arith.negf %x : f32
  %27 = arith.maximumf %x, %y : f32
  %28 = arith.minimumf %x, %y : f32
  %29 = arith.maxnumf %x, %y : f32
  %30 = arith.minnumf %x, %y : f32
  // CHECK: arith.maximumf %x, %y : f32
  %31 = arith.maxf %x, %y : f32
  // CHECK: arith.cmpi slt, %a, %b : i32
  %32 = arith.cmpi slt, %a, %b : i32
  // CHECK: arith.cmpf olt, %x, %y : f32
  %33 = arith.cmpf olt, %x, %y : f32
  // CHECK: %[[M:.*]] = arith.cmpf uno, %v, %w : vector<4xf32>
  %34 = arith.cmpf uno, %v, %w : vector<4xf32>
  // CHECK: arith.select %[[M]], %v, %w : vector<4xi1>, vector<4xf32>
  %35 = arith.select %34, %v, %w : vector<4xi1>, vector<4xf32>
  // CHECK: arith.select %{{.*}}, %x, %y : f32
  %36 = arith.select %33, %x, %y : f32
  // CHECK: arith.extf %neg : f16 to f32
  %37 = arith.extf %neg : f16 to f32
  %38 = arith.truncf %x : f32 to f16
  %39 = arith.extsi %a : i32 to i64
  %40 = arith.extui %a : i32 to i64
  %41 = arith.trunci %a : i32 to i8
  %42 = arith.sitofp %a : i32 to f32
  %43 = arith.uitofp %a : i32 to f32
  %44 = arith.fptosi %x : f32 to i32
  %45 = arith.fptoui %x : f32 to i32
  // CHECK: arith.index_cast %i : index to i32
  %46 = arith.index_cast %i : index to i32
  %47 = arith.index_castui %i : index to i64
  %48 = arith.bitcast %x : f32 to i32
  // CHECK: return %{{.*}} : f32
  return %21 : f32
}
