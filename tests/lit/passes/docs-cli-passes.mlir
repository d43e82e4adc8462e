// The commands shown in docs/cli-passes.md run, and print what the page says they
// print: the first line of each (the rest is abbreviated there, or holds timings).
// Each `$ vptx ...` line in a fenced block is run in a scratch folder that links the
// repository's examples/ and tests/, with the output's first line compared to the
// line after the command.
// RUN: ln -sfn "$PWD/examples" %T/examples && ln -sfn "$PWD/tests" %T/tests
// RUN: awk '/^```/ { fence = !fence; next } fence && /^\$ vptx / { cmd = substr($0, 3); getline want; print cmd; print want }' docs/cli-passes.md > %T/commands
// RUN: test $(wc -l < %T/commands) -ge 12
// RUN: cd %T && while IFS= read -r cmd && IFS= read -r want; do \
// RUN:     got=$(eval "%vptx${cmd#vptx}" 2>&1 | head -n 1); \
// RUN:     if [ "$got" != "$want" ]; then printf 'command: %%s\n   want: %%s\n    got: %%s\n' "$cmd" "$want" "$got"; exit 1; fi; \
// RUN: done < commands
