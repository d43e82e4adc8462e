// No C function of the repository has a body over 150 lines (docs/design.md, "Function
// length"; tests/funclen.sh says how a function is found).  tests/funclen-allow.txt lists
// the ones left to split: a new long function fails, and so does an entry that is no
// longer long.
// NO-ROUNDTRIP
// RUN: tests/funclen.sh
// The checker can fail: a 151-line body is reported, a 150-line one and a 200-line table
// are not, an allowed long function is not, and an allowed short one is.
// RUN: rm -rf %t && mkdir -p %t
// RUN: { printf 'static int\nlong_one(void)\n{\n'; for i in $(seq 151); do printf '    f();\n'; done; printf '}\n'; \
// RUN:   printf 'static int\njust_fits(int a,\n          int b)\n{\n'; for i in $(seq 150); do printf '    f();\n'; done; printf '}\n'; \
// RUN:   printf 'static const int table[] = {\n'; for i in $(seq 200); do printf '    %%d,\n' $i; done; printf '};\n'; \
// RUN:   printf 'int\nallowed_long(void)\n{\n'; for i in $(seq 160); do printf '    f();\n'; done; printf '}\n'; \
// RUN:   printf 'int\nallowed_short(void)\n{\n    f();\n}\n'; } > %t/probe.c
// RUN: printf '%%s\n' '%t/probe.c:allowed_long' '%t/probe.c:allowed_short' > %t/allow.txt
// RUN: not env ALLOW=%t/allow.txt tests/funclen.sh %t/probe.c > %t/out.txt
// RUN: %filecheck %s < %t/out.txt
// RUN: not env ALLOW=%t/allow.txt MAX=200 tests/funclen.sh %t/probe.c | %filecheck --check-prefix=MAX %s
// CHECK: probe.c:3: long_one: 151 lines (more than 150
// CHECK-NOT: probe.c:{{[0-9]+}}: just_fits
// CHECK-NOT: probe.c:{{[0-9]+}}: table
// CHECK-NOT: probe.c:{{[0-9]+}}: allowed_long
// CHECK: probe.c:allowed_short: allowed but no longer over 150 lines
// MAX: probe.c:allowed_long: allowed but no longer over 200 lines
// MAX: probe.c:allowed_short: allowed but no longer over 200 lines
