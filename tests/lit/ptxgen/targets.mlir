// The target table (target/targets.def) against ptxas: every target it lists compiles a
// kernel to PTX of the table's .version for that .target, which ptxas accepts; a name it
// does not list is refused with the table's names.
// REQUIRES: ptxas
// RUN: not %vptx --arch=sm_70 %s 2>&1 | %filecheck --check-prefix=UNKNOWN %s
// UNKNOWN: error: --arch='sm_70': unknown target (expected sm_80, sm_86, sm_89, sm_90, sm_90a or sm_100a
// RUN: n=0; for t in $(not %vptx --arch=none %s 2>&1 | sed -n 's/.*(expected \(.*\))/\1/p' | tr -d ',' | sed 's/ or / /'); do \
// RUN:   %vptx --arch=$t %s -o %t.$t.ptx && grep -q "^\.target $t\$" %t.$t.ptx && \
// RUN:   %ptxas -arch=$t %t.$t.ptx -o %t.$t.cubin || exit 1; n=$((n + 1)); \
// RUN: done; echo "$n targets" | %filecheck --check-prefix=COUNT %s
// COUNT: 6 targets
// RUN: %vptx --arch=sm_80 %s | %filecheck --check-prefix=V80 %s
// V80: .version 7.0
// RUN: %vptx --arch=sm_90a %s | %filecheck --check-prefix=V90A %s
// V90A: .version 8.0
// RUN: %vptx --arch=sm_100a %s | %filecheck --check-prefix=V100A %s
// V100A: .version 8.6
module {
  gpu.module @m {
    gpu.func @k(%p: memref<32xf32>) kernel {
      %t = gpu.thread_id x
      %x = memref.load %p[%t] : memref<32xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %p[%t] : memref<32xf32>
      gpu.return
    }
  }
}
