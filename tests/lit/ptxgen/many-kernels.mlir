// Kernel names are checked against the earlier ones through a hash set
// (ptxgen/ptxgen.c entry_name_add), which grows past 32 names: 100 kernels
// with distinct PTX names all compile, and a 101st whose PTX name is that of
// the 7th (@k.7 is .entry k_7) is an error wherever it lands in the set.
// RUN: for i in $(seq 1 100); do sed "s/@k/@k_$i/" %s; done > %t.mlir
// RUN: %vptx %t.mlir | grep -c '^.visible .entry k_' | %filecheck --check-prefix=COUNT %s
// COUNT: 100
// RUN: sed 's/@k/@k.7/' %s >> %t.mlir && not %vptx %t.mlir 2>&1 | %filecheck --check-prefix=DUP %s
// DUP: .mlir:{{[0-9]+}}:1: error: kernel '@k.7' has the PTX name 'k_7' of an earlier kernel
// DUP-NOT: error
func.func @k(%x: memref<2xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  return
}
