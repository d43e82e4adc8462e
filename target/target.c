/*
 * target.c -- the table of targets.def, and finding a target by its name.
 */
#include "target/target.h"

#include <stdio.h>
#include <string.h>

const Target target_table[TARGET_COUNT] = {
#define TARGET(id, nm, s, a, p, f, sb, ss, r, md, n)                                               \
    [TARGET_##id] = { .name = nm,                                                                  \
                      .sm = s,                                                                     \
                      .arch_a = a,                                                                 \
                      .ptx = p,                                                                    \
                      .features = f,                                                               \
                      .smem_block = sb,                                                            \
                      .smem_sm = ss,                                                               \
                      .regs_sm = r,                                                                \
                      .modeled = md,                                                               \
                      .sms = n },
#include "target/targets.def"
#undef TARGET
};

const Target *
target_find(const char *name)
{
    for (int i = 0; name && i < TARGET_COUNT; i++)
        if (strcmp(name, target_table[i].name) == 0)
            return &target_table[i];
    return NULL;
}

/* "sm_80, sm_86, ... or sm_100a" into buf (n bytes) */
void
target_names(char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < TARGET_COUNT && at < n; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s",
                               i == 0                  ? ""
                               : i + 1 == TARGET_COUNT ? " or "
                                                       : ", ",
                               target_table[i].name);
}

const Target *
target_first_with(unsigned f)
{
    for (int i = 0; i < TARGET_COUNT; i++)
        if (target_has(&target_table[i], f))
            return &target_table[i];
    return NULL;
}
