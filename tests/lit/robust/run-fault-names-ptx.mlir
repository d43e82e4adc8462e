// A simulator fault in `vptx run X.mlir` names the PTX, not X.mlir (the line
// number is the PTX's), prints the PTX line, and points at the MLIR op the
// instruction came from.  With --keep the PTX is written to DIR/KERNEL.ptx and
// the error names that file.
// RUN: rm -rf %t.d && printf "\x93NUMPY\x01\x00\x3a\x00{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\n0123456789abcdef" > %t.npy && \
// RUN: not %vptx run %s %t.npy 100000 --out %t.d 2>&1 | %filecheck %s
// CHECK: vptx run: error: sim: launch: SIM_ERR_FAULT: <PTX of {{.*}}run-fault-names-ptx.mlir>:[[L:[0-9]+]]: error: invalid global write of 4 bytes
// CHECK-NEXT: vptx run: note: PTX line [[L]]: st.global.f32 [{{.*}}], {{.*}};
// CHECK-NEXT: run-fault-names-ptx.mlir:[[@LINE+11]]: note: generated from 'memref.store' here
// RUN: not %vptx run %s %t.npy 100000 --out %t.d --keep 2>&1 | %filecheck --check-prefix=KEEP %s && \
// RUN: grep -c st.global.f32 %t.d/k.ptx
// KEEP: vptx run: kept the PTX in {{.*}}.d/k.ptx
// KEEP: SIM_ERR_FAULT: {{.*}}.d/k.ptx:[[L:[0-9]+]]: error: invalid global write
// KEEP-NEXT: note: PTX line [[L]]: st.global.f32
// RUN: not %vptx check %s --scalar=100000 --reference=%S/Inputs/k-store-nothing.txt 2>&1 | %filecheck --check-prefix=CHECKCMD %s
// CHECKCMD: FAIL k: running on sim: {{.*}}<PTX of {{.*}}run-fault-names-ptx.mlir>:{{[0-9]+}}: error: invalid global write
// CHECKCMD: run-fault-names-ptx.mlir:{{[0-9]+}}: note: generated from 'memref.store' here
func.func @k(%x: memref<4xf32>, %i: index) attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
  %v = arith.constant 1.0 : f32
  memref.store %v, %x[%i] : memref<4xf32>
  return
}
