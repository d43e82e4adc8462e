// -o naming a character device writes to it in place; it stays a device (it was
// replaced by a regular file, which as root destroyed /dev/null).  The device
// here is a private node (major 1, minor 3: the null device) in the test's
// scratch folder; the test skips where mknod is not permitted.
// RUN: rm -f %t.dev && { mknod %t.dev c 1 3 2>/dev/null || exit 77; } && \
// RUN: %vptx %s -o %t.dev && stat -c %%F %t.dev | %filecheck %s
// CHECK: character special file
func.func @k(%x: memref<2xf32>) attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
  return
}
