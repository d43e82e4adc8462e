/*
 * cliargs.h -- command-line helpers shared by cli/main.c and the tools (check, run,
 * fuzz-diff): options with values, the simulator's limits as options, scalar argument
 * values, notes after a simulator fault (cliargs.c).  The compile options (VptxOptions)
 * have their own parser: cli_compile_option (options.h).
 */
#ifndef VPTX_DRIVER_CLIARGS_H
#define VPTX_DRIVER_CLIARGS_H

#include "runtime/launch.h"
#include "ir/ir.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Matches `--name=value` or `--name value` at argv[*i]; advances *i past a
 * separate value; sets *missing when the value is absent, or when the separate
 * value is an input file (cli_is_input_name) and the option takes none.  The
 * compile options (VptxOptions) have their own parser: cli_compile_option. */
bool cli_option(int argc, char **argv, int *i, const char *name, const char **value, bool *missing);

#define SIM_LIMITS_HELP                                                                            \
    "  --max-instructions=N  simulator: fault after N instructions per launch (each CTA\n"         \
    "                     started counts as 32; default 4294967296; 0: no limit)\n"                \
    "  --timeout=SECONDS  simulator: also fault after SECONDS of wall-clock time per\n"            \
    "                     launch (default: none; a verdict then depends on the machine)\n"
/* After a simulator fault whose message names `name`:LINE (the PTX of `input`),
 * prints the PTX line and the MLIR op it came from (ptxgen's comments) to out. */
void ptx_fault_notes(FILE *out, const char *who, const char *err, const char *name, const char *ptx,
                     const char *input);
/* For a simulator error that is the instruction or time limit: a note saying how to
 * raise it on the command line (the simulator's message names no option); else NULL. */
const char *cli_limit_hint(const char *err);
/* argv[*i] is --max-instructions or --timeout: true (l->bad and err on a bad value) */
bool cli_limit_option(int argc, char **argv, int *i, SimLimits *l, char *err, size_t n);
/* Parses a number for a scalar argument of type t into the bits the ABI passes
 * (f16/bf16 bits, f32/f64 bits, two's complement integers).  Integers are decimal or
 * 0x hexadecimal, with an optional '-' (never octal), and must fit the type: iN takes
 * -2^(N-1) to 2^N - 1, i1 takes 0, 1, true and false.  Floats are decimal (or inf,
 * nan), and a finite one that rounds to infinity in the type is refused.  False with a
 * message naming the type ("'300' does not fit in i8 (-128 to 255)"). */
bool cli_scalar_bits(TypeId t, const char *text, uint64_t *bits, char *why, size_t n);
/* The integer rules of cli_scalar_bits for a width of 1..64 bits: signed, unsigned
 * (no '-') or signless (either range); type names the type in the message. */
typedef enum { CLI_INT_SIGNLESS, CLI_INT_SIGNED, CLI_INT_UNSIGNED } CliIntSign;
bool cli_int_bits(const char *text, unsigned width, CliIntSign sign, const char *type,
                  uint64_t *bits, char *why, size_t n);
/* The float rules of cli_scalar_bits for float type t (its value, unrounded). */
bool cli_float_value(const char *text, TypeId t, double *value, char *why, size_t n);

#endif
