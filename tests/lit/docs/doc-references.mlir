// Every path, file and vptx option that README.md and docs/*.md name exists
// (tests/docrefs.sh says what is checked): the docs cannot point at a file that moved,
// a page that is not in the repository, or an option that was renamed.
// RUN: BIN=%vptx tests/docrefs.sh
// The checker finds each kind of dangling reference (it can fail):
// RUN: rm -rf %t && mkdir -p %t && printf 'See ptx-sm80.md, `tests/lit/ir/print-ops.mlir`, `vptx check --tming=a100`, `--frobnicate`, `nofile.c`, [gone](gone.md).\n' > %t/probe.md
// RUN: not env BIN=%vptx tests/docrefs.sh %t/probe.md | %filecheck %s
// CHECK-DAG: probe.md: no such path: tests/lit/ir/print-ops.mlir
// CHECK-DAG: probe.md: no vptx option --tming (in `vptx check --tming=a100`)
// CHECK-DAG: probe.md: no vptx option --frobnicate
// CHECK-DAG: probe.md: no such file: nofile.c
// CHECK-DAG: probe.md: link to a missing file: gone.md
// CHECK-DAG: probe.md: no such page: ptx-sm80.md
