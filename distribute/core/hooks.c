/*
 * hooks.c -- the calls through the schedule interface (core.h): the dispatcher and
 * the lowerings reach a schedule's hooks here, never by the schedule's own names.
 *
 * The function's hooks (prepare, plan, check, and those of any op: branch, read, write,
 * store) run for every schedule of c->schedules, in list order; a read, write or store
 * is taken by the first that says *done.  The loop's hooks run for c->sched alone, the
 * schedule that owns the loop being rewritten (sched_of_loop, chosen once per loop).
 *
 * Requires:    distribute.c's Ctx, with c->schedules set for the module.
 * Ensures:     each hook runs where the interface says (core/core.h), once per call.
 * Invalidates: what the hooks invalidate.
 */
#include "distribute/core/core.h"

/* ---- the function's hooks: every schedule's ---- */

bool
sched_prepare(Ctx *c, OpId func)
{
    for (uint32_t i = 0; i < c->nschedules; i++)
        if (c->schedules[i]->prepare && !c->schedules[i]->prepare(c, func))
            return false;
    return true;
}

/* Plans every schedule, each with the shared memory the ones before it took. */
bool
sched_plan(Ctx *c, OpId func)
{
    int64_t smem = 0;
    for (uint32_t i = 0; i < c->nschedules && !c->failed; i++)
        if (c->schedules[i]->plan)
            smem = c->schedules[i]->plan(c, func, smem);
    return !c->failed;
}

bool
sched_check(Ctx *c, OpId func)
{
    for (uint32_t i = 0; i < c->nschedules; i++)
        if (c->schedules[i]->check && !c->schedules[i]->check(c, func))
            return false;
    return true;
}

bool
sched_branch(Ctx *c, OpId op)
{
    for (uint32_t i = 0; i < c->nschedules; i++)
        if (c->schedules[i]->branch && !c->schedules[i]->branch(c, op))
            return false;
    return true;
}

bool
sched_read(Ctx *c, OpId read, bool *done)
{
    *done = false;
    for (uint32_t i = 0; i < c->nschedules; i++)
        if (c->schedules[i]->read && (!c->schedules[i]->read(c, read, done) || *done))
            return !c->failed;
    return true;
}

bool
sched_write(Ctx *c, OpId write, bool *done)
{
    *done = false;
    for (uint32_t i = 0; i < c->nschedules; i++)
        if (c->schedules[i]->write && (!c->schedules[i]->write(c, write, done) || *done))
            return !c->failed;
    return true;
}

bool
sched_store(Ctx *c, const Transfer *t, Dist *v, bool *done)
{
    *done = false;
    for (uint32_t i = 0; i < c->nschedules; i++)
        if (c->schedules[i]->store && (!c->schedules[i]->store(c, t, v, done) || *done))
            return !c->failed;
    return true;
}

bool
sched_contract(Ctx *c, OpId contract, Dist **ops, ValueId qbuf, bool *done)
{
    *done = false;
    for (uint32_t i = 0; i < c->nschedules; i++)
        if (c->schedules[i]->contract &&
            (!c->schedules[i]->contract(c, contract, ops, qbuf, done) || *done))
            return !c->failed;
    return true;
}

/* ---- the loop's hooks: its schedule's ---- */

const Schedule *
sched_of_loop(Ctx *c, OpId loop)
{
    for (uint32_t i = 0; i < c->nschedules; i++)
        if (c->schedules[i]->owns && c->schedules[i]->owns(c, loop))
            return c->schedules[i];
    return NULL;
}

bool
sched_before(Ctx *c, OpId loop)
{
    return !c->sched || !c->sched->before || c->sched->before(c, loop);
}

bool
sched_enter(Ctx *c, OpId loop, ValueId *carried)
{
    return !c->sched || !c->sched->enter || c->sched->enter(c, loop, carried);
}

void
sched_leave(Ctx *c, OpId loop)
{
    if (c->sched && c->sched->leave)
        c->sched->leave(c, loop);
}

bool
sched_op(Ctx *c, OpId o)
{
    return c->sched && c->sched->op && c->sched->op(c, o);
}

bool
sched_feed(Ctx *c, OpId contract, WgmmaFeed *f)
{
    return c->sched && c->sched->feed && c->sched->feed(c, contract, f);
}

void
sched_issue(Ctx *c, OpId contract, const WgmmaFeed *f)
{
    if (c->sched && c->sched->issue)
        c->sched->issue(c, contract, f);
}

bool
sched_defer(Ctx *c, OpId contract, const WgmmaFeed *f)
{
    return c->sched && c->sched->defer && c->sched->defer(c, contract, f);
}

void
sched_issued(Ctx *c, OpId contract, const WgmmaFeed *f)
{
    if (c->sched && c->sched->issued)
        c->sched->issued(c, contract, f);
}

ValueId
sched_image(Ctx *c, OpId contract, TypeId t)
{
    return c->sched && c->sched->image ? c->sched->image(c, contract, t) : 0;
}

void
sched_spread(Ctx *c, const OpId *mmas, int64_t nmma, int64_t per_step)
{
    if (c->sched && c->sched->spread)
        c->sched->spread(c, mmas, nmma, per_step);
}
