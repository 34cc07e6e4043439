/*
 * Tests for src/core/verdict.c: which figures a check compares, which point
 * each is compared with, the tolerance boundaries in both directions,
 * NOT_COMPARABLE when the spec states conditions the check did not run, the
 * WARN cap when it states none, mixes matched by read share, the health row,
 * a short load curve against the review's VDBench figures of its profile
 * (and "no published curve" when there is none),
 * explainers, worst-of and the unknown drive; acceptance targets (their own
 * tolerance at their stated point only, a target beating the spec of its
 * metric, NOT_COMPARABLE when their point did not run, the points a check
 * appends for them).  Results are built in memory.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/plan.h"
#include "core/verdict.h"

#define KIB  1024
#define NRES 16

/* The database's unit table ($DRIVEDASH_DB): figures are converted through it. */
static struct arena	 unit_arena;
static struct spec_unit *units;
static size_t		 nunits;

/* Load the unit table. */
static int
group_setup(void **state)
{
	struct dd_error err = { 0 };
	const char     *path = getenv("DRIVEDASH_DB");
	struct specdb  *db;
	int		rc;

	(void)state;
	if (path == NULL || specdb_open(path, &db, &err) < 0) {
		fprintf(stderr, "# cannot open DRIVEDASH_DB=%s\n", path ? path : "(unset)");
		return -1;
	}
	rc = specdb_units(db, &unit_arena, &units, &nunits, &err);
	specdb_close(db);
	return rc;
}

/* Free it. */
static int
group_teardown(void **state)
{
	(void)state;
	arena_free(&unit_arena);
	return 0;
}

/* The results of one test (freed by teardown). */
struct fixture {
	struct dd_result *res[NRES];
	size_t		  n;
};

/* Allocate an empty fixture. */
static int
setup(void **state)
{
	*state = calloc(1, sizeof(struct fixture));
	return *state == NULL ? -1 : 0;
}

/* Free a fixture and its results. */
static int
teardown(void **state)
{
	struct fixture *fx = *state;

	for (size_t i = 0; i < fx->n; i++)
		free(fx->res[i]);
	free(fx);
	return 0;
}

/* Add a finished result; latency is the mean (and every percentile) in us. */
static struct dd_result *
add(struct fixture *fx, enum dd_pattern pat, unsigned bs, unsigned qd, unsigned jobs,
    unsigned read_pct, double iops, double mbps, double lat_us)
{
	struct dd_result *r = calloc(1, sizeof *r);

	assert_non_null(r);
	assert_true(fx->n < NRES);
	r->point.pattern = pat;
	r->point.bs = bs;
	r->point.iodepth = qd;
	r->point.numjobs = jobs;
	r->point.read_pct = read_pct;
	dd_point_autoname(&r->point);
	r->iops = iops;
	r->mbps = mbps;
	r->ios = 1000;
	r->lat.n = r->read_lat.n = r->write_lat.n = 1000;
	r->lat.mean_us = r->read_lat.mean_us = r->write_lat.mean_us = lat_us;
	for (int i = 0; i < HIST_NPCTS; i++)
		r->lat.pct_us[i] = r->read_lat.pct_us[i] = r->write_lat.pct_us[i] = lat_us;
	fx->res[fx->n++] = r;
	return r;
}

/* The spot preset's read points, at the given rates. */
static void
add_spot_reads(struct fixture *fx, double seq_mbps, double qd1_iops, double qd1_lat,
	       double x4_iops, double x16_iops)
{
	add(fx, DD_READ, 128 * KIB, 64, 1, 100, seq_mbps * 1e6 / 131072, seq_mbps, 1000);
	add(fx, DD_RANDREAD, 4 * KIB, 1, 1, 100, qd1_iops, qd1_iops * 4096 / 1e6, qd1_lat);
	add(fx, DD_RANDREAD, 4 * KIB, 32, 4, 100, x4_iops, x4_iops * 4096 / 1e6, 200);
	add(fx, DD_RANDREAD, 4 * KIB, 32, 16, 100, x16_iops, x16_iops * 4096 / 1e6, 400);
	add(fx, DD_RANDREAD, 64 * KIB, 32, 1, 100, 20000, 1310, 1500);
}

/* A preferred figure: metric, value, unit, block size (0 = NULL), depth and jobs. */
static struct spec_figure
fig(const char *metric, double value, const char *unit, int bs, int qd, int jobs)
{
	struct spec_figure g;

	memset(&g, 0, sizeof g);
	g.family_id = "fam";
	g.metric_id = metric;
	g.metric_name = metric;
	g.qual = "eq";
	g.unit_id = unit;
	g.source_id = "src";
	g.confidence = "A";
	g.value = value;
	g.value_hi = NAN;
	g.block_size = bs > 0 ? bs : -1;
	g.iodepth = qd > 0 ? qd : -1;
	g.numjobs = jobs > 0 ? jobs : -1;
	g.read_pct = -1;
	g.preferred = 1;
	return g;
}

/* Convert a figure as specdb does at load: its unit's dimension, value and
 * value_hi in the base unit, through the database's table. */
static void
convert(struct spec_figure *g)
{
	g->dimension = NULL;
	g->base = g->base_hi = NAN;
	for (size_t i = 0; i < nunits; i++)
		if (strcmp(units[i].id, g->unit_id) == 0) {
			g->dimension = units[i].dimension;
			g->base = compare_convert(units, nunits, g->value, g->unit_id, g->dimension);
			g->base_hi = compare_convert(units, nunits, g->value_hi, g->unit_id,
						     g->dimension);
		}
}

/* Evaluate figures against the fixture's results with a tolerance. */
static void
eval(struct fixture *fx, const struct spec_figure *g, size_t n, double tol, bool writes,
     struct verdict_report *out)
{
	struct verdict_opts o = { .tolerance = tol, .writes_ran = writes };
	struct spec_figure  figs[16];

	assert_true(n <= 16);
	for (size_t i = 0; i < n; i++) {
		figs[i] = g[i];
		convert(&figs[i]);
	}
	verdict_evaluate(figs, n, (const struct dd_result *const *)fx->res, fx->n, &o, out);
}

/* The status of one figure against the fixture. */
static enum verdict_status
judge1(struct fixture *fx, struct spec_figure g, double tol, struct verdict *row)
{
	struct verdict_report r;

	eval(fx, &g, 1, tol, false, &r);
	assert_int_equal(r.nrows, 1);
	if (row != NULL)
		*row = r.rows[0];
	return r.rows[0].status;
}

/* The reason says what the numbers say: a PASS above its reference "meets
 * its spec: 113.9% of 14,800 MB/s", a WARN or FAIL "short by 12% (tolerance
 * 10%)"; never a percentage of the spec next to "within" the tolerance. */
static void
test_wording(void **state)
{
	struct fixture	  *fx = *state;
	struct spec_figure g = fig("seq_read", 14800, "MB/s", 131072, 0, 0);
	struct verdict	   v;

	add_spot_reads(fx, 16857.2, 10000, 80, 300000, 900000);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
	assert_non_null(strstr(v.reason, "meets its spec: 113.9% of 14,800 MB/s"));
	assert_null(strstr(v.reason, "within"));
	assert_null(strstr(v.reason, "short"));
	/* Below the figure but inside the tolerance: a PASS that says by how much. */
	g = fig("seq_read", 1000, "MB/s", 131072, 0, 0);
	fx->res[0]->mbps = 950;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
	assert_non_null(strstr(v.reason, "meets its spec: 95.0% of 1,000 MB/s"));
	assert_non_null(strstr(v.reason, "short by 5% (tolerance 10%)"));
	/* WARN and FAIL: short by how much, against which tolerance. */
	fx->res[0]->mbps = 880;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_WARN);
	assert_non_null(strstr(v.reason, "misses its spec: 88.0% of 1,000 MB/s"));
	assert_non_null(strstr(v.reason, "short by 12% (tolerance 10%)"));
	assert_null(strstr(v.reason, "within"));
	assert_null(strstr(v.reason, "meets"));
	fx->res[0]->mbps = 700;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_FAIL);
	assert_non_null(strstr(v.reason, "short by 30% (tolerance 10%)"));
	assert_null(strstr(v.reason, "within"));
	/* A shortfall that would round onto the tolerance keeps its decimal. */
	fx->res[0]->mbps = 896;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_WARN);
	assert_non_null(strstr(v.reason, "short by 10.4% (tolerance 10%)"));
	/* Latency: over, not short. */
	g = fig("lat_read", 100, "us", 4096, 1, 1);
	fx->res[1]->read_lat.mean_us = 125;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_FAIL);
	assert_non_null(strstr(v.reason, "misses its spec: 125.0% of 100 \u00b5s"));
	assert_non_null(strstr(v.reason, "over by 25% (tolerance 10%)"));
	fx->res[1]->read_lat.mean_us = 80;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
	assert_non_null(strstr(v.reason, "meets its spec: 80.0% of 100 \u00b5s"));
	assert_null(strstr(v.reason, "over by"));
}

/* The figures of a sheet narrowed to one capacity point. */
static void
test_figures(void **state)
{
	struct spec_figure rows[10], out[10];
	struct spec_sheet  sh;
	size_t		   n;

	(void)state;
	memset(&sh, 0, sizeof sh);
	rows[0] = fig("seq_read", 7000, "MB/s", 131072, 0, 0);		/* family: replaced */
	rows[1] = fig("seq_read", 6800, "MB/s", 131072, 0, 0);
	rows[1].drive_id = "d1";
	rows[2] = fig("seq_read", 6500, "MB/s", 131072, 0, 0);		/* another capacity */
	rows[2].drive_id = "d2";
	rows[3] = fig("lat_read", 70, "us", 0, 0, 0);			/* family: kept */
	rows[4] = fig("rand_read", 1e6, "IOPS", 4096, 0, 0);
	rows[4].drive_id = "d1";
	rows[4].preferred = 0;						/* alternative */
	rows[5] = fig("power_active", 25, "W", 0, 0, 0);		/* not performance */
	rows[6] = fig("rand_mixed", 4e5, "IOPS", 4096, 0, 0);		/* family 70%: kept */
	rows[6].read_pct = 70;
	rows[7] = fig("rand_mixed", 3e5, "IOPS", 4096, 0, 0);		/* d1 50% */
	rows[7].read_pct = 50;
	rows[7].drive_id = "d1";
	sh.figures = rows;
	sh.nfigures = 8;
	sh.only_drive = "d1";
	n = verdict_figures(&sh, out, 10);
	assert_int_equal(n, 4);
	assert_string_equal(out[0].metric_id, "seq_read");
	assert_float_equal(out[0].value, 6800, 0);
	assert_string_equal(out[1].metric_id, "lat_read");
	assert_int_equal(out[2].read_pct, 70);
	assert_int_equal(out[3].read_pct, 50);
	assert_int_equal(verdict_figures(&sh, out, 2), 2);

	/* Unnarrowed: only family-wide rows apply. */
	sh.only_drive = NULL;
	n = verdict_figures(&sh, out, 10);
	assert_int_equal(n, 3);
	assert_float_equal(out[0].value, 7000, 0);
	assert_int_equal(verdict_figures(NULL, out, 10), 0);
}

/* MB/s and IOPS: PASS at (1 - t) x spec, WARN down to (1 - 2t), FAIL below. */
static void
test_tolerance(void **state)
{
	struct fixture	  *fx = *state;
	struct dd_result  *r = add(fx, DD_READ, 128 * KIB, 64, 1, 100, 0, 0, 0);
	struct spec_figure g = fig("seq_read", 1000, "MB/s", 131072, 64, 1);
	struct verdict	   v;
	static const struct {
		double		    tol, mbps;
		enum verdict_status want;
	} cases[] = {
		{ 0.10, 1200, VERDICT_PASS }, { 0.10, 900, VERDICT_PASS },
		{ 0.10, 899.9, VERDICT_WARN }, { 0.10, 800, VERDICT_WARN },
		{ 0.10, 799.9, VERDICT_FAIL }, { 0.10, 10, VERDICT_FAIL },
		{ 0.05, 950, VERDICT_PASS }, { 0.05, 949.9, VERDICT_WARN },
		{ 0.05, 900, VERDICT_WARN }, { 0.05, 899.9, VERDICT_FAIL },
		{ 0, 1000, VERDICT_PASS }, { 0, 999.9, VERDICT_FAIL },
		{ 0.3, 400, VERDICT_WARN }, { 0.3, 399.9, VERDICT_FAIL },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		r->mbps = cases[i].mbps;
		assert_int_equal(judge1(fx, g, cases[i].tol, &v), cases[i].want);
		assert_float_equal(v.ratio, cases[i].mbps / 1000, 1e-12);
		assert_true(v.conditions_known);
		assert_false(v.capped);
	}
	/* The row carries everything the output needs. */
	r->mbps = 850;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_WARN);
	assert_string_equal(v.metric, "seq_read");
	assert_string_equal(v.unit, "MB/s");
	assert_float_equal(v.spec_value, 1000, 0);
	assert_float_equal(v.measured, 850, 0);
	assert_int_equal(v.result, 0);
	assert_string_equal(v.point, "128K read QD64 x1");
	assert_string_equal(v.spec.source_id, "src");
	assert_string_equal(v.spec.confidence, "A");
	assert_non_null(strstr(v.reason, "misses its spec: 85.0% of 1,000 MB/s"));
	assert_non_null(strstr(v.reason, "short by 15% (tolerance 10%)"));

	/* Units convert: 1 GB/s is 1000 MB/s; an invalid tolerance is the default. */
	g.unit_id = "GB/s";
	g.value = 1;
	r->mbps = 895;
	assert_int_equal(judge1(fx, g, -1, &v), VERDICT_WARN);
	assert_float_equal(v.spec_value, 1000, 1e-9);
	/* A range: MB/s compare with its low end. */
	g.unit_id = "MB/s";
	g.qual = "range";
	g.value = 900;
	g.value_hi = 1100;
	r->mbps = 810;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
	assert_float_equal(v.spec_value, 900, 0);
}

/* Latency: lower is better, PASS up to (1 + t) x spec, WARN to (1 + 2t). */
static void
test_latency(void **state)
{
	struct fixture	  *fx = *state;
	struct dd_result  *r;
	struct spec_figure g = fig("lat_read", 100, "us", 4096, 1, 0);
	struct verdict	   v;
	static const struct {
		double		    us;
		enum verdict_status want;
	} cases[] = {
		{ 20, VERDICT_PASS }, { 100, VERDICT_PASS }, { 110, VERDICT_PASS },
		{ 110.1, VERDICT_WARN }, { 120, VERDICT_WARN }, { 120.1, VERDICT_FAIL },
		{ 500, VERDICT_FAIL },
	};

	add_spot_reads(fx, 5000, 10000, 0, 300000, 900000);
	r = fx->res[1];	/* 4K randread QD1 x1 */
	g.conditions = "typical";
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		r->read_lat.mean_us = cases[i].us;
		assert_int_equal(judge1(fx, g, 0.10, &v), cases[i].want);
		assert_true(v.lower_is_better);
		assert_string_equal(v.point, "4K randread QD1 x1");
	}
	assert_non_null(strstr(v.reason, "mean latency 500 \u00b5s"));
	assert_non_null(strstr(v.reason, "over by 400% (tolerance 10%)"));

	/* Milliseconds convert; a range compares with its high end. */
	r->read_lat.mean_us = 115;
	g.unit_id = "ms";
	g.value = 0.1;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_WARN);
	g.unit_id = "us";
	g.qual = "range";
	g.value = 80;
	g.value_hi = 110;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
	assert_float_equal(v.spec_value, 110, 0);

	/* A percentile in the conditions is compared as that percentile. */
	g = fig("lat_read", 100, "us", 4096, 1, 1);
	g.conditions = "99% QoS";
	r->read_lat.mean_us = 50;
	r->read_lat.pct_us[12] = 300;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_FAIL);
	assert_float_equal(v.measured, 300, 0);
	assert_non_null(strstr(v.reason, "p99 latency"));

	/* No depth stated: QD1 x1 as latency is quoted, a full verdict (no cap). */
	g = fig("lat_read", 60, "us", 0, 0, 0);
	g.conditions = "typical";
	r->read_lat.mean_us = 300;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_FAIL);
	assert_false(v.conditions_known);
	assert_false(v.capped);
	assert_non_null(strstr(v.reason, "QD1 assumed"));

	/* Sequential latency needs a sequential QD1 point, which spot lacks. */
	g.conditions = "sequential";
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "sequential read"));
	assert_true(isnan(v.measured));
}

/* Stated conditions the check did not run: NOT_COMPARABLE with the reason. */
static void
test_not_comparable(void **state)
{
	struct fixture	  *fx = *state;
	struct spec_figure g;
	struct verdict	   v;

	add_spot_reads(fx, 5000, 10000, 80, 300000, 900000);
	add(fx, DD_WRITE, 128 * KIB, 16, 1, 0, 20000, 2600, 700);

	g = fig("rand_read", 1e6, "IOPS", 4096, 256, 1);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "rated at QD256 x1"));
	assert_non_null(strstr(v.reason, "QD1 x1, QD32 x4, QD32 x16"));
	assert_int_equal(v.result, SIZE_MAX);
	assert_true(isnan(v.ratio));

	/* Depth alone: that depth with one job, or jobs x depth equal to it. */
	g = fig("rand_read", 1e6, "IOPS", 4096, 128, 0);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_FAIL);
	assert_string_equal(v.point, "4K randread QD32 x4");
	assert_false(v.capped);
	g = fig("rand_read", 1e6, "IOPS", 4096, 32, 16);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
	assert_string_equal(v.point, "4K randread QD32 x16");

	/* A block size the check did not run. */
	g = fig("seq_write", 3000, "MB/s", 262144, 0, 0);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "256K sequential write"));
	assert_non_null(strstr(v.reason, "only 128K"));

	/* Writes ran, but not this one. */
	g = fig("rand_write", 2e5, "IOPS", 4096, 0, 0);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "no 4K random write point"));

	/* A unit that is not this metric's. */
	g = fig("seq_read", 10, "W", 131072, 0, 0);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "in W"));

	/* Failed and stopped points are not measurements. */
	fx->res[0]->status = -5;
	g = fig("seq_read", 1000, "MB/s", 131072, 0, 0);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	fx->res[0]->status = 0;
	fx->res[0]->cancelled = true;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "no 128K sequential read point"));
	fx->res[0]->cancelled = false;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
}

/* No stated depth: a rated maximum, judged against the best point of the
 * workload at any depth, a full verdict labelled as such. */
static void
test_unknown_conditions(void **state)
{
	struct fixture	  *fx = *state;
	struct spec_figure g = fig("rand_read", 1e6, "IOPS", 4096, 0, 0);
	struct verdict	   v;

	add_spot_reads(fx, 400, 10000, 80, 300000, 200000);
	/* Far below: FAIL, compared with the best point (QD32 x4), never capped. */
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_FAIL);
	assert_false(v.capped);
	assert_false(v.conditions_known);
	assert_int_equal(v.rule, COMPARE_RATED_MAX);
	assert_string_equal(v.decided_by, "rated max");
	assert_string_equal(v.point, "4K randread QD32 x4");
	assert_float_equal(v.measured, 300000, 0);
	assert_non_null(strstr(v.reason, "rated max, depth not stated"));
	assert_non_null(strstr(v.reason, "short by 70% (tolerance 10%)"));
	/* Within twice the tolerance: WARN at the best point. */
	fx->res[3]->iops = 850000;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_WARN);
	assert_string_equal(v.point, "4K randread QD32 x16");
	/* Meeting it at a shallower depth is a PASS. */
	fx->res[3]->iops = 1.2e6;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
	assert_non_null(strstr(v.reason, "meets its spec: 120.0% of 1,000,000 IOPS"));

	/* Sequential: the best point, whatever its depth. */
	g = fig("seq_read", 1000, "MB/s", 131072, 0, 0);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_FAIL);
	assert_false(v.capped);
	assert_non_null(strstr(v.reason, "rated max"));
	/* No writes ran at all: say how to run them. */
	g = fig("rand_write", 2e5, "IOPS", 4096, 0, 0);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "--allow-write"));
	/* Sequential at a shallow depth is a full verdict too. */
	add(fx, DD_WRITE, 128 * KIB, 16, 1, 0, 2000, 262, 8000);
	g = fig("seq_write", 1000, "MB/s", 0, 0, 0);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_FAIL);
	assert_false(v.capped);
}

/* A review measurement of the drive at the same point: a figure short of the
 * spec but as good as the review PASSes; short of both is WARN or FAIL. */
static void
test_review(void **state)
{
	struct fixture		*fx = *state;
	struct spec_figure	 g = fig("rand_read", 2.6e6, "IOPS", 4096, 0, 0);
	struct spec_measurement	 rv[2];
	struct verdict_opts	 o = { .tolerance = 0.10, .review = rv, .nreview = 2,
				       .review_drive = "drv" };
	struct verdict_report	 r;

	memset(rv, 0, sizeof rv);
	for (int i = 0; i < 2; i++) {
		rv[i].source_id = "review-src";
		rv[i].drive_id = "drv";
		rv[i].benchmark = "fio";
		rv[i].workload = "randread";
		rv[i].metric_id = "iops";
		rv[i].unit_id = "IOPS";
		rv[i].dimension = "rate";
		rv[i].block_size = 4096;
		rv[i].numjobs = 16;
		rv[i].value_hi = rv[i].base_hi = NAN;
	}
	rv[0].iodepth = 32;
	rv[0].value = rv[0].base = 2.165e6;
	rv[1].iodepth = 1;
	rv[1].numjobs = 1;
	rv[1].value = rv[1].base = 32300;
	add_spot_reads(fx, 400, 32300, 30, 1.5e6, 2.165e6);
	convert(&g);
	verdict_evaluate(&g, 1, (const struct dd_result *const *)fx->res, fx->n, &o, &r);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	assert_string_equal(r.rows[0].decided_by, "review");
	assert_string_equal(r.rows[0].point, "4K randread QD32 x16");
	assert_float_equal(r.rows[0].review_value, 2.165e6, 1e-6);
	assert_int_equal(r.rows[0].review_qd, 32);
	assert_int_equal(r.rows[0].review_jobs, 16);
	assert_non_null(strstr(r.rows[0].reason, "misses its spec: 83.3% of 2,600,000 IOPS"));
	assert_non_null(strstr(r.rows[0].reason, "short by 17% (tolerance 10%)"));
	assert_non_null(strstr(r.rows[0].reason,
			       "decided by the review: meets it: 100.0% of 2,165,000 IOPS"));
	assert_int_equal(r.overall, VERDICT_PASS);
	/* Short of both by more than twice the tolerance: FAIL. */
	fx->res[3]->iops = 1.5e6;
	verdict_evaluate(&g, 1, (const struct dd_result *const *)fx->res, fx->n, &o, &r);
	assert_int_equal(r.rows[0].status, VERDICT_FAIL);
	/* Without the review the same run is FAIL against the spec alone. */
	fx->res[3]->iops = 2.165e6;
	o.review = NULL;
	verdict_evaluate(&g, 1, (const struct dd_result *const *)fx->res, fx->n, &o, &r);
	assert_int_equal(r.rows[0].status, VERDICT_WARN);
	assert_string_equal(r.rows[0].decided_by, "rated max");
}

/* Mixed workloads match by read share. */
static void
test_mixed(void **state)
{
	struct fixture	  *fx = *state;
	struct spec_figure g = fig("rand_mixed", 100000, "IOPS", 4096, 32, 4);
	struct verdict	   v;

	add(fx, DD_RANDRW, 4 * KIB, 32, 4, 50, 200000, 800, 300);
	g.read_pct = 70;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "70% read mix"));
	assert_non_null(strstr(v.reason, "50% reads"));

	add(fx, DD_RANDRW, 4 * KIB, 32, 4, 70, 95000, 390, 300);
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
	assert_string_equal(v.point, "4K randrw70 QD32 x4");
	assert_float_equal(v.measured, 95000, 0);

	g.read_pct = 50;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_PASS);
	assert_float_equal(v.measured, 200000, 0);

	g.read_pct = -1;
	assert_int_equal(judge1(fx, g, 0.10, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "no read share"));
}

/* Overall: worst of the rows; NOT_COMPARABLE does not count. */
static void
test_overall(void **state)
{
	struct fixture	     *fx = *state;
	struct verdict_report r;
	struct spec_figure    g[4];
	struct verdict	      rows[3];

	memset(rows, 0, sizeof rows);
	assert_int_equal(verdict_overall(rows, 0), VERDICT_NOT_COMPARABLE);
	rows[0].status = VERDICT_NOT_COMPARABLE;
	assert_int_equal(verdict_overall(rows, 1), VERDICT_NOT_COMPARABLE);
	rows[1].status = VERDICT_PASS;
	assert_int_equal(verdict_overall(rows, 2), VERDICT_PASS);
	rows[2].status = VERDICT_WARN;
	assert_int_equal(verdict_overall(rows, 3), VERDICT_WARN);
	rows[0].status = VERDICT_FAIL;
	assert_int_equal(verdict_overall(rows, 3), VERDICT_FAIL);

	add_spot_reads(fx, 1000, 10000, 90, 300000, 950000);
	g[0] = fig("seq_read", 1000, "MB/s", 131072, 0, 0);		/* PASS */
	g[1] = fig("rand_read", 1e6, "IOPS", 4096, 0, 0);		/* PASS */
	g[2] = fig("lat_read", 100, "us", 4096, 1, 0);		/* PASS */
	g[3] = fig("seq_write", 1000, "MB/s", 131072, 0, 0);	/* NOT_COMPARABLE */
	eval(fx, g, 4, 0.10, false, &r);
	assert_int_equal(r.nrows, 4);
	assert_int_equal(r.overall, VERDICT_PASS);
	assert_string_equal(r.summary, "meets its spec on seq_read, rand_read and lat_read; "
				       "not comparable: seq_write");

	fx->res[1]->read_lat.mean_us = 115;			/* lat_read WARN */
	eval(fx, g, 4, 0.10, false, &r);
	assert_int_equal(r.overall, VERDICT_WARN);
	assert_non_null(strstr(r.summary, "within 20% on lat_read (WARN)"));

	fx->res[0]->mbps = 100;					/* seq_read FAIL */
	eval(fx, g, 4, 0.10, false, &r);
	assert_int_equal(r.overall, VERDICT_FAIL);
	assert_non_null(strstr(r.summary, "meets its spec on rand_read"));
	assert_non_null(strstr(r.summary, "does not meet it on seq_read (FAIL)"));

	/* A rated maximum far short is an honest FAIL (no cap at WARN). */
	fx->res[3]->iops = 1000;
	eval(fx, &g[1], 1, 0.10, false, &r);
	assert_int_equal(r.overall, VERDICT_FAIL);
	assert_false(r.rows[0].capped);
	assert_string_equal(r.summary, "does not meet it on rand_read (FAIL)");

	eval(fx, &g[3], 1, 0.10, false, &r);
	assert_int_equal(r.overall, VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(r.summary, "nothing could be compared"));
	eval(fx, g, 0, 0.10, false, &r);
	assert_int_equal(r.nrows, 0);
	assert_int_equal(r.overall, VERDICT_NOT_COMPARABLE);
	assert_string_equal(verdict_status_name(VERDICT_NOT_COMPARABLE), "NOT_COMPARABLE");
	assert_string_equal(verdict_status_name(VERDICT_UNKNOWN), "UNKNOWN");
}

/* A drive not in the database: no rows, UNKNOWN, the nearest family named. */
static void
test_unknown_drive(void **state)
{
	struct verdict_report	   r;
	struct verdict_smart_delta d;
	struct spec_family	   near;

	(void)state;
	memset(&near, 0, sizeof near);
	near.id = "kioxia-cd9p-r";
	near.vendor = "KIOXIA";
	near.name = "CD9P-R";
	verdict_unknown(&r, 0.10, "KCD9ZZZZ7T68", NULL, &near);
	assert_int_equal(r.overall, VERDICT_UNKNOWN);
	assert_int_equal(r.nrows, 0);
	assert_non_null(strstr(r.summary, "'KCD9ZZZZ7T68' is not in the specs database"));
	assert_non_null(strstr(r.summary, "nearest family: KIOXIA CD9P-R"));
	verdict_unknown(&r, 0.10, NULL, NULL, NULL);
	assert_non_null(strstr(r.summary, "--model"));
	assert_null(strstr(r.summary, "nearest"));
	/* Health does not turn an unknown drive into a verdict. */
	memset(&d, 0, sizeof d);
	d.valid = true;
	d.media_errors = 3;
	verdict_health(&r, &d);
	assert_int_equal(r.nrows, 0);
	assert_int_equal(r.overall, VERDICT_UNKNOWN);
}

/* The SMART delta and the health row. */
static void
test_health(void **state)
{
	struct nvmeinfo_smart	   a, b;
	struct verdict_smart_delta d;
	struct verdict_report	   r;

	(void)state;
	memset(&a, 0, sizeof a);
	a.valid = true;
	a.temperature_c = 40;
	a.media_errors = 5;
	a.data_units_read = 100;
	a.critical_warning = NVMEINFO_CW_SPARE;
	b = a;
	b.temperature_c = 47;
	b.data_units_read = 130;
	verdict_smart_delta(&a, &b, &d);
	assert_true(d.valid);
	assert_int_equal(d.temp_max_c, 47);
	assert_int_equal(d.data_units_read, 30);
	assert_int_equal(d.media_errors, 0);
	assert_int_equal(d.new_critical_bits, 0);

	verdict_unknown(&r, 0.10, "x", NULL, NULL);
	r.overall = VERDICT_NOT_COMPARABLE;	/* an empty, matched report */
	verdict_health(&r, &d);
	assert_int_equal(r.nrows, 1);
	assert_string_equal(r.rows[0].metric, "health");
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	assert_int_equal(r.overall, VERDICT_PASS);
	assert_string_equal(r.summary, "nothing could be compared with the spec; "
				       "SMART health unchanged");

	b.thermal_t1_transitions = 2;
	verdict_smart_delta(&a, &b, &d);
	r.nrows = 0;
	verdict_health(&r, &d);
	assert_int_equal(r.rows[0].status, VERDICT_WARN);
	assert_non_null(strstr(r.rows[0].reason, "throttled"));

	b.media_errors = 6;
	b.critical_warning |= NVMEINFO_CW_TEMPERATURE;
	verdict_smart_delta(&a, &b, &d);
	assert_int_equal(d.new_critical_bits, NVMEINFO_CW_TEMPERATURE);
	r.nrows = 0;
	verdict_health(&r, &d);
	assert_int_equal(r.rows[0].status, VERDICT_FAIL);
	assert_int_equal(r.overall, VERDICT_FAIL);
	assert_non_null(strstr(r.rows[0].reason, "media errors rose by 1"));
	assert_non_null(strstr(r.rows[0].reason, "'temperature' appeared"));
	assert_non_null(strstr(r.summary, "SMART health: media errors rose by 1"));
	assert_non_null(strstr(r.summary, "(FAIL)"));

	/* One log missing: no delta, no row. */
	b.valid = false;
	verdict_smart_delta(&a, &b, &d);
	assert_false(d.valid);
	assert_int_equal(d.temp_max_c, NVMEINFO_TEMP_NONE);
	r.nrows = 0;
	verdict_health(&r, &d);
	assert_int_equal(r.nrows, 0);
}

/* Explainers go next to the WARN and FAIL rows they may explain. */
static void
test_explainers(void **state)
{
	struct fixture	     *fx = *state;
	struct verdict_report r;
	struct spec_figure    g[3];
	struct explain_item   items[4], hint;
	struct nvmeinfo_ctrl  c;
	struct spec_family    f;

	add_spot_reads(fx, 400, 10000, 300, 300000, 200000);
	g[0] = fig("seq_read", 1000, "MB/s", 131072, 0, 0);	/* FAIL */
	g[1] = fig("lat_read", 100, "us", 4096, 1, 0);		/* FAIL */
	g[2] = fig("rand_read", 50000, "IOPS", 4096, 0, 0);	/* PASS */
	eval(fx, g, 3, 0.10, false, &r);
	memset(items, 0, sizeof items);
	items[0].kind = "pcie-link";
	items[1].kind = "lba-format";
	items[2].kind = "temperature";
	items[3].kind = "namespace-size";
	verdict_explain(&r, items, 4);
	assert_int_equal(r.rows[0].status, VERDICT_FAIL);
	assert_int_equal(r.rows[0].explainers, 0x1 | 0x4 | 0x8);
	assert_int_equal(r.rows[1].status, VERDICT_FAIL);
	assert_int_equal(r.rows[1].explainers, 0x2 | 0x4 | 0x8);
	assert_int_equal(r.rows[2].status, VERDICT_PASS);
	assert_int_equal(r.rows[2].explainers, 0);

	/* The link against the family's rated interface. */
	memset(&c, 0, sizeof c);
	memset(&f, 0, sizeof f);
	c.name = "nvme0";
	c.pcie.speed_gts = 16.0;
	c.pcie.width = 4;
	f.pcie_gen = 5;
	f.pcie_lanes = 4;
	assert_int_equal(verdict_link_hint(&c, &f, &hint), 1);
	assert_string_equal(hint.kind, "pcie-spec");
	assert_non_null(strstr(hint.message,
			       "PCIe link trained at Gen4 x4, the spec assumes Gen5 x4"));
	c.pcie.speed_gts = 32.0;
	assert_int_equal(verdict_link_hint(&c, &f, &hint), 0);
	c.pcie.width = 2;
	assert_int_equal(verdict_link_hint(&c, &f, &hint), 1);
	assert_non_null(strstr(hint.message, "Gen5 x2"));
	c.pcie.speed_gts = NAN;
	assert_int_equal(verdict_link_hint(&c, &f, &hint), 0);
	assert_int_equal(verdict_link_hint(&c, NULL, &hint), 0);
}

/* A published VDBench figure of drive "d1": profile, metric, value (base unit). */
static struct spec_measurement
vdb(const char *bench, const char *profile, const char *metric, double v)
{
	struct spec_measurement m = { 0 };

	m.source_id = "seed-003";
	m.drive_id = "d1";
	m.benchmark = bench;
	m.workload = profile;
	m.metric_id = metric;
	m.qual = "eq";
	m.value = m.base = v;
	m.value_hi = m.base_hi = NAN;
	m.dimension = strcmp(metric, "iops") == 0 ? "rate" : "time";
	m.block_size = 4096;
	m.threads = 128;
	m.read_pct = 100;
	return m;
}

/* A load curve whose peak is peak IOPS at lat us (the 100 % step). */
static void
curve_of(struct workload_curve *cv, const char *profile, double peak, double lat)
{
	memset(cv, 0, sizeof *cv);
	snprintf(cv->profile, sizeof cv->profile, "%s", profile);
	snprintf(cv->shape.name, sizeof cv->shape.name, "4K randread QD32 x4 max");
	cv->shape.iodepth = 32;
	cv->shape.numjobs = 4;
	cv->has_max = true;
	cv->max.index = 3;
	cv->nsteps = 1;
	cv->steps[0].index = 4;
	cv->peak = 0;
	cv->peak_iops = peak;
	cv->peak_mean_us = lat;
	cv->peak_mbps = peak * 4096 / 1e6;
	cv->peak_p99_us = 3 * lat;
}

/* A short load curve against the review's VDBench figures of its profile. */
static void
test_curve(void **state)
{
	struct spec_measurement	ms[4];
	struct verdict_opts	o = { .tolerance = 0.10, .review = ms, .nreview = 4,
				      .review_drive = "d1" };
	struct verdict_report	r;
	struct workload_curve	cv;

	(void)state;
	ms[0] = vdb("fio", "4K random read", "iops", 1e9);	/* not VDBench */
	ms[1] = vdb("vdbench", "4K random write", "iops", 1e9);	/* another profile */
	ms[2] = vdb("vdbench", "4K random read", "iops", 719094);
	ms[3] = vdb("vdbench", "4K random read", "lat_mean", 123);

	memset(&r, 0, sizeof r);
	r.tolerance = 0.10;
	curve_of(&cv, "4K random read", 700000, 130);
	verdict_curve(&r, &cv, &o);
	assert_int_equal(r.nrows, 2);
	assert_string_equal(r.rows[0].metric, "curve_iops");
	assert_string_equal(r.rows[0].unit, "IOPS");
	assert_float_equal(r.rows[0].measured, 700000, 1e-9);
	assert_float_equal(r.rows[0].review_value, 719094, 1e-9);
	assert_float_equal(r.rows[0].ratio, 700000 / 719094.0, 1e-12);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	assert_string_equal(r.rows[0].decided_by, "review");
	assert_int_equal(r.rows[0].review_jobs, 128);
	assert_int_equal(r.rows[0].result, 4);
	assert_string_equal(r.rows[1].metric, "curve_lat");
	assert_true(r.rows[1].lower_is_better);
	assert_float_equal(r.rows[1].ratio, 130 / 123.0, 1e-12);
	assert_int_equal(r.rows[1].status, VERDICT_PASS);
	assert_int_equal(r.overall, VERDICT_PASS);

	/* 83 % of the review's peak: WARN; 25 % over its latency: FAIL. */
	memset(&r, 0, sizeof r);
	r.tolerance = 0.10;
	curve_of(&cv, "4K random read", 600000, 123 * 1.25);
	verdict_curve(&r, &cv, &o);
	assert_int_equal(r.rows[0].status, VERDICT_WARN);
	assert_int_equal(r.rows[1].status, VERDICT_FAIL);
	assert_non_null(strstr(r.rows[1].reason, "misses the review's VDBench curve"));
	assert_non_null(strstr(r.rows[1].reason, "over by 25% (tolerance 10%)"));
	assert_int_equal(r.overall, VERDICT_FAIL);

	/* No published curve of the profile: information, not a FAIL. */
	memset(&r, 0, sizeof r);
	r.tolerance = 0.10;
	curve_of(&cv, "8K 70/30", 100, 1e6);
	verdict_curve(&r, &cv, &o);
	assert_int_equal(r.nrows, 2);
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(r.rows[i].status, VERDICT_NOT_COMPARABLE);
		assert_null(r.rows[i].decided_by);
		assert_non_null(strstr(r.rows[i].reason, "no published curve for this drive"));
	}
	assert_int_equal(r.overall, VERDICT_NOT_COMPARABLE);
	/* Nor for another drive, or without a review at all. */
	memset(&r, 0, sizeof r);
	curve_of(&cv, "4K random read", 1, 1e6);
	o.review_drive = "d2";
	verdict_curve(&r, &cv, &o);
	assert_int_equal(r.rows[0].status, VERDICT_NOT_COMPARABLE);
	o.review = NULL;
	verdict_curve(&r, &cv, &o);
	assert_int_equal(r.nrows, 4);
	assert_int_equal(r.overall, VERDICT_NOT_COMPARABLE);
	/* A drive not in the database gets no rows. */
	verdict_unknown(&r, 0.10, "X", NULL, NULL);
	verdict_curve(&r, &cv, &o);
	assert_int_equal(r.nrows, 0);
}

/* A load curve whose steps did not reach their target rates is not judged:
 * its rows are NOT_COMPARABLE and say how far the steps got. */
static void
test_curve_unreached(void **state)
{
	struct spec_measurement	ms[2];
	struct verdict_opts	o = { .tolerance = 0.10, .review = ms, .nreview = 2,
				      .review_drive = "d1" };
	struct verdict_report	r;
	struct workload_curve	cv;

	(void)state;
	ms[0] = vdb("vdbench", "4K random read", "iops", 719094);
	ms[1] = vdb("vdbench", "4K random read", "lat_mean", 123);
	curve_of(&cv, "4K random read", 700000, 130);
	cv.nsteps = 2;
	for (size_t i = 0; i < 2; i++) {
		cv.steps[i].index = 4 + i;
		cv.steps[i].finished = true;
		cv.steps[i].target_pct = 50.0 * (double)(i + 1);
		cv.steps[i].target_iops = 350000.0 * (double)(i + 1);
		cv.steps[i].iops = 0.38 * cv.steps[i].target_iops;
		cv.steps[i].accuracy = 0.38;
	}
	memset(&r, 0, sizeof r);
	r.tolerance = 0.10;
	verdict_curve(&r, &cv, &o);
	assert_int_equal(r.nrows, 2);
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(r.rows[i].status, VERDICT_NOT_COMPARABLE);
		assert_null(r.rows[i].decided_by);
		assert_non_null(strstr(r.rows[i].reason,
				       "not judged: the steps reached 38% of their target rates"));
	}
	assert_int_equal(r.overall, VERDICT_NOT_COMPARABLE);
	/* Without a published curve both are said. */
	o.review = NULL;
	memset(&r, 0, sizeof r);
	r.tolerance = 0.10;
	verdict_curve(&r, &cv, &o);
	assert_int_equal(r.rows[0].status, VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(r.rows[0].reason, "no published curve for this drive"));
	assert_non_null(strstr(r.rows[0].reason, "; not judged: the steps reached 38%"));
	o.review = ms;
	/* At 90% of their targets they are judged. */
	for (size_t i = 0; i < 2; i++) {
		cv.steps[i].iops = 0.9 * cv.steps[i].target_iops;
		cv.steps[i].accuracy = 0.9;
	}
	memset(&r, 0, sizeof r);
	r.tolerance = 0.10;
	verdict_curve(&r, &cv, &o);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	assert_string_equal(r.rows[0].decided_by, "review");
	assert_null(strstr(r.rows[0].reason, "not judged"));
	assert_non_null(strstr(r.rows[0].reason, "meets the review's VDBench curve"));
}

/* An acceptance target: metric, qual, value, unit, its stated point
 * (block size, depth, jobs, runtime) and tolerance in percent. */
static struct spec_figure
tgt(const char *metric, const char *qual, double value, const char *unit, int bs, int qd,
    int jobs, int runtime_s, double tol_pct)
{
	struct spec_figure g = fig(metric, value, unit, bs, qd, jobs);

	g.qual = qual;
	g.confidence = NULL;
	g.source_id = "lab-doc";
	g.is_target = true;
	g.tolerance = tol_pct / 100;
	g.runtime_s = runtime_s;
	convert(&g);
	return g;
}

/* Judge one target against the fixture's results. */
static enum verdict_status
judge_target(struct fixture *fx, const struct spec_figure *g, bool writes, struct verdict *v)
{
	verdict_target(g, (const struct dd_result *const *)fx->res, fx->n, writes, v);
	return v->status;
}

/* A target's own tolerance, at its stated point only, both directions. */
static void
test_target_boundaries(void **state)
{
	struct fixture	  *fx = *state;
	struct dd_result  *r = add(fx, DD_RANDREAD, 4 * KIB, 32, 16, 100, 0, 0, 0);
	struct spec_figure g = tgt("rand_read", "ge", 2.2e6, "IOPS", 4096, 32, 16, 60, 5);
	struct spec_figure l = tgt("lat_read", "le", 80, "us", 4096, 32, 16, 60, 10);
	struct verdict	   v;
	static const struct {
		double		    tol, iops;
		enum verdict_status want;
	} cases[] = {
		{ 5, 2.31e6, VERDICT_PASS }, { 5, 2.09e6, VERDICT_PASS },
		{ 5, 2.0899e6, VERDICT_WARN }, { 5, 1.98e6, VERDICT_WARN },
		{ 5, 1.9799e6, VERDICT_FAIL },
		{ 0, 2.2e6, VERDICT_PASS }, { 0, 2.1999e6, VERDICT_FAIL },
	};
	static const struct {
		double		    us;
		enum verdict_status want;
	} lat[] = {
		{ 40, VERDICT_PASS }, { 88, VERDICT_PASS }, { 88.1, VERDICT_WARN },
		{ 96, VERDICT_WARN }, { 96.1, VERDICT_FAIL },
	};

	r->point.runtime_s = 60;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		g.tolerance = cases[i].tol / 100;
		r->iops = cases[i].iops;
		assert_int_equal(judge_target(fx, &g, false, &v), cases[i].want);
		assert_string_equal(v.decided_by, "target");
		assert_float_equal(v.ratio, cases[i].iops / 2.2e6, 1e-12);
		assert_true(v.spec.is_target);
		assert_int_equal(v.result, 0);
	}
	/* The reason names the target, its point, runtime and tolerance. */
	g.tolerance = 0;
	r->iops = 2.31e6;
	assert_int_equal(judge_target(fx, &g, false, &v), VERDICT_PASS);
	assert_non_null(strstr(v.reason, "lab target >= 2.2M IOPS at 4K QD32x16, 60 s, "
					 "tolerance 0%: 2.31M IOPS, PASS"));
	for (size_t i = 0; i < sizeof lat / sizeof lat[0]; i++) {
		r->read_lat.mean_us = lat[i].us;
		assert_int_equal(judge_target(fx, &l, false, &v), lat[i].want);
		assert_true(v.lower_is_better);
	}
	assert_non_null(strstr(v.reason, "<= 80 \u00b5s"));
	/* Another runtime, depth or jobs is not the stated point. */
	r->point.runtime_s = 10;
	assert_int_equal(judge_target(fx, &g, false, &v), VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(v.reason, "the check did not run its point"));
	assert_true(isnan(v.measured));
	r->point.runtime_s = 60;
	r->point.numjobs = 4;
	assert_int_equal(judge_target(fx, &g, false, &v), VERDICT_NOT_COMPARABLE);
	r->point.numjobs = 16;
	r->point.iodepth = 512;	/* 32 x 16 as one job: not the stated point either */
	r->point.numjobs = 1;
	assert_int_equal(judge_target(fx, &g, false, &v), VERDICT_NOT_COMPARABLE);
}

/* A target beats the spec of its metric; metrics without one keep the spec;
 * a target whose point did not run is NOT_COMPARABLE, saying why. */
static void
test_target_rule(void **state)
{
	struct fixture	     *fx = *state;
	struct spec_figure    g[5], out[8];
	struct spec_sheet     sh;
	struct verdict_report rep;
	struct verdict_opts   o = { .tolerance = 0.10 };
	struct dd_result     *stopped;
	size_t		      n;

	add_spot_reads(fx, 5000, 10000, 80, 300000, 900000);
	fx->res[3]->point.runtime_s = 60;	/* 4K randread QD32 x16, 60 s */
	g[0] = fig("rand_read", 5e6, "IOPS", 4096, 0, 0);	/* the spec: FAIL alone */
	g[1] = fig("seq_read", 5000, "MB/s", 131072, 0, 0);	/* no target: the spec */
	g[2] = tgt("rand_read", "ge", 8e5, "IOPS", 4096, 32, 16, 60, 0);
	g[3] = tgt("rand_write", "ge", 1e5, "IOPS", 4096, 32, 4, 60, 0);
	g[4] = tgt("seq_write", "ge", 100, "MB/s", 131072, 1, 1, 60, 0);
	g[4].drive_id = "d2";	/* another capacity point's */
	for (int i = 0; i < 2; i++)
		convert(&g[i]);
	memset(&sh, 0, sizeof sh);
	sh.figures = g;
	sh.nfigures = 2;
	sh.targets = g + 2;
	sh.ntargets = 3;
	sh.only_drive = "d1";
	n = verdict_figures(&sh, out, 8);
	assert_int_equal(n, 3);	/* two targets, then seq_read's spec */
	assert_true(out[0].is_target);
	assert_string_equal(out[1].metric_id, "rand_write");
	assert_false(out[2].is_target);
	assert_string_equal(out[2].metric_id, "seq_read");
	verdict_evaluate(out, n, (const struct dd_result *const *)fx->res, fx->n, &o, &rep);
	assert_int_equal(rep.nrows, 3);
	assert_string_equal(rep.rows[0].metric, "rand_read");
	assert_int_equal(rep.rows[0].status, VERDICT_PASS);
	assert_string_equal(rep.rows[0].decided_by, "target");
	assert_string_equal(rep.rows[0].point, "4K randread QD32 x16");
	/* No writes ran: the write target says how to get them. */
	assert_int_equal(rep.rows[1].status, VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(rep.rows[1].reason, "--allow-write"));
	assert_string_equal(rep.rows[2].decided_by, "rated max");
	assert_int_equal(rep.overall, VERDICT_PASS);
	assert_non_null(strstr(rep.summary, "rand_read (lab target)"));

	/* Without the target the spec judges rand_read (and fails it). */
	verdict_evaluate(g, 2, (const struct dd_result *const *)fx->res, fx->n, &o, &rep);
	assert_int_equal(rep.rows[0].status, VERDICT_FAIL);
	assert_string_equal(rep.rows[0].decided_by, "rated max");

	/* The target's point stopped: NOT_COMPARABLE, naming it. */
	stopped = add(fx, DD_RANDWRITE, 4 * KIB, 32, 4, 0, 5e5, 2048, 100);
	stopped->point.runtime_s = 60;
	stopped->cancelled = true;
	verdict_target(&g[3], (const struct dd_result *const *)fx->res, fx->n, true, &rep.rows[0]);
	assert_int_equal(rep.rows[0].status, VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(rep.rows[0].reason, "was stopped"));
	stopped->cancelled = false;
	verdict_target(&g[3], (const struct dd_result *const *)fx->res, fx->n, true, &rep.rows[0]);
	assert_int_equal(rep.rows[0].status, VERDICT_PASS);
}

/* The points a check appends for the targets: as stated, once each. */
static void
test_target_points(void **state)
{
	struct spec_figure g[4];
	struct dd_plan	   p;
	struct dd_error	   err = { 0 };

	(void)state;
	g[0] = tgt("rand_read", "ge", 2.2e6, "IOPS", 4096, 32, 16, 60, 0);
	g[1] = tgt("lat_read", "le", 900, "us", 4096, 32, 16, 60, 0);	/* same point */
	g[2] = tgt("rand_mixed", "ge", 5e5, "IOPS", 4096, 16, 4, 30, 0);
	g[2].read_pct = 70;
	g[3] = tgt("seq_write", "ge", 5000, "MB/s", 131072, 32, 1, 20, 0);
	plan_init(&p, "spot");
	/* rand_mixed writes too: without --allow-write only the read point. */
	assert_int_equal(verdict_append_targets(&p, g, 4, false, 0.5, &err), 1);
	assert_int_equal(p.npoints, 1);
	assert_int_equal(p.points[0].pattern, DD_RANDREAD);
	assert_int_equal(p.points[0].iodepth, 32);
	assert_int_equal(p.points[0].numjobs, 16);
	assert_float_equal(p.points[0].runtime_s, 60, 0);	/* not time-scaled */
	assert_string_equal(p.points[0].name, "4K randread QD32 x16 60s target");
	assert_true(verdict_target_ran(&g[0], &p.points[0]));
	assert_true(verdict_target_ran(&g[1], &p.points[0]));
	/* With writes: the mix at its read share and the write; nothing twice. */
	assert_int_equal(verdict_append_targets(&p, g, 4, true, 1, &err), 2);
	assert_int_equal(p.npoints, 3);
	assert_int_equal(p.points[1].pattern, DD_RANDRW);
	assert_int_equal(p.points[1].read_pct, 70);
	assert_int_equal(p.points[2].pattern, DD_WRITE);
	assert_float_equal(p.points[2].runtime_s, 20, 0);
	plan_free(&p);
}

/* Evaluate figs against the fixture, then apply plausibility. */
static void
eval_plausible(struct fixture *fx, const struct spec_figure *g, size_t n,
	       const struct verdict_link *l, const struct verdict_written *wr,
	       struct verdict_report *r)
{
	eval(fx, g, n, 0.10, true, r);
	verdict_plausible(r, l, wr, (const struct dd_result *const *)fx->res, fx->n);
}

/* A point faster than its link is IMPLAUSIBLE with the link's figure; one
 * just below it is judged. */
static void
test_plausible_link(void **state)
{
	struct fixture	      *fx = *state;
	struct verdict_link    g5x4 = { .gen = 5, .width = 4 }, none = { 0 };
	struct spec_figure     g[2] = { fig("seq_read", 14800, "MB/s", 0, 0, 0),
					fig("rand_read", 2000000, "IOPS", 0, 0, 0) };
	struct verdict_report  r;
	struct dd_result      *seq, *rnd;

	assert_float_equal(verdict_link_mbps(&g5x4), 15753.8, 0.1);
	assert_true(isnan(verdict_link_mbps(&none)));
	assert_float_equal(verdict_link_mbps(&(struct verdict_link){ 2, 8 }), 4000, 0.01);
	seq = add(fx, DD_READ, 128 * KIB, 64, 1, 100, 24362e6 / 131072, 24362, 500);
	rnd = add(fx, DD_RANDREAD, 4 * KIB, 32, 16, 100, 2.5e6, 2.5e6 * 4096 / 1e6, 200);
	eval_plausible(fx, g, 2, &g5x4, NULL, &r);
	assert_int_equal(r.nrows, 2);
	assert_int_equal(r.rows[0].status, VERDICT_IMPLAUSIBLE);
	assert_non_null(strstr(r.rows[0].reason, "24,362 MB/s is above what PCIe 5.0 x4 "
						 "carries (about 15,754 MB/s): not judged"));
	assert_int_equal(r.rows[1].status, VERDICT_PASS);	/* 10,240 MB/s fits */
	assert_int_equal(r.overall, VERDICT_PASS);
	/* IOPS rows by the bytes their point moved: 4.1M x 4K is 16,794 MB/s. */
	rnd->iops = 4.1e6;
	rnd->mbps = 4.1e6 * 4096 / 1e6;
	eval_plausible(fx, g, 2, &g5x4, NULL, &r);
	assert_int_equal(r.rows[1].status, VERDICT_IMPLAUSIBLE);
	assert_non_null(strstr(r.rows[1].reason, "above what PCIe 5.0 x4 carries"));
	/* Only implausible rows: nothing judged, never PASS. */
	assert_int_equal(r.overall, VERDICT_NOT_COMPARABLE);
	assert_non_null(strstr(r.summary, "seq_read"));
	/* Just below the link: judged (15,700 MB/s is 106 % of the spec). */
	seq->mbps = 15700;
	seq->iops = 15700e6 / 131072;
	eval_plausible(fx, g, 1, &g5x4, NULL, &r);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	/* No link known: the rule is not applied. */
	seq->mbps = 24362;
	eval_plausible(fx, g, 1, &none, NULL, &r);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	eval_plausible(fx, g, 1, NULL, NULL, &r);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
}

/* Reads of never-written space are not judged: by the point's zero buffers
 * or by the share of the target that holds data; writes still are. */
static void
test_plausible_unwritten(void **state)
{
	struct fixture	      *fx = *state;
	struct spec_figure     g[3] = { fig("seq_read", 5000, "MB/s", 0, 0, 0),
					fig("lat_read", 80, "us", 0, 0, 0),
					fig("seq_write", 4000, "MB/s", 0, 0, 0) };
	struct verdict_written empty = { .share = 0 }, full = { .share = 1 };
	struct verdict_written unknown = { .share = NAN };
	struct verdict_report  r;
	struct dd_result      *seq, *qd1;

	snprintf(empty.source, sizeof empty.source, "the loop device's backing file (SEEK_DATA)");
	seq = add(fx, DD_READ, 128 * KIB, 64, 1, 100, 6000e6 / 131072, 6000, 500);
	qd1 = add(fx, DD_RANDREAD, 4 * KIB, 1, 1, 100, 20000, 82, 50);
	add(fx, DD_WRITE, 128 * KIB, 64, 1, 0, 4500e6 / 131072, 4500, 500);
	eval_plausible(fx, g, 3, NULL, &full, &r);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	assert_int_equal(r.rows[1].status, VERDICT_PASS);
	eval_plausible(fx, g, 3, NULL, &unknown, &r);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	/* Nothing written: the read rows are not judged, the write row is. */
	eval_plausible(fx, g, 3, NULL, &empty, &r);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(r.rows[i].status, VERDICT_IMPLAUSIBLE);
		assert_non_null(strstr(r.rows[i].reason, "not judged: the target was never "
							 "written (reads do not touch flash)"));
		assert_non_null(strstr(r.rows[i].reason, "SEEK_DATA"));
		assert_non_null(strstr(r.rows[i].reason, "--precondition"));
	}
	assert_int_equal(r.rows[2].status, VERDICT_PASS);
	assert_int_equal(r.overall, VERDICT_PASS);
	/* Zero buffers sampled by the engine: that point alone. */
	seq->zero_sampled = 40;
	seq->zero_found = 40;
	qd1->zero_sampled = 40;
	qd1->zero_found = 0;
	eval_plausible(fx, g, 3, NULL, &unknown, &r);
	assert_int_equal(r.rows[0].status, VERDICT_IMPLAUSIBLE);
	assert_non_null(strstr(r.rows[0].reason, "40 of 40 sampled read buffers were all zeroes"));
	assert_int_equal(r.rows[1].status, VERDICT_PASS);
	/* Half or more zero: still not judged; fewer: judged. */
	seq->zero_found = 20;
	eval_plausible(fx, g, 3, NULL, NULL, &r);
	assert_int_equal(r.rows[0].status, VERDICT_IMPLAUSIBLE);
	seq->zero_found = 19;
	eval_plausible(fx, g, 3, NULL, NULL, &r);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_figures),
		cmocka_unit_test_setup_teardown(test_tolerance, setup, teardown),
		cmocka_unit_test_setup_teardown(test_latency, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_comparable, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_conditions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_review, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mixed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_overall, setup, teardown),
		cmocka_unit_test(test_unknown_drive),
		cmocka_unit_test(test_health),
		cmocka_unit_test_setup_teardown(test_explainers, setup, teardown),
		cmocka_unit_test(test_curve),
		cmocka_unit_test(test_curve_unreached),
		cmocka_unit_test_setup_teardown(test_wording, setup, teardown),
		cmocka_unit_test_setup_teardown(test_target_boundaries, setup, teardown),
		cmocka_unit_test_setup_teardown(test_target_rule, setup, teardown),
		cmocka_unit_test(test_target_points),
		cmocka_unit_test_setup_teardown(test_plausible_link, setup, teardown),
		cmocka_unit_test_setup_teardown(test_plausible_unwritten, setup, teardown),
	};

	return cmocka_run_group_tests_name("verdict", tests, group_setup, group_teardown);
}
