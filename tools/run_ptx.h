/*
 * run_ptx.h -- `vptx run`: execute a PTX kernel on the simulator (sim/)
 * with .npy arrays and literal scalars as arguments.
 */
#ifndef VPTX_TOOLS_RUN_PTX_H
#define VPTX_TOOLS_RUN_PTX_H

/* argv[0] is the subcommand ("run"); the rest are its arguments:
 *   KERNEL.ptx [--entry NAME] --grid X[,Y[,Z]] --block X[,Y[,Z]]
 *   [--shared BYTES] [--out DIR] [--stats] [--line-counts] ARG...
 * Returns the exit status: 0 on success, 1 with a located error on stderr. */
int run_ptx_main(int argc, char **argv);

#endif
