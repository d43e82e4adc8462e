// NO-ROUNDTRIP
// {{regex}} is a POSIX extended regex, grouped so that `|` stays inside it.
//
// RUN: echo 'mov.u32 %r5, %%tid.x;' | %filecheck %s --check-prefix=OK
// OK: mov.u32 %r{{[0-9]+}}, %tid.{{x|y|z}};
//
// RUN: echo 'mov.u32 %rx, %%tid.x;' | not %filecheck %s --check-prefix=OK
//
// RUN: printf 'axb\n' | not %filecheck %s --check-prefix=ALT
// ALT: a{{y|z}}b
//
// An interval inside the braces, and {{^}} / {{$}} anchors at the line's ends.
// RUN: printf 'v 42\n42\n' | %filecheck %s --check-prefix=ANCHOR
// ANCHOR: {{^}}{{[0-9]{2}}}{{$}}
// RUN: printf 'v 42\n' | not %filecheck %s --check-prefix=ANCHOR
// After a match in mid-line, {{^}} cannot match the rest of that line.
// RUN: printf 'ab\n' | not %filecheck %s --check-prefix=MIDLINE
// MIDLINE: a
// MIDLINE-SAME: {{^}}b
//
// Everything outside the braces is literal, "[[" included when it starts no variable.
// RUN: printf 'dense<[[1.0, 2.0]]> : vector<1x2xf32> (.*)\n' | %filecheck %s --check-prefix=LIT
// LIT: dense<[[1.0, 2.0]]> : vector<1x2xf32> (.*)
//
// A malformed regex is a malformed check file (exit 2).
// RUN: printf 'x\n' | %filecheck %s --check-prefix=BAD; test $? = 2
// BAD: {{[}}
// RUN: printf 'x\n' | %filecheck %s --check-prefix=OPEN; test $? = 2
// OPEN: {{x
