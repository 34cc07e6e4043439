/*
 * Tests for src/core/cmptab.c over real database rows ($DRIVEDASH_DB) and
 * synthetic runs: a rated maximum sits on the best row of its workload with
 * the depth "rated max" and is not a target at one depth, reviews and runs
 * show their own IODepth x NumJobs, a run's delta is against its drive's
 * review, a run against an earlier run of the same serial shows the drift
 * (and one of another serial is held against the first run column),
 * a latency spec without a depth is QD1 x1, and a run point the drive has
 * no figure for is a row with empty drive cells.  The expected figures are
 * the database's own (read back from the sheet) and the synthetic runs'.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/cmptab.h"

#define KIB 1024u

static struct specdb	*db;
static struct arena	 arena;
static struct spec_sheet cd9p, m9550;

/* Open the database and load two families' sheets. */
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
	if (specdb_sheet(db, "kioxia-cd9p-r", NULL, &arena, &cd9p, &err) < 0 ||
	    specdb_sheet(db, "micron-9550-max", NULL, &arena, &m9550, &err) < 0) {
		fprintf(stderr, "# %s\n", err.msg);
		return -1;
	}
	return 0;
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

/* Add a finished point to run column col. */
static void
add_point(struct cmptab *t, int col, enum dd_pattern pat, unsigned bs, unsigned qd,
	  unsigned jobs, double iops, double mean_us)
{
	struct dd_error	     err = { 0 };
	struct dd_point	     p = { .pattern = pat, .bs = bs, .iodepth = qd, .numjobs = jobs,
				   .read_pct = dd_pattern_writes(pat) ? 0 : 100 };
	struct sweep_summary s = { .iops = iops, .mbps = iops * bs / 1e6, .mean_us = mean_us,
				   .p99_us = mean_us * 3, .p999_us = NAN, .runs = 1 };

	dd_point_autoname(&p);
	assert_int_equal(cmptab_add_point(t, (size_t)col, &p, &s, &err), 0);
}

/* The row for a workload, quantity and depth (best: any depth); fails if none. */
static size_t
find_row(const struct cmptab *t, enum dd_pattern pat, unsigned bs, enum compare_quantity q,
	 bool best, unsigned qd, unsigned jobs)
{
	for (size_t r = 0; r < t->nrows; r++) {
		const struct cmptab_row *x = &t->rows[r];

		if (x->pattern == pat && x->bs == bs && x->q == q && x->pct == -1 &&
		    x->best == best && (best || (x->qd == qd && x->jobs == jobs)))
			return r;
	}
	fail_msg("no row for pattern %d bs %u q %d best %d QD%ux%u", pat, bs, q, best, qd, jobs);
	return SIZE_MAX;
}

/* The review value of drive_id at a point, straight from the sheet. */
static double
review_at(const struct spec_sheet *sh, const char *drive_id, enum dd_pattern pat, unsigned bs,
	  unsigned qd, unsigned jobs, const char *metric)
{
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];

		if (m->drive_id != NULL && strcmp(m->drive_id, drive_id) == 0 &&
		    strcmp(m->benchmark, "fio") == 0 && m->workload != NULL &&
		    strcmp(m->workload, pat == DD_RANDREAD ? "randread" : "randwrite") == 0 &&
		    m->block_size == (int)bs && m->iodepth == (int)qd && m->numjobs == (int)jobs &&
		    strcmp(m->metric_id, metric) == 0)
			return m->base;
	}
	return NAN;
}

/* The value of a drive's own figure of metric (no depth stated). */
static double
spec_of(const struct spec_sheet *sh, const char *drive_id, const char *metric)
{
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *f = &sh->figures[i];

		if (strcmp(f->metric_id, metric) == 0 &&
		    (f->drive_id == NULL || strcmp(f->drive_id, drive_id) == 0))
			return f->base;
	}
	return NAN;
}

/* A drive and a run: rated max on the best row, reviews and runs at their depths. */
static void
test_drive_and_run(void **state)
{
	struct dd_error		  err = { 0 };
	struct cmptab		  t;
	const char		 *d = "kioxia-cd9p-r-7680";
	const struct cmptab_cell *sp, *rv, *ms;
	double			  spec_rr = spec_of(&cd9p, d, "rand_read");
	double			  rv_rr = review_at(&cd9p, d, DD_RANDREAD, 4 * KIB, 32, 16, "iops");
	double			  rv_qd1 = review_at(&cd9p, d, DD_RANDREAD, 4 * KIB, 1, 1, "iops");
	double			  rv_lat = review_at(&cd9p, d, DD_RANDREAD, 4 * KIB, 1, 1, "lat_mean");
	char			  buf[128];
	size_t			  r;
	int			  run;

	(void)state;
	assert_false(isnan(spec_rr) || isnan(rv_rr) || isnan(rv_qd1) || isnan(rv_lat));
	cmptab_init(&t);
	assert_int_equal(cmptab_add_drive(&t, &cd9p, d, "KIOXIA CD9P-R 7.68 TB", &err), 0);
	run = cmptab_add_run(&t, "run 1", "SN1", d, 0, &err);
	assert_int_equal(run, 1);
	add_point(&t, run, DD_RANDREAD, 4 * KIB, 1, 1, rv_qd1 * 0.9, rv_lat * 1.2);
	add_point(&t, run, DD_RANDREAD, 4 * KIB, 32, 16, rv_rr * 0.8, 200);
	add_point(&t, run, DD_RANDWRITE, 16 * KIB, 4, 2, 100000, 80);
	assert_int_equal(cmptab_build(&t, &err), 0);

	/* 4K random read, best: the rated max, the best review, the run's best. */
	r = find_row(&t, DD_RANDREAD, 4 * KIB, COMPARE_IOPS, true, 0, 0);
	sp = cmptab_cell(&t, r, 0, CMPTAB_SPEC);
	rv = cmptab_cell(&t, r, 0, CMPTAB_REVIEW);
	ms = cmptab_cell(&t, r, 1, CMPTAB_MEASURED);
	assert_float_equal(sp->value, spec_rr, 1e-6);
	assert_int_equal(sp->depth, CMPTAB_DEPTH_RATED_MAX);
	assert_string_equal(cmptab_depth_label(sp, "x", buf, sizeof buf), "rated max");
	assert_float_equal(rv->value, rv_rr, 1e-6);
	assert_string_equal(cmptab_depth_label(rv, "x", buf, sizeof buf), "QD32x16");
	assert_int_equal(rv->ref, CMPTAB_REF_SPEC);
	assert_float_equal(rv->delta[CMPTAB_REF_SPEC], (rv_rr / spec_rr - 1) * 100, 1e-9);
	assert_true(rv->best);
	assert_false(ms->best);
	assert_string_equal(cmptab_depth_label(ms, "x", buf, sizeof buf), "QD32x16");
	assert_int_equal(ms->ref, CMPTAB_REF_REVIEW);
	assert_float_equal(ms->delta[CMPTAB_REF_REVIEW], -20.0, 1e-9);
	assert_float_equal(ms->delta[CMPTAB_REF_SPEC], (rv_rr * 0.8 / spec_rr - 1) * 100, 1e-9);
	assert_true(isnan(ms->delta[CMPTAB_REF_DRIFT]));

	/* At QD1 x1 the rated max is no target; the review at that depth is. */
	r = find_row(&t, DD_RANDREAD, 4 * KIB, COMPARE_IOPS, false, 1, 1);
	assert_true(isnan(cmptab_cell(&t, r, 0, CMPTAB_SPEC)->value));
	ms = cmptab_cell(&t, r, 1, CMPTAB_MEASURED);
	assert_int_equal(ms->ref, CMPTAB_REF_REVIEW);
	assert_float_equal(ms->delta[CMPTAB_REF_REVIEW], -10.0, 1e-9);
	assert_string_equal(cmptab_row_label(&t.rows[r], "x", buf, sizeof buf),
			    "4K rand read QD1x1");

	/* Its latency row: +20 % is slower. */
	r = find_row(&t, DD_RANDREAD, 4 * KIB, COMPARE_LAT, false, 1, 1);
	ms = cmptab_cell(&t, r, 1, CMPTAB_MEASURED);
	assert_float_equal(ms->value, rv_lat * 1.2, 1e-9);
	assert_float_equal(ms->delta[CMPTAB_REF_REVIEW], 20.0, 1e-9);
	assert_true(cmptab_cell(&t, r, 0, CMPTAB_REVIEW)->best);
	assert_string_equal(cmptab_row_label(&t.rows[r], "x", buf, sizeof buf),
			    "4K rand read QD1x1");

	/* A point the drive has no figure for: a row with empty drive cells. */
	r = find_row(&t, DD_RANDWRITE, 16 * KIB, COMPARE_IOPS, false, 4, 2);
	assert_true(isnan(cmptab_cell(&t, r, 0, CMPTAB_SPEC)->value));
	assert_true(isnan(cmptab_cell(&t, r, 0, CMPTAB_REVIEW)->value));
	ms = cmptab_cell(&t, r, 1, CMPTAB_MEASURED);
	assert_float_equal(ms->value, 100000, 1e-9);
	assert_int_equal(ms->ref, CMPTAB_REF_NONE);
	assert_true(ms->best);
	for (int k = 0; k < CMPTAB_REF_COUNT; k++)
		assert_true(isnan(ms->delta[k]));
	assert_string_equal(cmptab_row_label(&t.rows[r], "x", buf, sizeof buf),
			    "16K rand write QD4x2");

	/* 128K sequential read, best: the rated max; the run has no such point. */
	r = find_row(&t, DD_READ, 128 * KIB, COMPARE_MBPS, true, 0, 0);
	assert_float_equal(cmptab_cell(&t, r, 0, CMPTAB_SPEC)->value,
			   spec_of(&cd9p, d, "seq_read"), 1e-6);
	assert_true(isnan(cmptab_cell(&t, r, 1, CMPTAB_MEASURED)->value));
	assert_string_equal(cmptab_row_label(&t.rows[r], "x", buf, sizeof buf),
			    "128K seq read best");
	cmptab_free(&t);
}

/* Runs of the same serial: the later one drifts against the earlier. */
static void
test_drift(void **state)
{
	struct dd_error		  err = { 0 };
	struct cmptab		  t;
	const struct cmptab_cell *late, *early, *other;
	size_t			  r;
	int			  a, b, c;

	(void)state;
	cmptab_init(&t);
	/* Added newest first, as lists show runs: the order key decides. */
	a = cmptab_add_run(&t, "June", "SN9", NULL, 1780000000, &err);
	b = cmptab_add_run(&t, "May", "SN9", NULL, 1777000000, &err);
	c = cmptab_add_run(&t, "other", "SN7", NULL, 1779000000, &err);
	add_point(&t, a, DD_RANDREAD, 4 * KIB, 32, 1, 90000, 350);
	add_point(&t, b, DD_RANDREAD, 4 * KIB, 32, 1, 100000, 320);
	add_point(&t, c, DD_RANDREAD, 4 * KIB, 32, 1, 120000, 260);
	assert_int_equal(cmptab_build(&t, &err), 0);
	/* No drive: no headline rows, one row per point shape. */
	assert_int_equal(t.nrows, 1);
	assert_int_equal(t.cols[a].drift_of, (size_t)b);
	assert_int_equal(t.cols[b].drift_of, SIZE_MAX);
	assert_int_equal(t.cols[c].drift_of, SIZE_MAX);
	r = find_row(&t, DD_RANDREAD, 4 * KIB, COMPARE_IOPS, false, 32, 1);
	late = cmptab_cell(&t, r, (size_t)a, CMPTAB_MEASURED);
	early = cmptab_cell(&t, r, (size_t)b, CMPTAB_MEASURED);
	other = cmptab_cell(&t, r, (size_t)c, CMPTAB_MEASURED);
	assert_int_equal(late->ref, CMPTAB_REF_DRIFT);
	assert_float_equal(late->delta[CMPTAB_REF_DRIFT], -10.0, 1e-9);
	assert_float_equal(late->refval[CMPTAB_REF_DRIFT], 100000, 1e-9);
	/* The earliest of a serial is not held against a later one of it ... */
	assert_int_equal(early->ref, CMPTAB_REF_NONE);
	/* ... a run of another serial against the first run column. */
	assert_int_equal(t.cols[c].base_run, (size_t)a);
	assert_int_equal(other->ref, CMPTAB_REF_RUN);
	assert_float_equal(other->delta[CMPTAB_REF_RUN], (120000.0 / 90000 - 1) * 100, 1e-9);
	assert_string_equal(cmptab_ref_name(other->ref), "run");
	assert_true(other->best);
	assert_false(late->best);
	cmptab_free(&t);
}

/* A cancelled or failed point is not a measurement. */
static void
test_unfinished(void **state)
{
	struct dd_error	     err = { 0 };
	struct cmptab	     t;
	struct dd_point	     p = { .pattern = DD_READ, .bs = 128 * KIB, .iodepth = 8, .numjobs = 1 };
	struct sweep_summary s = { .iops = 1000, .mbps = 131, .mean_us = 8000, .cancelled = true };
	int		     a;

	(void)state;
	cmptab_init(&t);
	a = cmptab_add_run(&t, "stopped", NULL, NULL, 0, &err);
	assert_int_equal(cmptab_add_point(&t, (size_t)a, &p, &s, &err), 0);
	assert_int_equal(cmptab_build(&t, &err), 0);
	assert_int_equal(t.nrows, 1);
	assert_true(isnan(cmptab_cell(&t, 0, (size_t)a, CMPTAB_MEASURED)->value));
	s.cancelled = false;
	s.status = -5;
	assert_true(isnan(cmptab_summary_value(&s, COMPARE_MBPS, -1)));
	s.status = 0;
	assert_float_equal(cmptab_summary_value(&s, COMPARE_MBPS, -1), 131, 1e-9);
	assert_true(isnan(cmptab_summary_value(&s, COMPARE_LAT, 16)));
	assert_int_equal(cmptab_add_point(&t, 5, &p, &s, &err), -EINVAL);
	cmptab_free(&t);
}

/* A latency spec without a depth is QD1 x1, family-wide figures count. */
static void
test_latency_qd1(void **state)
{
	struct dd_error		  err = { 0 };
	struct cmptab		  t;
	const struct cmptab_cell *sp, *rv;
	char			  buf[64];
	size_t			  r;

	(void)state;
	cmptab_init(&t);
	assert_int_equal(cmptab_add_drive(&t, &m9550, "micron-9550-max-12800", NULL, &err), 0);
	assert_int_equal(cmptab_add_drive(&t, &cd9p, "kioxia-cd9p-r-7680", NULL, &err), 1);
	assert_int_equal(cmptab_build(&t, &err), 0);
	r = find_row(&t, DD_RANDREAD, 4 * KIB, COMPARE_LAT, false, 1, 1);
	sp = cmptab_cell(&t, r, 0, CMPTAB_SPEC);
	assert_float_equal(sp->value, spec_of(&m9550, "micron-9550-max-12800", "lat_read"), 1e-9);
	assert_int_equal(sp->depth, CMPTAB_DEPTH_QD1);
	assert_string_equal(cmptab_depth_label(sp, "x", buf, sizeof buf), "QD1x1");
	/* The CD9P-R states no latency; its review at QD1 x1 is the row's best. */
	assert_true(isnan(cmptab_cell(&t, r, 1, CMPTAB_SPEC)->value));
	rv = cmptab_cell(&t, r, 1, CMPTAB_REVIEW);
	assert_float_equal(rv->value,
			   review_at(&cd9p, "kioxia-cd9p-r-7680", DD_RANDREAD, 4 * KIB, 1, 1,
				     "lat_mean"), 1e-9);
	assert_int_equal(rv->ref, CMPTAB_REF_NONE);
	/* The drives' headline rows are there without any run. */
	find_row(&t, DD_WRITE, 128 * KIB, COMPARE_MBPS, true, 0, 0);
	find_row(&t, DD_RANDWRITE, 4 * KIB, COMPARE_IOPS, true, 0, 0);
	cmptab_free(&t);
}

/* Texts of values and references. */
static void
test_text(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(cmptab_value_text(NAN, COMPARE_IOPS, "-", buf, sizeof buf), "-");
	assert_string_equal(cmptab_ref_name(CMPTAB_REF_DRIFT), "drift");
}

/* Run the tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_drive_and_run),
		cmocka_unit_test(test_drift),
		cmocka_unit_test(test_unfinished),
		cmocka_unit_test(test_latency_qd1),
		cmocka_unit_test(test_text),
	};

	return cmocka_run_group_tests_name("cmptab", tests, setup, teardown);
}
