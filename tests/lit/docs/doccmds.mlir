// tests/doccmds.sh, which runs the commands of README.md and docs/*.md in `make test`:
// a page whose commands work passes, and each kind of stale command fails.
// RUN: BIN=%vptx FILECHECK=%filecheck DOCTMP=%t tests/doccmds.sh %S/Inputs/good.md \
// RUN:   | %filecheck %s --check-prefix=GOOD
// GOOD:      PASS doc:tests/lit/docs/Inputs/good.md:4
// GOOD-NEXT: PASS doc:tests/lit/docs/Inputs/good.md:5
// GOOD-NEXT: PASS doc:tests/lit/docs/Inputs/good.md:8
// GOOD-NEXT: PASS doc:tests/lit/docs/Inputs/good.md:9
// GOOD-NEXT: PASS doc:tests/lit/docs/Inputs/good.md:12
// GOOD-NEXT: PASS doc:tests/lit/docs/Inputs/good.md:16
// GOOD-NEXT: PASS doc:tests/lit/docs/Inputs/good.md:18
// GOOD-NEXT: SKIP doc:tests/lit/docs/Inputs/good.md:23 (marked norun)
// GOOD-NEXT: SKIP doc:tests/lit/docs/Inputs/good.md:27 (requires gpu)
// GOOD-NEXT: PASS doc:tests/lit/docs/Inputs/good.md:35
// GOOD-NEXT: doccmds: 8 passed, 0 failed, 2 skipped
//
// RUN: not env BIN=%vptx FILECHECK=%filecheck DOCTMP=%t tests/doccmds.sh %S/Inputs/bad.md \
// RUN:   > %t.bad.log
// RUN: %filecheck %s --check-prefix=BAD --input-file=%t.bad.log
// BAD:      FAIL doc:tests/lit/docs/Inputs/bad.md:4
// BAD-NEXT:   vptx --no-such-option examples/reduce.mlir
// BAD:      (exit status 1)
// BAD-NEXT: SKIP doc:tests/lit/docs/Inputs/bad.md:5 (an earlier command of the block failed)
// BAD-NEXT: FAIL doc:tests/lit/docs/Inputs/bad.md:9
// BAD:      does not match the lines shown
// BAD:      PASS doc:tests/lit/docs/Inputs/bad.md:11
// BAD-NEXT: PASS doc:tests/lit/docs/Inputs/bad.md:16
// BAD-NEXT: doccmds: 2 passed, 2 failed, 1 skipped
