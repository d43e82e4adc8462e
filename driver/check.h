/* check.h -- `vptx check FILE.mlir`: run kernels on random inputs against a reference. */
#ifndef VPTX_DRIVER_CHECK_H
#define VPTX_DRIVER_CHECK_H

/* argv[0] is "check"; returns the exit status (0 pass, 1 fail, 77 backend missing). */
int check_main(int argc, char **argv);

#endif
