/*
 * loop_options.c -- the options of an scf.for, each resolved here alone for every pass
 * that reads it: the loop's attribute wins over the lowering config, which wins over the
 * option (VptxOptions, the --flags), which wins over the default.
 *
 * Stages.  How many stages a software-pipelined loop gets, for every pass that plans
 * with it: layout/select.c (the shared memory of an attention
 * chain's ring), and distribute's schedules (the cp.async pipelines of stage.c, the TMA
 * rings of tma_ring.c and attn_ring.c, the split of a ring's loop).  In order:
 *
 *   1. the loop's `vptx.pipeline_stages`
 *   2. `pipeline_stages` in the lowering_config of the first vector.contract directly
 *      in the loop's body that has one
 *   3. the option (--pipeline-stages, VptxOptions.pipeline_stages; 0: none)
 *   4. none (n = 0): the schedule's own default (stage.c: the most of 4, 3, 2 whose
 *      buffers fit 48 KiB; a GEMM's TMA ring: 3; an attention key loop's ring: 2)
 *
 * A count from 1 or 2 must be an integer from 1 to LAYOUT_MAX_STAGES; the option is the
 * driver's to check, and one outside that range is refused here too (the C API).
 */
#include "layout/layout.h"
#include "ir/ir.h"

#include <string.h>

/* `pipeline_stages` of a lowering_config attribute, or NULL */
static const Attr *
config_stages(const Attr *lc)
{
    for (uint32_t k = 0; lc && lc->kind == ATTR_LOWERING_CONFIG && k < lc->n; k++)
        if (strcmp(lc->dict[k].name, "pipeline_stages") == 0)
            return lc->dict[k].value;
    return NULL;
}

const char *
layout_loop_stages(Module *m, OpId loop, int64_t option, LoopStages *out)
{
    static const char bad[] = "'pipeline_stages' must be an integer from 1 to 8";
    _Static_assert(LAYOUT_MAX_STAGES == 8, "the message names the maximum");
    out->n = 0;
    out->from = STAGES_DEFAULT;
    const Attr *a = op_attr(m, loop, "vptx.pipeline_stages");
    if (a)
        out->from = STAGES_ATTRIBUTE;
    BlockId body = op_entry_block(m, loop, 0);
    for (uint32_t i = 0; !a && body && i < block_get(m, body)->ops.n; i++) {
        OpId o = block_get(m, body)->ops.items[i];
        if (op_get(m, o)->kind == OP_CONTRACT &&
            (a = config_stages(op_attr(m, o, "lowering_config"))))
            out->from = STAGES_CONFIG;
    }
    if (a) {
        if (a->kind != ATTR_INT || a->i < 1 || a->i > LAYOUT_MAX_STAGES)
            return bad;
        out->n = a->i;
        return NULL;
    }
    if (option < 0 || option > LAYOUT_MAX_STAGES)
        return bad;
    if (option > 0) {
        out->n = option;
        out->from = STAGES_OPTION;
    }
    return NULL;
}

const char *
layout_stages_from_name(StagesFrom from)
{
    switch (from) {
    case STAGES_ATTRIBUTE:
        return "the loop's vptx.pipeline_stages";
    case STAGES_CONFIG:
        return "the contract's lowering_config";
    case STAGES_OPTION:
        return "--pipeline-stages";
    case STAGES_DEFAULT:
        break;
    }
    return "the default";
}

/*
 * A switch of the loop (vptx.ping_pong, vptx.warp_specialize, vptx.persistent,
 * vptx.overlap_softmax): the attribute when it has one (*asked), else the option.  False
 * when the attribute is there but not a boolean (the caller reports "'NAME' must be true
 * or false" at the loop).
 */
bool
layout_loop_flag(Module *m, OpId loop, const char *name, bool option, bool *on, bool *asked)
{
    const Attr *a = op_attr(m, loop, name);
    if (asked)
        *asked = a != NULL;
    *on = a && a->kind == ATTR_BOOL ? a->b : option;
    return !a || a->kind == ATTR_BOOL;
}
