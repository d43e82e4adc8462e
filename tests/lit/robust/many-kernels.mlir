// A module of any number of kernels: `vptx check` checks every one (it used to check
// the first 64 and exit 0), and `vptx run --kernel` finds every one (it said kernel 65
// did not exist).  Here the 65th kernel, k64, stores out of bounds.
// RUN: not %vptx check %s --backend=sim --scalar=7 2>&1 | %filecheck %s
// CHECK: PASS k63
// CHECK: FAIL k64:
// RUN: printf "\x93NUMPY\x01\x00\x3a\x00{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\n0123456789abcdef" > %t.npy && \
// RUN: %vptx run %s --kernel=k64 %t.npy 2 --out %t.d && tail -c 16 %t.d/arg0.npy | od -An -tf4 | %filecheck --check-prefix=OUT %s
// OUT: {{.*}} 5 {{.*}}
func.func @k0(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k1(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k2(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k3(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k4(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k5(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k6(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k7(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k8(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k9(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k10(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k11(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k12(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k13(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k14(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k15(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k16(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k17(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k18(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k19(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k20(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k21(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k22(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k23(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k24(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k25(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k26(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k27(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k28(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k29(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k30(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k31(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k32(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k33(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k34(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k35(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k36(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k37(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k38(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k39(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k40(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k41(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k42(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k43(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k44(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k45(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k46(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k47(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k48(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k49(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k50(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k51(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k52(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k53(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k54(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k55(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k56(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k57(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k58(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k59(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k60(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 0 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k61(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 1 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k62(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 2 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k63(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  %j = arith.constant 3 : index
  memref.store %v, %a[%j] : memref<4xf32>
  return
}
func.func @k64(%a: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 5.0 : f32
  memref.store %v, %a[%i] : memref<4xf32>
  return
}
