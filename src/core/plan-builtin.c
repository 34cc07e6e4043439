/*
 * Plans: the presets.  The code-built ones (review, spot, cdm, cdm-nvme,
 * threads, ...) are small builders over the model's plan_append, the data
 * ones are data/plans files compiled into plan-presets.c (generated, see
 * plan-presets.h) and parsed as plan files by plan-parse.c.  plan_preset
 * builds one by name (write points left out without allow_write, times
 * scaled); plan_presets lists both, code-built first.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan-private.h"
#include "plan-presets.h"

/* What the preset builders share. */
struct preset_ctx {
	struct dd_plan	*plan;
	bool		 allow_write;
	double		 time_scale;
	size_t		 skipped;	/* write points left out */
	struct dd_error *err;
};

/* Add one preset point (or count it as skipped when it writes and must not). */
static int
preset_add(struct preset_ctx *c, enum dd_pattern pat, unsigned bs, unsigned qd,
	   unsigned jobs, double runtime_s, double ramp_s, const char *name)
{
	struct dd_point pt;

	if (dd_pattern_writes(pat) && !c->allow_write) {
		c->skipped++;
		return 0;
	}
	plan_point_defaults(&pt);
	pt.pattern = pat;
	pt.bs = bs;
	pt.iodepth = qd;
	pt.numjobs = jobs;
	pt.runtime_s = runtime_s * c->time_scale;
	pt.ramp_s = ramp_s * c->time_scale;
	if (name != NULL)
		snprintf(pt.name, sizeof pt.name, "%s", name);
	else
		dd_point_autoname(&pt);
	return plan_append(c->plan, &pt, c->err);
}

/*
 * review: the StorageReview FIO method.  Two sequential points first (128K
 * write at IODepth 16, 128K read at IODepth 64, one job each), then for each
 * workload the IODepth x NumJobs matrix, NumJobs outer and IODepth inner, so
 * the points fill the review's table row by row (one row per NumJobs).
 */
static int
preset_review(struct preset_ctx *c)
{
	static const struct {
		enum dd_pattern pat;
		unsigned	bs;
	} work[] = {
		{ DD_RANDREAD, 64 * KIB }, { DD_RANDWRITE, 64 * KIB },
		{ DD_RANDREAD, 16 * KIB }, { DD_RANDWRITE, 16 * KIB },
		{ DD_READ, 16 * KIB }, { DD_WRITE, 16 * KIB },
		{ DD_RANDREAD, 4 * KIB }, { DD_RANDWRITE, 4 * KIB },
	};
	static const unsigned qds[] = { 1, 2, 4, 8, 16, 32 };
	static const unsigned jobs[] = { 1, 2, 4, 8, 16 };
	int rc;

	if ((rc = preset_add(c, DD_WRITE, 128 * KIB, 16, 1, 10, 2, NULL)) != 0 ||
	    (rc = preset_add(c, DD_READ, 128 * KIB, 64, 1, 10, 2, NULL)) != 0)
		return rc;
	for (size_t w = 0; w < NITEMS(work); w++)
		for (size_t j = 0; j < NITEMS(jobs); j++)
			for (size_t q = 0; q < NITEMS(qds); q++)
				if ((rc = preset_add(c, work[w].pat, work[w].bs, qds[q],
						     jobs[j], 10, 2, NULL)) != 0)
					return rc;
	return 0;
}

/*
 * spot: a quick look in at most 90 s.  Every point is also a point of the
 * review matrix, so a spot check compares directly with published figures:
 * 128K sequential read at QD64 (the bandwidth ceiling), 4K random read at
 * QD1 (the latency floor), at QD32 x4 (a loaded server) and at QD32 x16 (the
 * reviews' headline IOPS), and 64K random read at QD32 (large random reads).
 * Read-only: 5 x (2 + 14 s) = 80 s.  With writes, the reads come first so
 * they are measured as in a read-only run, not behind the writes' garbage
 * collection, then 128K sequential write at QD16 and 4K random write at QD1
 * and QD32 x4: 8 x (1 + 10 s) = 88 s.
 */
static int
preset_spot(struct preset_ctx *c)
{
	static const struct {
		enum dd_pattern pat;
		unsigned	bs, qd, jobs;
	} pts[] = {
		{ DD_READ, 128 * KIB, 64, 1 },
		{ DD_RANDREAD, 4 * KIB, 1, 1 },
		{ DD_RANDREAD, 4 * KIB, 32, 4 },
		{ DD_RANDREAD, 4 * KIB, 32, 16 },
		{ DD_RANDREAD, 64 * KIB, 32, 1 },
		{ DD_WRITE, 128 * KIB, 16, 1 },
		{ DD_RANDWRITE, 4 * KIB, 1, 1 },
		{ DD_RANDWRITE, 4 * KIB, 32, 4 },
	};
	double runtime = c->allow_write ? 10 : 14;
	double ramp = c->allow_write ? 1 : 2;
	int    rc;

	for (size_t i = 0; i < NITEMS(pts); i++)
		if ((rc = preset_add(c, pts[i].pat, pts[i].bs, pts[i].qd, pts[i].jobs,
				     runtime, ramp, NULL)) != 0)
			return rc;
	return 0;
}

/* One CrystalDiskMark test: its label, then sequential or random, bs, Q, T. */
struct cdm_test {
	const char *label;
	bool	    random;
	unsigned    bs, qd, threads;
};

/*
 * CrystalDiskMark: every test reads, then (when allowed) every test writes,
 * as CrystalDiskMark's "All" does; 5 s measured after 1 s of warm-up.
 */
static int
preset_cdm_tests(struct preset_ctx *c, const struct cdm_test *t, size_t n)
{
	char name[DD_POINT_NAME_MAX];
	int  rc;

	for (int w = 0; w < 2; w++) {
		for (size_t i = 0; i < n; i++) {
			enum dd_pattern pat = t[i].random ?
				(w ? DD_RANDWRITE : DD_RANDREAD) : (w ? DD_WRITE : DD_READ);

			snprintf(name, sizeof name, "%s %s", t[i].label, w ? "write" : "read");
			if ((rc = preset_add(c, pat, t[i].bs, t[i].qd, t[i].threads, 5, 1,
					     name)) != 0)
				return rc;
		}
	}
	return 0;
}

/* cdm: CrystalDiskMark's Default profile. */
static int
preset_cdm(struct preset_ctx *c)
{
	static const struct cdm_test t[] = {
		{ "SEQ1M Q8T1", false, MIB, 8, 1 },
		{ "SEQ1M Q1T1", false, MIB, 1, 1 },
		{ "RND4K Q32T1", true, 4 * KIB, 32, 1 },
		{ "RND4K Q1T1", true, 4 * KIB, 1, 1 },
	};

	return preset_cdm_tests(c, t, NITEMS(t));
}

/* cdm-nvme: CrystalDiskMark's NVMe SSD profile. */
static int
preset_cdm_nvme(struct preset_ctx *c)
{
	static const struct cdm_test t[] = {
		{ "SEQ1M Q8T1", false, MIB, 8, 1 },
		{ "SEQ128K Q32T1", false, 128 * KIB, 32, 1 },
		{ "RND4K Q32T16", true, 4 * KIB, 32, 16 },
		{ "RND4K Q1T1", true, 4 * KIB, 1, 1 },
	};

	return preset_cdm_tests(c, t, NITEMS(t));
}

/* A thread-scaling point: DD_KIND_THREADS, profile as the specs database's
 * GDSIO rows spell it ("read", "write"). */
static void
preset_mark_threads(struct dd_point *pt)
{
	pt->kind = DD_KIND_THREADS;
	snprintf(pt->profile, sizeof pt->profile, "%s",
		 dd_pattern_writes(pt->pattern) ? "write" : "read");
}

/*
 * threads: thread scaling as the reviews' GDSIO charts, sequential at QD1
 * with 1..128 threads for 16K, 128K and 1M; all reads (block size outer,
 * threads inner), then the same writes when allowed.  5 s after 1 s ramp.
 */
static int
preset_threads(struct preset_ctx *c)
{
	static const unsigned bss[] = { 16 * KIB, 128 * KIB, MIB };
	static const unsigned threads[] = { 1, 2, 4, 8, 16, 32, 64, 128 };
	int rc;

	for (int w = 0; w < 2; w++)
		for (size_t b = 0; b < NITEMS(bss); b++)
			for (size_t t = 0; t < NITEMS(threads); t++) {
				size_t n = c->plan->npoints;

				if ((rc = preset_add(c, w ? DD_WRITE : DD_READ, bss[b], 1,
						     threads[t], 5, 1, NULL)) != 0)
					return rc;
				if (c->plan->npoints > n)
					preset_mark_threads(&c->plan->points[n]);
			}
	return 0;
}

static const struct dd_preset_info preset_infos[] = {
	{ "review", "the reviews' FIO sweep: 128K sequential write and read, then "
	  "IODepth 1-32 x NumJobs 1-16 for 64K, 16K, 4K random and 16K sequential "
	  "(242 points, 48 min; read-only 121 points, 24 min)" },
	{ "spot", "a spot check under 90 s: 128K sequential read, 4K random read "
	  "at QD1, QD32 x4, QD32 x16, 64K random read QD32; with writes also 128K "
	  "sequential write and 4K random write QD1, QD32 x4" },
	{ "cdm", "CrystalDiskMark Default: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, "
	  "RND4K Q1T1, 5 runs of 5 s each, best run" },
	{ "cdm-nvme", "CrystalDiskMark NVMe SSD: SEQ1M Q8T1, SEQ128K Q32T1, "
	  "RND4K Q32T16, RND4K Q1T1, 5 runs of 5 s each, best run" },
	{ "threads", "thread scaling as the reviews' GDSIO charts: 16K, 128K and "
	  "1M sequential at QD1 with 1 to 128 threads" },
	{ "gdsio", "the threads preset under the reviews' name (GDSIO thread scaling, "
	  "seeds 000 and 001; reported in GiB/s and us)" },
};

/* Builders, in the order of preset_infos. */
static int (*const preset_builders[])(struct preset_ctx *) = {
	preset_review, preset_spot, preset_cdm, preset_cdm_nvme, preset_threads,
	preset_threads,
};

#define PRESETS_MAX 64	/* code-built and data presets together */

static struct dd_preset_info preset_all[PRESETS_MAX];
static size_t		     preset_nall;
static pthread_once_t	     preset_once = PTHREAD_ONCE_INIT;

/* Fill the list of every preset: the code-built ones, then the data ones. */
static void
preset_list_fill(void)
{
	for (size_t i = 0; i < NITEMS(preset_infos) && preset_nall < PRESETS_MAX; i++)
		preset_all[preset_nall++] = preset_infos[i];
	for (size_t i = 0; i < plan_data_npresets && preset_nall < PRESETS_MAX; i++)
		preset_all[preset_nall++] = (struct dd_preset_info){
			plan_data_presets[i].name, plan_data_presets[i].summary };
}

/* The presets. */
const struct dd_preset_info *
plan_presets(size_t *n)
{
	pthread_once(&preset_once, preset_list_fill);
	*n = preset_nall;
	return preset_all;
}

/* Fail an unknown preset name, listing every valid one. */
static int
preset_unknown(const char *name, struct dd_error *err)
{
	const struct dd_preset_info *all;
	char			     list[1024];
	size_t			     n, o = 0;

	all = plan_presets(&n);
	list[0] = '\0';
	for (size_t i = 0; i < n && o < sizeof list; i++)
		o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", i ? ", " : "",
				      all[i].name);
	return dd_error_set(err, -EINVAL, "unknown preset '%s' (valid: %s)",
			    name != NULL ? name : "", list);
}

/* Drop the write points and the preconditioning of a data preset's plan
 * (a write curve goes whole: its points all write); the count dropped. */
static size_t
preset_drop_writes(struct dd_plan *p)
{
	size_t o = 0, dropped = 0;

	for (size_t i = 0; i < p->npoints; i++) {
		if (dd_pattern_writes(p->points[i].pattern))
			dropped++;
		else
			p->points[o++] = p->points[i];
	}
	p->npoints = o;
	if (p->precondition_passes > 0) {
		p->precondition_passes = 0;
		dropped++;
	}
	return dropped;
}

/* Build a data preset (data/plans/NAME.plan) into c->plan. */
static int
preset_data(const struct plan_data_preset *d, struct preset_ctx *c)
{
	struct dd_plan q;
	char	       origin[PLAN_NAME_MAX + 8];
	int	       rc;

	snprintf(origin, sizeof origin, "%s.plan", d->name);
	if ((rc = plan_parse_text(d->text, origin, &q, c->err)) != 0)
		return rc;
	for (size_t i = 0; i < q.npoints; i++) {
		q.points[i].runtime_s *= c->time_scale;
		q.points[i].ramp_s *= c->time_scale;
	}
	if (!c->allow_write)
		c->skipped += preset_drop_writes(&q);
	if (q.npoints == 0) {
		plan_free(&q);
		return dd_error_set(c->err, -EPERM, "preset '%s' only writes: pass "
				    "--allow-write", d->name);
	}
	plan_free(c->plan);
	q.repeat = c->plan->repeat;
	q.aggregate = c->plan->aggregate;
	*c->plan = q;
	return 0;
}

/* Build a preset plan. */
int
plan_preset(const char *name, const struct dd_preset_opts *o,
	    struct dd_plan *plan, struct dd_error *err)
{
	struct dd_preset_opts def = { 0 };
	struct preset_ctx     c;
	struct dd_plan	      p;
	size_t		      i, d = 0;
	int		      rc;

	plan_init(plan, "");
	if (o == NULL)
		o = &def;
	for (i = 0; i < NITEMS(preset_infos); i++)
		if (name != NULL && strcmp(name, preset_infos[i].name) == 0)
			break;
	for (d = 0; i == NITEMS(preset_infos) && d < plan_data_npresets; d++)
		if (name != NULL && strcmp(name, plan_data_presets[d].name) == 0)
			break;
	if (i == NITEMS(preset_infos) && d == plan_data_npresets)
		return preset_unknown(name, err);
	if (o->time_scale != 0 && !(isfinite(o->time_scale) && o->time_scale > 0 &&
				    o->time_scale <= 1000))
		return dd_error_set(err, -EINVAL,
				    "the time scale must be greater than 0 and at most 1000");
	if (o->repeat > PLAN_REPEAT_MAX)
		return dd_error_set(err, -EINVAL, "repeat must be at most %d",
				    PLAN_REPEAT_MAX);
	plan_init(&p, name);
	c.plan = &p;
	c.allow_write = o->allow_write;
	c.time_scale = o->time_scale != 0 ? o->time_scale : 1;
	c.skipped = 0;
	c.err = err;
	if (strcmp(name, "cdm") == 0 || strcmp(name, "cdm-nvme") == 0) {
		p.repeat = 5;
		p.aggregate = DD_AGG_BEST;
	}
	if (o->repeat != 0)
		p.repeat = o->repeat;
	if (o->aggregate != DD_AGG_NONE)
		p.aggregate = o->aggregate;
	if ((rc = i < NITEMS(preset_infos) ? preset_builders[i](&c)
					   : preset_data(&plan_data_presets[d], &c)) != 0) {
		plan_free(&p);
		return rc;
	}
	if (c.skipped != 0)
		snprintf(p.name, sizeof p.name, "%s (read-only)", name);
	*plan = p;
	return 0;
}
