/*
 * fuzz.h -- what every tests/fuzz/fuzz_*.c target defines.
 *
 * A target is one libFuzzer entry point plus the list of its seed inputs.
 * The same file links either with libFuzzer (`make fuzz`, clang) or with
 * tests/fuzz/replay.c (`make test`, any C compiler), which feeds it every
 * seed and regression input once.
 */
#ifndef VPTX_TESTS_FUZZ_FUZZ_H
#define VPTX_TESTS_FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Runs one input.  Returns 0; a bug shows as a crash, a sanitizer report or
 * abort() (fuzz_fail), never as a return value. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The seed inputs: every file under `dir` (recursively, relative to the
 * repository root) whose name ends in `ext` (NULL: every file).  The list
 * ends with { NULL, NULL }. */
typedef struct FuzzSeedDir {
    const char *dir;
    const char *ext;
} FuzzSeedDir;
extern const FuzzSeedDir fuzz_seed_dirs[];

/* Reports a broken oracle (e.g. a round-trip that changed the text) and aborts. */
#define fuzz_fail(...)                                                                             \
    do {                                                                                           \
        fprintf(stderr, "%s:%d: fuzz oracle failed: ", __FILE__, __LINE__);                        \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
        abort();                                                                                   \
    } while (0)

#endif
