// The smaller papercuts of the command line, each with the words it now says.
//
// `vptx run K.ptx` takes the block from the entry's .reqntid (no --block needed):
// RUN: rm -rf %t && mkdir -p %t && %vptx %s -o %t/k.ptx
// RUN: %vptx run %t/k.ptx --grid=1 %S/Inputs/ones64.npy %S/Inputs/ones64.npy --out=%t/out
// RUN: od -v -A n -t f4 -j 128 %t/out/arg1.npy | tail -n 1 | %filecheck --check-prefix=TWO %s
// TWO: 2 2 2 2
// A wrong --block names the block the kernel requires, in every launcher:
// RUN: not %vptx run %t/k.ptx --grid=1 --block=64 %S/Inputs/ones64.npy %S/Inputs/ones64.npy --out=%t/out 2>&1 | %filecheck --check-prefix=BLOCK-PTX %s
// RUN: not %vptx check %s --block=128 2>&1 | %filecheck --check-prefix=BLOCK-CHECK %s
// RUN: not %vptx run %s --block=128 %S/Inputs/ones64.npy %S/Inputs/ones64.npy --out=%t/out 2>&1 | %filecheck --check-prefix=BLOCK-RUN %s
// BLOCK-PTX: launch of 'scale' with block (64,1,1), but the kernel requires block (32,1,1) (its .reqntid): launch it with that block
// BLOCK-CHECK: vptx check: error: --block=128,1,1, but kernel 'scale' requires block 32,1,1 (its gpu.known_block_size or workgroup_size, the PTX's .reqntid): leave --block out or give --block=32,1,1
// BLOCK-RUN: vptx run: error: --block=128,1,1, but kernel 'scale' requires block 32,1,1
//
// `vptx run --help` with no file shows the options of both forms:
// RUN: %vptx run --help | %filecheck --check-prefix=HELP %s
// HELP: usage: vptx run KERNEL.ptx
// HELP: usage: vptx run KERNEL.mlir
// HELP: --timing-sample=N
//
// `vptx run X.mlir` takes --timing-sample=N as the .ptx form does; GPU names in any case:
// RUN: %vptx run %s %S/Inputs/ones64.npy %S/Inputs/ones64.npy --out=%t/out --timing=A100 --timing-sample=1 | %filecheck --check-prefix=SAMPLE %s
// SAMPLE: timing: scale gpu=a100
// RUN: %vptx check %s --timing=H100 | %filecheck --check-prefix=H100 %s
// H100: gpu=h100
// RUN: not %vptx run %s %S/Inputs/ones64.npy %S/Inputs/ones64.npy --timing-sample=4 2>&1 | %filecheck --check-prefix=SAMPLE-ALONE %s
// SAMPLE-ALONE: vptx run: error: --timing-sample needs --timing=GPU
//
// A .npy of the wrong shape names both shapes:
// RUN: not %vptx run %s %S/Inputs/rows8x64.npy %S/Inputs/ones64.npy --out=%t/out 2>&1 | %filecheck --check-prefix=SHAPE %s
// SHAPE: vptx run: error: argument #0 ({{.*}}rows8x64.npy): the array's shape (8, 64) does not fit the memref's (64,)
//
// A file that cannot be read: the system's reason.
// RUN: not %vptx check %t/missing.mlir 2>&1 | %filecheck --check-prefix=MISSING %s
// RUN: not %vptx run %t/missing.mlir 2>&1 | %filecheck --check-prefix=MISSING %s
// RUN: not %vptx check %t 2>&1 | %filecheck --check-prefix=FOLDER %s
// MISSING: error: cannot read '{{.*}}missing.mlir': No such file or directory
// FOLDER: vptx check: error: cannot read '{{.*}}': Is a directory
//
// An out-of-bounds read found by the reference evaluator names the .mlir line:
// RUN: not %vptx check %S/Inputs/eval-oob.mlir 2>&1 | %filecheck --check-prefix=OOB %s
// OOB: eval-oob.mlir:6:8: error: 'memref.load' index 80 is out of bounds for dimension 0 of size 64
//
// A kernel that returns a value: what the user did and what to do.
// RUN: not %vptx %S/Inputs/returns-vector.mlir 2>&1 | %filecheck --check-prefix=RET %s
// RET: returns-vector.mlir:7:3: error: kernel 'ret' returns vector<64xf32>: a GPU kernel returns nothing; store the result through a memref argument (vector.transfer_write, memref.store) and drop the result type
// RET-NOT: error:
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
