// tests/same-ptx.sh compares the PTX, the diagnostics and the exit status of vptx builds
// made by different compilers (CI: gcc, clang, tcc and the static musl build; see
// docs/building.md).  Here it checks itself: a build agrees with itself, and a "build"
// whose PTX differs by one instruction, or that exits otherwise, is caught.
// RUN: tests/same-ptx.sh %vptx %vptx -- %s | %filecheck --check-prefix=SAME %s
// SAME: same-ptx: 2 compilations by each of 2 builds, 0 differ
// RUN: { echo '#!/bin/sh'; echo '%vptx "$@" | sed "s/^\tret;/\texit;/"'; } > %t.ret && chmod +x %t.ret
// RUN: not tests/same-ptx.sh %vptx %t.ret -- %s | %filecheck --check-prefix=PTX %s
// PTX: same-ptx: DIFFERENT: {{.*}}.ret vs {{.*}}vptx on {{.*}}same-ptx.mlir (variant 0)
// PTX: -{{.*}}ret;
// PTX: +{{.*}}exit;
// PTX: same-ptx: 2 compilations by each of 2 builds, 2 differ
// RUN: { echo '#!/bin/sh'; echo '%vptx "$@"; exit 3'; } > %t.rc && chmod +x %t.rc
// RUN: not tests/same-ptx.sh %vptx %t.rc -- %s | %filecheck --check-prefix=RC %s
// RC: -exit status 0
// RC: +exit status 3
// RC: same-ptx: 2 compilations by each of 2 builds, 2 differ
func.func @scale(%x: memref<64xf32>) attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
  return
}
