// Target names are compared in one place, target/target.c (target_find): everything
// else asks the table of target/targets.def for what a target has.  No other C file
// compares an arch name it spells out.
// NO-ROUNDTRIP
// RUN: ! grep -rnE --include=*.c --include=*.h 'str(n)?cmp\([^;]*"sm_[0-9]' \
// RUN:   ir layout distribute ptxgen sim eval fuzz runtime driver tools cli
