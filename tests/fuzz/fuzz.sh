#!/usr/bin/env bash
# tests/fuzz/fuzz.sh: run the libFuzzer targets (behind `make fuzz`).
#
#   FUZZ_SECONDS=60 FUZZ_JOBS=2 FUZZ_RSS_MB=1024 FUZZ_BUILD=build/fuzz tests/fuzz/fuzz.sh [NAME...]
#
# For each target NAME (default: every tests/fuzz/fuzz_NAME.c), with the binaries
# $FUZZ_BUILD/fuzz_NAME (libFuzzer) and $FUZZ_BUILD/replay_NAME that `make fuzz` built:
#   - copies the target's seeds (replay_NAME --list) into $FUZZ_BUILD/seeds/NAME;
#   - runs fuzz_NAME for FUZZ_SECONDS with the scratch corpus $FUZZ_BUILD/corpus/NAME
#     (new inputs go there, never into the repository) and the seeds, the target's
#     dictionary (tests/fuzz/NAME.dict, or the one named in DICT below) and max_len;
#   - writes the log to $FUZZ_BUILD/NAME.log and crashes to $FUZZ_BUILD/artifacts/NAME/.
# FUZZ_JOBS targets run at once (default 2, the CPUs of this machine).  The summary
# prints each target's execution count (libFuzzer's `stat::number_of_executed_units`)
# and whether it found anything.  Extra libFuzzer flags: FUZZ_FLAGS='-runs=1000000'.
# Every target runs under a memory cap (-rss_limit_mb and -malloc_limit_mb, FUZZ_RSS_MB,
# default 1024) and a 20 s per-input timeout, so a blow-up in memory or time is a finding.
set -u -o pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2

SECONDS_EACH=${FUZZ_SECONDS:-60}
JOBS=${FUZZ_JOBS:-2}
OUT=${FUZZ_BUILD:-build/fuzz}
FLAGS=${FUZZ_FLAGS:-}
RSS_MB=${FUZZ_RSS_MB:-1024}

# per target: dictionary and the longest input
declare -A DICT=([frontend]=mlir [pipeline]=mlir [ptx]=ptx [npy]=npy [layout]=mlir [api]=mlir)
declare -A MAXLEN=([frontend]=8192 [pipeline]=8192 [ptx]=16384 [npy]=1024 [layout]=512
    [api]=8192 [shapes]=64 [output]=64 [runtime]=512 [vptxlines]=4096)

if (($# == 0)); then
    set -- $(for f in tests/fuzz/fuzz_*.c; do f=${f#tests/fuzz/fuzz_}; echo "${f%.c}"; done)
fi

run_one() {
    local name=$1 seeds=$OUT/seeds/$1 corpus=$OUT/corpus/$1 art=$OUT/artifacts/$1/ f
    local dict=tests/fuzz/${DICT[$name]:-$name}.dict args=()
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus" "$art"
    "$OUT/replay_$name" --list | while IFS= read -r f; do cp "$f" "$seeds/${f//\//_}"; done
    [[ -e $dict ]] && args+=("-dict=$dict")
    # shellcheck disable=SC2086
    "$OUT/fuzz_$name" -max_total_time="$SECONDS_EACH" -max_len="${MAXLEN[$name]:-4096}" \
        -timeout=20 -rss_limit_mb="$RSS_MB" -malloc_limit_mb="$RSS_MB" -print_final_stats=1 -artifact_prefix="$art" \
        "${args[@]}" $FLAGS "$corpus" "$seeds" >"$OUT/$name.log" 2>&1
    echo $? >"$OUT/$name.rc"
}

running=0
for name in "$@"; do
    echo "fuzz: $name for ${SECONDS_EACH}s (log: $OUT/$name.log)"
    run_one "$name" &
    if ((++running >= JOBS)); then
        wait -n
        ((running--))
    fi
done
wait

status=0
for name in "$@"; do
    rc=$(cat "$OUT/$name.rc" 2>/dev/null || echo '?')
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$OUT/$name.log" | grep -o '[0-9]*$')
    if [[ $rc == 0 ]]; then
        echo "fuzz: $name: ${execs:-?} executions, nothing found"
    else
        status=1
        echo "fuzz: $name: FOUND A BUG (exit status $rc) after ${execs:-?} executions;" \
            "inputs in $OUT/artifacts/$name/, report:"
        grep -m1 -A20 -E '^==[0-9]+==ERROR|runtime error|fuzz oracle failed|deadly signal|ERROR: libFuzzer' "$OUT/$name.log" | sed 's/^/  | /'
    fi
done
exit $status
