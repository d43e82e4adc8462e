// `make install` puts vptx, libvptx.a, libvptx.so (with its soname links), vptx.h,
// vptx_runtime.h and vptx.pc under PREFIX, and an out-of-tree program (a copy of
// examples/embed.c, built in the scratch folder with nothing but pkg-config's flags)
// compiles this file through the installed library, linked statically (pkg-config
// --static) and dynamically; a copy of examples/runtime.c also runs a kernel.
// RUN: command -v pkg-config > /dev/null || { echo "pkg-config not found"; exit 77; }
// RUN: env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s install \
// RUN:     BUILD=$(dirname %vptx) PREFIX=%T/prefix > %T/install.log 2>&1 || { cat %T/install.log; exit 1; }
// RUN: test -x %T/prefix/bin/vptx && test -f %T/prefix/lib/libvptx.a && test -f %T/prefix/include/vptx.h
// RUN: test -f %T/prefix/include/vptx_runtime.h && test -f %T/prefix/lib/libvptx.so.0.1.0
// RUN: test "$(readlink %T/prefix/lib/libvptx.so)" = libvptx.so.0 && test "$(readlink %T/prefix/lib/libvptx.so.0)" = libvptx.so.0.1.0
// The installed library defines no global symbol but the API of vptx.h:
// RUN: nm -g --defined-only %T/prefix/lib/libvptx.a | awk 'NF == 3 && $2 != "W" && $3 !~ /^(vptx_|__(asan|ubsan|odr_asan)|___asan)/ { print "exported:", $3; bad = 1 } END { exit bad }'
// RUN: %filecheck --check-prefix=PC %s < %T/prefix/lib/pkgconfig/vptx.pc
// Static: pkg-config --static adds the private libraries; -l:libvptx.a picks the archive
// over the shared library that sits beside it.
// RUN: cp examples/embed.c %T/embed.c && cd %T && \
// RUN:     san=; if nm prefix/lib/libvptx.a 2>/dev/null | grep __asan_ > /dev/null; then san=-fsanitize=address,undefined; fi; \
// RUN:     cc -std=c11 -Wall -Wextra -Werror $san embed.c \
// RUN:     $(PKG_CONFIG_PATH=%T/prefix/lib/pkgconfig pkg-config --static --cflags --libs vptx | sed 's/-lvptx/-l:libvptx.a/') -o embed
// RUN: PKG_CONFIG_PATH=%T/prefix/lib/pkgconfig pkg-config --static --libs vptx | %filecheck --check-prefix=STATIC %s
// STATIC: -lvptx -lm -ldl -lpthread
// RUN: readelf -d %T/embed | awk '/NEEDED/ && /libvptx/ { print "linked to", $NF; bad = 1 } END { exit bad }'
// Dynamic: plain pkg-config flags, the library found at run time through LD_LIBRARY_PATH.
// RUN: cp examples/runtime.c %T/runtime.c && cd %T && \
// RUN:     san=; if nm prefix/lib/libvptx.a 2>/dev/null | grep __asan_ > /dev/null; then san=-fsanitize=address,undefined; fi; \
// RUN:     cc -std=c11 -Wall -Wextra -Werror $san embed.c $(PKG_CONFIG_PATH=%T/prefix/lib/pkgconfig pkg-config --cflags --libs vptx) -o embed-so && \
// RUN:     cc -std=c11 -Wall -Wextra -Werror $san runtime.c $(PKG_CONFIG_PATH=%T/prefix/lib/pkgconfig pkg-config --cflags --libs vptx) -o runtime
// RUN: LD_LIBRARY_PATH=%T/prefix/lib %T/embed-so %s | %filecheck %s
// With the .pc's rpath the program finds the library without LD_LIBRARY_PATH:
// RUN: cd %T && san=; if nm prefix/lib/libvptx.a 2>/dev/null | grep __asan_ > /dev/null; then san=-fsanitize=address,undefined; fi; \
// RUN:     cc -std=c11 -Wall -Wextra -Werror $san embed.c $(PKG_CONFIG_PATH=%T/prefix/lib/pkgconfig pkg-config --cflags --libs vptx) \
// RUN:     $(PKG_CONFIG_PATH=%T/prefix/lib/pkgconfig pkg-config --variable=rpath vptx) -o embed-rpath
// RUN: env -u LD_LIBRARY_PATH %T/embed-rpath %s | %filecheck %s
// RUN: PKG_CONFIG_PATH=%T/prefix/lib/pkgconfig pkg-config --variable=rpath vptx | %filecheck --check-prefix=RPATH %s
// RPATH: -Wl,-rpath,{{.*}}/prefix/lib
// RUN: LD_LIBRARY_PATH=%T/prefix/lib %T/runtime | %filecheck --check-prefix=RT %s
// RT: runtime: PASS
// RUN: %T/embed %s > %T/out.ptx 2> %T/err.txt && %filecheck %s < %T/out.ptx
// RUN: %T/embed --emit=simt %s | %filecheck --check-prefix=SIMT %s
// RUN: printf 'func.func @f() {\n  %%%%x = arith.addf %%%%y, %%%%y : f32\n  return\n}\n' > %T/bad.mlir
// RUN: not %T/embed %T/bad.mlir 2>&1 | %filecheck --check-prefix=BAD %s
// The man page's FILES section names every file installed, and `make uninstall` removes
// them all:
// RUN: cd %T/prefix && find . -type f -o -type l | sed 's|^\./||' | sort > %T/installed.txt && test $(wc -l < %T/installed.txt) -ge 11
// RUN: sed -n '/^\.SH FILES/,/^\.SH SEE/p' %T/prefix/share/man/man1/vptx.1 | sed -n 's/^\.I //p' | sed 's/\\-/-/g' | sort > %T/files.txt
// RUN: diff %T/installed.txt %T/files.txt
// RUN: test -f %T/prefix/share/doc/vptx/LICENSE && grep -q "MIT License" %T/prefix/share/doc/vptx/LICENSE
// RUN: env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s uninstall PREFIX=%T/prefix > %T/uninstall.log 2>&1 || { cat %T/uninstall.log; exit 1; }
// RUN: test -z "$(find %T/prefix -type f -o -type l)"
// PC: prefix={{.*}}/prefix
// PC: Libs: -L${libdir} -lvptx
// PC-NEXT: Libs.private: -lm -ldl -lpthread
// CHECK: .visible .entry scale2(
// CHECK: ld.global
// SIMT: gpu.thread_id
// BAD: embed: diagnostic 0: error at {{.*}}bad.mlir:2:
// BAD: embed: vptx {{.*}}, failed
func.func @scale2(%x: memref<128xf32>, %y: memref<128xf32>)
    attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<128xf32>
  %v = vector.transfer_read %x[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %r = arith.mulf %v, %two : vector<128xf32>
  vector.transfer_write %r, %y[%c0] {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}
