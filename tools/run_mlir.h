/* run_mlir.h -- `vptx run KERNEL.mlir ARG...`: compile, launch on .npy arrays, write back. */
#ifndef VPTX_TOOLS_RUN_MLIR_H
#define VPTX_TOOLS_RUN_MLIR_H

/* argv[0] is "run"; returns the exit status (77: --backend=cuda without a driver). */
int run_mlir_main(int argc, char **argv);

#endif
