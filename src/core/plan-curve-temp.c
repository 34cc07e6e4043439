/*
 * TEMP (branch kcmp only): a weak stand-in for plan_append_curve
 * (core/plan.h) so `check --curve` links before the plan branch, which owns
 * and implements it, is merged.  Its strong definition in plan.c replaces
 * this one at link time; the lead drops this file and its Makefile.am line
 * at the merge.  Data model: none of its own; it appends to a struct
 * dd_plan as plan.h describes (a CURVE_MAX copy of the shape, then one
 * CURVE_STEP per percentage, all in the plan's next group).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "core/plan.h"

/* Append a load curve (see plan.h); weak: plan.c's definition wins. */
__attribute__((weak)) int
plan_append_curve(struct dd_plan *p, const struct dd_point *shape, const unsigned *pcts,
		  size_t npcts, struct dd_error *err)
{
	struct dd_point pt = *shape;
	unsigned	g = 0;
	size_t		n0 = p->npoints;
	int		rc = 0;

	for (size_t i = 0; i < p->npoints; i++)
		g = p->points[i].group > g ? p->points[i].group : g;
	pt.group = g + 1;
	pt.kind = DD_KIND_CURVE_MAX;
	pt.rate_iops = pt.rate_pct = 0;
	pt.pass = pt.seq = 0;
	dd_point_autoname(&pt);
	rc = plan_append(p, &pt, err);
	for (size_t i = 0; rc == 0 && i < npcts; i++) {
		pt.kind = DD_KIND_CURVE_STEP;
		pt.rate_pct = pcts[i];
		pt.seq = (unsigned)i + 1;
		dd_point_autoname(&pt);
		rc = plan_append(p, &pt, err);
	}
	if (rc != 0)
		p->npoints = n0;
	return rc < 0 ? rc : 0;
}
