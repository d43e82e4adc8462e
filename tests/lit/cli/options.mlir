// One options record, one validator (driver/options.c): every subcommand and the C API
// refuse the same values with the same rule text (test_api_robust checks the API's).
// RUN: not %vptx --arch=sm_75 %s 2>&1 | %filecheck --check-prefix=ARCH %s
// RUN: not %vptx check --arch=sm_75 %s 2>&1 | %filecheck --check-prefix=ARCH-CHECK %s
// RUN: not %vptx run --arch=sm_75 %s 2>&1 | %filecheck --check-prefix=ARCH-RUN %s
// RUN: not %vptx fuzz-diff --arch=sm_80,sm_75 --count=1 2>&1 | %filecheck --check-prefix=ARCH-FUZZ %s
// ARCH: vptx: error: --arch='sm_75': unknown target (expected sm_80, sm_86, sm_89, sm_90, sm_90a or sm_100a)
// ARCH-CHECK: vptx check: error: --arch='sm_75': unknown target (expected sm_80, sm_86, sm_89, sm_90, sm_90a or sm_100a)
// ARCH-RUN: vptx run: error: --arch='sm_75': unknown target (expected sm_80, sm_86, sm_89, sm_90, sm_90a or sm_100a)
// ARCH-FUZZ: vptx fuzz-diff: error: --arch='sm_75': unknown target
// RUN: not %vptx --pipeline-stages=9 %s 2>&1 | %filecheck --check-prefix=STAGES %s
// RUN: not %vptx check --pipeline-stages=9 %s 2>&1 | %filecheck --check-prefix=STAGES %s
// RUN: not %vptx run --pipeline-stages 9 %s 2>&1 | %filecheck --check-prefix=STAGES %s
// STAGES: error: --pipeline-stages=9: the stage count must be from 1 to 8 (0: chosen per loop)
// RUN: not %vptx --pipeline-stages=four %s 2>&1 | %filecheck --check-prefix=STAGES-WORD %s
// STAGES-WORD: vptx: error: option '--pipeline-stages' needs a count from 1 to 8
// A case slip in a target name gets a suggestion:
// RUN: not %vptx --arch=SM_90A %s 2>&1 | %filecheck --check-prefix=CASE %s
// CASE: did you mean 'sm_90a'?
//
// nvcc's spellings where the meaning is the same: -arch=, -arch X, --gpu-architecture=,
// -O3 (one optimisation level), -lineinfo (= -g), -v (= --verbose).
// RUN: %vptx -arch=sm_90a -O3 %s | %filecheck --check-prefix=SM90 %s
// RUN: %vptx -arch sm_90a %s | %filecheck --check-prefix=SM90 %s
// RUN: %vptx --gpu-architecture=sm_90a -O2 %s | %filecheck --check-prefix=SM90 %s
// RUN: %vptx -lineinfo %s | %filecheck --check-prefix=LOC %s
// RUN: %vptx check -arch=sm_80 -O3 %s | %filecheck --check-prefix=PASS %s
// SM90: .target sm_90a
// LOC: .loc 1
// PASS: PASS scale
//
// "did you mean" for a misspelled option, in every subcommand:
// RUN: not %vptx --emitt=simt %s 2>&1 | %filecheck --check-prefix=MEAN %s
// RUN: not %vptx -emit=simt %s 2>&1 | %filecheck --check-prefix=MEAN %s
// MEAN: vptx: error: unknown option '{{-+}}emit{{t?}}=simt'; did you mean '--emit=simt'?
// RUN: not %vptx check --tming=a100 %s 2>&1 | %filecheck --check-prefix=MEAN-CHECK %s
// MEAN-CHECK: vptx check: error: unknown option '--tming=a100'; did you mean '--timing=a100'?
// RUN: not %vptx run %s --blok=32 2>&1 | %filecheck --check-prefix=MEAN-RUN %s
// MEAN-RUN: vptx run: error: unknown option '--blok=32'; did you mean '--block=32'?
// RUN: not %vptx run k.ptx --tming=a100 2>&1 | %filecheck --check-prefix=MEAN-RUNPTX %s
// RUN: not %vptx fuzz-diff --cout=3 2>&1 | %filecheck --check-prefix=MEAN-FUZZ %s
// MEAN-RUNPTX: vptx run: error: unknown option '--tming=a100'; did you mean '--timing=a100'?
// MEAN-FUZZ: vptx fuzz-diff: error: unknown option '--cout=3'; did you mean '--count=3'?
// RUN: not %vptx --frobnicate %s 2>&1 | %filecheck --check-prefix=NOMEAN %s
// NOMEAN: vptx: error: unknown option '--frobnicate' (see vptx --help)
//
// An option that takes a value never swallows the input file:
// RUN: not %vptx check --timing %s 2>&1 | %filecheck --check-prefix=SWALLOW %s
// RUN: not %vptx run --timing %s 2>&1 | %filecheck --check-prefix=SWALLOW-RUN %s
// RUN: not %vptx --arch %s 2>&1 | %filecheck --check-prefix=SWALLOW-ARCH %s
// SWALLOW: vptx check: error: option '--timing' needs a value (--timing=VALUE; '{{.*}}options.mlir' is taken as the input)
// SWALLOW-RUN: vptx run: error: option '--timing' needs a value (--timing=VALUE; '{{.*}}options.mlir' is taken as the input)
// SWALLOW-ARCH: vptx: error: option '--arch' needs a target
// RUN: not %vptx run --entry %t.ptx 2>&1 | %filecheck --check-prefix=SWALLOW-ENTRY %s
// RUN: not %vptx fuzz-diff --count 2>&1 | %filecheck --check-prefix=MISSING-FUZZ %s
// SWALLOW-ENTRY: vptx run: error: option '--entry' needs a value (--entry=VALUE; '{{.*}}.ptx' is taken as the input)
// MISSING-FUZZ: vptx fuzz-diff: error: option '--count' needs a value (--count=VALUE)
func.func @scale(%x: memref<64xf32>, %out: memref<64xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<64xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<64xf32>, vector<64xf32>
  %r = arith.mulf %v, %two : vector<64xf32>
  vector.transfer_write %r, %out[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}
