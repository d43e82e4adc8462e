/*
 * fuzzdiff.h -- `vptx fuzz-diff`: random vector-level kernels (fuzz/) checked
 * like `vptx check --backend=sim` (eval vs compile + simulator), with a
 * minimiser for failures.
 */
#ifndef VPTX_TOOLS_FUZZDIFF_H
#define VPTX_TOOLS_FUZZDIFF_H

/* argv[0] is the subcommand ("fuzz-diff"); the rest are its options
 * (`vptx fuzz-diff --help`).  Returns the exit status: 0 when every kernel
 * passed or was rejected, 1 when one failed or was invalid, or for bad usage. */
int fuzz_diff_main(int argc, char **argv);

#endif
