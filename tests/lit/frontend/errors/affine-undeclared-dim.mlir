// RUN: not %vptx %s 2>&1 | %filecheck %s
#map = affine_map<(d0) -> (d0 + d1)>
// CHECK: 2:33: error: use of undeclared identifier 'd1' in affine expression
