/*
 * Plans: the model.  A plan owns one growable array of struct dd_point;
 * everything else in it is plain values.  Here: making, copying, freeing
 * and appending to a plan, a point's defaults and automatic name, load
 * curves appended whole, resolving a plan against its target (checkpoint
 * templates expanded, cliffs given their budget), time estimates and fio
 * job files.  The parser of point specs and plan files (plan-parse.c) and
 * the presets (plan-builtin.c) build plans through these functions; nothing
 * here calls either of them.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "format.h"
#include "plan-private.h"
#include "io/fiojob.h"
#include "lib/utf8.h"

#define CKPT_REVIEW_GB	 1636.0		/* the reviews' checkpoint (LLAMA 3.1 405B) ... */
#define CKPT_REVIEW_TARGET_GB 7680.0	/* ... on a 7.68 TB drive */

/* Name an aggregation. */
const char *
plan_aggregate_name(enum dd_aggregate a)
{
	switch (a) {
	case DD_AGG_NONE:
		return "none";
	case DD_AGG_BEST:
		return "best";
	case DD_AGG_MEAN:
		return "mean";
	}
	return "none";
}

/* Initialise an empty plan. */
void
plan_init(struct dd_plan *p, const char *name)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", name != NULL ? name : "");
	p->repeat = 1;
	p->aggregate = DD_AGG_NONE;
}

/* Copy a plan with its own points array. */
int
plan_copy(struct dd_plan *dst, const struct dd_plan *src, struct dd_error *err)
{
	int rc = 0;

	*dst = *src;
	dst->points = NULL;
	dst->npoints = dst->cap = 0;
	for (size_t i = 0; rc == 0 && i < src->npoints; i++)
		rc = plan_append(dst, &src->points[i], err);
	if (rc < 0)
		plan_free(dst);
	return rc;
}

/* Apply --runtime, --ramp and --rate-iops to every point (plan.h). */
void
plan_override(struct dd_plan *p, const struct dd_plan_override *o)
{
	for (size_t i = 0; i < p->npoints; i++) {
		struct dd_point *pt = &p->points[i];

		if (o->runtime_s > 0 && pt->bytes == 0)
			pt->runtime_s = o->runtime_s;
		if (o->ramp_s >= 0)
			pt->ramp_s = o->ramp_s;
		if (o->rate_iops > 0 && !(pt->rate_iops > 0))
			pt->rate_iops = o->rate_iops;
	}
}

/* Free a plan's points. */
void
plan_free(struct dd_plan *p)
{
	if (p == NULL)
		return;
	free(p->points);
	p->points = NULL;
	p->npoints = 0;
	p->cap = 0;
}

/* Append a copy of a point, growing the array. */
int
plan_append(struct dd_plan *p, const struct dd_point *pt, struct dd_error *err)
{
	struct dd_point *np;
	size_t		 ncap;

	if (p->npoints >= PLAN_POINTS_MAX)
		return dd_error_set(err, -E2BIG, "plan '%s' has more than %d points",
				    p->name, PLAN_POINTS_MAX);
	if (p->npoints == p->cap) {
		ncap = p->cap != 0 ? p->cap * 2 : 16;
		np = realloc(p->points, ncap * sizeof *np);
		if (np == NULL)
			return dd_error_set(err, -ENOMEM, "out of memory building plan '%s'",
					    p->name);
		p->points = np;
		p->cap = ncap;
	}
	p->points[p->npoints++] = *pt;
	return 0;
}

/* Fill the default point. */
void
plan_point_defaults(struct dd_point *pt)
{
	memset(pt, 0, sizeof *pt);
	pt->pattern = DD_RANDREAD;
	pt->read_pct = 50;
	pt->bs = 4096;
	pt->iodepth = 1;
	pt->numjobs = 1;
	pt->ramp_s = 2;
	pt->runtime_s = 10;
	pt->interval_ms = 200;
	dd_point_autoname(pt);
}

/* A rate in short form, three significant digits: "20k", "1.5k", "2.5M", "500". */
static char *
plan_fmt_rate(double iops, char *buf, size_t len)
{
	if (iops >= 1e6)
		snprintf(buf, len, "%.3gM", iops / 1e6);
	else if (iops >= 1e3)
		snprintf(buf, len, "%.3gk", iops / 1e3);
	else
		snprintf(buf, len, "%.3g", iops);
	return buf;
}

/* Name a point from its shape. */
void
dd_point_autoname(struct dd_point *pt)
{
	char	    bs[16], pat[24];
	const char *pn = dd_pattern_name(pt->pattern);

	fmt_block_size((int)pt->bs, bs, sizeof bs);
	if (pn == NULL)
		pn = "?";
	if (dd_pattern_mixed(pt->pattern))
		snprintf(pat, sizeof pat, "%s%u", pn, pt->read_pct);
	else
		snprintf(pat, sizeof pat, "%s", pn);
	if (snprintf(pt->name, sizeof pt->name, "%s %s QD%u x%u", bs, pat,
		     pt->iodepth, pt->numjobs) < 0)
		pt->name[0] = '\0';
	if (pt->rate_iops > 0) {
		char   rate[24];
		size_t n = strlen(pt->name);

		snprintf(pt->name + n, sizeof pt->name - n, " @%s IOPS",
			 plan_fmt_rate(pt->rate_iops, rate, sizeof rate));
	}
}

/* The next group number of a plan (plan-private.h). */
unsigned
plan_next_group(const struct dd_plan *p)
{
	unsigned g = 0;

	for (size_t i = 0; i < p->npoints; i++)
		if (p->points[i].group > g)
			g = p->points[i].group;
	return g + 1;
}

/* Name a point "BASE SUFFIX", cutting BASE so the whole fits. */
static void
kind_name(struct dd_point *pt, const char *base, const char *suffix)
{
	int room = DD_POINT_NAME_MAX - 1 - (int)strlen(suffix);

	snprintf(pt->name, sizeof pt->name, "%.*s%s", room > 0 ? room : 0, base, suffix);
}

/* Append a load curve (see plan.h). */
int
plan_append_curve(struct dd_plan *p, const struct dd_point *shape,
		  const unsigned *pcts, size_t npcts, struct dd_error *err)
{
	struct dd_point pt = *shape;
	size_t		n0 = p->npoints;
	char		sfx[16];
	int		rc = 0;

	if (npcts == 0 || npcts > CURVE_STEPS_MAX)
		return dd_error_set(err, -EINVAL, "a curve needs 1 to %d steps",
				    CURVE_STEPS_MAX);
	for (size_t i = 0; i < npcts; i++)
		if (pcts[i] < 1 || pcts[i] > CURVE_PCT_MAX || (i > 0 && pcts[i] <= pcts[i - 1]))
			return dd_error_set(err, -EINVAL, "curve steps must be ascending "
					    "percentages from 1 to %d", CURVE_PCT_MAX);
	if (shape->bytes != 0 || !(shape->runtime_s > 0))
		return dd_error_set(err, -EINVAL, "a curve's points run for a time, not a size");
	pt.kind = DD_KIND_CURVE_MAX;
	pt.group = plan_next_group(p);
	pt.rate_iops = pt.rate_pct = 0;
	pt.pass = pt.seq = 0;
	kind_name(&pt, shape->name, " max");
	rc = plan_append(p, &pt, err);
	for (size_t i = 0; rc == 0 && i < npcts; i++) {
		pt.kind = DD_KIND_CURVE_STEP;
		pt.rate_pct = pcts[i];
		pt.seq = (unsigned)i + 1;
		snprintf(sfx, sizeof sfx, " @%u%%", pcts[i]);
		kind_name(&pt, shape->name, sfx);
		rc = plan_append(p, &pt, err);
	}
	if (rc != 0)
		p->npoints = n0;
	return rc;
}

/* ---- Resolving a plan against its target ---- */

/* The region a point covers on a target of size bytes (0: none left). */
static uint64_t
resolve_region(const struct dd_point *pt, uint64_t size)
{
	uint64_t left = size > pt->offset ? size - pt->offset : 0, want = left;

	if (pt->size != 0)
		want = pt->size;
	else if (pt->region_pct != 0)
		want = (uint64_t)((double)size * pt->region_pct / 100.0);
	return want < left ? want : left;
}

/* One checkpoint's bytes on a target of size bytes, before rounding down
 * to whole ranks x bs (the count per pass is taken from this size, so the
 * rounding never adds a checkpoint the reviews' ratio does not). */
static uint64_t
resolve_ckpt_bytes(const struct dd_point *t, uint64_t size)
{
	uint64_t b;

	if (t->bytes != 0) {
		b = t->bytes;
	} else if (t->ckpt.size_pct > 0) {
		b = (uint64_t)((double)size * t->ckpt.size_pct / 100.0);
	} else {
		/* The reviews' 1,636 GB per 7.68 TB, and never more than their
		 * 1,636 GB: a larger drive holds more checkpoints, as theirs. */
		b = (uint64_t)((double)size * CKPT_REVIEW_GB / CKPT_REVIEW_TARGET_GB);
		if (b > (uint64_t)(CKPT_REVIEW_GB * 1e9))
			b = (uint64_t)(CKPT_REVIEW_GB * 1e9);
	}
	return b;
}

/* Expand one checkpoint template into q. */
static int
resolve_checkpoint(struct dd_plan *q, const struct dd_point *t, uint64_t size,
		   struct dd_error *err)
{
	uint64_t	region = resolve_region(t, size), raw = resolve_ckpt_bytes(t, size);
	uint64_t	unit = (uint64_t)t->numjobs * t->bs, ckpt = raw / unit * unit;
	uint64_t	fit = ckpt != 0 ? region / raw : 0;
	unsigned	passes = t->ckpt.passes != 0 ? t->ckpt.passes : CKPT_PASSES_DEFAULT;
	uint64_t	count = t->ckpt.count != 0 ? t->ckpt.count : fit;
	struct dd_point pt = *t;
	char		sfx[32];
	int		rc = 0;

	if (fit == 0)
		return dd_error_set(err, -EINVAL, "%s: a checkpoint of %llu bytes (%u ranks x "
				    "bs %u at least) does not fit the target's %llu bytes",
				    t->name, (unsigned long long)ckpt, t->numjobs, t->bs,
				    (unsigned long long)region);
	if (count * passes > WORKLOAD_CKPTS_MAX)
		count = WORKLOAD_CKPTS_MAX / passes;
	pt.bytes = pt.size = ckpt;
	pt.runtime_s = pt.ramp_s = 0;
	pt.region_pct = 0;
	for (unsigned ps = 1; rc == 0 && ps <= passes; ps++)
		for (unsigned sq = 1; rc == 0 && sq <= count; sq++) {
			uint64_t idx = (uint64_t)(ps - 1) * count + (sq - 1);

			pt.pass = ps;
			pt.seq = sq;
			pt.offset = t->offset + idx % fit * ckpt;
			snprintf(sfx, sizeof sfx, " p%u #%u", ps, sq);
			kind_name(&pt, t->name, sfx);
			rc = plan_append(q, &pt, err);
		}
	return rc;
}

/* A cliff point without a budget: one pass over its region. */
static int
resolve_cliff(struct dd_point *pt, uint64_t size, struct dd_error *err)
{
	uint64_t unit = (uint64_t)pt->numjobs * pt->bs;
	uint64_t b = resolve_region(pt, size) / unit * unit;

	if (b == 0)
		return dd_error_set(err, -EINVAL, "%s: the target is smaller than %u jobs x bs %u",
				    pt->name, pt->numjobs, pt->bs);
	pt->bytes = b;
	return 0;
}

/* Does a point need the target to be resolved? */
static bool
resolve_pending(const struct dd_point *pt)
{
	return (pt->kind == DD_KIND_CHECKPOINT && pt->pass == 0) ||
	       (pt->kind == DD_KIND_CLIFF && pt->bytes == 0 && !(pt->runtime_s > 0));
}

/* Resolve a plan against its target (see plan.h). */
int
plan_resolve(struct dd_plan *p, uint64_t target_size, bool scratch, struct dd_error *err)
{
	struct dd_plan q;
	int	       rc = 0;

	plan_init(&q, p->name);
	for (size_t i = 0; rc == 0 && i < p->npoints; i++) {
		struct dd_point pt = p->points[i];

		if (scratch)
			pt.region_pct = 0;
		if (resolve_pending(&pt) && target_size == 0)
			rc = dd_error_set(err, -EINVAL, "%s: its size follows the target's, which "
					  "is unknown here (name the target)", pt.name);
		else if (pt.kind == DD_KIND_CHECKPOINT && pt.pass == 0)
			rc = resolve_checkpoint(&q, &pt, target_size, err);
		else if (!resolve_pending(&pt) || (rc = resolve_cliff(&pt, target_size, err)) == 0)
			rc = plan_append(&q, &pt, err);
	}
	if (rc != 0) {
		plan_free(&q);
		return rc;
	}
	free(p->points);
	p->points = q.points;
	p->npoints = q.npoints;
	p->cap = q.cap;
	return 0;
}

static uint64_t fio_target_size(const char *path);

/* Resolve a plan for a path without opening it (see plan.h). */
int
plan_resolve_path(struct dd_plan *p, const char *target_path, uint64_t scratch_size,
		  struct dd_error *err)
{
	if (scratch_size != 0)
		return plan_resolve(p, scratch_size, true, err);
	return plan_resolve(p, target_path != NULL ? fio_target_size(target_path) : 0, false,
			    err);
}

/* Does the plan write? */
bool
plan_writes(const struct dd_plan *p)
{
	if (p->precondition_passes > 0)
		return true;
	for (size_t i = 0; i < p->npoints; i++)
		if (dd_pattern_writes(p->points[i].pattern))
			return true;
	return false;
}

/* Does the plan have byte-budget points? */
bool
plan_has_byte_budget(const struct dd_plan *p)
{
	for (size_t i = 0; i < p->npoints; i++)
		if (p->points[i].bytes != 0 || resolve_pending(&p->points[i]))
			return true;
	return false;
}

/* Seconds the time-based points take. */
double
plan_estimate_seconds(const struct dd_plan *p)
{
	double s = 0;

	for (size_t i = 0; i < p->npoints; i++)
		if (p->points[i].bytes == 0)
			s += p->points[i].ramp_s + p->points[i].runtime_s;
	return s * (p->repeat != 0 ? p->repeat : 1);
}

/* Seconds of the byte budgets of a plan with none left to resolve: NAN when
 * one cannot be timed (see plan_estimate_on). */
static double
estimate_budgets(const struct dd_plan *p, double write_mbps, double read_mbps)
{
	double s = 0;

	for (size_t i = 0; i < p->npoints; i++) {
		const struct dd_point *pt = &p->points[i];
		double		       mbps;

		if (pt->bytes == 0)
			continue;
		mbps = pt->pattern == DD_WRITE ? write_mbps : pt->pattern == DD_READ ? read_mbps
										      : NAN;
		if (!(mbps > 0) || !isfinite(mbps))
			return NAN;
		s += (double)pt->bytes / (mbps * 1e6);
	}
	return s * (p->repeat != 0 ? p->repeat : 1);
}

/* Seconds the whole sweep takes on a target (see plan.h). */
double
plan_estimate_on(const struct dd_plan *p, uint64_t target_size, double write_mbps,
		 double read_mbps)
{
	struct dd_plan	q;
	struct dd_error err = { 0 };
	double		s;
	bool		pending = false;

	for (size_t i = 0; i < p->npoints && !pending; i++)
		pending = resolve_pending(&p->points[i]);
	if (!pending)
		return plan_estimate_seconds(p) + estimate_budgets(p, write_mbps, read_mbps);
	if (target_size == 0 || plan_copy(&q, p, &err) < 0)
		return NAN;
	s = plan_resolve(&q, target_size, false, &err) < 0 ? NAN :
	    plan_estimate_seconds(&q) + estimate_budgets(&q, write_mbps, read_mbps);
	plan_free(&q);
	return s;
}

/* The sweep's time in words (see plan.h). */
char *
plan_estimate_say(const struct dd_plan *p, uint64_t target_size, double write_mbps,
		  double read_mbps, char *buf, size_t len)
{
	char	    eta[32];
	double	    s = plan_estimate_seconds(p), all;
	bool	    pending = false;
	const char *why;

	if (!plan_has_byte_budget(p)) {
		snprintf(buf, len, "about %s", fmt_duration(s, eta, sizeof eta));
		return buf;
	}
	all = plan_estimate_on(p, target_size, write_mbps, read_mbps);
	if (!isnan(all)) {
		snprintf(buf, len, "about %s (byte budgets at the spec's sequential speed)",
			 fmt_duration(all, eta, sizeof eta));
		return buf;
	}
	for (size_t i = 0; i < p->npoints && !pending; i++)
		pending = resolve_pending(&p->points[i]);
	why = pending && target_size == 0
		? "byte budgets that follow the target's size, which is not known here"
		: "byte budgets, and no spec sequential speed of the drive to time them";
	if (s > 0)
		snprintf(buf, len, "about %s plus byte budgets of unknown time (%s)",
			 fmt_duration(s, eta, sizeof eta), why);
	else
		snprintf(buf, len, "time unknown (%s)", why);
	return buf;
}

/* ---- fio job files ---- */

/* Bytes of the preconditioning pass (see plan.h). */
uint64_t
plan_precondition_bytes(const struct dd_plan *p, uint64_t target_size)
{
	double b = p->precondition_passes * (double)target_size;

	if (!(b > 0))
		return 0;
	if (b >= 0x1p64)
		return UINT64_MAX / (128 * KIB) * (128 * KIB);
	return (uint64_t)b / (128 * KIB) * (128 * KIB);
}

/* Write the preconditioning section. */
static void
fio_precondition(FILE *f, const struct dd_plan *p, uint64_t target_size)
{
	double	 passes = p->precondition_passes;
	unsigned loops = (unsigned)ceil(passes);

	fprintf(f, "; preconditioning: %g x the capacity in 128K sequential writes\n"
		"; writes destroy data on the target\n"
		"[precondition]\nstonewall\nrw=write\nbs=128k\niodepth=32\nnumjobs=1\n",
		passes);
	if (target_size != 0) {
		fprintf(f, "io_size=%llu\n", (unsigned long long)
			plan_precondition_bytes(p, target_size));
	} else {
		if ((double)loops != passes)
			fprintf(f, "; rounded up to %u whole passes (the target size is "
				"unknown here)\n", loops);
		fprintf(f, "loops=%u\n", loops);
	}
	fprintf(f, "\n");
}

/* Write an fio job file for a target of known (or 0 = unknown) size and class. */
static char *
fio_jobfile(const struct dd_plan *p, const char *target_path, uint64_t target_size,
	    enum dd_target_class tc, bool iopoll)
{
	struct fiojob_target jt = {
		.path = target_path, .size = target_size, .tclass = tc, .iopoll = iopoll,
		.ncpus = sysconf(_SC_NPROCESSORS_ONLN),
	};
	FILE   *f;
	char   *text = NULL, name[sizeof p->name];
	size_t	len = 0;
	unsigned runs = p->repeat != 0 ? p->repeat : 1;

	if (target_path == NULL || (f = open_memstream(&text, &len)) == NULL)
		return NULL;
	/* The plan's name may come from a file's: a comment line, made inert. */
	snprintf(name, sizeof name, "%s", p->name);
	utf8_sanitize(name, 0);
	fprintf(f, "; drivedash %s: plan '%s', %zu points\n", PACKAGE_VERSION, name,
		p->npoints);
	if (runs > 1)
		fprintf(f, "; each point runs %u times (sections \"NAME runN\"); "
			"drivedash folds the runs: %s\n", runs,
			plan_aggregate_name(p->aggregate));
	if (p->steady_state)
		fprintf(f, "; steady-state rounds are drivedash's; fio runs each "
			"point once\n");
	if (plan_writes(p))
		fprintf(f, "; this job file WRITES to %s\n", target_path);
	fprintf(f, "\n");
	if (fiojob_global(f, &jt) < 0) {	/* a newline in the path */
		fclose(f);
		free(text);
		return NULL;
	}
	if (p->precondition_passes > 0)
		fio_precondition(f, p, target_size);
	for (size_t i = 0; i < p->npoints; i++)
		for (unsigned r = 1; r <= runs; r++)
			fiojob_point(f, &p->points[i], i, r, runs, &jt);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* Write an fio job file for a target of known (or 0 = unknown) size. */
char *
plan_fio_jobfile_sized(const struct dd_plan *p, const char *target_path,
		       uint64_t target_size, bool iopoll)
{
	return fio_jobfile(p, target_path, target_size,
			   engine_target_classify(target_path), iopoll);
}

/* Write an fio job file for a target of unknown size. */
char *
plan_fio_jobfile(const struct dd_plan *p, const char *target_path, bool iopoll)
{
	return plan_fio_jobfile_sized(p, target_path, 0, iopoll);
}

/* The size of a target path without opening it: st_size, or sysfs. */
static uint64_t
fio_target_size(const char *path)
{
	struct stat	   st;
	char		   sys[96];
	unsigned long long sectors = 0;
	FILE		  *f;

	if (stat(path, &st) < 0)
		return 0;
	if (S_ISREG(st.st_mode))
		return (uint64_t)st.st_size;
	if (!S_ISBLK(st.st_mode))
		return 0;
	snprintf(sys, sizeof sys, "/sys/dev/block/%u:%u/size", major(st.st_rdev),
		 minor(st.st_rdev));
	if ((f = fopen(sys, "re")) == NULL)
		return 0;
	if (fscanf(f, "%llu", &sectors) != 1)
		sectors = 0;
	fclose(f);
	return (uint64_t)sectors * 512;
}

/* Write the fio twin of a run on target_path, resolved without I/O. */
char *
plan_fio_jobfile_target(const struct dd_plan *p, const char *target_path, bool iopoll)
{
	return plan_fio_jobfile_sized(p, target_path, fio_target_size(target_path), iopoll);
}
