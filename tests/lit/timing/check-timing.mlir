// vptx check --timing prints the model's line next to the verdict, which the model does
// not change; a target the model lacks is refused before anything runs.
// RUN: %vptx check %s --backend=sim --timing=h100 | %filecheck %s
// CHECK: timing: add gpu=h100 time_us={{[0-9.]+}} range={{[0-9.]+}}..{{[0-9.]+}} calibrated=published cycles={{[0-9]+}} limiter={{[a-z0-9]+}} occupancy={{[0-9]+}}/64 regs={{[0-9]+}}({{ptxas|estimate}}) dram={{[0-9]+}}% tensor=0% fp32={{[0-9]+}}%
// CHECK: PASS add
// RUN: not %vptx check %s --backend=sim --timing=h100 --arch=sm_100a 2>&1 | %filecheck --check-prefix=ARCH %s
// ARCH: vptx check: error: the timing model 'h100' has no GPU for target sm_100a (models: a100 (A100 SXM4 80GB, sm_80 and below), h100 (H100 SXM5 80GB, sm_90a, sm_90, sm_80 and below), b200 (B200 (HGX, 1000 W), uncalibrated, sm_100a, sm_90, sm_80 and below))
// RUN: not %vptx check %s --backend=sim --timing=v100 2>&1 | %filecheck --check-prefix=GPU %s
// GPU: vptx check: error: no timing model for GPU 'v100' (models:
// b200 (uncalibrated, docs/timing.md) times sm_100a code, and refuses sm_90a's (wgmma):
// RUN: %vptx check %s --backend=sim --timing=b200 --arch=sm_100a | %filecheck --check-prefix=B200 %s
// B200: timing: add gpu=b200 time_us={{[0-9.]+}} range={{[0-9.]+}}..{{[0-9.]+}} calibrated=uncalibrated cycles=
// B200: PASS add
// RUN: not %vptx check %s --backend=sim --timing=b200 --arch=sm_90a 2>&1 | %filecheck --check-prefix=B200A %s
// B200A: vptx check: error: the timing model 'b200' has no GPU for target sm_90a
// vptx run on MLIR refuses the same, before compiling: sm_90a on the A100, an unknown part.
// RUN: not %vptx run %s --arch=sm_90a --timing=a100 2>&1 | %filecheck --check-prefix=RUNARCH %s
// RUNARCH: vptx run: error: the timing model 'a100' has no GPU for target sm_90a (models: a100 (A100 SXM4 80GB, sm_80 and below), h100 (H100 SXM5 80GB, sm_90a, sm_90, sm_80 and below), b200 (B200 (HGX, 1000 W), uncalibrated, sm_100a, sm_90, sm_80 and below))
// RUN: not %vptx run %s --timing=v100 2>&1 | %filecheck --check-prefix=RUNGPU %s
// RUNGPU: vptx run: error: no timing model for GPU 'v100' (models: a100
func.func @add(%a: memref<256xf32>, %b: memref<256xf32>, %c: memref<256xf32>)
    attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %y = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %s = arith.addf %x, %y : vector<256xf32>
  vector.transfer_write %s, %c[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}
