/*
 * The check pipeline (check.h): the plan of a check, the drive it is held
 * against and the judgement of what it measured, shared by `check`, the
 * rack (fleet.c) and the dashboard.
 *
 * Nothing here owns memory beyond a call: plans, sheets and reports are the
 * caller's (a sheet in the caller's arena), results are borrowed.  The
 * order of a judgement is fixed here, once: the figures (verdict_judge_run),
 * the load curve, the health row, then plausibility over all of them, then
 * the explainers of what stayed WARN or FAIL.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/check.h"
#include "core/session.h"
#include "lib/error.h"

/* The shape of a preset's load curve of profile. */
int
check_curve_shape(const char *profile, struct dd_point *shape)
{
	struct dd_preset_opts	     po = { .allow_write = true };
	size_t			     n;
	const struct dd_preset_info *ps = plan_presets(&n);
	int			     rc = -ENOENT;

	for (size_t i = 0; i < n && rc != 0; i++) {
		struct dd_plan	tmp;
		struct dd_error err = { 0 };

		plan_init(&tmp, "");
		if (plan_preset(ps[i].name, &po, &tmp, &err) == 0)
			for (size_t k = 0; k < tmp.npoints && rc != 0; k++)
				if (tmp.points[k].kind == DD_KIND_CURVE_MAX &&
				    strcasecmp(tmp.points[k].profile, profile) == 0) {
					if (shape != NULL)
						*shape = tmp.points[k];
					rc = 0;
				}
		plan_free(&tmp);
	}
	return rc;
}

/* Append the short load curve of p->curve to plan. */
static int
check_plan_curve(const struct check_params *p, struct dd_plan *plan, struct dd_error *err)
{
	static const unsigned pcts[] = { 25, 50, 75, 100 };
	double		      scale = p->time_scale > 0 ? p->time_scale : 1;
	struct dd_error	      e = { 0 };
	struct dd_point	      shape;

	if (check_curve_shape(p->curve, &shape) < 0)
		return dd_error_set(err, -ENOENT, "--curve: no preset has a load curve of the "
				    "profile '%s' (the VDBench presets name them, e.g. \"%s\")",
				    p->curve, CHECK_CURVE_DEFAULT);
	if (dd_pattern_writes(shape.pattern) && !p->allow_write)
		return dd_error_set(err, -EPERM, "--curve '%s' writes: it needs --allow-write",
				    shape.profile);
	shape.runtime_s = CHECK_CURVE_STEP_S * scale;
	shape.ramp_s = CHECK_CURVE_RAMP_S * scale;
	shape.bytes = 0;
	if (plan_append_curve(plan, &shape, pcts, sizeof pcts / sizeof pcts[0], &e) < 0)
		return dd_error_set(err, e.code ? e.code : -EINVAL, "--curve: %s", e.msg);
	return 0;
}

/* The spot preset, the fill pass and the load curve. */
int
check_plan_build(const struct check_params *p, struct dd_plan *plan, struct dd_error *err)
{
	struct dd_preset_opts po = { .time_scale = p->time_scale,
				     .allow_write = p->allow_write };
	int		      rc;

	if ((rc = plan_preset("spot", &po, plan, err)) < 0)
		return rc;
	if (p->precondition)
		plan->precondition_passes = 1;	/* the sweep's own fill pass */
	return p->curve != NULL ? check_plan_curve(p, plan, err) : 0;
}

/* The acceptance targets' points, resolved and checked against t. */
int
check_plan_add_targets(struct dd_plan *plan, const struct spec_figure *figs, size_t nfigs,
		       const struct check_params *p, const struct dd_target *t,
		       struct dd_error *err)
{
	int rc = verdict_append_targets(plan, figs, nfigs, p->allow_write, p->time_scale, err);
	int e;

	if (rc > 0 && ((e = plan_resolve(plan, t->size, t->is_scratch, err)) < 0 ||
		       (e = session_check_points(plan, t, err)) < 0))
		return e;
	return rc;
}

/* How long a plan takes, and what its fill writes. */
void
check_plan_estimate(const struct dd_plan *plan, uint64_t size, struct check_estimate *out)
{
	out->seconds = plan_estimate_seconds(plan);
	out->fill_bytes = plan->precondition_passes > 0 ? plan_precondition_bytes(plan, size) : 0;
}

/* The sheet and figures of a matched drive. */
bool
check_sheet(struct specdb *db, const struct match_result *m, struct arena *a,
	    struct spec_sheet *sheet, struct spec_figure *figs, size_t *nfigs)
{
	struct dd_error err = { 0 };

	*nfigs = 0;
	if (db == NULL || m->rule == MATCH_NONE ||
	    specdb_sheet(db, m->family->id, m->drive->id, a, sheet, &err) < 0)
		return false;
	*nfigs = verdict_figures(sheet, figs, VERDICT_MAX);
	return true;
}

/* Who is judged. */
void
check_subject(const struct match_result *m, const struct spec_sheet *sheet,
	      const struct spec_figure *figs, size_t nfigs, const char *model, bool typed,
	      struct verdict_subject *out)
{
	bool matched = m->rule != MATCH_NONE;

	*out = (struct verdict_subject){
		.drive_id = matched ? m->drive->id : NULL, .sheet = sheet, .figs = figs,
		.nfigs = nfigs, .model = model, .why = typed ? m->label : NULL,
		.nearest = m->nearest };
}

/* UNKNOWN before any I/O. */
bool
check_stop_unknown(const struct verdict_subject *s, const struct check_params *p,
		   struct verdict_report *out)
{
	if (s->drive_id != NULL || p->sweep_unknown)
		return false;
	verdict_unknown(out, p->tolerance, s->model, s->why, s->nearest);
	return true;
}

/* A local target's link and written share. */
void
check_evidence_local(const struct nvmeinfo_ctrl *c, const struct nvmeinfo_written *w,
		     const struct dd_plan *plan, struct check_evidence *out)
{
	memset(out, 0, sizeof *out);
	verdict_link_of(c, &out->link);
	out->written.share = NAN;
	/* A fill by the plan makes the share stale; the zero buffers still count. */
	if (w != NULL && plan->precondition_passes <= 0) {
		out->written.share = w->share;
		dd_strlcpy(out->written.source, w->source, sizeof out->written.source);
	}
}

/* The load curve of a joined sweep. */
bool
check_curve(const struct sweep *sw, struct workload_curve *out)
{
	size_t		      n = sw != NULL ? sweep_nresults(sw) : 0;
	struct dd_point	     *pts = malloc((n ? n : 1) * sizeof *pts);
	struct sweep_summary *sums = malloc((n ? n : 1) * sizeof *sums);
	unsigned	      g;
	bool		      ok = false;

	if (pts != NULL && sums != NULL) {
		for (size_t i = 0; i < n; i++) {
			pts[i] = sweep_result(sw, i)->point;
			sums[i] = *sweep_result_summary(sw, i);
		}
		ok = workload_groups(pts, n, DD_KIND_CURVE_MAX, &g, 1) > 0 &&
		     workload_curve_collect(pts, sums, n, g, out);
	}
	free(pts);
	free(sums);
	return ok;
}

/* Judge a run, in the one order. */
bool
check_judge(const struct check_judging *j, const struct dd_result *const *res, size_t n,
	    struct verdict_report *out)
{
	struct verdict_opts	     vo = { .tolerance = j->tolerance,
					    .writes_ran = j->writes_ran };
	const struct check_evidence *ev = j->evidence;

	if (!verdict_judge_run(j->subject, res, n, &vo, out))
		return false;
	if (j->curve != NULL)
		verdict_curve(out, j->curve, &vo);
	if (j->smart != NULL)
		verdict_health(out, j->smart);
	verdict_plausible(out, ev != NULL ? &ev->link : NULL, ev != NULL ? &ev->written : NULL,
			  res, n);
	if (j->nitems > 0)
		verdict_explain(out, j->items, j->nitems);
	return true;
}

/* One point against one acceptance target, held to plausibility. */
void
check_judge_point(const struct spec_figure *tg, const struct dd_result *r,
		  const struct check_evidence *ev, struct verdict *out)
{
	struct verdict_report rep;

	verdict_target(tg, &r, 1, true, out);
	if (out->status == VERDICT_NOT_COMPARABLE)
		return;
	/* A report of this one row: verdict_plausible works on reports. */
	rep.tolerance = tg->tolerance;
	rep.rows[0] = *out;
	rep.nrows = 1;
	rep.overall = out->status;
	rep.summary[0] = '\0';
	verdict_plausible(&rep, ev != NULL ? &ev->link : NULL, ev != NULL ? &ev->written : NULL,
			  &r, 1);
	*out = rep.rows[0];
}
