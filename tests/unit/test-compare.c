/*
 * Tests for src/core/compare.c over real database rows ($DRIVEDASH_DB): the
 * unit table converts (and an unknown unit is not comparable), a spec
 * figure without a stated depth is a rated maximum that applies to every
 * point of its workload and is judged at the best one, a figure with stated
 * conditions applies only there, reviews match the point exactly, the band
 * holds on both sides, and `check`'s verdict PASSes a drive as good as its
 * review (CD9P-R 7.68 TB, 9550 MAX 12.8 TB).
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

#include "core/compare.h"
#include "core/plan.h"
#include "core/verdict.h"

static struct specdb	*db;
static struct arena	 arena;
static struct spec_unit *units;
static size_t		 nunits;

/* Open the database and load the unit table. */
static int
setup(void **state)
{
	struct dd_error err = { 0 };
	const char     *path = getenv("DRIVEDASH_DB");

	(void)state;
	if (path == NULL || specdb_open(path, &db, &err) < 0) {
		fprintf(stderr, "# cannot open DRIVEDASH_DB=%s\n", path ? path : "(unset)");
		return -1;
	}
	return specdb_units(db, &arena, &units, &nunits, &err);
}

/* Close it. */
static int
teardown(void **state)
{
	(void)state;
	arena_free(&arena);
	specdb_close(db);
	return 0;
}

/* A finished result of a point with a rate (and MB/s through bs). */
static struct dd_result *
result(enum dd_pattern pat, unsigned bs, unsigned qd, unsigned jobs, double iops)
{
	struct dd_result *r = calloc(1, sizeof *r);

	assert_non_null(r);
	r->point.pattern = pat;
	r->point.bs = bs;
	r->point.iodepth = qd;
	r->point.numjobs = jobs;
	r->point.read_pct = pat == DD_RANDREAD ? 100 : 0;
	dd_point_autoname(&r->point);
	r->iops = iops;
	r->mbps = iops * bs / 1e6;
	r->ios = 1000;
	return r;
}

/* The preferred figure of metric in a narrowed sheet. */
static const struct spec_figure *
figure(const struct spec_sheet *sh, const char *metric)
{
	for (size_t i = 0; i < sh->nfigures; i++)
		if (sh->figures[i].preferred && strcmp(sh->figures[i].metric_id, metric) == 0 &&
		    (sh->figures[i].drive_id == NULL ||
		     strcmp(sh->figures[i].drive_id, sh->only_drive) == 0))
			return &sh->figures[i];
	return NULL;
}

/* Units convert through the table; others are not comparable. */
static void
test_units(void **state)
{
	(void)state;
	assert_true(fabs(compare_convert(units, nunits, 13.5, "GB/s", "throughput") - 13500) < 1e-9);
	assert_true(fabs(compare_convert(units, nunits, 1, "GiB/s", "throughput") - 1073.741824) <
		    1e-9);
	assert_true(fabs(compare_convert(units, nunits, 2, "ms", "time") - 2000) < 1e-9);
	assert_true(fabs(compare_convert(units, nunits, 600, "us", "time") - 600) < 1e-9);
	assert_true(fabs(compare_convert(units, nunits, 5, "IOPS", "rate") - 5) < 1e-9);
	/* KIOPS is not in the database's table: not comparable, not guessed. */
	assert_true(isnan(compare_convert(units, nunits, 1, "KIOPS", "rate")));
	/* A unit of another dimension, or none. */
	assert_true(isnan(compare_convert(units, nunits, 1, "W", "rate")));
	assert_true(isnan(compare_convert(units, nunits, 1, "ms", "throughput")));
	assert_true(isnan(compare_convert(units, nunits, 1, NULL, "time")));
}

/* The band is symmetric and its edges are in it; grades follow the tolerance. */
static void
test_band(void **state)
{
	(void)state;
	assert_int_equal(compare_band(100, 100, 0.10), COMPARE_BAND_IN);
	assert_int_equal(compare_band(90, 100, 0.10), COMPARE_BAND_IN);
	assert_int_equal(compare_band(110, 100, 0.10), COMPARE_BAND_IN);
	assert_int_equal(compare_band(89, 100, 0.10), COMPARE_BAND_BELOW);
	/* +72%: not a check mark any more. */
	assert_int_equal(compare_band(172, 100, 0.10), COMPARE_BAND_ABOVE);
	assert_int_equal(compare_band(NAN, 100, 0.10), COMPARE_BAND_NONE);
	assert_int_equal(compare_band(1, 0, 0.10), COMPARE_BAND_NONE);
	assert_int_equal(compare_grade(0.9, 0.10, false), COMPARE_PASS);
	assert_int_equal(compare_grade(0.85, 0.10, false), COMPARE_WARN);
	assert_int_equal(compare_grade(0.79, 0.10, false), COMPARE_FAIL);
	assert_int_equal(compare_grade(1.1, 0.10, true), COMPARE_PASS);
	assert_int_equal(compare_grade(1.21, 0.10, true), COMPARE_FAIL);
}

/* The spot preset's reads at given IOPS, as `check` runs them. */
static size_t
spot_reads(struct dd_result **res, double qd1, double x4, double x16)
{
	res[0] = result(DD_READ, 131072, 64, 1, 14000e6 / 131072);
	res[1] = result(DD_RANDREAD, 4096, 1, 1, qd1);
	res[2] = result(DD_RANDREAD, 4096, 32, 4, x4);
	res[3] = result(DD_RANDREAD, 4096, 32, 16, x16);
	res[4] = result(DD_RANDREAD, 65536, 32, 1, 20000);
	return 5;
}

/* Free spot_reads' results. */
static void
free_results(struct dd_result **res, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(res[i]);
}

/* A sheet's rand_read: a rated max, a target on every 4K randread bar, judged
 * at the best point; with its review, a drive as good as the reviewed one
 * PASSes ("decided by the review: meets it"). */
static void
check_rated_max(const char *family, const char *drive, double spec, double review)
{
	struct arena		  a = { 0 };
	struct dd_error		  err = { 0 };
	struct spec_sheet	  sh;
	const struct spec_figure *g;
	struct compare_spec	  cs;
	struct dd_result	 *res[8];
	struct spec_figure	  figs[16];
	struct verdict_opts	  o = { .tolerance = 0.10 };
	struct verdict_report	  r;
	const struct verdict	 *v = NULL;
	size_t			  n, nf, best;
	double			  bv, rv;
	char			  label[96];

	assert_int_equal(specdb_sheet(db, family, drive, &a, &sh, &err), 0);
	g = figure(&sh, "rand_read");
	assert_non_null(g);
	assert_int_equal(compare_spec_init(g, &cs), COMPARE_RATED_MAX);
	assert_true(fabs(cs.value - spec) < 1e-6);
	assert_string_equal(compare_rule_label(&cs, label, sizeof label),
			    "rated max, depth not stated");

	n = spot_reads(res, 30000, 1.5e6, review);
	/* A target on every 4K random read bar, whatever the depth; not on 64K. */
	assert_true(compare_spec_applies(&cs, &res[1]->point));
	assert_true(compare_spec_applies(&cs, &res[2]->point));	/* QD32 x4 */
	assert_true(compare_spec_applies(&cs, &res[3]->point));
	assert_false(compare_spec_applies(&cs, &res[4]->point));
	assert_false(compare_spec_applies(&cs, &res[0]->point));
	/* Judged against the best point of the workload. */
	best = compare_best(&cs, (const struct dd_result *const *)res, n, &bv);
	assert_int_equal(best, 3);
	assert_true(fabs(bv - review) < 1e-6);

	/* The review of the same drive at that point. */
	assert_non_null(compare_review_at(sh.measurements, sh.nmeasurements, drive,
					  &res[3]->point, COMPARE_IOPS, &rv));
	assert_true(fabs(rv - review) < 1e-6);
	assert_null(compare_review_at(sh.measurements, sh.nmeasurements, drive, &res[2]->point,
				      COMPARE_IOPS, &rv));

	/* check: measured exactly as the review, below the spec: PASS. */
	nf = verdict_figures(&sh, figs, 16);
	o.review = sh.measurements;
	o.nreview = sh.nmeasurements;
	o.review_drive = drive;
	verdict_evaluate(figs, nf, (const struct dd_result *const *)res, n, &o, &r);
	for (size_t i = 0; i < r.nrows; i++)
		if (strcmp(r.rows[i].metric, "rand_read") == 0)
			v = &r.rows[i];
	assert_non_null(v);
	assert_int_equal(v->status, VERDICT_PASS);
	assert_string_equal(v->decided_by, "review");
	assert_true(v->ratio < 0.9);
	assert_non_null(strstr(v->reason, "decided by the review: meets it: 100.0% of"));
	assert_non_null(strstr(v->reason, "rated max, depth not stated"));
	/* Without the review, the same drive is WARN or FAIL against the spec alone. */
	o.review = NULL;
	verdict_evaluate(figs, nf, (const struct dd_result *const *)res, n, &o, &r);
	for (size_t i = 0; i < r.nrows; i++)
		if (strcmp(r.rows[i].metric, "rand_read") == 0)
			assert_int_not_equal(r.rows[i].status, VERDICT_PASS);
	free_results(res, n);
	arena_free(&a);
}

/* CD9P-R 7.68 TB: 2.6M rated, 2,165.0K reviewed at QD32 x16 (83 %). */
static void
test_cd9p_r(void **state)
{
	(void)state;
	check_rated_max("kioxia-cd9p-r", "kioxia-cd9p-r-7680", 2.6e6, 2165000);
}

/* Micron 9550 MAX 12.8 TB: 3.3M rated, 2,164.8K reviewed (65 %). */
static void
test_9550_max(void **state)
{
	(void)state;
	check_rated_max("micron-9550-max", "micron-9550-max-12800", 3.3e6, 2164800);
}

/* A figure with stated conditions applies at those only; latency without a
 * depth is QD1 x1. */
static void
test_stated(void **state)
{
	struct arena		  a = { 0 };
	struct dd_error		  err = { 0 };
	struct spec_sheet	  sh;
	struct spec_figure	  g;
	const struct spec_figure *lat;
	struct compare_spec	  cs;
	struct dd_result	 *res[8];
	size_t			  n;

	(void)state;
	assert_int_equal(specdb_sheet(db, "kioxia-cd9p-r", "kioxia-cd9p-r-7680", &a, &sh, &err),
			 0);
	g = *figure(&sh, "rand_read");
	g.iodepth = 32;
	g.numjobs = 4;
	assert_int_equal(compare_spec_init(&g, &cs), COMPARE_STATED);
	n = spot_reads(res, 30000, 1.5e6, 2.165e6);
	assert_true(compare_spec_applies(&cs, &res[2]->point));
	assert_false(compare_spec_applies(&cs, &res[1]->point));
	assert_false(compare_spec_applies(&cs, &res[3]->point));
	assert_int_equal(compare_best(&cs, (const struct dd_result *const *)res, n, NULL), 2);
	/* An unknown unit is not comparable. */
	g.dimension = NULL;
	assert_int_equal(compare_spec_init(&g, &cs), COMPARE_NONE);
	assert_non_null(cs.why);
	free_results(res, n);
	arena_free(&a);

	/* CM9-R states its typical read latency at QD1: there only; the same
	 * figure with no depth is QD1 x1 too (how latency is quoted). */
	assert_int_equal(specdb_sheet(db, "kioxia-cm9-r", "kioxia-cm9-r-15360", &a, &sh, &err), 0);
	lat = figure(&sh, "lat_read");
	assert_non_null(lat);
	assert_int_not_equal(compare_spec_init(lat, &cs), COMPARE_NONE);
	assert_true(fabs(cs.value - 65) < 1e-9);
	n = spot_reads(res, 30000, 1.5e6, 2.165e6);
	assert_true(compare_spec_applies(&cs, &res[1]->point));
	assert_false(compare_spec_applies(&cs, &res[3]->point));
	g = *lat;
	g.iodepth = g.numjobs = -1;
	assert_int_equal(compare_spec_init(&g, &cs), COMPARE_QD1);
	assert_true(compare_spec_applies(&cs, &res[1]->point));
	assert_false(compare_spec_applies(&cs, &res[3]->point));
	/* A latency whose source states no conditions is placed nowhere, not
	 * at QD1 x1 by convention (issue 27: the SN861's 65 / 8 us). */
	g.conditions = SPECDB_NO_CONDITIONS;
	assert_int_equal(compare_spec_init(&g, &cs), COMPARE_NONE);
	assert_non_null(cs.why);
	assert_false(compare_spec_applies(&cs, &res[1]->point));
	free_results(res, n);
	arena_free(&a);
}

/* Reviews convert once at load: GB/s rows give MB/s and IOPS through bs. */
static void
test_review_units(void **state)
{
	struct arena	  a = { 0 };
	struct dd_error	  err = { 0 };
	struct spec_sheet sh;
	size_t		  checked = 0;

	(void)state;
	assert_int_equal(specdb_sheet(db, "kioxia-cd9p-r", NULL, &a, &sh, &err), 0);
	for (size_t i = 0; i < sh.nmeasurements; i++) {
		const struct spec_measurement *x = &sh.measurements[i];
		double			       want;

		if (x->unit_id == NULL || x->block_size <= 0 || strcmp(x->metric_id, "bw") != 0 ||
		    compare_qual_range(x->qual, x->value_hi)) {
			/* a range (approximate ones too) is not a point */
			if (compare_qual_range(x->qual, x->value_hi))
				assert_true(isnan(compare_measurement_value(x, COMPARE_MBPS, 4096)));
			continue;
		}
		want = compare_convert(units, nunits, x->value, x->unit_id, "throughput");
		assert_true(fabs(compare_measurement_value(x, COMPARE_MBPS, 4096) - want) < 1e-6);
		assert_true(fabs(compare_measurement_value(x, COMPARE_IOPS,
							   (unsigned)x->block_size) -
				 want * 1e6 / x->block_size) < 1e-3);
		assert_true(isnan(compare_measurement_value(x, COMPARE_LAT, 4096)));
		checked++;
	}
	assert_true(checked > 0);
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_band),
		cmocka_unit_test(test_cd9p_r),
		cmocka_unit_test(test_9550_max),
		cmocka_unit_test(test_stated),
		cmocka_unit_test(test_review_units),
	};

	return cmocka_run_group_tests_name("compare", tests, setup, teardown);
}
