/* runstat RUNS CMD [ARG...]: runs CMD RUNS times (after one warm-up run) and prints
 * "median_wall_s min_wall_s max_wall_s median_peak_kb median_cpu_s": wall seconds of the
 * whole process, its peak resident memory (getrusage's ru_maxrss of the child) and its CPU
 * seconds (user + system: what a busy machine changes least).  CMD's output goes to
 * /dev/null; a run that fails makes runstat fail.  Used by tests/bench/scale.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

static double
now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One run: wall seconds in *wall, peak KB in *peak; returns the exit status. */
static int
run_once(char **argv, double *wall, double *peak, double *cpu)
{
    double t0 = now_s();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execvp(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0)
        return -1;
    *wall = now_s() - t0;
    *peak = (double)ru.ru_maxrss;
    *cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int
main(int argc, char **argv)
{
    if (argc < 3 || atoi(argv[1]) < 1) {
        fprintf(stderr, "usage: runstat RUNS CMD [ARG...]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    double *wall = calloc((size_t)n, sizeof *wall), *peak = calloc((size_t)n, sizeof *peak);
    double *cpu = calloc((size_t)n, sizeof *cpu);
    double w, p, u;
    if (!wall || !peak || !cpu || run_once(argv + 2, &w, &p, &u) != 0) {
        fprintf(stderr, "runstat: %s fails\n", argv[2]);
        return 1;
    }
    for (int i = 0; i < n; i++)
        if (run_once(argv + 2, &wall[i], &peak[i], &cpu[i]) != 0) {
            fprintf(stderr, "runstat: %s fails\n", argv[2]);
            return 1;
        }
    qsort(wall, (size_t)n, sizeof *wall, cmp_double);
    qsort(peak, (size_t)n, sizeof *peak, cmp_double);
    qsort(cpu, (size_t)n, sizeof *cpu, cmp_double);
    printf("%.4f %.4f %.4f %.0f %.4f\n", wall[n / 2], wall[0], wall[n - 1], peak[n / 2],
           cpu[n / 2]);
    free(wall);
    free(peak);
    free(cpu);
    return 0;
}
