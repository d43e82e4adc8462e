#!/usr/bin/env bash
# not: run a command that is expected to fail, for RUN lines such as
#   // RUN: not %vptx %s 2>&1 | %filecheck %s
#
#   not CMD [ARGS...]          succeeds if CMD exits with 1..125 (an ordinary failure)
#   not --crash CMD [ARGS...]  succeeds only if CMD crashes
#
# A crash is a death by signal (exit >= 128, which covers aborts), a sanitizer report
# (tests/run.sh sets ASAN_OPTIONS/UBSAN_OPTIONS exitcode to $VPTX_SAN_EXITCODE, 86) or
# a timeout (124).  A crash is never the expected failure: under plain `not` it fails,
# so an ASan abort in an error path cannot pass for a diagnostic.  tests/run.sh puts
# this script on PATH as `not`, and opens fd 3 on the test's log so that the verdict
# reaches the report even when stderr goes down a pipe (`not %vptx %s 2>&1 | ...`).
crash=0
if [[ ${1-} == --crash ]]; then
    crash=1
    shift
fi
if (($# == 0)); then
    echo "usage: not [--crash] CMD [ARGS...]" >&2
    exit 2
fi

# say MESSAGE: to fd 3 when the runner opened it, else to stderr.
say() {
    if { true >&3; } 2>/dev/null; then
        echo "$1" >&3
    else
        echo "$1" >&2
    fi
}

"$@"
rc=$?

san=${VPTX_SAN_EXITCODE:-86}
if ((rc >= 128 || rc == san || rc == 124)); then
    ((crash)) && exit 0
    say "not: '$1' crashed (exit status $rc); an expected failure must not crash"
    exit 1
fi
if ((crash)); then
    say "not --crash: '$1' exited with status $rc instead of crashing"
    exit 1
fi
if ((rc == 126 || rc == 127)); then
    say "not: could not run '$1' (exit status $rc)"
    exit 1
fi
if ((rc == 0)); then
    say "not: '$1' succeeded but was expected to fail"
    exit 1
fi
exit 0
