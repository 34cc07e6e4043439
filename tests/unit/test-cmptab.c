/*
 * Tests for src/core/cmptab.c over real database rows ($DRIVEDASH_DB) and
 * synthetic runs: a rated maximum sits on the best row of its workload with
 * the depth "rated max" and is not a target at one depth, reviews and runs
 * show their own IODepth x NumJobs, a run's delta is against its drive's
 * review, a run against an earlier run of the same serial shows the drift
 * (and one of another serial is held against the first run column),
 * a latency spec without a depth is QD1 x1, and a run point the drive has
 * no figure for is a row with empty drive cells.  The reviews' other
 * workloads: a run's load curves against the PM1743's VDBench figures by
 * profile, its checkpoint passes against the CD9P-R's DLIO pass averages
 * (never its per-checkpoint figures), its thread-scaling points against
 * the CD9P-R's GDSIO figures in GiB/s.  The expected figures are the
 * database's own (read back from the sheet) and the synthetic runs'.
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
static struct spec_sheet cd9p, m9550, pm1743;

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
	    specdb_sheet(db, "micron-9550-max", NULL, &arena, &m9550, &err) < 0 ||
	    specdb_sheet(db, "samsung-pm1743", NULL, &arena, &pm1743, &err) < 0) {
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

		if (x->kind == DD_KIND_POINT && x->pattern == pat && x->bs == bs && x->q == q &&
		    x->pct == -1 &&
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

/* The row of another kind labelled label in quantity q; fails if none. */
static size_t
find_label(const struct cmptab *t, const char *label, enum compare_quantity q)
{
	char buf[96];

	for (size_t r = 0; r < t->nrows; r++)
		if (t->rows[r].q == q &&
		    strcmp(cmptab_row_label(&t->rows[r], "x", buf, sizeof buf), label) == 0)
			return r;
	fail_msg("no row '%s' in quantity %d", label, q);
	return SIZE_MAX;
}

/* Is there a row labelled label (any quantity)? */
static bool
has_label(const struct cmptab *t, const char *label)
{
	char buf[96];

	for (size_t r = 0; r < t->nrows; r++)
		if (strcmp(cmptab_row_label(&t->rows[r], "x", buf, sizeof buf), label) == 0)
			return true;
	return false;
}

/* A measurement of drive_id, benchmark, workload and metric straight from the
 * sheet (threads and pass when > 0; label_has: a word of its label, or NULL). */
static const struct spec_measurement *
meas_of(const struct spec_sheet *sh, const char *drive_id, const char *bench, const char *wl,
	int bs, int threads, int pass, const char *metric, const char *label_has)
{
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];

		if (strcmp(m->drive_id, drive_id) == 0 && strcmp(m->benchmark, bench) == 0 &&
		    strcmp(m->workload, wl) == 0 && strcmp(m->metric_id, metric) == 0 &&
		    (bs == 0 || m->block_size == bs) && (threads == 0 || m->threads == threads) &&
		    (pass == 0 || m->pass == pass) &&
		    (label_has == NULL || strstr(m->label, label_has) != NULL))
			return m;
	}
	fail_msg("no %s %s %s measurement of %s", bench, wl, metric, drive_id);
	return NULL;
}

/* drive_id's DLIO figure of checkpoint index ckpt (the per-checkpoint series). */
static const struct spec_measurement *
ckpt_of(const struct spec_sheet *sh, const char *drive_id, int ckpt)
{
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];

		if (strcmp(m->drive_id, drive_id) == 0 && strcmp(m->benchmark, "dlio") == 0 &&
		    m->checkpoint == ckpt)
			return m;
	}
	fail_msg("no DLIO checkpoint %d of %s", ckpt, drive_id);
	return NULL;
}

/* Add a curve of profile (group g): a maximum, then steps of 10..100 %; the
 * achieved IOPS of step k is k x 10 % of max x ach; the latency rises. */
static double
add_curve(struct cmptab *t, int col, unsigned g, const char *profile, enum dd_pattern pat,
	  unsigned bs, double max_iops, double ach, double *peak_lat)
{
	struct dd_error err = { 0 };
	double		peak = -1;

	for (unsigned k = 0; k <= 10; k++) {
		struct dd_point	     p = { .pattern = pat, .bs = bs, .iodepth = 32, .numjobs = 4,
					   .read_pct = dd_pattern_writes(pat) ? 0 : 100,
					   .kind = k ? DD_KIND_CURVE_STEP : DD_KIND_CURVE_MAX,
					   .group = g, .rate_pct = 10.0 * k, .seq = k };
		struct sweep_summary s = { .iops = k ? max_iops * k / 10 * ach : max_iops,
					   .mean_us = 50 + 10.0 * k, .p999_us = NAN, .runs = 1 };

		s.mbps = s.iops * bs / 1e6;
		s.rate_iops = k ? max_iops * k / 10 : 0;
		p.rate_iops = s.rate_iops;
		snprintf(p.profile, sizeof p.profile, "%s", profile);
		dd_point_autoname(&p);
		assert_int_equal(cmptab_add_point(t, (size_t)col, &p, &s, &err), 0);
		if (s.iops > peak) {
			peak = s.iops;
			*peak_lat = s.mean_us;
		}
	}
	return peak;
}

/* The PM1743's VDBench figures beside measured curves of the same profiles. */
static void
test_vdbench_curves(void **state)
{
	struct dd_error		       err = { 0 };
	struct cmptab		       t;
	const struct spec_measurement *iops, *lat, *bw;
	const struct cmptab_cell      *rv, *m;
	double			       peak, peak_lat, peak64, lat64, peak_raw, lat_raw;

	char			       buf[64];
	size_t			       r;

	(void)state;
	cmptab_init(&t);
	assert_int_equal(cmptab_add_drive(&t, &pm1743, NULL, NULL, &err), 0);
	assert_int_equal(cmptab_add_run(&t, "run", "S1", NULL, 1, &err), 1);
	/* The 100 % step achieves 2 % more than the maximum: the peak. */
	peak = add_curve(&t, 1, 1, "4K random read", DD_RANDREAD, 4 * KIB, 600000, 1.02,
			 &peak_lat);
	peak64 = add_curve(&t, 1, 2, "64K random read", DD_RANDREAD, 64 * KIB, 150000, 0.99,
			   &lat64);
	peak_raw = add_curve(&t, 1, 3, "", DD_RANDWRITE, 4 * KIB, 300000, 1.0, &lat_raw);
	assert_int_equal(cmptab_build(&t, &err), 0);

	iops = meas_of(&pm1743, "samsung-pm1743-7680", "vdbench", "4K random read", 0, 0, 0,
		       "iops", NULL);
	lat = meas_of(&pm1743, "samsung-pm1743-7680", "vdbench", "4K random read", 0, 0, 0,
		      "lat_mean", NULL);
	r = find_label(&t, "VDBench 4K random read peak", COMPARE_IOPS);
	rv = cmptab_cell(&t, r, 0, CMPTAB_REVIEW);
	m = cmptab_cell(&t, r, 1, CMPTAB_MEASURED);
	assert_float_equal(rv->value, iops->base, 1e-9);
	assert_ptr_equal(rv->meas, iops);
	assert_false(rv->derived);
	assert_int_equal(rv->depth, CMPTAB_DEPTH_THREADS);
	assert_string_equal(cmptab_depth_label(rv, "x", buf, sizeof buf), "x128");
	assert_true(isnan(cmptab_cell(&t, r, 0, CMPTAB_SPEC)->value));
	assert_float_equal(m->value, peak, 1e-9);
	assert_float_equal(m->value, 600000 * 1.02, 1e-6);
	assert_int_equal(m->ref, CMPTAB_REF_REVIEW);
	assert_float_equal(m->delta[CMPTAB_REF_REVIEW], (peak / iops->base - 1) * 100, 1e-9);
	assert_string_equal(cmptab_depth_label(m, "x", buf, sizeof buf), "QD32x4");
	assert_true(rv->best && !m->best);	/* 719K > 612K */
	/* Latency at the peak, lower is better. */
	r = find_label(&t, "VDBench 4K random read peak", COMPARE_LAT);
	assert_float_equal(cmptab_cell(&t, r, 0, CMPTAB_REVIEW)->value, lat->base, 1e-9);
	m = cmptab_cell(&t, r, 1, CMPTAB_MEASURED);
	assert_float_equal(m->value, peak_lat, 1e-9);
	assert_float_equal(m->value, 150, 1e-9);
	assert_true(peak_lat < lat->base ? m->best : !m->best);
	/* 64K: MB/s as the review gives it, IOPS derived through the profile's bs. */
	bw = meas_of(&pm1743, "samsung-pm1743-7680", "vdbench", "64K random read", 0, 0, 0, "bw",
		     NULL);
	r = find_label(&t, "VDBench 64K random read peak", COMPARE_MBPS);
	rv = cmptab_cell(&t, r, 0, CMPTAB_REVIEW);
	assert_float_equal(rv->value, bw->base, 1e-9);
	assert_false(rv->derived);
	assert_float_equal(cmptab_cell(&t, r, 1, CMPTAB_MEASURED)->value,
			   peak64 * 64 * KIB / 1e6, 1e-6);
	r = find_label(&t, "VDBench 64K random read peak", COMPARE_IOPS);
	rv = cmptab_cell(&t, r, 0, CMPTAB_REVIEW);
	assert_true(rv->derived);
	assert_float_equal(rv->value, bw->base * 1e6 / (64 * KIB), 1e-6);
	/* 4K rates are IOPS only. */
	for (size_t i = 0; i < t.nrows; i++)
		assert_false(t.rows[i].kind == DD_KIND_CURVE_MAX && t.rows[i].bs == 4 * KIB &&
			     t.rows[i].q == COMPARE_MBPS);
	/* A curve without a profile is keyed by its shape and has no review. */
	r = find_label(&t, "curve 4K rand write QD32x4 peak", COMPARE_IOPS);
	assert_float_equal(cmptab_cell(&t, r, 1, CMPTAB_MEASURED)->value, peak_raw, 1e-9);
	assert_true(isnan(cmptab_cell(&t, r, 0, CMPTAB_REVIEW)->value));
	/* Paced steps are not FIO points: no 4K random read QD32x4 row. */
	for (size_t i = 0; i < t.nrows; i++)
		assert_false(t.rows[i].kind == DD_KIND_POINT && !t.rows[i].best &&
			     t.rows[i].qd == 32 && t.rows[i].jobs == 4);
	/* Nor is a curve's maximum: curves have rows of their own. */
	r = find_row(&t, DD_RANDREAD, 4 * KIB, COMPARE_IOPS, true, 0, 0);
	assert_true(isnan(cmptab_cell(&t, r, 1, CMPTAB_MEASURED)->value));
	cmptab_free(&t);
}

/* The CD9P-R's DLIO pass averages beside a run's checkpoint passes. */
static void
test_dlio_passes(void **state)
{
	struct dd_error		       err = { 0 };
	struct cmptab		       t;
	const struct spec_measurement *want, *per_ckpt;
	size_t			       npass = 0, nckpt = 0, nnone = 0;
	double			       mean[3] = { 0 };

	(void)state;
	/* Which figures are pass averages and which checkpoint numbers. */
	for (size_t i = 0; i < cd9p.nmeasurements; i++) {
		const struct spec_measurement *x = &cd9p.measurements[i];

		if (strcmp(x->benchmark, "dlio") != 0)
			continue;
		switch (compare_dlio_series(x)) {
		case COMPARE_DLIO_PASS:
			npass++;
			assert_null(strstr(x->label, "per checkpoint"));
			assert_true(x->pass > 0 && x->checkpoint <= 0);
			break;
		case COMPARE_DLIO_CKPT:
			nckpt++;
			assert_non_null(strstr(x->label, "per checkpoint"));
			assert_true(x->checkpoint > 0);
			break;
		default:
			nnone++;
			assert_true(x->pass <= 0);
		}
	}
	assert_int_equal(npass, 6);
	assert_int_equal(nckpt, 2);
	assert_int_equal(nnone, 1);

	cmptab_init(&t);
	assert_int_equal(cmptab_add_drive(&t, &cd9p, "kioxia-cd9p-r-7680", NULL, &err), 0);
	assert_int_equal(cmptab_add_run(&t, "run", NULL, NULL, 0, &err), 1);
	for (unsigned p = 1; p <= 3; p++)
		for (unsigned q = 1; q <= 2; q++) {
			struct dd_point	     pt = { .pattern = DD_WRITE, .bs = 1 << 20, .iodepth = 1,
						    .numjobs = 8, .kind = DD_KIND_CHECKPOINT,
						    .group = 1, .pass = p, .seq = q,
						    .bytes = 1ULL << 30, .end_fsync = true };
			struct sweep_summary s = { .elapsed_s = 1.0 + 0.25 * p + 0.1 * q,
						   .p999_us = NAN, .runs = 1 };

			s.mbps = (double)pt.bytes / s.elapsed_s / 1e6;
			/* seconds per 1,636 GB checkpoint, the reviews' size */
			mean[p - 1] += s.elapsed_s / 2 * 1636e9 / (double)(1ULL << 30);
			snprintf(pt.profile, sizeof pt.profile, "checkpoint");
			dd_point_autoname(&pt);
			assert_int_equal(cmptab_add_point(&t, 1, &pt, &s, &err), 0);
		}
	assert_int_equal(cmptab_build(&t, &err), 0);
	for (unsigned p = 1; p <= 3; p++) {
		char			  label[32];
		size_t			  r;
		const struct cmptab_cell *rv, *m;

		snprintf(label, sizeof label, "DLIO pass %u avg per 1636GB", p);
		r = find_label(&t, label, COMPARE_SECS);
		want = meas_of(&cd9p, "kioxia-cd9p-r-7680", "dlio", "checkpoint", 0, 0, (int)p,
			       "duration", "average");
		rv = cmptab_cell(&t, r, 0, CMPTAB_REVIEW);
		m = cmptab_cell(&t, r, 1, CMPTAB_MEASURED);
		assert_float_equal(rv->value, want->base / 1e6, 1e-9);
		assert_float_equal(m->value, mean[p - 1], 1e-9);
		assert_float_equal(m->delta[CMPTAB_REF_REVIEW],
				   (mean[p - 1] / (want->base / 1e6) - 1) * 100, 1e-9);
		assert_true(rv->best && !m->best);	/* 0.8 GB/s loses to the review's 3.5 */
		assert_string_equal(cmptab_row_unit(&t.rows[r], false), "s");
	}
	/* Pass 1's average, not checkpoint 1 (471.4 s). */
	per_ckpt = ckpt_of(&cd9p, "kioxia-cd9p-r-7680", 1);
	assert_true(cmptab_cell(&t, find_label(&t, "DLIO pass 1 avg per 1636GB", COMPARE_SECS), 0,
				CMPTAB_REVIEW)->value != per_ckpt->base / 1e6);
	assert_false(has_label(&t, "DLIO pass 12 avg per 1636GB"));
	cmptab_free(&t);
}

/* Add a QD1 sequential point at bs x threads of a kind, achieving gib GiB/s. */
static void
add_gdsio(struct cmptab *t, int col, enum dd_kind kind, enum dd_pattern pat, unsigned bs,
	  unsigned threads, double gib, double lat_us)
{
	struct dd_error	     err = { 0 };
	struct dd_point	     p = { .pattern = pat, .bs = bs, .iodepth = 1, .numjobs = threads,
				   .read_pct = pat == DD_READ ? 100 : 0, .kind = kind };
	struct sweep_summary s = { .mbps = gib * 1073.741824, .mean_us = lat_us,
				   .p999_us = NAN, .runs = 1 };

	s.iops = s.mbps * 1e6 / bs;
	dd_point_autoname(&p);
	assert_int_equal(cmptab_add_point(t, (size_t)col, &p, &s, &err), 0);
}

/* The CD9P-R's GDSIO figures beside thread-scaling points, in GiB/s and us. */
static void
test_gdsio_threads(void **state)
{
	struct dd_error		       err = { 0 };
	struct cmptab		       t;
	const struct spec_measurement *bw128, *lat128, *bw1, *bw8;
	const struct cmptab_cell      *rv, *m;
	char			       buf[64];
	size_t			       r;

	(void)state;
	cmptab_init(&t);
	assert_int_equal(cmptab_add_drive(&t, &cd9p, "kioxia-cd9p-r-7680", NULL, &err), 0);
	assert_int_equal(cmptab_add_run(&t, "run", NULL, NULL, 0, &err), 1);
	add_gdsio(&t, 1, DD_KIND_THREADS, DD_READ, 1 << 20, 1, 3.5, 280);
	add_gdsio(&t, 1, DD_KIND_THREADS, DD_READ, 1 << 20, 128, 5.8, 22000);
	/* Plain points: 128K x8 has a GDSIO figure, 4K x1 none. */
	add_gdsio(&t, 1, DD_KIND_POINT, DD_READ, 128 * KIB, 8, 3.0, 300);
	add_gdsio(&t, 1, DD_KIND_POINT, DD_READ, 4 * KIB, 1, 0.1, 40);
	assert_int_equal(cmptab_build(&t, &err), 0);

	bw128 = meas_of(&cd9p, "kioxia-cd9p-r-7680", "gdsio", "read", 1 << 20, 128, 0, "bw",
			NULL);
	lat128 = meas_of(&cd9p, "kioxia-cd9p-r-7680", "gdsio", "read", 1 << 20, 128, 0,
			 "lat_mean", NULL);
	r = find_label(&t, "GDSIO 1M read x128", COMPARE_GIBPS);
	rv = cmptab_cell(&t, r, 0, CMPTAB_REVIEW);
	m = cmptab_cell(&t, r, 1, CMPTAB_MEASURED);
	assert_float_equal(rv->value, bw128->value, 1e-9);	/* GiB/s as printed */
	assert_string_equal(cmptab_depth_label(rv, "x", buf, sizeof buf), "x128");
	assert_float_equal(m->value, 5.8, 1e-9);
	assert_string_equal(cmptab_depth_label(m, "x", buf, sizeof buf), "QD1x128");
	assert_float_equal(m->delta[CMPTAB_REF_REVIEW], (5.8 / bw128->value - 1) * 100, 1e-9);
	assert_string_equal(cmptab_row_unit(&t.rows[r], false), "GiB/s");
	r = find_label(&t, "GDSIO 1M read x128", COMPARE_LAT);
	assert_float_equal(cmptab_cell(&t, r, 0, CMPTAB_REVIEW)->value, lat128->base, 1e-9);
	assert_float_equal(lat128->base, 20300, 1e-9);	/* printed in ms */
	assert_float_equal(cmptab_cell(&t, r, 1, CMPTAB_MEASURED)->value, 22000, 1e-9);
	/* The best over thread counts: the review's best 1M read figure, the run's best point. */
	bw1 = meas_of(&cd9p, "kioxia-cd9p-r-7680", "gdsio", "read", 1 << 20, 1, 0, "bw", NULL);
	r = find_label(&t, "GDSIO 1M read best", COMPARE_GIBPS);
	assert_float_equal(cmptab_cell(&t, r, 0, CMPTAB_REVIEW)->value,
			   fmax(bw1->value, bw128->value), 1e-9);
	assert_float_equal(cmptab_cell(&t, r, 1, CMPTAB_MEASURED)->value, 5.8, 1e-9);
	/* A plain QD1 sequential point where the drive has a GDSIO figure. */
	bw8 = meas_of(&cd9p, "kioxia-cd9p-r-7680", "gdsio", "read", 128 * KIB, 8, 0, "bw", NULL);
	r = find_label(&t, "GDSIO 128K read x8", COMPARE_GIBPS);
	assert_float_equal(cmptab_cell(&t, r, 0, CMPTAB_REVIEW)->value, bw8->value, 1e-9);
	assert_float_equal(cmptab_cell(&t, r, 1, CMPTAB_MEASURED)->value, 3.0, 1e-9);
	find_row(&t, DD_READ, 128 * KIB, COMPARE_MBPS, false, 1, 8);	/* and its FIO row */
	assert_false(has_label(&t, "GDSIO 4K read x1"));
	/* Thread-scaling points make no FIO rows. */
	for (size_t i = 0; i < t.nrows; i++)
		assert_false(t.rows[i].kind == DD_KIND_POINT && t.rows[i].bs == 1 << 20);
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
	assert_string_equal(cmptab_value_text(6.157, COMPARE_GIBPS, "-", buf, sizeof buf), "6.16");
	assert_string_equal(cmptab_value_text(464.66, COMPARE_SECS, "-", buf, sizeof buf), "464.7");

	/* A cell keeps its figure's qualifier (issue 27: "etwa 30 us" printed
	 * as 30), a range both ends scaled as the value was. */
	struct spec_measurement m = { .qual = "approx", .base = 30, .base_hi = NAN };
	struct spec_figure	f = { .qual = "range", .base = 200000, .base_hi = 250000 };
	struct cmptab_cell	c = { .value = 30, .meas = &m };

	assert_string_equal(cmptab_cell_text(&c, COMPARE_LAT, "-", true, buf, sizeof buf), "~30");
	assert_string_equal(cmptab_cell_qual(&c), "approx");
	assert_true(isnan(cmptab_cell_value_hi(&c)));
	c = (struct cmptab_cell){ .value = 200000, .fig = &f };
	assert_string_equal(cmptab_cell_text(&c, COMPARE_IOPS, "-", false, buf, sizeof buf),
			    "200K-250K");
	assert_true(cmptab_cell_value_hi(&c) == 250000);
	c = (struct cmptab_cell){ .value = 1000, .fig = NULL };
	assert_string_equal(cmptab_cell_text(&c, COMPARE_MBPS, "-", true, buf, sizeof buf), "1,000");
	assert_string_equal(cmptab_cell_qual(&c), "eq");
	c = (struct cmptab_cell){ .value = NAN };
	assert_string_equal(cmptab_cell_text(&c, COMPARE_MBPS, "-", true, buf, sizeof buf), "-");
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
		cmocka_unit_test(test_vdbench_curves),
		cmocka_unit_test(test_dlio_passes),
		cmocka_unit_test(test_gdsio_threads),
		cmocka_unit_test(test_text),
	};

	return cmocka_run_group_tests_name("cmptab", tests, setup, teardown);
}
