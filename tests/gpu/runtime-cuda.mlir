// On a GPU: examples/runtime.c through the runtime API's CUDA device (vptx_runtime.h):
// compile, load (driver JIT), launch, read back, compare with the C loop; and the kernel
// time that vptx_last_launch_info reports.  Exit 77 (skip) when no CUDA driver loads.
// REQUIRES: gpu
// RUN: ASAN_OPTIONS=$ASAN_OPTIONS:protect_shadow_gap=0 LSAN_OPTIONS=suppressions=tests/gpu/lsan.supp \
// RUN:     $(dirname %vptx)/examples/runtime --cuda > %t.out
// RUN: %filecheck %s < %t.out
// CHECK: runtime: device cuda, {{.*}}, sm_{{[0-9]+}}
// CHECK-NEXT: runtime: kernel time {{[0-9]+\.[0-9]+}} ms
// CHECK-NEXT: runtime: PASS (0 of 2048 elements differ from the C reference)
