// Input of ../err-mma-sp.mlir: fp8 mma.sp, which needs sm_89 (compiled for sm_80)
func.func @fp8(%a: memref<4x4xf8E4M3FN>, %m: memref<2xi16>, %o: memref<2x2xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %A = vector.load %a[%c0, %c0] : memref<4x4xf8E4M3FN>, vector<4x4xf8E4M3FN>
  %M = vector.load %m[%c0] : memref<2xi16>, vector<2xi16>
  %C = vector.load %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  %d = nvgpu.mma.sp.sync(%A, %A, %C) metadata(%M) {mmaShape = [16, 8, 64]} : (vector<4x4xf8E4M3FN>, vector<4x4xf8E4M3FN>, vector<2x2xf32>) -> vector<2x2xf32>
  vector.store %d, %o[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  return
}
