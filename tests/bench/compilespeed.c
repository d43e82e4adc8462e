/* compilespeed FILE ARCH RUNS: compiles FILE to PTX through the C API RUNS times in one
 * process and prints the best time of one compile in microseconds (no process start-up,
 * no file I/O), so that tests/bench/paths.sh can show it next to whole-process times. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "driver/vptx.h"

static double
now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int
main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: compilespeed FILE ARCH RUNS\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    VptxOptions opt;
    vptx_options_init(&opt);
    opt.arch = argv[2];
    int runs = atoi(argv[3]);
    double best = 1e30;
    for (int i = 0; i < runs; i++) {
        VptxResult *r = NULL;
        double t0 = now_us();
        int rc = vptx_compile(argv[1], text, len, &opt, &r);
        double t = now_us() - t0;
        if (rc != 0) {
            fputs(r ? vptx_result_diagnostics_text(r) : "out of memory\n", stderr);
            vptx_result_free(r);
            return 1;
        }
        vptx_result_free(r);
        if (t < best)
            best = t;
    }
    printf("%.0f\n", best);
    return 0;
}
