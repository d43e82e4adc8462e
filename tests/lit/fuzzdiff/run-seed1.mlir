// A short differential fuzzing run with a fixed seed (tools/fuzzdiff.c): 100
// random vector-level kernels, each compiled for sm_80 and run on the simulator
// against eval; any mismatch, fault, crash or generator bug fails the test.
// The generator is deterministic per seed, and different seeds differ.
// RUN: %vptx fuzz-diff --seed=1 --count=100 | %filecheck %s
// RUN: %vptx fuzz-diff --seed=7 --count=30 --print > %t.a
// RUN: %vptx fuzz-diff --seed=7 --count=30 --print > %t.b
// RUN: cmp %t.a %t.b
// RUN: %vptx fuzz-diff --seed=8 --count=30 --print > %t.c
// RUN: not cmp -s %t.a %t.c
// CHECK-NOT: FAIL
// CHECK: fuzz-diff: 100 kernels, {{[0-9]+}} passed, {{[0-9]+}} rejected{{.*}}, 0 mismatches (seed 1)
