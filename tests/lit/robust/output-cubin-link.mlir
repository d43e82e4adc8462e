// --emit=cubin -o LINK: ptxas writes into vptx's temporary folder and the
// cubin is copied through the link, which stays a link.
// REQUIRES: ptxas
// RUN: rm -rf %t.l %t.real && ln -s %t.real %t.l && %vptx --emit=cubin %s -o %t.l && stat -c %%F %t.l %t.real | %filecheck %s
// CHECK: symbolic link
// CHECK-NEXT: regular file
// RUN: head -c 4 %t.real | od -An -c | %filecheck --check-prefix=ELF %s
// ELF: 177 E L F
// A $TMPDIR too long for vptx's path buffer is an error, not a cut-off folder name.
// RUN: TMPDIR=/tmp/$(printf 'x%%.0s' $(seq 4100)) not %vptx --emit=cubin %s -o %t.c 2>&1 | %filecheck --check-prefix=TMP %s
// TMP: vptx: error: $TMPDIR is too long (4105 bytes)
func.func @k(%x: memref<2xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  return
}
