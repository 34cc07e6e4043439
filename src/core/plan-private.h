/*
 * Plans' private parts, shared by the files that build plans (core/plan.c:
 * the model, resolving, estimates and fio job files; core/plan-parse.c:
 * point specs and plan files; core/plan-builtin.c: the presets): the
 * limits more than one of them holds a plan to, and the model's helpers the
 * parser uses.  Nothing outside src/core/plan*.c includes it; plan.h is the
 * public header.
 */
#ifndef DD_PLAN_PRIVATE_H
#define DD_PLAN_PRIVATE_H

#include "plan.h"
#include "workload.h"

#define KIB		 1024u
#define MIB		 (1024u * 1024u)
#define CURVE_STEPS_MAX	 WORKLOAD_STEPS_MAX
#define CURVE_PCT_MAX	 200
#define CKPT_PASSES_DEFAULT 3u

#define NITEMS(a) (sizeof (a) / sizeof (a)[0])

/* The next group number of a plan: one past the highest in use. */
unsigned plan_next_group(const struct dd_plan *p);

#endif
