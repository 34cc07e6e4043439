/*
 * Verdicts of a spot check: each spec figure against the comparable point
 * of the sweep, the health row from the SMART delta, the overall verdict and
 * the sentence that says it.  See verdict.h for the rules.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/format.h"
#include "core/verdict.h"

/* Append to a row's reason. */
static void
verdict_say(struct verdict *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append to a row's reason. */
static void
verdict_say(struct verdict *v, const char *fmt, ...)
{
	size_t	o = strlen(v->reason);
	va_list ap;

	if (o + 1 >= sizeof v->reason)
		return;
	va_start(ap, fmt);
	vsnprintf(v->reason + o, sizeof v->reason - o, fmt, ap);
	va_end(ap);
}

/* Name of a verdict. */
const char *
verdict_status_name(enum verdict_status s)
{
	switch (s) {
	case VERDICT_NOT_COMPARABLE:
		return "NOT_COMPARABLE";
	case VERDICT_PASS:
		return "PASS";
	case VERDICT_WARN:
		return "WARN";
	case VERDICT_FAIL:
		return "FAIL";
	case VERDICT_UNKNOWN:
		return "UNKNOWN";
	case VERDICT_IMPLAUSIBLE:
		return "IMPLAUSIBLE";
	case VERDICT_ERROR:
		return "ERROR";
	}
	return "UNKNOWN";
}

/* Is a drive-specific preferred row of the same metric (and mix) in the sheet? */
static bool
verdict_superseded(const struct spec_sheet *sh, const struct spec_figure *g)
{
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *o = &sh->figures[i];

		if (o->preferred && o->drive_id != NULL && o->metric_id != NULL &&
		    strcmp(o->drive_id, sh->only_drive) == 0 &&
		    strcmp(o->metric_id, g->metric_id) == 0 && o->read_pct == g->read_pct)
			return true;
	}
	return false;
}

/* Is figure g's workload one of the acceptance targets in figs (same metric,
 * same read share of a mix)?  Then the target judges it, not g. */
static bool
verdict_has_target(const struct spec_figure *figs, size_t n, const struct spec_figure *g)
{
	for (size_t i = 0; i < n; i++)
		if (figs[i].is_target && figs[i].metric_id != NULL && g->metric_id != NULL &&
		    strcmp(figs[i].metric_id, g->metric_id) == 0 &&
		    (strcmp(g->metric_id, "rand_mixed") != 0 || figs[i].read_pct == g->read_pct))
			return true;
	return false;
}

/* Copy the acceptance targets of a sheet that apply to its capacity point
 * (family-wide, or the point's own; unnarrowed: family-wide only). */
static size_t
verdict_targets_of(const struct spec_sheet *sheet, struct spec_figure *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < sheet->ntargets && n < max; i++) {
		const struct spec_figure *g = &sheet->targets[i];

		if (!compare_metric_known(g->metric_id))
			continue;
		if (g->drive_id != NULL &&
		    (sheet->only_drive == NULL || strcmp(g->drive_id, sheet->only_drive) != 0))
			continue;
		out[n] = *g;
		out[n++].is_target = true;
	}
	return n;
}

/* The figures a check compares. */
size_t
verdict_figures(const struct spec_sheet *sheet, struct spec_figure *out, size_t max)
{
	size_t n = 0, ntargets;

	if (sheet == NULL)
		return 0;
	n = ntargets = verdict_targets_of(sheet, out, max);
	for (size_t i = 0; i < sheet->nfigures && n < max; i++) {
		const struct spec_figure *g = &sheet->figures[i];

		if (!g->preferred || !compare_metric_known(g->metric_id) ||
		    verdict_has_target(out, ntargets, g))
			continue;
		if (g->drive_id != NULL) {
			/* Another capacity point's row, or an unnarrowed sheet. */
			if (sheet->only_drive == NULL || strcmp(g->drive_id, sheet->only_drive) != 0)
				continue;
		} else if (sheet->only_drive != NULL && verdict_superseded(sheet, g)) {
			continue;
		}
		out[n++] = *g;
	}
	return n;
}

/* The workload in words: "128K sequential write", "4K random 70% read mix". */
static char *
verdict_workload(const struct compare_spec *cs, char *buf, size_t len)
{
	char bs[16];

	fmt_block_size((int)cs->bs, bs, sizeof bs);
	if (cs->pattern == DD_RANDRW)
		snprintf(buf, len, "%s random %d%% read mix", bs, cs->read_pct);
	else
		snprintf(buf, len, "%s %s %s", bs, dd_pattern_random(cs->pattern) ? "random" :
						   "sequential",
			 dd_pattern_writes(cs->pattern) ? "write" : "read");
	return buf;
}

/* "QD32 x4", or "QD32" when only the depth is stated, "x4" jobs alone. */
static char *
verdict_depth(int qd, int jobs, char *buf, size_t len)
{
	if (qd > 0 && jobs > 0)
		snprintf(buf, len, "QD%d x%d", qd, jobs);
	else if (qd > 0)
		snprintf(buf, len, "QD%d", qd);
	else
		snprintf(buf, len, "x%d", jobs);
	return buf;
}

/* Is item one of the ", "-separated entries of list? */
static bool
verdict_listed(const char *list, const char *item)
{
	size_t n = strlen(item);

	for (const char *s = list; *s != '\0';) {
		size_t len = strcspn(s, ",");

		if (len == n && strncmp(s, item, n) == 0)
			return true;
		s += len;
		while (*s == ',' || *s == ' ')
			s++;
	}
	return false;
}

/* List what the check ran of the row's pattern: block sizes (or read shares
 * of a mix), or with depths, the depths at the row's block size. */
static void
verdict_ran(const struct dd_result *const *res, size_t n, const struct compare_spec *cs,
	    bool depths, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && o + 1 < len; i++) {
		const struct dd_point *p;
		char		       item[32];

		if (!compare_result_finished(res[i]))
			continue;
		p = &res[i]->point;
		if (p->pattern != cs->pattern || (depths && p->bs != cs->bs))
			continue;
		if (depths)
			snprintf(item, sizeof item, "QD%u x%u", p->iodepth, p->numjobs);
		else if (cs->pattern == DD_RANDRW && p->bs == cs->bs)
			snprintf(item, sizeof item, "%u%% reads", p->read_pct);
		else
			fmt_block_size((int)p->bs, item, sizeof item);
		if (verdict_listed(buf, item))
			continue;
		o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "", item);
	}
}

/* A compare grade as a verdict. */
static enum verdict_status
verdict_from_grade(enum compare_grade g)
{
	return g == COMPARE_PASS ? VERDICT_PASS : g == COMPARE_WARN ? VERDICT_WARN : VERDICT_FAIL;
}

/* A row's verdict from its ratio. */
static void
verdict_judge(struct verdict *v, double t)
{
	v->status = verdict_from_grade(compare_grade(v->ratio, t, v->lower_is_better));
}

/* Which side of boundary b x is on: -1, 0 or 1. */
static int
verdict_side(double x, double b)
{
	return (x > b) - (x < b);
}

/* Decimals of a percentage the reason prints: none, unless rounding would
 * move it onto or across one of the tolerance boundaries (b1, b2 percent)
 * the verdict next to it was decided by. */
static int
verdict_pct_digits(double pct, double b1, double b2)
{
	double r = round(pct);

	return verdict_side(pct, b1) != verdict_side(r, b1) ||
	       verdict_side(pct, b2) != verdict_side(r, b2) ? 1 : 0;
}

/*
 * Say how a measurement compares with a reference: the one sentence of
 * every judged row, whatever front end shows it.  At or beyond the
 * reference: "meets its spec: 113.9% of 14,800 MB/s"; below it inside the
 * tolerance, the same and ", short by 5% (tolerance 10%)"; WARN and FAIL:
 * "misses its spec: 88.0% of 1,000 MB/s, short by 12% (tolerance 10%)"
 * ("over by" for latency).  what names the reference ("its spec", "it");
 * note follows the reference's figure (" (stated QD64 x1)").
 */
static void
verdict_say_against(struct verdict *v, const char *what, double ref, double ratio,
		    enum verdict_status st, double t, const char *note)
{
	char   num[32];
	double by = (v->lower_is_better ? ratio - 1 : 1 - ratio) * 100;

	verdict_say(v, "%s %s: %.1f%% of %s %s%s", st == VERDICT_PASS ? "meets" : "misses", what,
		    ratio * 100, fmt_number(ref, ref >= 1000 || ref == floor(ref) ? 0 : 1, num,
					    sizeof num), v->unit ? fmt_unit(v->unit, true) : "", note);
	if (by > 0 && round(by * 10) > 0)
		verdict_say(v, ", %s by %.*f%% (tolerance %g%%)",
			    v->lower_is_better ? "over" : "short",
			    verdict_pct_digits(by, t * 100, 2 * t * 100), by, t * 100);
}

/* Say why a row with a point is what it is: the point, the spec and its
 * rule, the review when it decided, the tolerance. */
static void
verdict_explain_row(struct verdict *v, const struct compare_spec *cs, const struct dd_point *p,
		    double t)
{
	char num[32], lat[16], rule[96], note[112], by[64];
	bool review = v->decided_by != NULL && strcmp(v->decided_by, "review") == 0;

	if (cs->q == COMPARE_LAT) {
		if (cs->pct >= 0)
			snprintf(lat, sizeof lat, "p%g", hist_default_pcts[cs->pct]);
		else
			snprintf(lat, sizeof lat, "mean");
		verdict_say(v, "%s %s latency %s %s", p->name, lat,
			    fmt_number(v->measured, 1, num, sizeof num), fmt_unit_us(true));
	} else {
		verdict_say(v, "%s%s reached %s %s", cs->rule == COMPARE_RATED_MAX ? "best point " : "",
			    p->name, fmt_number(v->measured, cs->q == COMPARE_MBPS ? 1 : 0, num,
						sizeof num), v->unit);
	}
	snprintf(note, sizeof note, " (%s)", compare_rule_label(cs, rule, sizeof rule));
	verdict_say(v, ", ");
	/* The spec's own grade: the review may have decided a better one. */
	verdict_say_against(v, "its spec", v->spec_value, v->ratio,
			    review ? verdict_from_grade(compare_grade(v->ratio, t,
								      v->lower_is_better))
				   : v->status, t, note);
	if (review) {
		snprintf(by, sizeof by, " (%s at QD%u x%u)",
			 v->review_label[0] ? v->review_label : "the review", v->review_qd,
			 v->review_jobs);
		verdict_say(v, "; decided by the review: ");
		verdict_say_against(v, "it", v->review_value, v->review_ratio, v->status, t, by);
		return;
	}
	if (!isnan(v->review_ratio))
		verdict_say(v, "; the review at QD%u x%u: %.1f%% of it", v->review_qd,
			    v->review_jobs, v->review_ratio * 100);
	if (cs->rule == COMPARE_QD1)
		verdict_say(v, "; QD1 assumed, the spec states no queue depth");
}

/* Name the review a row cites (its source id without a sheet). */
static void
verdict_set_review_source(struct verdict *v, const struct spec_measurement *x,
			  const struct verdict_opts *o)
{
	v->review_source = x->source_id;
	specdb_sheet_source_label(o->sheet, x->source_id, v->review_label, sizeof v->review_label);
}

/* Record the review of the row's drive at point i on the row. */
static void
verdict_set_review(struct verdict *v, const struct spec_measurement *x, double rv,
		   const struct dd_point *p, double measured, const struct verdict_opts *o)
{
	v->review_value = rv;
	v->review_qual = x->qual;
	v->review_ratio = compare_ratio(measured, rv);
	v->review_qd = p->iodepth;
	v->review_jobs = p->numjobs;
	verdict_set_review_source(v, x, o);
}

/*
 * The review decides a row the spec did not pass when the drive is as good
 * as the review at the same point.  Of the compared points that the review
 * also measured, the one where the review is best (for a rated maximum, the
 * reviewed drive's peak among the points the check ran: never a QD1 point
 * when a deeper one was reviewed) is held against the review; when that
 * grades better than the spec did, the review decides the row (that point,
 * its value).  Otherwise the review at the picked point, if any, is only
 * reported.
 */
static void
verdict_try_review(struct verdict *v, const struct compare_spec *cs,
		   const struct dd_result *const *res, size_t n, const struct verdict_opts *o)
{
	const struct spec_measurement *x, *best_x = NULL;
	size_t			       pick = SIZE_MAX;
	double			       best_rv = NAN, rv, m;
	enum verdict_status	       st;

	if (o->review == NULL || o->review_drive == NULL || (cs->q == COMPARE_LAT && cs->pct >= 0))
		return;
	if (v->result != SIZE_MAX) {
		x = compare_review_at(o->review, o->nreview, o->review_drive,
				      &res[v->result]->point, cs->q, &rv);
		if (x != NULL)
			verdict_set_review(v, x, rv, &res[v->result]->point, v->measured, o);
	}
	if (v->status == VERDICT_PASS)
		return;
	for (size_t i = 0; i < n; i++) {
		if (!compare_result_finished(res[i]) || !compare_spec_applies(cs, &res[i]->point))
			continue;
		x = compare_review_at(o->review, o->nreview, o->review_drive, &res[i]->point,
				      cs->q, &rv);
		if (x != NULL && compare_better(rv, best_rv, cs->lower_is_better)) {
			best_rv = rv;
			best_x = x;
			pick = i;
		}
	}
	if (pick == SIZE_MAX)
		return;
	m = compare_result_value(res[pick], cs->q, cs->pattern, cs->pct);
	st = verdict_from_grade(compare_grade(compare_ratio(m, best_rv), o->tolerance,
					      cs->lower_is_better));
	if (isnan(m) || st >= v->status)
		return;
	v->result = pick;
	dd_strlcpy(v->point, res[pick]->point.name, sizeof v->point);
	v->measured = m;
	v->ratio = compare_ratio(m, v->spec_value);
	verdict_set_review(v, best_x, best_rv, &res[pick]->point, m, o);
	v->status = st;
	v->decided_by = "review";
}

/* Say why a row found no point to compare with. */
static void
verdict_no_point(struct verdict *v, const struct compare_spec *cs,
		 const struct dd_result *const *res, size_t n, bool wrote, size_t pattern_hits,
		 size_t bs_hits)
{
	char what[64], ran[160], depth[32];

	verdict_workload(cs, what, sizeof what);
	if (pattern_hits == 0) {
		if (cs->writes && !wrote)
			verdict_say(v, "the check ran no writes (--allow-write adds them)");
		else if (cs->pattern == DD_RANDRW) {
			verdict_ran(res, n, cs, false, ran, sizeof ran);
			if (ran[0] != '\0')
				verdict_say(v, "the check ran no %s (it ran %s)", what, ran);
			else
				verdict_say(v, "the check runs no random mixed workload");
		} else
			verdict_say(v, "the check ran no %s point", what);
		return;
	}
	if (bs_hits == 0) {
		verdict_ran(res, n, cs, false, ran, sizeof ran);
		verdict_say(v, "the check ran no %s point (only %s)", what, ran);
		return;
	}
	verdict_ran(res, n, cs, true, ran, sizeof ran);
	if (cs->rule == COMPARE_STATED)
		verdict_say(v, "the spec is rated at %s; the check ran %s at %s",
			    verdict_depth(cs->qd, cs->jobs, depth, sizeof depth), what, ran);
	else
		verdict_say(v, "latency is quoted at QD1; the check ran %s at %s", what, ran);
}

/* Start a row for figure g: NOT_COMPARABLE until a point is found. */
static void
verdict_row_init(struct verdict *v, const struct spec_figure *g, const struct compare_spec *cs)
{
	memset(v, 0, sizeof *v);
	v->metric = g->metric_id;
	v->metric_name = g->metric_name ? g->metric_name : g->metric_id;
	v->spec = *g;
	v->status = VERDICT_NOT_COMPARABLE;
	v->result = SIZE_MAX;
	v->measured = v->ratio = v->review_value = v->review_ratio = NAN;
	v->lower_is_better = cs->lower_is_better;
	v->unit = compare_unit(cs->q);
	v->rule = cs->rule;
	v->conditions_known = cs->rule == COMPARE_STATED;
	v->spec_value = cs->value;
}

/* Build one row for a performance figure. */
static void
verdict_row(const struct spec_figure *g, const struct dd_result *const *res, size_t n,
	    const struct verdict_opts *o, struct verdict *v)
{
	struct compare_spec cs;
	size_t		    pattern_hits = 0, bs_hits = 0, pick;
	bool		    wrote = o->writes_ran;
	double		    best;

	compare_spec_init(g, &cs);
	verdict_row_init(v, g, &cs);
	if (cs.rule == COMPARE_NONE) {
		if (cs.pattern == DD_RANDRW && isfinite(cs.value))
			verdict_say(v, "%s", cs.why);
		else if (g->dimension == NULL ||
			 strcmp(g->dimension, compare_dimension(cs.q)) != 0)
			verdict_say(v, "the figure is in %s, which cannot be compared with %s",
				    g->unit_id ? g->unit_id : "no unit", v->unit);
		else if (g->conditions != NULL && strcmp(g->conditions, SPECDB_NO_CONDITIONS) == 0)
			verdict_say(v, "%s", cs.why);
		else
			verdict_say(v, "the spec figure is not a positive number");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (res[i] != NULL && dd_pattern_writes(res[i]->point.pattern))
			wrote = true;
		if (!compare_result_finished(res[i]) || res[i]->point.pattern != cs.pattern)
			continue;
		if (cs.pattern == DD_RANDRW && (int)res[i]->point.read_pct != cs.read_pct)
			continue;
		pattern_hits++;
		bs_hits += compare_spec_workload(&cs, &res[i]->point);
	}
	pick = compare_best(&cs, res, n, &best);
	if (pick == SIZE_MAX) {
		verdict_no_point(v, &cs, res, n, wrote, pattern_hits, bs_hits);
		return;
	}
	v->result = pick;
	dd_strlcpy(v->point, res[pick]->point.name, sizeof v->point);
	if (isnan(best)) {
		verdict_say(v, "%s measured nothing usable", v->point);
		return;
	}
	v->measured = best;
	v->ratio = compare_ratio(best, v->spec_value);
	verdict_judge(v, o->tolerance);
	v->decided_by = cs.rule == COMPARE_RATED_MAX ? "rated max" : "spec";
	verdict_try_review(v, &cs, res, n, o);
	verdict_explain_row(v, &cs, &res[v->result]->point, o->tolerance);
}

/* Tolerance of a target as a fraction (NAN or out of range: 0, a plain threshold). */
static double
verdict_target_tolerance(const struct spec_figure *tg)
{
	return tg->tolerance >= 0 && tg->tolerance <= VERDICT_TOLERANCE_MAX ? tg->tolerance : 0;
}

/* Did point p run the target's stated point (workload, depth, jobs, runtime)? */
bool
verdict_target_ran(const struct spec_figure *tg, const struct dd_point *p)
{
	struct compare_spec cs;

	if (compare_spec_init(tg, &cs) != COMPARE_STATED || !compare_spec_applies(&cs, p))
		return false;
	return p->bytes == 0 && tg->runtime_s > 0 && fabs(p->runtime_s - tg->runtime_s) < 1e-3;
}

/* A value of quantity q with its unit, short: "2.2M IOPS", "7,000 MB/s", "80 µs"
 * (UTF-8: the CLI writes us under LANG=C, the dashboard's ASCII mode too). */
static char *
verdict_fmt_value(double v, const char *unit, bool count, char *buf, size_t len)
{
	char num[32];

	if (count)
		fmt_count(v, num, sizeof num);
	else
		fmt_number(v, 1, num, sizeof num);
	snprintf(buf, len, "%s %s", num, unit ? fmt_unit(unit, true) : "");
	return buf;
}

/* What a target states: ">= 2.2M IOPS at 4K QD32x16, 60 s, tolerance 0%". */
char *
verdict_target_label(const struct spec_figure *tg, char *buf, size_t len)
{
	char		    v[48], bs[16], mix[24] = "", lat[24] = "";
	struct compare_spec cs;

	compare_spec_init(tg, &cs);
	verdict_fmt_value(tg->value, tg->unit_id, tg->unit_id != NULL &&
			  strcmp(tg->unit_id, "IOPS") == 0, v, sizeof v);
	fmt_block_size(tg->block_size, bs, sizeof bs);
	if (tg->read_pct >= 0 && tg->metric_id != NULL && strcmp(tg->metric_id, "rand_mixed") == 0)
		snprintf(mix, sizeof mix, " %d%% read", tg->read_pct);
	if (cs.q == COMPARE_LAT)
		snprintf(lat, sizeof lat, "%s ", cs.pct >= 0 && tg->conditions ? tg->conditions
							  : "mean");
	snprintf(buf, len, "%s%s %s at %s%s QD%dx%d, %d s, tolerance %g%%", lat,
		 tg->qual != NULL && strcmp(tg->qual, "le") == 0 ? "<=" : ">=", v, bs, mix,
		 tg->iodepth, tg->numjobs, tg->runtime_s, verdict_target_tolerance(tg) * 100);
	return buf;
}

/* Say why a target found no point: writes not allowed, its point failed or
 * was stopped, or the check did not run it. */
static void
verdict_target_missing(struct verdict *v, const struct compare_spec *cs,
		       const struct spec_figure *tg, const struct dd_result *const *res,
		       size_t n, bool wrote)
{
	if (cs->writes && !wrote) {
		verdict_say(v, "; the check ran no writes (--allow-write adds them)");
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (res[i] != NULL && !compare_result_finished(res[i]) &&
		    verdict_target_ran(tg, &res[i]->point)) {
			verdict_say(v, "; its point %s %s", res[i]->point.name,
				    res[i]->cancelled ? "was stopped" : "failed");
			return;
		}
	verdict_say(v, "; the check did not run its point");
}

/* One row for an acceptance target: only its stated point, its own tolerance. */
void
verdict_target(const struct spec_figure *tg, const struct dd_result *const *res, size_t n,
	       bool writes_ran, struct verdict *v)
{
	struct compare_spec cs;
	double		    t = verdict_target_tolerance(tg), best = NAN;
	char		    label[160], num[48];
	bool		    wrote = writes_ran;

	compare_spec_init(tg, &cs);
	verdict_row_init(v, tg, &cs);
	v->spec.is_target = true;
	v->decided_by = "target";
	verdict_say(v, "lab target %s", verdict_target_label(tg, label, sizeof label));
	if (cs.rule != COMPARE_STATED) {
		verdict_say(v, ": not comparable (%s)", cs.why ? cs.why : "no stated depth");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		double x;

		if (res[i] != NULL && dd_pattern_writes(res[i]->point.pattern))
			wrote = true;
		if (!compare_result_finished(res[i]) || !verdict_target_ran(tg, &res[i]->point))
			continue;
		x = compare_result_value(res[i], cs.q, cs.pattern, cs.pct);
		if (v->result == SIZE_MAX || compare_better(x, best, cs.lower_is_better)) {
			v->result = i;
			best = x;
		}
	}
	if (v->result == SIZE_MAX || isnan(best)) {
		if (v->result != SIZE_MAX)
			verdict_say(v, "; %s measured nothing usable", res[v->result]->point.name);
		else
			verdict_target_missing(v, &cs, tg, res, n, wrote);
		return;
	}
	dd_strlcpy(v->point, res[v->result]->point.name, sizeof v->point);
	v->measured = best;
	v->ratio = compare_ratio(best, v->spec_value);
	verdict_judge(v, t);
	verdict_say(v, ": %s, %s", verdict_fmt_value(best, v->unit, cs.q == COMPARE_IOPS, num,
						     sizeof num),
		    verdict_status_name(v->status));
}

/* The point a target states (pattern from its metric, its block size, depth,
 * jobs, read share and runtime; ramp_s as given); false when it states none. */
static bool
verdict_target_point(const struct spec_figure *tg, double ramp_s, struct dd_point *pt)
{
	struct compare_spec cs;
	size_t		    o;

	if (compare_spec_init(tg, &cs) != COMPARE_STATED || cs.qd <= 0 || cs.jobs <= 0 ||
	    tg->runtime_s <= 0)
		return false;
	plan_point_defaults(pt);
	pt->pattern = cs.pattern;
	pt->bs = cs.bs;
	pt->iodepth = (unsigned)cs.qd;
	pt->numjobs = (unsigned)cs.jobs;
	if (cs.read_pct >= 0)
		pt->read_pct = (unsigned)cs.read_pct;
	pt->runtime_s = tg->runtime_s;
	pt->ramp_s = ramp_s;
	dd_point_autoname(pt);
	o = strlen(pt->name);
	snprintf(pt->name + o, sizeof pt->name - o, " %ds target", tg->runtime_s);
	return true;
}

/* Append the points the acceptance targets in figs state to a plan. */
int
verdict_append_targets(struct dd_plan *plan, const struct spec_figure *figs, size_t n,
		       bool allow_write, double time_scale, struct dd_error *err)
{
	struct dd_point pt;
	double		scale = time_scale > 0 ? time_scale : 1;
	int		added = 0, rc;

	for (size_t i = 0; i < n; i++) {
		bool dup = false;

		if (!figs[i].is_target)
			continue;
		plan_point_defaults(&pt);
		if (!verdict_target_point(&figs[i], pt.ramp_s * scale, &pt) ||
		    (dd_pattern_writes(pt.pattern) && !allow_write))
			continue;
		for (size_t k = 0; k < plan->npoints && !dup; k++)
			dup = verdict_target_ran(&figs[i], &plan->points[k]);
		if (dup)
			continue;
		if ((rc = plan_append(plan, &pt, err)) < 0)
			return rc;
		added++;
	}
	return added;
}

/* The worst row. */
enum verdict_status
verdict_overall(const struct verdict *rows, size_t n)
{
	enum verdict_status worst = VERDICT_NOT_COMPARABLE;

	for (size_t i = 0; i < n; i++)
		if (rows[i].status != VERDICT_UNKNOWN && rows[i].status != VERDICT_ERROR &&
		    rows[i].status > worst)
			worst = rows[i].status;
	/* Rows that could not be judged leave nothing to judge overall. */
	return worst == VERDICT_IMPLAUSIBLE ? VERDICT_NOT_COMPARABLE : worst;
}

/* Does a row belong in a list of status s (capped: -1 either, 0 not, 1 only)? */
static bool
verdict_in(const struct verdict *v, enum verdict_status s, int capped)
{
	return v->status == s && strcmp(v->metric, "health") != 0 &&
	       (capped < 0 || (int)v->capped == capped);
}

/* Write the spec metrics of the rows verdict_in picks to buf as "a, b and c";
 * returns how many. */
static size_t
verdict_list(const struct verdict_report *r, enum verdict_status s, int capped, char *buf,
	     size_t len)
{
	size_t count = 0, total = 0, o = 0;

	for (size_t i = 0; i < r->nrows; i++)
		total += verdict_in(&r->rows[i], s, capped);
	buf[0] = '\0';
	for (size_t i = 0; i < r->nrows && o + 1 < len; i++) {
		if (!verdict_in(&r->rows[i], s, capped))
			continue;
		count++;
		o += (size_t)snprintf(buf + o, len - o, "%s%s%s",
				      count == 1 ? "" : count == total ? " and " : ", ",
				      r->rows[i].metric,
				      r->rows[i].spec.is_target ? " (lab target)" : "");
	}
	return count;
}

/* Append one clause to the summary, "; "-separated. */
static void
verdict_clause(struct verdict_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Append one clause to the summary, "; "-separated. */
static void
verdict_clause(struct verdict_report *r, const char *fmt, ...)
{
	size_t	o = strlen(r->summary);
	va_list ap;

	if (o + 3 >= sizeof r->summary)
		return;
	if (o > 0) {
		memcpy(r->summary + o, "; ", 3);
		o += 2;
	}
	va_start(ap, fmt);
	vsnprintf(r->summary + o, sizeof r->summary - o, fmt, ap);
	va_end(ap);
}

/*
 * Recompute the overall verdict and the summary sentence: where the drive
 * meets its spec and where not, then what could not be compared, then the
 * health row.
 */
static void
verdict_summarize(struct verdict_report *r)
{
	char list[256];
	bool compared;

	r->overall = verdict_overall(r->rows, r->nrows);
	r->summary[0] = '\0';
	if (verdict_list(r, VERDICT_PASS, -1, list, sizeof list) > 0)
		verdict_clause(r, "meets its spec on %s", list);
	if (verdict_list(r, VERDICT_WARN, -1, list, sizeof list) > 0)
		verdict_clause(r, "is outside the %.0f%% tolerance but within %.0f%% on %s (WARN)",
			       r->tolerance * 100, r->tolerance * 200, list);
	if (verdict_list(r, VERDICT_FAIL, -1, list, sizeof list) > 0)
		verdict_clause(r, "does not meet it on %s (FAIL)", list);
	compared = r->summary[0] != '\0';
	if (!compared)
		verdict_clause(r, "nothing could be compared with the spec");
	if (verdict_list(r, VERDICT_NOT_COMPARABLE, -1, list, sizeof list) > 0)
		verdict_clause(r, "not comparable: %s", list);
	if (verdict_list(r, VERDICT_IMPLAUSIBLE, -1, list, sizeof list) > 0)
		verdict_clause(r, "not judged (implausible, see the rows): %s", list);
	for (size_t i = 0; i < r->nrows; i++) {
		const struct verdict *v = &r->rows[i];

		if (strcmp(v->metric, "health") != 0)
			continue;
		if (v->status == VERDICT_PASS)
			verdict_clause(r, "SMART health unchanged");
		else
			verdict_clause(r, "SMART health: %s (%s)", v->reason,
				       verdict_status_name(v->status));
	}
}

/* Compare figures with results. */
void
verdict_evaluate(const struct spec_figure *figures, size_t nfigures,
		 const struct dd_result *const *results, size_t nresults,
		 const struct verdict_opts *opts, struct verdict_report *out)
{
	struct verdict_opts o = { .tolerance = VERDICT_DEFAULT_TOLERANCE, .writes_ran = false };

	if (opts != NULL)
		o = *opts;
	if (!(o.tolerance >= 0 && o.tolerance <= VERDICT_TOLERANCE_MAX))
		o.tolerance = VERDICT_DEFAULT_TOLERANCE;
	memset(out, 0, sizeof *out);
	out->tolerance = o.tolerance;
	for (size_t i = 0; i < nfigures && out->nrows < VERDICT_MAX; i++) {
		if (!compare_metric_known(figures[i].metric_id) || !figures[i].preferred)
			continue;
		struct verdict *row = &out->rows[out->nrows];

		if (figures[i].is_target)
			verdict_target(&figures[i], results, nresults, o.writes_ran, row);
		else if (!verdict_has_target(figures, nfigures, &figures[i]))
			verdict_row(&figures[i], results, nresults, &o, row);
		else
			continue;
		specdb_sheet_source_label(o.sheet, figures[i].source_id, row->spec_label,
					  sizeof row->spec_label);
		out->nrows++;
	}
	verdict_summarize(out);
}

/* The report of a drive not in the database. */
void
verdict_unknown(struct verdict_report *out, double tolerance, const char *model,
		const char *why, const struct spec_family *nearest)
{
	size_t o;

	memset(out, 0, sizeof *out);
	out->tolerance = tolerance;
	out->overall = VERDICT_UNKNOWN;
	if (why != NULL && why[0] != '\0')
		o = (size_t)snprintf(out->summary, sizeof out->summary,
				     "%s, so there is no spec to check against", why);
	else if (model == NULL || model[0] == '\0')
		o = (size_t)snprintf(out->summary, sizeof out->summary,
				     "the device reports no model string to look up "
				     "(--model names one), so there is no spec to check against");
	else
		o = (size_t)snprintf(out->summary, sizeof out->summary,
				     "'%s' is not in the specs database, so there is no spec "
				     "to check against", model);
	if (nearest != NULL && o < sizeof out->summary)
		snprintf(out->summary + o, sizeof out->summary - o,
			 " (nearest family: %s %s)", nearest->vendor ? nearest->vendor : "",
			 nearest->name ? nearest->name : nearest->id);
}

/* Judge a run: unknown drive, or the figures against spec and review. */
bool
verdict_judge_run(const struct verdict_subject *s, const struct dd_result *const *results,
		  size_t n, struct verdict_opts *vo, struct verdict_report *out)
{
	if (s->drive_id == NULL) {
		verdict_unknown(out, vo->tolerance, s->model, s->why, s->nearest);
		return false;
	}
	if (s->sheet != NULL) {
		vo->review = s->sheet->measurements;
		vo->nreview = s->sheet->nmeasurements;
		vo->review_drive = s->drive_id;
		vo->sheet = s->sheet;
	}
	verdict_evaluate(s->figs, s->nfigs, results, n, vo, out);
	return true;
}

/* after - before of a counter, as a signed count. */
static int64_t
verdict_diff(uint64_t before, uint64_t after)
{
	return after >= before ? (int64_t)(after - before > INT64_MAX ? INT64_MAX : after - before)
			       : -(int64_t)(before - after > INT64_MAX ? INT64_MAX : before - after);
}

/* The difference between two SMART logs. */
void
verdict_smart_delta(const struct nvmeinfo_smart *before, const struct nvmeinfo_smart *after,
		    struct verdict_smart_delta *out)
{
	memset(out, 0, sizeof *out);
	out->temp_before_c = out->temp_after_c = out->temp_max_c = NVMEINFO_TEMP_NONE;
	if (before == NULL || after == NULL || !before->valid || !after->valid)
		return;
	out->valid = true;
	out->temp_before_c = before->temperature_c;
	out->temp_after_c = after->temperature_c;
	out->temp_max_c = before->temperature_c > after->temperature_c ? before->temperature_c
								       : after->temperature_c;
	out->critical_after = after->critical_warning;
	out->new_critical_bits = after->critical_warning & ~before->critical_warning;
	out->media_errors = verdict_diff(before->media_errors, after->media_errors);
	out->error_log_entries = verdict_diff(before->error_log_entries, after->error_log_entries);
	out->thermal_t1_transitions = verdict_diff(before->thermal_t1_transitions,
						   after->thermal_t1_transitions);
	out->thermal_t2_transitions = verdict_diff(before->thermal_t2_transitions,
						   after->thermal_t2_transitions);
	out->warning_temp_minutes = verdict_diff(before->warning_temp_minutes,
						 after->warning_temp_minutes);
	out->critical_temp_minutes = verdict_diff(before->critical_temp_minutes,
						  after->critical_temp_minutes);
	out->data_units_read = verdict_diff(before->data_units_read, after->data_units_read);
	out->data_units_written = verdict_diff(before->data_units_written,
					       after->data_units_written);
	out->percentage_used = after->percentage_used - before->percentage_used;
}

/* Append the health row. */
void
verdict_health(struct verdict_report *r, const struct verdict_smart_delta *d)
{
	struct verdict *v;

	if (d == NULL || !d->valid || r->nrows >= VERDICT_MAX || r->overall == VERDICT_UNKNOWN)
		return;
	v = &r->rows[r->nrows++];
	memset(v, 0, sizeof *v);
	v->metric = "health";
	v->metric_name = "SMART health during the check";
	v->spec_value = v->measured = v->ratio = NAN;
	v->result = SIZE_MAX;
	v->conditions_known = true;
	if (d->media_errors > 0 || d->new_critical_bits != 0) {
		v->status = VERDICT_FAIL;
		if (d->media_errors > 0)
			verdict_say(v, "media errors rose by %lld", (long long)d->media_errors);
		for (int b = 0; b < 8; b++) {
			const char *name = nvmeinfo_cw_name(1 << b);

			if (d->new_critical_bits & (1 << b))
				verdict_say(v, "%scritical warning '%s' appeared",
					    v->reason[0] ? "; " : "", name ? name : "reserved");
		}
		verdict_say(v, " during the check");
	} else if (d->thermal_t1_transitions > 0 || d->thermal_t2_transitions > 0 ||
		   d->warning_temp_minutes > 0 || d->critical_temp_minutes > 0) {
		v->status = VERDICT_WARN;
		verdict_say(v, "the drive throttled during the check (thermal transitions "
			       "T1 +%lld, T2 +%lld; minutes over warning +%lld, critical +%lld): "
			       "check the airflow",
			    (long long)d->thermal_t1_transitions, (long long)d->thermal_t2_transitions,
			    (long long)d->warning_temp_minutes, (long long)d->critical_temp_minutes);
	} else {
		v->status = VERDICT_PASS;
		verdict_say(v, "no media errors, no new critical warning, no throttling");
	}
	verdict_summarize(r);
}

/* One row of a load curve: quantity q of the peak against the review. */
static void
verdict_curve_row(struct verdict *v, const struct workload_curve *cv, enum compare_quantity q,
		  const struct verdict_opts *o)
{
	const struct spec_measurement *x = NULL;
	double			       rv = NAN, achieved;
	char			       num[32], note[160];

	memset(v, 0, sizeof *v);
	v->metric = q == COMPARE_LAT ? "curve_lat" : "curve_iops";
	v->metric_name = q == COMPARE_LAT ? "mean latency at the load curve's peak"
					  : "load curve peak IOPS";
	v->unit = compare_unit(q);
	v->lower_is_better = compare_lower_is_better(q);
	v->rule = COMPARE_NONE;
	v->status = VERDICT_NOT_COMPARABLE;
	v->spec_value = v->ratio = v->review_value = v->review_ratio = NAN;
	v->spec.value = v->spec.value_hi = NAN;	/* no spec figure: the review decides */
	v->measured = q == COMPARE_LAT ? cv->peak_mean_us : cv->peak_iops;
	v->result = cv->peak == SIZE_MAX ? cv->max.index : cv->steps[cv->peak].index;
	snprintf(v->point, sizeof v->point, "%s", cv->shape.name);
	if (isnan(v->measured)) {
		v->result = SIZE_MAX;
		verdict_say(v, "the curve '%s' has no finished point", cv->profile);
		return;
	}
	verdict_say(v, "%s peak %s %s at QD%u x%u", cv->profile,
		    fmt_number(v->measured, q == COMPARE_LAT ? 1 : 0, num, sizeof num), v->unit,
		    cv->shape.iodepth, cv->shape.numjobs);
	if (o->review != NULL)
		x = compare_review_profile(o->review, o->nreview, o->review_drive, cv->profile, q,
					   &rv);
	if (x == NULL)
		verdict_say(v, ": no published curve for this drive (VDBench '%s')", cv->profile);
	/* The steps' pace was the target's, not the drive's: nothing to judge. */
	achieved = workload_curve_achieved(cv) * 100;
	if (achieved < VERDICT_CURVE_ACHIEVED * 100)
		verdict_say(v, "%snot judged: the steps reached %.*f%% of their target rates "
			       "(judged from %.0f%%)", x == NULL ? "; " : ": ",
			    verdict_pct_digits(achieved, VERDICT_CURVE_ACHIEVED * 100, 0), achieved,
			    VERDICT_CURVE_ACHIEVED * 100);
	if (x == NULL || achieved < VERDICT_CURVE_ACHIEVED * 100)
		return;
	v->review_value = v->spec_value = rv;
	v->review_qual = x->qual;
	v->review_ratio = v->ratio = compare_ratio(v->measured, rv);
	v->review_jobs = x->threads > 0 ? (unsigned)x->threads : 0;
	verdict_set_review_source(v, x, o);
	v->decided_by = "review";
	verdict_judge(v, o->tolerance);
	snprintf(note, sizeof note, " (%s, %d threads)",
		 v->review_label[0] ? v->review_label : "?", x->threads);
	verdict_say(v, ", ");
	verdict_say_against(v, "the review's VDBench curve", rv, v->ratio, v->status,
			    o->tolerance, note);
}

/* Append a load curve's rows. */
void
verdict_curve(struct verdict_report *r, const struct workload_curve *cv,
	      const struct verdict_opts *o)
{
	struct verdict_opts def = { .tolerance = r->tolerance };

	if (o == NULL)
		o = &def;
	if (r->overall == VERDICT_UNKNOWN)
		return;
	for (int k = 0; k < 2 && r->nrows < VERDICT_MAX; k++)
		verdict_curve_row(&r->rows[r->nrows++], cv, k ? COMPARE_LAT : COMPARE_IOPS, o);
	verdict_summarize(r);
}

/* May an explainer of this kind explain a row? */
static bool
verdict_relevant(const char *kind, const struct verdict *v)
{
	bool health = strcmp(v->metric, "health") == 0;
	bool perf = !health && v->unit != NULL && strcmp(v->unit, "us") != 0;
	bool small = !health && (strncmp(v->metric, "rand_", 5) == 0 ||
				 strncmp(v->metric, "lat_", 4) == 0);

	if (kind == NULL)
		return false;
	if (strcmp(kind, "pcie-link") == 0 || strcmp(kind, "pcie-spec") == 0)
		return perf;
	if (strcmp(kind, "lba-format") == 0)
		return small;
	if (strcmp(kind, "namespace-size") == 0)
		return !health;
	return strcmp(kind, "temperature") == 0 || strcmp(kind, "wear") == 0 ||
	       strcmp(kind, "critical-warning") == 0;
}

/* Mark the explainers of WARN and FAIL rows. */
void
verdict_explain(struct verdict_report *r, const struct explain_item *items, size_t nitems)
{
	if (nitems > 32)
		nitems = 32;
	for (size_t i = 0; i < r->nrows; i++) {
		struct verdict *v = &r->rows[i];

		v->explainers = 0;
		if (v->status != VERDICT_WARN && v->status != VERDICT_FAIL)
			continue;
		for (size_t k = 0; k < nitems; k++)
			if (verdict_relevant(items[k].kind, v))
				v->explainers |= (uint32_t)1 << k;
	}
}

/* An explainer when the link is below the family's rated interface. */
int
verdict_link_hint(const struct nvmeinfo_ctrl *c, const struct spec_family *f,
		  struct explain_item *out)
{
	int  gen, slow, narrow;
	char cur[48], spec[48];

	if (c == NULL || f == NULL || isnan(c->pcie.speed_gts))
		return 0;
	gen = nvmeinfo_pcie_gen(c->pcie.speed_gts);
	slow = f->pcie_gen > 0 && gen > 0 && gen < f->pcie_gen;
	narrow = f->pcie_lanes > 0 && c->pcie.width > 0 && c->pcie.width < f->pcie_lanes;
	if (!slow && !narrow)
		return 0;
	snprintf(cur, sizeof cur, "Gen%d x%d", gen, c->pcie.width);
	if (f->pcie_gen > 0 && f->pcie_lanes > 0)
		snprintf(spec, sizeof spec, "Gen%d x%d", f->pcie_gen, f->pcie_lanes);
	else if (f->pcie_gen > 0)
		snprintf(spec, sizeof spec, "Gen%d", f->pcie_gen);
	else
		snprintf(spec, sizeof spec, "x%d", f->pcie_lanes);
	memset(out, 0, sizeof *out);
	out->kind = "pcie-spec";
	out->severity = EXPLAIN_WARNING;
	snprintf(out->subject, sizeof out->subject, "%s", c->name ? c->name : "");
	snprintf(out->message, sizeof out->message,
		 "PCIe link trained at %s, the spec assumes %s: sequential throughput and "
		 "peak IOPS are capped by the link, not the drive",
		 cur, spec);
	return 1;
}

/* The row that decided a WARN or FAIL report. */
const struct verdict *
verdict_worst_row(const struct verdict_report *r)
{
	if (r->overall != VERDICT_WARN && r->overall != VERDICT_FAIL)
		return NULL;
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].status == r->overall)
			return &r->rows[i];
	return NULL;
}

/* The link of a discovered controller. */
void
verdict_link_of(const struct nvmeinfo_ctrl *c, struct verdict_link *out)
{
	memset(out, 0, sizeof *out);
	if (c == NULL || isnan(c->pcie.speed_gts))
		return;
	out->gen = nvmeinfo_pcie_gen(c->pcie.speed_gts);
	out->width = c->pcie.width > 0 ? c->pcie.width : 0;
}

/* What a link carries, decimal MB/s. */
double
verdict_link_mbps(const struct verdict_link *l)
{
	/* GT/s per lane of each generation; 8b/10b to Gen2, 128b/130b after
	 * (Gen6's FLIT mode: 242 of 256 bytes payload). */
	static const double gts[] = { 0, 2.5, 5, 8, 16, 32, 64 };
	double		    code;

	if (l == NULL || l->gen < 1 || l->gen > 6 || l->width <= 0)
		return NAN;
	code = l->gen <= 2 ? 8.0 / 10 : l->gen <= 5 ? 128.0 / 130 : 242.0 / 256;
	return gts[l->gen] * code * l->width / 8 * 1000;
}

/* The point a row was measured at, or NULL. */
static const struct dd_result *
verdict_row_result(const struct verdict *v, const struct dd_result *const *res, size_t n)
{
	return v->result < n ? res[v->result] : NULL;
}

/* Start an IMPLAUSIBLE row's reason afresh. */
static void
verdict_not_judged(struct verdict *v)
{
	v->status = VERDICT_IMPLAUSIBLE;
	v->decided_by = NULL;
	v->explainers = 0;
	v->reason[0] = '\0';
}

/* The link rule: a MB/s or IOPS row whose point moved more than the link carries. */
static void
verdict_plausible_link(struct verdict *v, const struct dd_result *x, const struct verdict_link *l)
{
	double max = verdict_link_mbps(l);
	char   num[32], cap[32], iops[32], bs[16];

	if (isnan(max) || v->unit == NULL || strcmp(v->unit, "us") == 0 || !(x->mbps > max))
		return;
	verdict_not_judged(v);
	fmt_number(x->mbps, 0, num, sizeof num);
	fmt_number(max, 0, cap, sizeof cap);
	if (strcmp(v->unit, "IOPS") == 0)
		verdict_say(v, "%s IOPS of %s is %s MB/s, ",
			    fmt_number(x->iops, 0, iops, sizeof iops),
			    fmt_block_size((int)x->point.bs, bs, sizeof bs), num);
	else
		verdict_say(v, "%s MB/s is ", num);
	verdict_say(v, "above what PCIe %d.0 x%d carries (about %s MB/s): not judged", l->gen,
		    l->width, cap);
}

/* The unwritten rule: a read-only point's row on a target never written. */
static void
verdict_plausible_written(struct verdict *v, const struct dd_result *x,
			  const struct verdict_written *wr)
{
	bool zeroes = x->zero_sampled > 0 && 2 * x->zero_found >= x->zero_sampled;
	bool empty = wr != NULL && wr->share >= 0 && wr->share < VERDICT_WRITTEN_MIN;

	if (dd_pattern_writes(x->point.pattern) || (!zeroes && !empty))
		return;
	verdict_not_judged(v);
	verdict_say(v, "not judged: the target was never written (reads do not touch flash)");
	if (empty && wr->share > 0)
		verdict_say(v, ": only %.0f%% of it holds data, %s", wr->share * 100, wr->source);
	else if (empty)
		verdict_say(v, ": %s", wr->source);
	if (zeroes)
		verdict_say(v, "%s %llu of %llu sampled read buffers were all zeroes",
			    empty ? ";" : ":", (unsigned long long)x->zero_found,
			    (unsigned long long)x->zero_sampled);
	verdict_say(v, "; check --precondition --allow-write fills it first");
}

/* Mark the rows the target cannot have measured. */
void
verdict_plausible(struct verdict_report *r, const struct verdict_link *link,
		  const struct verdict_written *wr, const struct dd_result *const *results,
		  size_t n)
{
	if (r->overall == VERDICT_UNKNOWN)
		return;
	for (size_t i = 0; i < r->nrows; i++) {
		struct verdict		*v = &r->rows[i];
		const struct dd_result	*x = verdict_row_result(v, results, n);

		if (x == NULL || strcmp(v->metric, "health") == 0 ||
		    v->status == VERDICT_NOT_COMPARABLE)
			continue;
		verdict_plausible_written(v, x, wr);
		if (v->status != VERDICT_IMPLAUSIBLE)
			verdict_plausible_link(v, x, link);
	}
	verdict_summarize(r);
}

/* A run that did not end: ERROR overall, the rows kept, why said first. */
void
verdict_not_measured(struct verdict_report *r, const char *why)
{
	char was[sizeof r->summary];

	dd_strlcpy(was, r->summary, sizeof was);
	r->overall = VERDICT_ERROR;
	snprintf(r->summary, sizeof r->summary, "not measured: %.300s%s%.400s%s",
		 why != NULL && why[0] != '\0' ? why : "the run did not end",
		 was[0] != '\0' ? " (what finished: " : "", was, was[0] != '\0' ? ")" : "");
}
