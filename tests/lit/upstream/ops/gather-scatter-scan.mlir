// vector.gather, vector.scatter and vector.scan in per-thread code (issue 25 part 3),
// run on the simulator and compared with eval of Inputs/gather-scatter-scan-ref.mlir,
// which computes the same with scalar loops:
//   gs   each of 64 threads gathers 8 floats from anywhere in a 64x8 global buffer
//        through i32 offsets from its own row (negative ones too) under a mask that
//        depends on the data's position; scatters twice the values into its own row in
//        a permuted order, one lane masked off; scans its offsets (inclusive add, a 0-d
//        initial value upstream's lowering leaves unused) and its gathered values as
//        2x4 (exclusive maxnumf along dim 1 from a 2-element initial value)
//   sh   gathers i16 from workgroup memory (32-bit addresses) through an index vector,
//        with a constant mask, and scans them (inclusive maxsi along dim 0 of 2x2)
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/gather-scatter-scan-ref.mlir | %filecheck %s
// RUN: %vptx check --arch=sm_80 %s --backend=sim --reference=%S/Inputs/gather-scatter-scan-eval.mlir | %filecheck %s
// RUN: %vptx --emit=ptx --arch=sm_80 %s -o %t.ptx && %filecheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas-verify %t.ptx
// RUN: %vptx --emit=mlir %s | %vptx --emit=mlir - | %filecheck --check-prefix=RT %s
// CHECK: PASS gs
// CHECK: PASS sh
// PTX-LABEL: .entry gs(
// PTX: mad.wide.s32 [[A:%rd_[A-Za-z0-9_$]+_[0-9]+]], {{%r_[A-Za-z0-9_$]+_[0-9]+}}, 4, {{%rd_[A-Za-z0-9_$]+_[0-9]+}};
// PTX: @{{%p_[A-Za-z0-9_$]+_[0-9]+}} ld.global.f32 {{%f_[A-Za-z0-9_$]+_[0-9]+}}, [[[A]]];
// PTX: @{{%p_[A-Za-z0-9_$]+_[0-9]+}} st.global.f32 [{{%rd_[A-Za-z0-9_$]+_[0-9]+}}], {{%f_[A-Za-z0-9_$]+_[0-9]+}};
// PTX-LABEL: .entry sh(
// PTX: ld.shared.b16
// PTX-NOT: @{{%p_[A-Za-z0-9_$]+_[0-9]+}} ld.shared
// RT: vector.gather %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<64x8xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// RT: vector.scatter %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<64x8xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
// RT: vector.scan <add>, %{{.*}}, %{{.*}} {inclusive = true, reduction_dim = 0 : i64} : vector<8xi32>, vector<i32>
func.func @gs(%src: memref<64x8xf32>, %out: memref<64x8xf32>, %dst: memref<64x8xf32>,
              %sc: memref<64x8xi32>, %acc: memref<64xi32>, %sc2: memref<64x8xf32>,
              %acc2: memref<64x2xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %t = gpu.thread_id x
  %ti = arith.index_cast %t : index to i32
  %c5 = arith.constant 5 : i32
  %c8 = arith.constant 8 : i32
  %ks = arith.constant dense<[0, 13, 26, 39, 52, 65, 78, 91]> : vector<8xi32>
  %k3 = arith.constant dense<[0, 3, 6, 9, 12, 15, 18, 21]> : vector<8xi32>
  %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
  %v512 = arith.constant dense<512> : vector<8xi32>
  %v8 = arith.constant dense<8> : vector<8xi32>
  %v3 = arith.constant dense<3> : vector<8xi32>
  %v1 = arith.constant dense<1> : vector<8xi32>
  %pass = arith.constant dense<-1.0> : vector<8xf32>
  // p = (5t + 13k) mod 512 anywhere in the buffer; rel = p - 8t from this thread's row
  %t5 = arith.muli %ti, %c5 : i32
  %t8 = arith.muli %ti, %c8 : i32
  %bt5 = vector.broadcast %t5 : i32 to vector<8xi32>
  %bt8 = vector.broadcast %t8 : i32 to vector<8xi32>
  %s = arith.addi %bt5, %ks : vector<8xi32>
  %p = arith.remsi %s, %v512 : vector<8xi32>
  %rel = arith.subi %p, %bt8 : vector<8xi32>
  %low = arith.andi %p, %v3 : vector<8xi32>
  %m = arith.cmpi ne, %low, %v1 : vector<8xi32>
  %g = vector.gather %src[%t, %c0] [%rel], %m, %pass : memref<64x8xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.store %g, %out[%t, %c0] : memref<64x8xf32>, vector<8xf32>
  // scatter 2g to (3k + t) mod 8 of this thread's row, except lane t mod 8
  %bt = vector.broadcast %ti : i32 to vector<8xi32>
  %qs = arith.addi %k3, %bt : vector<8xi32>
  %q = arith.remsi %qs, %v8 : vector<8xi32>
  %tm = arith.remsi %bt, %v8 : vector<8xi32>
  %m2 = arith.cmpi ne, %lanes, %tm : vector<8xi32>
  %g2 = arith.addf %g, %g : vector<8xf32>
  vector.scatter %dst[%t, %c0] [%q], %m2, %g2 : memref<64x8xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  // scans
  %z = arith.constant dense<1000> : vector<i32>
  %d, %a = vector.scan <add>, %rel, %z {inclusive = true, reduction_dim = 0 : i64} : vector<8xi32>, vector<i32>
  vector.store %d, %sc[%t, %c0] : memref<64x8xi32>, vector<8xi32>
  %a0 = vector.extract %a[] : i32 from vector<i32>
  memref.store %a0, %acc[%t] : memref<64xi32>
  %g24 = vector.shape_cast %g : vector<8xf32> to vector<2x4xf32>
  %init = arith.constant dense<[-2.5, 0.25]> : vector<2xf32>
  %d2, %a2 = vector.scan <maxnumf>, %g24, %init {inclusive = false, reduction_dim = 1 : i64} : vector<2x4xf32>, vector<2xf32>
  %d2f = vector.shape_cast %d2 : vector<2x4xf32> to vector<8xf32>
  vector.store %d2f, %sc2[%t, %c0] : memref<64x8xf32>, vector<8xf32>
  vector.store %a2, %acc2[%t, %c0] : memref<64x2xf32>, vector<2xf32>
  return
}

func.func @sh(%x: memref<256xi16>, %out: memref<64x4xi16>, %sc: memref<64x4xi16>,
              %acc: memref<64x2xi16>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c128 = arith.constant 128 : index
  %t = gpu.thread_id x
  %w = memref.alloc() : memref<256xi16, #gpu.address_space<workgroup>>
  %base = arith.muli %t, %c4 : index
  %v = vector.load %x[%base] : memref<256xi16>, vector<4xi16>
  vector.store %v, %w[%base] : memref<256xi16, #gpu.address_space<workgroup>>, vector<4xi16>
  gpu.barrier
  // from element 7t mod 128 on, offsets 0, 37, 5, 100
  %s7 = arith.muli %t, %c7 : index
  %start = arith.remui %s7, %c128 : index
  %offs = arith.constant dense<[0, 37, 5, 100]> : vector<4xindex>
  %m = arith.constant dense<[true, true, false, true]> : vector<4xi1>
  %pass = arith.constant dense<-7> : vector<4xi16>
  %g = vector.gather %w[%start] [%offs], %m, %pass : memref<256xi16, #gpu.address_space<workgroup>>, vector<4xindex>, vector<4xi1>, vector<4xi16> into vector<4xi16>
  vector.store %g, %out[%t, %c0] : memref<64x4xi16>, vector<4xi16>
  %g22 = vector.shape_cast %g : vector<4xi16> to vector<2x2xi16>
  %init = arith.constant dense<0> : vector<2xi16>
  %d, %a = vector.scan <maxsi>, %g22, %init {inclusive = true, reduction_dim = 0 : i64} : vector<2x2xi16>, vector<2xi16>
  %df = vector.shape_cast %d : vector<2x2xi16> to vector<4xi16>
  vector.store %df, %sc[%t, %c0] : memref<64x4xi16>, vector<4xi16>
  vector.store %a, %acc[%t, %c0] : memref<64x2xi16>, vector<2xi16>
  return
}
