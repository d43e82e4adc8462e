// NO-ROUNDTRIP
// [[NAME:regex]] captures, [[NAME]] must then match the same text, so that tests do not
// depend on register numbering; [[@LINE+n]] is a line of this file.
//
// RUN: echo -e 'ld.global.f32 %f7, [%rd2];\nadd.f32 %f8, %f7, %f7;' \
// RUN:   | %filecheck %s --check-prefix=OK
// OK: ld.global.f32 [[X:%f[0-9]+]], [[[P:%rd[0-9]+]]];
// OK: add.f32 {{%f[0-9]+}}, [[X]], [[X]];
//
// RUN: echo -e 'ld.global.f32 %f7, [%rd2];\nadd.f32 %f8, %f6, %f7;' \
// RUN:   | not %filecheck %s --check-prefix=MISMATCH 2>&1 \
// RUN:   | %filecheck %s --check-prefix=MISMATCH-ERR
// MISMATCH: ld.global.f32 [[X:%f[0-9]+]],
// MISMATCH: add.f32 {{%f[0-9]+}}, [[X]], [[X]];
// MISMATCH-ERR: vars.mlir:[[@LINE-1]]: error: {{MISMATCH}}: expected string not found in input
// MISMATCH-ERR: note: with "X" equal to "%f7"
//
// A variable used later on the line that defines it.
// RUN: echo -e 'mov %r1, %r1;\nmov %r2, %r3;' | %filecheck %s --check-prefix=SAMELINE
// SAMELINE: mov [[R:%r[0-9]+]], [[R]];
// RUN: echo 'mov %r2, %r3;' | not %filecheck %s --check-prefix=SAMELINE
//
// The value is matched literally, even when it holds regex characters.
// RUN: printf 'v = a.b*\nuse a.b*\nuse axbb\n' | %filecheck %s --check-prefix=LITERAL
// LITERAL: v = [[V:.*]]
// LITERAL: use [[V]]
// RUN: printf 'v = a.b*\nuse axbb\n' | not %filecheck %s --check-prefix=LITERAL
//
// RUN: printf 'x\n' | not %filecheck %s --check-prefix=UNDEF 2>&1 \
// RUN:   | %filecheck %s --check-prefix=UNDEF-ERR
// UNDEF: [[NOPE]]
// UNDEF-ERR: error: {{UNDEF}}: undefined variable: NOPE
//
// RUN: printf 'sm_90a\n' | %filecheck %s --check-prefix=DEFINE -DARCH=sm_90a
// DEFINE: [[ARCH]]
//
// RUN: printf 'line 38, after 39, before 37\n' | %filecheck %s --check-prefix=LINE
// LINE: line [[@LINE]], after [[@LINE+1]], before [[@LINE-1]]
