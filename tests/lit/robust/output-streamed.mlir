// -o to a regular file streams the output into a temporary file beside it
// (runtime/output.c output_begin), renamed over it only when the compilation
// succeeded.  Here the second kernel fails in ptxgen after the header and the
// first kernel were written: the old file stays, and no temporary is left.
// RUN: rm -rf %t.d && mkdir %t.d && echo keep > %t.d/out.ptx && chmod 640 %t.d/out.ptx
// RUN: not %vptx %s -o %t.d/out.ptx 2>&1 | %filecheck --check-prefix=ERR %s
// ERR: error: kernel '@a.b' has the PTX name 'a_b' of an earlier kernel
// RUN: %filecheck --check-prefix=KEEP %s < %t.d/out.ptx
// KEEP: keep
// RUN: ls -A %t.d | %filecheck --check-prefix=LS %s
// LS: out.ptx
// LS-NOT: out.ptx.
// A link to a regular file is written through, streamed beside the file it names;
// the file keeps its mode.
// RUN: sed 's/@a[.]b/@c/' %s > %t.d/good.mlir && ln -s out.ptx %t.d/link.ptx
// RUN: %vptx %t.d/good.mlir -o %t.d/link.ptx && stat -c '%%F %%a' %t.d/link.ptx %t.d/out.ptx | %filecheck --check-prefix=LINK %s
// LINK: symbolic link
// LINK-NEXT: regular file 640
// RUN: %filecheck --check-prefix=PTX %s < %t.d/out.ptx
// PTX: .visible .entry a_b(
// PTX: .visible .entry c(
// The same bytes as through stdout (the in-memory path).
// RUN: %vptx %t.d/good.mlir > %t.d/stdout.ptx && cmp %t.d/stdout.ptx %t.d/out.ptx
func.func @a_b(%x: memref<2xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  return
}
func.func @a.b(%x: memref<2xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  return
}
