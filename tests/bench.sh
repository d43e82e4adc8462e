#!/usr/bin/env bash
# tests/bench.sh: `make bench`, compile-time and kernel-quality figures (not a test).
#
#   BIN=build/vptx tests/bench.sh [SECTION...]
#
# Each section is a script tests/bench/NAME.sh, run in name order (or only the NAMEs
# given) from the repository root with BIN exported; it prints plain-text lines of
# "name  value  unit".  The first lines name the machine and the device, so that figures
# from different machines are never compared.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
shopt -s nullglob

BIN=$(realpath -m -- "${BIN:-build/vptx}")
export BIN LC_ALL=C

sections=()
if (($#)); then
    for name in "$@"; do
        sections+=("tests/bench/$name.sh")
    done
else
    sections=(tests/bench/*.sh)
fi
if ((${#sections[@]} == 0)); then
    echo "bench: nothing yet"
    exit 0
fi

cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1)
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true)
echo "bench: $("$BIN" --version 2>/dev/null | head -n 1 || echo "$BIN")"
echo "bench: host ${cpu:-unknown cpu}, $(nproc) cpus"
echo "bench: device ${gpu:-none}"

status=0
for section in "${sections[@]}"; do
    name=$(basename "$section" .sh)
    if [[ ! -f $section ]]; then
        echo "bench: no section $name" >&2
        status=1
        continue
    fi
    echo "== $name"
    bash "$section" || {
        echo "bench: section $name failed" >&2
        status=1
    }
done
exit "$status"
