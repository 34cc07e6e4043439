/*
 * References: what a measured point is held against on the dashboard, the
 * spec figure and the review measurement of the reference drive (the picked
 * capacity point if it was reviewed, else the family's most reviewed one).
 * Which figure applies to which point, and by how much they differ, is
 * core/compare.h's rule, the same as `check`'s:
 *
 *   spec figures   with stated conditions: a target at those only; without
 *                  a depth (most random IOPS): a rated maximum, a target on
 *                  every point of its workload (pattern, block size),
 *                  labelled "rated max, depth not stated"; latency without
 *                  a depth: QD1 x1.
 *   reviews        published fio measurements, matched on workload, block
 *                  size, iodepth and numjobs exactly; IOPS and MB/s derive
 *                  from each other through the block size.
 *
 * A lab's acceptance target (the overlay's target table) comes first on the
 * point it states (tui_ref_target: its workload and exact depth; the other
 * rate through the block size, as a spec figure), judged by verdict_target,
 * the rule `check` uses, when the point also ran its stated runtime (else
 * "not judged").
 *
 * Values are in base units, converted once by specdb through the database's
 * unit table.  Pure functions of a loaded struct tui_sheet; no curses, no
 * I/O.  The one drawing here is a target's line (tui_ref_target_line, into
 * a cell buffer), which the Sweep screen's bars and the point drill-down
 * both show.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/check.h"
#include "core/cmptab.h"
#include "core/format.h"
#include "core/workload.h"
#include "ui/chart.h"
#include "ui/tui.h"

/* The most reviewed capacity point of a family. */
const struct spec_drive *
tui_reviewed_drive(const struct spec_family *f)
{
	const struct spec_drive *best = NULL;

	for (size_t i = 0; i < f->ndrives; i++)
		if (best == NULL || f->drives[i].nmeasurements > best->nmeasurements)
			best = &f->drives[i];
	return best;
}

/* Load a sheet. */
int
tui_sheet_load(struct tui_sheet *s, struct specdb *db, struct tui_pick p,
	       struct dd_error *err)
{
	int rc;

	tui_sheet_free(s);
	s->pick = p;
	if (p.fam == NULL)
		return dd_error_set(err, -EINVAL, "no drive picked");
	rc = specdb_sheet(db, p.fam->id, NULL, &s->a, &s->sheet, err);
	if (rc < 0)
		return rc;
	/* The same capacity point the comparison table takes. */
	s->review_drive = cmptab_review_drive(p.fam, p.drive != NULL ? p.drive->id : NULL);
	s->loaded = true;
	return 0;
}

/* Free a sheet. */
void
tui_sheet_free(struct tui_sheet *s)
{
	arena_free(&s->a);
	memset(&s->sheet, 0, sizeof s->sheet);
	s->loaded = false;
	s->review_drive = NULL;
}

/* The compare quantity of a dashboard metric. */
static enum compare_quantity
ref_quantity(enum tui_metric m)
{
	return m == TUI_M_IOPS ? COMPARE_IOPS : m == TUI_M_MBPS ? COMPARE_MBPS : COMPARE_LAT;
}

/* The spec metric id for a pattern and metric, or NULL. */
static const char *
ref_spec_metric(enum dd_pattern pat, enum tui_metric m)
{
	switch (m) {
	case TUI_M_IOPS:
		return pat == DD_RANDREAD ? "rand_read" : pat == DD_RANDWRITE ? "rand_write" : NULL;
	case TUI_M_MBPS:
		return pat == DD_READ ? "seq_read" : pat == DD_WRITE ? "seq_write" : NULL;
	case TUI_M_LAT:
		return pat == DD_RANDREAD ? "lat_read" : pat == DD_RANDWRITE ? "lat_write" : NULL;
	}
	return NULL;
}

/* A latency figure of sequential I/O (compare.h reads that from its
 * conditions): not the random-I/O latency the dashboard holds points to. */
static bool
ref_fig_sequential(const struct spec_figure *f)
{
	struct compare_spec cs;

	return compare_spec_init(f, &cs) != COMPARE_NONE && cs.q == COMPARE_LAT &&
	       !dd_pattern_random(cs.pattern);
}

/* The spec write a cliff or a byte budget is held against: core's rule. */
const struct spec_figure *
tui_ref_spec_write(const struct tui_sheet *s, const struct dd_point *p)
{
	if (!s->loaded)
		return NULL;
	return workload_spec_write(&s->sheet, s->pick.drive != NULL ? s->pick.drive->id : NULL, p,
				   NULL);
}

/* A spec figure by metric for the picked capacity point, else family-wide. */
const struct spec_figure *
tui_ref_figure(const struct tui_sheet *s, const char *metric, int block_size)
{
	const struct spec_figure *best = NULL;
	int			  best_score = -1;
	const char		 *drive = s->pick.drive != NULL ? s->pick.drive->id : NULL;

	if (!s->loaded)
		return NULL;
	for (size_t i = 0; i < s->sheet.nfigures; i++) {
		const struct spec_figure *f = &s->sheet.figures[i];
		int			  score;

		if (strcmp(f->metric_id, metric) != 0)
			continue;
		if (block_size > 0 && f->block_size > 0 && f->block_size != block_size)
			continue;
		if (strncmp(metric, "lat_", 4) == 0 && ref_fig_sequential(f))
			continue;
		/* This capacity point beats family-wide beats another capacity point. */
		if (f->drive_id == NULL)
			score = 2;
		else if (drive != NULL && strcmp(f->drive_id, drive) == 0)
			score = 4;
		else if (drive == NULL)
			score = 1;
		else
			continue;
		score = score * 2 + (f->preferred ? 1 : 0);
		if (score > best_score) {
			best = f;
			best_score = score;
		}
	}
	return best;
}

/* "2,600K IOPS", "14,800 MB/s", "60 µs" for a note (us on an ASCII screen:
 * the cell buffer's writer makes µ u there). */
static char *
ref_fmt(double v, enum tui_metric m, char *buf, size_t len)
{
	char num[32];

	if (m == TUI_M_IOPS)
		snprintf(buf, len, "%s IOPS", fmt_count(v, num, sizeof num));
	else if (m == TUI_M_MBPS)
		snprintf(buf, len, "%s MB/s", fmt_number(v, 0, num, sizeof num));
	else
		snprintf(buf, len, "%s %s", fmt_number(v, 1, num, sizeof num), fmt_unit_us(true));
	return buf;
}

/* The spec figure of a point's workload as metric m: the figure of m
 * itself, else (IOPS and MB/s) the other rate figure of the same workload,
 * derived through the block size; *derived says which.  NULL: none. */
static const struct spec_figure *
ref_spec_pick(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
	      struct compare_spec *cs, bool *derived)
{
	const enum tui_metric try[2] = { m, m == TUI_M_IOPS ? TUI_M_MBPS : TUI_M_IOPS };

	for (int i = 0; i < (m == TUI_M_LAT ? 1 : 2); i++) {
		const char		 *metric = ref_spec_metric(p->pattern, try[i]);
		const struct spec_figure *f;

		if (metric == NULL)
			continue;
		f = tui_ref_figure(s, metric, m == TUI_M_LAT ? 0 : (int)p->bs);
		if (f == NULL || compare_spec_init(f, cs) == COMPARE_NONE)
			continue;
		/* Figures of another workload (block size) are another metric. */
		if (m != TUI_M_LAT && !compare_spec_workload(cs, p))
			continue;
		*derived = i > 0;
		return f;
	}
	return NULL;
}

/* The spec figure for a point, by compare.h's rule. */
void
tui_ref_spec(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
	     struct tui_refval *out)
{
	const struct spec_figure *f;
	struct compare_spec	  cs;
	bool			  derived = false;
	char			  v[48], rule[96], from[80] = "";

	memset(out, 0, sizeof *out);
	out->value = NAN;
	out->rule = COMPARE_NONE;
	f = ref_spec_pick(s, p, m, &cs, &derived);
	if (f == NULL)
		return;
	out->fig = f;
	out->value = compare_spec_value_as(&cs, ref_quantity(m));
	if (isnan(out->value))
		return;
	out->rule = cs.rule;
	out->derived = derived;
	out->comparable = compare_spec_applies(&cs, p);
	ref_fmt(out->value, m, v, sizeof v);
	compare_rule_label(&cs, rule, sizeof rule);
	if (derived) {
		char src[48];

		snprintf(out->from, sizeof out->from, "%s at %uK",
			 ref_fmt(cs.value, m == TUI_M_IOPS ? TUI_M_MBPS : TUI_M_IOPS, src,
				 sizeof src), cs.bs / 1024);
		snprintf(from, sizeof from, " (%s)", out->from);
	}
	if (!compare_point_plain(p))
		snprintf(out->note, sizeof out->note, "spec %s%s: not a target for a %s",
			 v, from, p->kind == DD_KIND_CHECKPOINT ? "checkpoint" : "paced step");
	else if (out->comparable && cs.rule == COMPARE_RATED_MAX)
		snprintf(out->note, sizeof out->note, "spec %s%s: %s", v, from, rule);
	else if (!out->comparable && m == TUI_M_LAT)
		snprintf(out->note, sizeof out->note,
			 "spec latency %s is for 4K QD%dx%d: not comparable here", v, cs.qd,
			 cs.jobs > 0 ? cs.jobs : 1);
	else if (!out->comparable)
		snprintf(out->note, sizeof out->note,
			 "spec %s%s is rated at QD%dx%d: not comparable at QD%ux%u", v, from, cs.qd,
			 cs.jobs > 0 ? cs.jobs : 1, p->iodepth, p->numjobs);
}

/* Does target g apply to the sheet's pick (family-wide, or the picked
 * capacity point's own)? */
static bool
ref_target_for_pick(const struct tui_sheet *s, const struct spec_figure *g)
{
	return g->drive_id == NULL ||
	       (s->pick.drive != NULL && strcmp(g->drive_id, s->pick.drive->id) == 0);
}

/* How many targets apply to the pick. */
size_t
tui_ref_ntargets(const struct tui_sheet *s)
{
	size_t n = 0;

	for (size_t i = 0; s->loaded && i < s->sheet.ntargets; i++)
		n += ref_target_for_pick(s, &s->sheet.targets[i]);
	return n;
}

/* Append the points of the pick's targets (verdict_append_targets). */
int
tui_ref_append_targets(const struct tui_sheet *s, struct dd_plan *plan, bool writes,
		       double time_scale, struct dd_error *err)
{
	struct spec_figure *figs;
	size_t		    n = 0;
	int		    rc;

	if (!s->loaded || s->sheet.ntargets == 0)
		return 0;
	if ((figs = calloc(s->sheet.ntargets, sizeof *figs)) == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory for the targets' points");
	for (size_t i = 0; i < s->sheet.ntargets; i++)
		if (ref_target_for_pick(s, &s->sheet.targets[i]))
			figs[n++] = s->sheet.targets[i];
	rc = n > 0 ? verdict_append_targets(plan, figs, n, writes, time_scale, err) : 0;
	free(figs);
	return rc;
}

/* The target of a point's workload and depth stated as metric m itself
 * (its compare_spec in *cs); NULL: none. */
static const struct spec_figure *
ref_target_pick(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
		struct compare_spec *cs)
{
	const char *metric = ref_spec_metric(p->pattern, m);

	for (size_t i = 0; s->loaded && metric != NULL && i < s->sheet.ntargets; i++) {
		const struct spec_figure *g = &s->sheet.targets[i];

		if (strcmp(g->metric_id, metric) == 0 && ref_target_for_pick(s, g) &&
		    compare_spec_init(g, cs) == COMPARE_STATED && compare_spec_applies(cs, p))
			return g;
	}
	return NULL;
}

/* The lab's acceptance target of a point's workload and depth as metric m:
 * the target of m itself, else (IOPS and MB/s) the other rate's target of
 * the same workload, derived through the block size (as a spec figure is). */
const struct spec_figure *
tui_ref_target(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
	       struct tui_refval *out)
{
	const struct spec_figure *g;
	struct compare_spec	  cs;
	enum tui_metric		  other = m == TUI_M_IOPS ? TUI_M_MBPS : TUI_M_IOPS;
	char			  label[160];

	memset(out, 0, sizeof *out);
	out->value = NAN;
	out->rule = COMPARE_NONE;
	g = ref_target_pick(s, p, m, &cs);
	if (g == NULL && m != TUI_M_LAT) {
		g = ref_target_pick(s, p, other, &cs);
		out->derived = g != NULL;
	}
	if (g == NULL)
		return NULL;
	out->fig = g;
	out->rule = cs.rule;
	out->value = compare_spec_value_as(&cs, ref_quantity(m));
	if (m == TUI_M_LAT)
		out->value = cs.value;
	if (out->derived)
		snprintf(out->from, sizeof out->from, "%s at %uK",
			 ref_fmt(cs.value, other, label, sizeof label), cs.bs / 1024);
	out->comparable = verdict_target_ran(g, p);
	verdict_target_label(g, label, sizeof label);
	if (out->comparable)
		snprintf(out->note, sizeof out->note, "target %.120s", label);
	else
		snprintf(out->note, sizeof out->note,
			 "target %.100s: not judged, this point runs %.0f s", label, p->runtime_s);
	return g;
}

/* Judge result r by the target found for its point (check_judge_point, the
 * rule `check` uses, with its plausibility: ev the device's link and written
 * share, NULL unknown); false when the point has no target or r is NULL. */
bool
tui_ref_target_verdict(const struct tui_sheet *s, const struct dd_result *r, enum tui_metric m,
		       const struct check_evidence *ev, struct verdict *out)
{
	struct tui_refval	  tv;
	const struct spec_figure *g;

	if (r == NULL || (g = tui_ref_target(s, &r->point, m, &tv)) == NULL)
		return false;
	check_judge_point(g, r, ev, out);
	return true;
}

/* The review measurement at exactly the point. */
void
tui_ref_review(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
	       struct tui_refval *out)
{
	memset(out, 0, sizeof *out);
	out->value = NAN;
	if (!s->loaded)
		return;
	out->meas = compare_review_at(s->sheet.measurements, s->sheet.nmeasurements,
				      s->review_drive, p, ref_quantity(m), &out->value);
	out->comparable = out->meas != NULL;
}

/* The best review measurement at any depth. */
void
tui_ref_review_best(const struct tui_sheet *s, enum dd_pattern pat, unsigned bs,
		    enum tui_metric m, struct tui_refval *out)
{
	memset(out, 0, sizeof *out);
	out->value = NAN;
	if (!s->loaded)
		return;
	out->meas = compare_review_best(s->sheet.measurements, s->sheet.nmeasurements,
					s->review_drive, pat, bs, ref_quantity(m), &out->value);
	out->comparable = out->meas != NULL;
}

/* A point's workload in words. */
char *
tui_point_label(const struct dd_point *p, char *buf, size_t len)
{
	char bs[16];

	fmt_block_size((int)p->bs, bs, sizeof bs);
	switch (p->pattern) {
	case DD_READ:
		snprintf(buf, len, "%s sequential read", bs);
		break;
	case DD_WRITE:
		snprintf(buf, len, "%s sequential write", bs);
		break;
	case DD_RANDREAD:
		snprintf(buf, len, "%s random read", bs);
		break;
	case DD_RANDWRITE:
		snprintf(buf, len, "%s random write", bs);
		break;
	case DD_RANDRW:
		snprintf(buf, len, "%s random %u%% read", bs, p->read_pct);
		break;
	case DD_SEQRW:
		snprintf(buf, len, "%s sequential %u%% read", bs, p->read_pct);
		break;
	}
	return buf;
}

/* A drive's short label. */
char *
tui_pick_label(struct tui_pick p, bool with_vendor, char *buf, size_t len)
{
	if (p.fam == NULL) {
		snprintf(buf, len, "none");
		return buf;
	}
	return specdb_drive_label(p.fam, p.drive, with_vendor, buf, len);
}

/* Insert v into an ascending set; returns the count. */
int
tui_set_add(unsigned *set, int n, int max, unsigned v)
{
	int i;

	for (i = 0; i < n; i++)
		if (set[i] == v)
			return n;
	if (n >= max)
		return n;
	for (i = n; i > 0 && set[i - 1] > v; i--)
		set[i] = set[i - 1];
	set[i] = v;
	return n + 1;
}

/* Is m a review row of the sheet's review drive from benchmark bench? */
static bool
ref_review_row(const struct tui_sheet *s, const struct spec_measurement *m, const char *bench)
{
	return s->loaded && s->review_drive != NULL && m->drive_id != NULL &&
	       strcmp(m->drive_id, s->review_drive) == 0 && m->benchmark != NULL &&
	       strcmp(m->benchmark, bench) == 0 && m->workload != NULL;
}

/* The latency row published with rate row r (same source, chart and profile). */
static const struct spec_measurement *
ref_curve_latency(const struct tui_sheet *s, const struct spec_measurement *r)
{
	for (size_t i = 0; i < s->sheet.nmeasurements; i++) {
		const struct spec_measurement *m = &s->sheet.measurements[i];

		if (ref_review_row(s, m, "vdbench") && strcmp(m->metric_id, "lat_mean") == 0 &&
		    strcasecmp(m->workload, r->workload) == 0 &&
		    strcmp(m->source_id, r->source_id) == 0 &&
		    (m->label == NULL) == (r->label == NULL) &&
		    (m->label == NULL || strcmp(m->label, r->label) == 0))
			return m;
	}
	return NULL;
}

/* The IOPS of a VDBench rate row: IOPS as printed, MB/s through the block size. */
static double
ref_curve_iops(const struct spec_measurement *m, unsigned bs)
{
	int b = m->block_size > 0 ? m->block_size : (int)bs;

	if (strcmp(m->metric_id, "iops") == 0)
		return m->base;
	if (strcmp(m->metric_id, "bw") == 0 && b > 0)
		return m->base * 1e6 / b;
	return NAN;
}

/* The review's published points of a load curve profile. */
size_t
tui_ref_curve_points(const struct tui_sheet *s, const char *profile, unsigned bs,
		     struct tui_ref_point *out, size_t max)
{
	size_t n = 0;

	if (profile == NULL || profile[0] == '\0')
		return 0;
	for (size_t i = 0; s->loaded && i < s->sheet.nmeasurements && n < max; i++) {
		const struct spec_measurement *m = &s->sheet.measurements[i];
		const struct spec_measurement *lat;
		double			       iops;
		bool			       dup = false;

		if (!ref_review_row(s, m, "vdbench") || strcasecmp(m->workload, profile) != 0)
			continue;
		iops = ref_curve_iops(m, bs);
		if (isnan(iops) || iops <= 0)
			continue;
		/* The same figure rounded (a conclusion's, or MB/s beside IOPS). */
		for (size_t k = 0; k < n && !dup; k++)
			dup = fabs(out[k].iops - iops) <= 0.02 * iops;
		if (dup)
			continue;
		lat = ref_curve_latency(s, m);
		out[n].iops = iops;
		out[n].lat_us = lat != NULL ? lat->base : NAN;
		out[n].meas = m;
		n++;
	}
	return n;
}

/* The review's checkpoint seconds of each pass 1..max (NAN where none):
 * compare.h's pass averages (a per-checkpoint chart numbers checkpoints). */
size_t
tui_ref_ckpt_passes(const struct tui_sheet *s, double *secs, size_t max)
{
	size_t n = 0;

	for (size_t p = 0; p < max; p++) {
		secs[p] = NAN;
		if (s->loaded && s->review_drive != NULL &&
		    compare_review_pass(s->sheet.measurements, s->sheet.nmeasurements,
					s->review_drive, (unsigned)p + 1, &secs[p]) != NULL)
			n = p + 1;
	}
	return n;
}

/* A measured value as bars print it. */
char *
tui_metric_text(const struct tui *t, enum tui_metric m, double v, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, "%s", t->sym->dash);
	else if (m == TUI_M_IOPS)
		fmt_count(v, buf, len);
	else
		fmt_number(v, 1, buf, len);
	return buf;
}

/* The role of a verdict word on the dashboard. */
uint8_t
tui_ref_verdict_role(enum verdict_status st)
{
	return st == VERDICT_PASS ? UI_OK : st == VERDICT_WARN ? UI_WARN
		: st == VERDICT_FAIL ? UI_FAIL : UI_DIM_TEXT;
}

/* A lab target's line (a bar's second row, the drill-down's reference
 * line): see tui.h. */
void
tui_ref_target_line(struct tui *t, struct cellbuf *cb, int x, int y, double value,
		    const struct tui_refval *tg, const struct dd_result *res, enum tui_metric m)
{
	struct verdict v;
	char	       ref[32], pct[32], src[160], more[2][96];
	int	       tx, n;

	if (!tg->comparable) {
		tui_print(cb, x, y, cb->w - x - 1, UI_DIM_TEXT, 0, "%s", tg->note);
		return;
	}
	tx = x + tui_print(cb, x, y, -1, UI_SPEC_TARGET, UI_BOLD, "%s target %s %s %s ",
			   t->sym->spec, tg->fig->qual && strcmp(tg->fig->qual, "le") == 0 ?
			   "<=" : ">=", m == TUI_M_IOPS ? fmt_count(tg->value, ref, sizeof ref) :
			   fmt_number(tg->value, 0, ref, sizeof ref), m == TUI_M_IOPS ? "IOPS" : "MB/s");
	if (!isnan(value))
		tx += tui_print(cb, tx, y, -1, UI_TEXT, 0, "(%s) ",
				chart_pct_delta(value, tg->value, t->g, pct, sizeof pct));
	if (tui_ref_target_verdict(&t->sweep.ref, res, m,
				   t->sweep.ev_known ? &t->sweep.ev : NULL, &v))
		tx += tui_print(cb, tx, y, -1, tui_ref_verdict_role(v.status), UI_BOLD, "%s ",
				verdict_status_name(v.status));
	/* The source, then the rest, each whole or not at all. */
	specdb_sheet_source_label(&t->sweep.ref.sheet, tg->fig->source_id, src, sizeof src);
	if ((n = tui_print_whole(cb, tx, y, UI_DIM_TEXT, 0, src)) == 0)
		return;
	tx += n;
	more[0][0] = more[1][0] = '\0';
	if (tg->derived)
		snprintf(more[0], sizeof more[0], "; from %s", tg->from);
	if (tg->fig->tolerance > 0)
		snprintf(more[1], sizeof more[1], "; tolerance %g%%", tg->fig->tolerance * 100);
	for (int i = 0; i < 2; i++)
		if (more[i][0] != '\0')
			tx += tui_print_whole(cb, tx, y, UI_DIM_TEXT, 0, more[i]);
}
