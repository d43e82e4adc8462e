// NO-ROUNDTRIP
// Usage errors exit 2, which `not` takes as an ordinary failure.
// RUN: %filecheck; test $? = 2
// RUN: %filecheck %s --no-such-option; test $? = 2
// RUN: %filecheck %s --check-prefix=1BAD < /dev/null; test $? = 2
// RUN: %filecheck %s --input-file=%t.missing; test $? = 2
// RUN: printf 'ok\n' > %t.in && %filecheck %s --check-prefix=FILE --input-file %t.in
// FILE: ok
