// --emit=cubin -o LINK: ptxas writes into vptx's temporary folder and the
// cubin is copied through the link, which stays a link.
// REQUIRES: ptxas
// RUN: rm -rf %t.l %t.real && ln -s %t.real %t.l && %vptx --emit=cubin %s -o %t.l && stat -c %%F %t.l %t.real | %filecheck %s
// CHECK: symbolic link
// CHECK-NEXT: regular file
// RUN: head -c 4 %t.real | od -An -c | %filecheck --check-prefix=ELF %s
// ELF: 177 E L F
func.func @k(%x: memref<2xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  return
}
