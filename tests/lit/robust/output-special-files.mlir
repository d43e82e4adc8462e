// -o PATH is renamed over PATH only when PATH is a regular file or absent:
// a FIFO (or a device) is written in place and stays what it is, a symbolic
// link is written through and stays a link, a folder is an error.
// RUN: rm -f %t.fifo %t.got && mkfifo %t.fifo && { cat %t.fifo > %t.got & } && \
// RUN: %vptx %s -o %t.fifo && wait && stat -c %%F %t.fifo | %filecheck --check-prefix=FIFO %s && \
// RUN: %filecheck --check-prefix=PTX %s < %t.got
// FIFO: fifo
// PTX: .visible .entry k(
// RUN: rm -rf %t.l %t.real && ln -s %t.real %t.l && %vptx %s -o %t.l && stat -c %%F %t.l %t.real | %filecheck --check-prefix=LINK %s && \
// RUN: %filecheck --check-prefix=PTX %s < %t.real
// LINK: symbolic link
// LINK-NEXT: regular file
// RUN: rm -rf %t.dir && mkdir %t.dir && not %vptx %s -o %t.dir 2>&1 | %filecheck --check-prefix=DIR %s
// DIR: vptx: error: cannot write '{{.*}}.dir': Is a directory
// A failed compile leaves an existing output file as it was.
// RUN: echo keep > %t.keep && not %vptx %S/Inputs/bad-syntax.txt -o %t.keep 2>/dev/null; %filecheck --check-prefix=KEEP %s < %t.keep
// KEEP: keep
func.func @k(%x: memref<2xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  return
}
