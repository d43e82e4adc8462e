// RUN: not %vptx %s 2>&1 | %filecheck %s
module {
  memref.global "private @x : memref<4xf32>
}
// CHECK: 3:17: error: unterminated string
