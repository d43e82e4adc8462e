// libvptx.so, built by make beside libvptx.a: libvptx.so -> libvptx.so.0 (the soname)
// -> libvptx.so.0.1.0, exporting the vptx_* functions of vptx.h and vptx_runtime.h and
// nothing else; a program linked with -lvptx loads it at run time and works.
// RUN: B=$(dirname %vptx); test "$(readlink $B/libvptx.so)" = libvptx.so.0 && \
// RUN:     test "$(readlink $B/libvptx.so.0)" = libvptx.so.0.1.0
// RUN: readelf -d $(dirname %vptx)/libvptx.so.0.1.0 | %filecheck --check-prefix=SONAME %s
// SONAME: (SONAME) {{.*}}[libvptx.so.0]
// The exported functions are exactly the ones the two headers declare:
// RUN: nm -D --defined-only $(dirname %vptx)/libvptx.so.0.1.0 | awk 'NF == 3 { print $3 }' | sort > %t.exported
// RUN: sed -n 's/^[^#(]*[ *]\(vptx_[a-z_0-9]*\)(.*/\1/p' driver/vptx.h driver/vptx_runtime.h | sort -u > %t.declared
// RUN: diff %t.declared %t.exported
// and the list is not empty (the API's three entry points of each kind are there):
// RUN: grep -x -e vptx_compile -e vptx_launch -e vptx_context_create %t.exported | wc -l | %filecheck --check-prefix=SOME %s
// SOME: 3
// examples/runtime.c against the shared library (the sanitizers too when it has them):
// RUN: B=$(dirname %vptx); san=; if nm -D $B/libvptx.so.0.1.0 | grep __asan_ > /dev/null; then san=-fsanitize=address,undefined; fi; \
// RUN:     cc -std=c11 -Wall -Wextra -Werror $san -I. examples/runtime.c -L$B -lvptx -o %t.rt
// RUN: readelf -d %t.rt | %filecheck --check-prefix=NEEDED %s
// NEEDED: (NEEDED) {{.*}}[libvptx.so.0]
// RUN: LD_LIBRARY_PATH=$(dirname %vptx) %t.rt | %filecheck --check-prefix=EXEC %s
// EXEC: runtime: PASS (0 of 2048 elements differ from the C reference)
