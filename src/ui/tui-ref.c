/*
 * References: what a measured point is held against.  Two kinds, with
 * different rules, because a wrong marker is worse than none:
 *
 *   spec figures   the data sheet's numbers.  Random IOPS are comparable
 *                  only at the iodepth and numjobs the sheet states; a sheet
 *                  that states none ("2.6M IOPS, 4 KiB random read") is
 *                  flagged "not comparable", never drawn as a marker.
 *                  Sequential MB/s are rated at 128 KiB at a deep queue, so
 *                  they compare with sequential points of the same block
 *                  size.  Latency ("typical") compares with 4 KiB QD1 x1.
 *   reviews        published fio measurements of the reference drive (the
 *                  picked capacity point if it was reviewed, else the
 *                  family's most reviewed one), matched on workload, block
 *                  size, iodepth and numjobs exactly.  IOPS and MB/s are
 *                  derived from each other through the block size.
 *
 * Pure functions of a loaded struct tui_sheet; no curses, no I/O.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/format.h"
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
	const struct spec_drive *rv;
	int			 rc;

	tui_sheet_free(s);
	s->pick = p;
	if (p.fam == NULL)
		return dd_error_set(err, -EINVAL, "no drive picked");
	rc = specdb_sheet(db, p.fam->id, NULL, &s->a, &s->sheet, err);
	if (rc < 0)
		return rc;
	rv = p.drive != NULL && p.drive->nmeasurements > 0 ? p.drive : tui_reviewed_drive(p.fam);
	s->review_drive = rv != NULL && rv->nmeasurements > 0 ? rv->id : NULL;
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

/* A value converted to IOPS, MB/s or µs. */
double
tui_ref_convert(double v, const char *unit)
{
	if (unit == NULL || isnan(v))
		return NAN;
	if (strcasecmp(unit, "IOPS") == 0 || strcasecmp(unit, "MB/s") == 0 ||
	    strcasecmp(unit, "us") == 0)
		return v;
	if (strcasecmp(unit, "KIOPS") == 0)
		return v * 1e3;
	if (strcasecmp(unit, "GB/s") == 0)
		return v * 1e3;
	if (strcasecmp(unit, "MiB/s") == 0)
		return v * 1.048576;
	if (strcasecmp(unit, "GiB/s") == 0)
		return v * 1073.741824;
	if (strcasecmp(unit, "ms") == 0)
		return v * 1e3;
	if (strcasecmp(unit, "ns") == 0)
		return v / 1e3;
	return NAN;
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

/* Does a figure's text mark it as sequential (latency figures)? */
static bool
ref_fig_sequential(const struct spec_figure *f)
{
	return f->conditions != NULL && strstr(f->conditions, "sequential") != NULL;
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

/* "2,600K IOPS", "14,800 MB/s", "60 µs" for a note. */
static char *
ref_fmt(double v, enum tui_metric m, char *buf, size_t len)
{
	char num[32];

	if (m == TUI_M_IOPS)
		snprintf(buf, len, "%s IOPS", fmt_count(v, num, sizeof num));
	else if (m == TUI_M_MBPS)
		snprintf(buf, len, "%s MB/s", fmt_number(v, 0, num, sizeof num));
	else
		snprintf(buf, len, "%s us", fmt_number(v, 1, num, sizeof num));
	return buf;
}

/* The spec figure for a point. */
void
tui_ref_spec(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
	     struct tui_refval *out)
{
	const char		 *metric = ref_spec_metric(p->pattern, m);
	const struct spec_figure *f;
	char			  v[48], bs[16];

	memset(out, 0, sizeof *out);
	out->value = NAN;
	if (metric == NULL)
		return;
	if (m == TUI_M_LAT) {
		f = tui_ref_figure(s, metric, 0);
		if (f == NULL)
			return;
		out->fig = f;
		out->value = tui_ref_convert(f->value, f->unit_id);
		if ((f->block_size <= 0 || f->block_size == 4096) && p->bs == 4096 &&
		    (f->iodepth <= 0 || f->iodepth == 1) && p->iodepth == 1 && p->numjobs == 1)
			out->comparable = true;
		else
			snprintf(out->note, sizeof out->note,
				 "spec latency %s is for 4K QD1: not comparable here",
				 ref_fmt(out->value, m, v, sizeof v));
		return;
	}
	/* Figures of another block size are another metric: no figure at all. */
	f = tui_ref_figure(s, metric, (int)p->bs);
	if (f == NULL || (f->block_size > 0 && (unsigned)f->block_size != p->bs))
		return;
	if (f->block_size <= 0 && p->bs != (m == TUI_M_IOPS ? 4096u : 131072u))
		return;
	out->fig = f;
	out->value = tui_ref_convert(f->value, f->unit_id);
	ref_fmt(out->value, m, v, sizeof v);
	fmt_block_size((int)p->bs, bs, sizeof bs);
	if (m == TUI_M_MBPS) {
		out->comparable = true;
		return;
	}
	if (f->iodepth > 0 && f->numjobs > 0) {
		out->comparable = (unsigned)f->iodepth == p->iodepth &&
				  (unsigned)f->numjobs == p->numjobs;
		if (!out->comparable)
			snprintf(out->note, sizeof out->note,
				 "spec %s is rated at QD%dx%d: not comparable at QD%ux%u", v,
				 f->iodepth, f->numjobs, p->iodepth, p->numjobs);
	} else {
		snprintf(out->note, sizeof out->note,
			 "spec %s: the sheet states no IODepth x NumJobs, so it is not comparable "
			 "at QD%ux%u", v, p->iodepth, p->numjobs);
	}
}

/* Does a measurement's fio workload name the pattern? */
static bool
ref_workload_is(const char *w, enum dd_pattern pat)
{
	switch (pat) {
	case DD_RANDREAD:
		return strcmp(w, "randread") == 0;
	case DD_RANDWRITE:
		return strcmp(w, "randwrite") == 0;
	case DD_READ:
		return strcmp(w, "seqread") == 0 || strcmp(w, "read") == 0;
	case DD_WRITE:
		return strcmp(w, "seqwrite") == 0 || strcmp(w, "write") == 0;
	default:
		return false;
	}
}

/* A measurement's value as metric m, derived through bs if need be; NAN if not. */
static double
ref_meas_value(const struct spec_measurement *x, enum tui_metric m, unsigned bs)
{
	double v = tui_ref_convert(x->value, x->unit_id);

	if (isnan(v) || (x->qual != NULL && strcmp(x->qual, "range") == 0))
		return NAN;
	switch (m) {
	case TUI_M_IOPS:
		if (strcmp(x->metric_id, "iops") == 0)
			return v;
		if (strcmp(x->metric_id, "bw") == 0 && bs > 0)
			return v * 1e6 / bs;
		return NAN;
	case TUI_M_MBPS:
		if (strcmp(x->metric_id, "bw") == 0)
			return v;
		if (strcmp(x->metric_id, "iops") == 0 && bs > 0)
			return v * bs / 1e6;
		return NAN;
	case TUI_M_LAT:
		return strcmp(x->metric_id, "lat_mean") == 0 ? v : NAN;
	}
	return NAN;
}

/* Is a measurement a usable fio row of the review drive for pattern and bs? */
static bool
ref_meas_usable(const struct tui_sheet *s, const struct spec_measurement *x,
		enum dd_pattern pat, unsigned bs)
{
	return s->review_drive != NULL && strcmp(x->drive_id, s->review_drive) == 0 &&
	       strcmp(x->benchmark, "fio") == 0 && ref_workload_is(x->workload, pat) &&
	       x->block_size > 0 && (unsigned)x->block_size == bs &&
	       (x->phase == NULL || strcmp(x->phase, "preconditioning") != 0);
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
	/* A direct measurement of the metric first, then one derived through bs. */
	for (int pass = 0; pass < 2 && isnan(out->value); pass++)
		for (size_t i = 0; i < s->sheet.nmeasurements; i++) {
			const struct spec_measurement *x = &s->sheet.measurements[i];
			double			       v;
			bool			       direct;

			if (!ref_meas_usable(s, x, p->pattern, p->bs) || x->iodepth <= 0 ||
			    x->numjobs <= 0 || (unsigned)x->iodepth != p->iodepth ||
			    (unsigned)x->numjobs != p->numjobs)
				continue;
			direct = (m == TUI_M_IOPS && strcmp(x->metric_id, "iops") == 0) ||
				 (m == TUI_M_MBPS && strcmp(x->metric_id, "bw") == 0) ||
				 m == TUI_M_LAT;
			if (direct != (pass == 0))
				continue;
			v = ref_meas_value(x, m, p->bs);
			if (isnan(v))
				continue;
			out->value = v;
			out->meas = x;
			out->comparable = true;
			break;
		}
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
	for (size_t i = 0; i < s->sheet.nmeasurements; i++) {
		const struct spec_measurement *x = &s->sheet.measurements[i];
		double			       v;

		if (!ref_meas_usable(s, x, pat, bs))
			continue;
		v = ref_meas_value(x, m, bs);
		if (isnan(v))
			continue;
		/* Latency: the lowest; rates: the highest. */
		if (isnan(out->value) || (m == TUI_M_LAT ? v < out->value : v > out->value)) {
			out->value = v;
			out->meas = x;
			out->comparable = true;
		}
	}
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
	char cap[32];

	if (p.fam == NULL) {
		snprintf(buf, len, "none");
		return buf;
	}
	if (p.drive != NULL)
		snprintf(buf, len, "%s%s%s %s", with_vendor ? p.fam->vendor : "",
			 with_vendor ? " " : "", p.fam->name,
			 fmt_capacity(p.drive->capacity_gb, cap, sizeof cap));
	else
		snprintf(buf, len, "%s%s%s", with_vendor ? p.fam->vendor : "",
			 with_vendor ? " " : "", p.fam->name);
	return buf;
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
