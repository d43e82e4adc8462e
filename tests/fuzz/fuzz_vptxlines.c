/*
 * fuzz_vptxlines.c -- fuzz target: the `// vptx:` lines above a kernel's .entry
 * (runtime/ptxnotes.c), read by the runtime, `vptx run` and the helpers of vptx.h.
 *
 *   byte 0   which entry the lines stand above: its parameter list (own pointers,
 *            128-byte maps, .u32 grid parameters, comments that say ".param")
 *   byte 1   bit 0: also parse the whole input as PTX text by itself
 *   rest     text put above the entry line (the dictionary makes `// vptx:` lines)
 *
 * The oracle: ptx_notes_parse never crashes; an entry without an error has numbers in
 * the ranges the lines allow; the helpers of vptx.h agree with the notes; and when
 * vptx_module_get_function accepts the entry, vptx_launch_memrefs with a params array
 * of exactly the entry's own parameters (its real count less the hidden ones, allocated
 * to that size so that ASan sees a read past it) reads no more than that, whatever the
 * lines say.  A crash, a leak or undefined behaviour is a finding.
 */
#include "tests/fuzz/fuzz.h"

#include "runtime/launch.h"
#include "driver/vptx.h"
#include "driver/vptx_runtime.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const FuzzSeedDir fuzz_seed_dirs[] = {
    { "tests/fuzz/corpus/vptxlines", NULL },
    { NULL, NULL },
};

/* Parameter lists of the entry (and how many parameters each has). */
static const struct {
    const char *params;
    uint32_t n;
} entries[] = {
    { "", 0 },
    { ".param .u64 k_param_0", 1 },
    { ".param .u64 k_param_0, .param .align 64 .b8 k_param_1[128]", 2 },
    { ".param .u64 k_param_0, .param .u64 k_param_1, .param .align 64 .b8 k_param_2[128], "
      ".param .align 64 .b8 k_param_3[128]",
      4 },
    { ".param .u64 k_param_0, .param .align 64 .b8 k_param_1[128], .param .u32 k_param_2, "
      ".param .u32 k_param_3, .param .u32 k_param_4",
      5 },
    { ".param .u64 k_param_0 /* .param .param .param */, .param .align 64 .b8 k_param_1[128]", 2 },
    { ".param .u32 k_param_0, .param .u64 k_param_1, .param .align 64 .b8 k_param_2[128]", 3 },
};

static void
check_notes(const PtxNotes *notes)
{
    for (uint32_t i = 0; i < notes->n; i++) {
        const PtxEntryNotes *e = &notes->entries[i];
        if (i && strcmp(notes->entries[i - 1].name, e->name) > 0)
            fuzz_fail("entries not sorted: '%s' before '%s'", notes->entries[i - 1].name, e->name);
        if (e->nhidden > PTX_MAX_HIDDEN)
            fuzz_fail("%u hidden maps", e->nhidden);
        if (e->error)
            continue;
        if (e->block_threads > 1024 || e->dynamic_smem > 0x7fffffffu ||
            e->grid_param >= PTX_MAX_PARAMS)
            fuzz_fail("entry '%s': block %u, smem %u, grid %lld", e->name, e->block_threads,
                      e->dynamic_smem, (long long)e->grid_param);
        for (uint32_t h = 0; h < e->nhidden; h++) {
            const HiddenTmap *m = &e->hidden[h];
            if (m->box[0] < 1 || m->box[0] > 256 || m->box[1] < 1 || m->box[1] > 256 ||
                (m->swizzle != 0 && m->swizzle != 32 && m->swizzle != 64 && m->swizzle != 128) ||
                m->param >= PTX_MAX_PARAMS || m->arg >= PTX_MAX_PARAMS)
                fuzz_fail("entry '%s': map %u box %lldx%lld swizzle %u param %lld", e->name, h,
                          (long long)m->box[0], (long long)m->box[1], m->swizzle,
                          (long long)m->param);
        }
    }
}

/* Loads ptx on the simulator and launches entry k through vptx_launch_memrefs with a
   params array of exactly its own parameters. */
static void
launch_k(const char *ptx, uint32_t nparams, const PtxEntryNotes *e)
{
    VptxContext *ctx = NULL;
    if (vptx_context_create(VPTX_DEVICE_SIM, &ctx) != VPTX_OK) {
        vptx_context_destroy(ctx);
        return;
    }
    vptx_context_set_limits(ctx, 100000, 0);
    VptxModule *mod = NULL;
    VptxFunction *fn = NULL;
    if (vptx_module_load(ctx, ptx, &mod) != VPTX_OK ||
        vptx_module_get_function(ctx, mod, "k", &fn) != VPTX_OK) {
        if (!vptx_context_error(ctx)[0])
            fuzz_fail("a failed load or lookup without a message");
        vptx_context_destroy(ctx);
        return;
    }
    uint32_t hidden = e ? e->nhidden + (e->grid_param >= 0 ? 3 : 0) : 0;
    if (!e || e->error || hidden > nparams)
        fuzz_fail("vptx_module_get_function accepted %u hidden parameters of %u (%s)", hidden,
                  nparams, e && e->error ? e->error : "no notes");
    uint32_t own = nparams - hidden;
    VptxDevicePtr p = 0;
    vptx_mem_alloc(ctx, 64 * 64 * 4, &p);
    /* each own parameter may be a pointer or a 128-byte map: 128 bytes behind each */
    unsigned char(*values)[128] = calloc(own ? own : 1, 128);
    void **params = own ? malloc(own * sizeof *params) : NULL;
    for (uint32_t i = 0; i < own; i++) {
        memcpy(values[i], &p, sizeof p);
        params[i] = values[i];
    }
    VptxMemref mr[4];
    for (int i = 0; i < 4; i++)
        mr[i] = (VptxMemref){ .base = p, .elem = VPTX_ELEM_F16, .rank = 2, .sizes = { 64, 64 } };
    unsigned grid[3] = { 2, 1, 1 }, block[3] = { 32, 1, 1 };
    VptxStatus s = vptx_launch_memrefs(ctx, fn, grid, block, 0, params, mr, 4);
    if ((unsigned)s > VPTX_ERR_DEVICE || (s != VPTX_OK && !vptx_context_error(ctx)[0]))
        fuzz_fail("vptx_launch_memrefs: status %d, message '%s'", (int)s, vptx_context_error(ctx));
    free(params);
    free(values);
    vptx_context_destroy(ctx);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    unsigned which = data[0] % (sizeof entries / sizeof entries[0]);
    size_t n = size - 2;
    const char *text = (const char *)data + 2;
    size_t len = strnlen(text, n); /* the text ends at a NUL, as C strings do */
    static const char head[] = ".version 8.0\n.target sm_90a\n.address_size 64\n";
    size_t cap = sizeof head + len + strlen(entries[which].params) + 64;
    char *ptx = malloc(cap);
    if (!ptx)
        return 0;
    snprintf(ptx, cap, "%s%.*s\n.visible .entry k(%s)\n{\n  ret;\n}\n", head, (int)len, text,
             entries[which].params);

    PtxNotes notes;
    if (ptx_notes_parse(ptx, "fuzz.ptx", &notes)) {
        check_notes(&notes);
        const PtxEntryNotes *e = ptx_notes_find(&notes, "k");
        bool good = e && !e->error;
        if (vptx_dynamic_smem(ptx, "k") != (good ? e->dynamic_smem : 0) ||
            vptx_block_threads(ptx, "k") != (good ? e->block_threads : 0) ||
            vptx_hidden_grid(ptx, "k") != (good ? (int)e->grid_param : -1))
            fuzz_fail("the helpers of vptx.h disagree with the notes of 'k'");
        launch_k(ptx, entries[which].n, e);
        ptx_notes_free(&notes);
    }
    free(ptx);

    if (data[1] & 1) { /* the input alone, as any text */
        char *raw = malloc(n + 1);
        if (raw) {
            memcpy(raw, text, n);
            raw[n] = 0;
            if (ptx_notes_parse(raw, NULL, &notes)) {
                check_notes(&notes);
                ptx_notes_free(&notes);
            }
            vptx_dynamic_smem(raw, "k");
            vptx_hidden_grid(raw, "k");
            free(raw);
        }
    }
    return 0;
}
