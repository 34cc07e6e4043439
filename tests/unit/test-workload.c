/*
 * Unit tests for src/core/workload.c on synthetic data: write-cliff
 * detection over interval series built here (a clean cliff, none, noise
 * of CV 10 % with and without a cliff, a slow ramp at the start, a dip
 * that recovers, two series measured on tests/rigs/cliff.sh's rig, too few
 * intervals, irregular interval lengths), load
 * curve collection (the peak is the most achieved IOPS of the finished
 * points) and checkpoint series (per-pass mean, min, max and GB/s), and
 * the spec write a cliff or a byte budget is held against
 * (workload_spec_write, workload_budget_point: `run` and the dashboard).
 *
 * Every expected figure is computed from the series the test builds (the
 * bytes written before a cliff are the sum of rate x dt of the intervals
 * it made), never copied from an output.  Noise comes from a fixed linear
 * congruential generator, so the series are the same on every run.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/workload.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])
#define NIV	 240

/* Assert |got - want| <= rel * max(1, |want|). */
static void
assert_close(double got, double want, double rel)
{
	if (!(fabs(got - want) <= rel * fmax(1.0, fabs(want))))
		fail_msg("got %.17g, want %.17g", got, want);
}

/* A deterministic uniform number in [-1, 1) from *seed. */
static double
noise_next(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*seed >> 11) / (double)(1ULL << 52) - 1.0;
}

/* Noise of coefficient of variation cv around m (uniform: sd = a / sqrt 3). */
static double
noisy(double m, double cv, uint64_t *seed)
{
	return m * (1 + cv * sqrt(3.0) * noise_next(seed));
}

/* Fill iv[0..n) with rates from rate[] at a fixed period dt (t_s: end of interval). */
static void
series_fill(struct dd_interval *iv, const double *rate, size_t n, double dt)
{
	for (size_t i = 0; i < n; i++) {
		memset(&iv[i], 0, sizeof iv[i]);
		iv[i].t_s = dt * (double)(i + 1);
		iv[i].mbps = rate[i];
	}
}

/* Bytes the series wrote in iv[0..k): sum of rate x dt as built. */
static double
series_bytes(const struct dd_interval *iv, size_t k)
{
	double b = 0, t = 0;

	for (size_t i = 0; i < k; i++) {
		b += iv[i].mbps * 1e6 * (iv[i].t_s - t);
		t = iv[i].t_s;
	}
	return b;
}

/* Time-weighted mean rate of iv[a..b). */
static double
series_mean(const struct dd_interval *iv, size_t a, size_t b)
{
	double t0 = a > 0 ? iv[a - 1].t_s : 0;
	double bytes = series_bytes(iv, b) - series_bytes(iv, a);

	return bytes / 1e6 / (iv[b - 1].t_s - t0);
}

/* A clean cliff: 2000 MB/s for 30 intervals, then 500. */
static void
test_cliff_clean(void **state)
{
	struct dd_interval    iv[60];
	double		      rate[60];
	struct workload_cliff c;

	(void)state;
	for (size_t i = 0; i < 60; i++)
		rate[i] = i < 30 ? 2000 : 500;
	series_fill(iv, rate, 60, 0.5);
	workload_cliff_detect(iv, 60, &c);
	assert_true(c.found);
	assert_int_equal(c.at, 30);
	assert_close(c.t_s, 15.0, 1e-12);
	assert_close(c.before_mbps, 2000, 1e-12);
	assert_close(c.after_mbps, 500, 1e-12);
	assert_close(c.bytes_before, 2000e6 * 0.5 * 30, 1e-12);
	assert_close(c.bytes_before, series_bytes(iv, 30), 1e-12);
	assert_close(c.before_cv, 0, 1e-12);
}

/* Flat: no cliff, and the fit still says what the rate was. */
static void
test_cliff_flat(void **state)
{
	struct dd_interval    iv[60];
	double		      rate[60];
	struct workload_cliff c;

	(void)state;
	for (size_t i = 0; i < 60; i++)
		rate[i] = 1000;
	series_fill(iv, rate, 60, 0.2);
	workload_cliff_detect(iv, 60, &c);
	assert_false(c.found);
	assert_int_equal(c.at, 0);
	assert_close(c.bytes_before, 0, 1e-12);
	assert_close(c.before_mbps, 1000, 1e-12);
	assert_true(isnan(c.after_mbps) && isnan(c.t_s));
}

/* Noise of CV 10 % around a flat rate never makes a cliff (20 series). */
static void
test_cliff_noisy_flat(void **state)
{
	struct dd_interval iv[NIV];
	double		   rate[NIV];

	(void)state;
	for (uint64_t s = 1; s <= 20; s++) {
		uint64_t	      seed = s * 7919;
		struct workload_cliff c;

		for (size_t i = 0; i < NIV; i++)
			rate[i] = noisy(3000, 0.10, &seed);
		series_fill(iv, rate, NIV, 0.2);
		workload_cliff_detect(iv, NIV, &c);
		if (c.found)
			fail_msg("seed %u: a cliff at %zu (%.0f -> %.0f MB/s) in flat noise",
				 (unsigned)s, c.at, c.before_mbps, c.after_mbps);
	}
}

/* A cliff under CV 10 % noise on both sides: found at the step, within one interval. */
static void
test_cliff_noisy(void **state)
{
	struct dd_interval iv[NIV];
	double		   rate[NIV];

	(void)state;
	for (uint64_t s = 1; s <= 20; s++) {
		uint64_t	      seed = s * 104729;
		struct workload_cliff c;
		size_t		      step = 60 + (size_t)s * 5;

		for (size_t i = 0; i < NIV; i++)
			rate[i] = noisy(i < step ? 2500 : 900, 0.10, &seed);
		series_fill(iv, rate, NIV, 0.2);
		workload_cliff_detect(iv, NIV, &c);
		assert_true(c.found);
		assert_true(c.at + 1 >= step && c.at <= step + 1);
		/* The reported figures are those of the split it chose. */
		assert_close(c.bytes_before, series_bytes(iv, c.at), 1e-9);
		assert_close(c.before_mbps, series_mean(iv, 0, c.at), 1e-9);
		assert_close(c.after_mbps, series_mean(iv, c.at, NIV), 1e-9);
		assert_true(c.before_cv > 0.05 && c.before_cv < 0.15);
		assert_true(c.after_cv > 0.05 && c.after_cv < 0.15);
	}
}

/* A slow ramp over the first 5 intervals: no cliff from it; a later cliff still found. */
static void
test_cliff_ramp(void **state)
{
	struct dd_interval    iv[80];
	double		      rate[80];
	struct workload_cliff c;

	(void)state;
	for (size_t i = 0; i < 80; i++)
		rate[i] = i < 5 ? 2000 * (double)(i + 1) / 6 : 2000;
	series_fill(iv, rate, 80, 0.5);
	workload_cliff_detect(iv, 80, &c);
	assert_false(c.found);

	for (size_t i = 50; i < 80; i++)
		rate[i] = 400;
	series_fill(iv, rate, 80, 0.5);
	workload_cliff_detect(iv, 80, &c);
	assert_true(c.found);
	assert_int_equal(c.at, 50);
	assert_close(c.bytes_before, series_bytes(iv, 50), 1e-12);
	assert_close(c.after_mbps, 400, 1e-12);
}

/*
 * A dip that recovers is not a cliff: the drop must be for good.  A short
 * burst dip (6 intervals at 30 %), one as long as the recovered tail (15)
 * and a long one (40) that recovers for the last 6 intervals of 76: none
 * is.
 */
static void
test_cliff_dip_recovers(void **state)
{
	struct dd_interval iv[76];
	double		   rate[76];
	static const size_t lens[] = { 6, 15, 40 };

	(void)state;
	for (size_t k = 0; k < NELEM(lens); k++) {
		struct workload_cliff c;
		size_t		      n = k < 2 ? 60 : 76;

		for (size_t i = 0; i < n; i++)
			rate[i] = i >= 30 && i < 30 + lens[k] ? 600 : 2000;
		series_fill(iv, rate, n, 0.5);
		workload_cliff_detect(iv, n, &c);
		if (c.found)
			fail_msg("a %zu-interval dip that recovers taken for a cliff at %zu",
				 lens[k], c.at);
	}
}

/* A cliff whose tail rises again only a little (still below the drop) is one. */
static void
test_cliff_partial_recovery(void **state)
{
	struct dd_interval    iv[90];
	double		      rate[90];
	struct workload_cliff c;

	(void)state;
	for (size_t i = 0; i < 90; i++)
		rate[i] = i < 30 ? 2000 : i < 60 ? 500 : 800;
	series_fill(iv, rate, 90, 0.5);
	workload_cliff_detect(iv, 90, &c);
	assert_true(c.found);
	assert_int_equal(c.at, 30);
	assert_close(c.after_mbps, (500.0 * 30 + 800.0 * 30) / 60, 1e-12);
}

/*
 * Two series measured on tests/rigs/cliff.sh's rig (a page cache of a set size
 * in front of a throttled loop device): the interval that holds the drop is
 * half fast, half slow; the throttle then eases the rate down over a few
 * intervals and the slow side alternates between two levels (the throttle's
 * 100 ms slices); under load it stalls for seconds (a burst at the start
 * and stalls after the drop made the old noise test, the two segments'
 * standard deviations added, miss it).  The cliff is at the drop, give or
 * take that interval.
 */
static void
test_cliff_rig(void **state)
{
	static const double s1[] = {	/* 1 s intervals: 1 GiB cache, 150 -> 40 MB/s */
		165, 139, 151, 150, 150, 103, 66, 66, 57, 39, 38, 39, 49, 39, 38, 35,
	};
	static const double s2[] = {	/* 100 ms: 256 MiB cache, 200 -> 32 MB/s */
		398, 199, 199, 199, 199, 206, 199, 199, 199, 10, 68, 42, 42, 42, 42, 52,
		42, 42, 42, 42, 42, 52, 42, 42, 42, 42, 42, 42, 31, 40, 33, 32, 31, 31,
		31, 42, 31, 31, 31, 31, 32, 31, 31, 42, 31, 32, 31, 31, 31, 31, 32, 42,
		31, 31, 32, 31, 31, 31, 31, 42, 31, 31, 31, 31,
	};
	static const double s3[] = {	/* as s2 on a loaded machine: stalls after it */
		392, 130, 157, 204, 188, 203, 167, 199, 255, 146, 84, 63, 74, 63, 63, 63,
		52, 31, 42, 31, 31, 31, 42, 63, 63, 63, 73, 53, 63, 31, 31, 32, 31, 42,
		31, 31, 32, 31, 31, 31, 31, 42, 31, 31, 31, 32, 31, 1, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 21, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	};
	static const struct { const double *r; size_t n, drop; double dt; } set[] = {
		{ s1, NELEM(s1), 5, 1.0 }, { s2, NELEM(s2), 9, 0.1 },
		{ s3, NELEM(s3), 10, 0.1 },
	};
	struct dd_interval    iv[NELEM(s3)];
	struct workload_cliff c;

	(void)state;
	for (size_t k = 0; k < NELEM(set); k++) {
		series_fill(iv, set[k].r, set[k].n, set[k].dt);
		workload_cliff_detect(iv, set[k].n, &c);
		assert_true(c.found);
		assert_in_range(c.at, set[k].drop, set[k].drop + 1);
		assert_close(c.bytes_before, series_bytes(iv, c.at), 1e-9);
		assert_close(c.before_mbps, series_mean(iv, 0, c.at), 1e-9);
		assert_close(c.after_mbps, series_mean(iv, c.at, set[k].n), 1e-9);
		assert_true(c.after_mbps <= 0.4 * c.before_mbps);
	}
}

/* Fewer than 2 x WORKLOAD_CLIFF_MIN_IV intervals: nothing to decide. */
static void
test_cliff_too_few(void **state)
{
	struct dd_interval    iv[2 * WORKLOAD_CLIFF_MIN_IV];
	double		      rate[2 * WORKLOAD_CLIFF_MIN_IV];
	struct workload_cliff c;
	size_t		      n = 2 * WORKLOAD_CLIFF_MIN_IV - 1;

	(void)state;
	for (size_t i = 0; i < NELEM(rate); i++)
		rate[i] = i < WORKLOAD_CLIFF_MIN_IV ? 2000 : 100;
	series_fill(iv, rate, NELEM(rate), 1.0);
	workload_cliff_detect(iv, n, &c);
	assert_false(c.found);
	assert_true(isnan(c.before_mbps) && isnan(c.after_mbps) && isnan(c.t_s));
	workload_cliff_detect(iv, 0, &c);
	assert_false(c.found);
	/* One more and the same step is a cliff. */
	workload_cliff_detect(iv, NELEM(rate), &c);
	assert_true(c.found);
	assert_int_equal(c.at, WORKLOAD_CLIFF_MIN_IV);
}

/*
 * Irregular interval lengths (as a series whose period doubled, or a
 * late sample): the rates are time-weighted, so a segment's mean rate x
 * its time is what it wrote.
 */
static void
test_cliff_irregular(void **state)
{
	struct dd_interval    iv[64];
	struct workload_cliff c;
	uint64_t	      seed = 42;
	double		      t = 0;

	(void)state;
	for (size_t i = 0; i < 64; i++) {
		double dt = i % 3 == 0 ? 0.2 : i % 3 == 1 ? 0.4 : 0.8;

		t += i >= 40 ? 2 * dt : dt;	/* the period doubles late */
		memset(&iv[i], 0, sizeof iv[i]);
		iv[i].t_s = t;
		iv[i].mbps = noisy(i < 24 ? 3000 : 1000, 0.05, &seed);
	}
	workload_cliff_detect(iv, 64, &c);
	assert_true(c.found);
	assert_int_equal(c.at, 24);
	assert_close(c.t_s, iv[23].t_s, 1e-12);
	assert_close(c.bytes_before, series_bytes(iv, 24), 1e-9);
	assert_close(c.before_mbps * 1e6 * c.t_s, c.bytes_before, 1e-9);
	assert_close(c.after_mbps, series_mean(iv, 24, 64), 1e-9);
}

/* A point of a curve and its summary. */
static void
curve_point(struct dd_point *p, struct sweep_summary *s, enum dd_kind kind, unsigned group,
	    double pct, double iops, double mean_us)
{
	memset(p, 0, sizeof *p);
	memset(s, 0, sizeof *s);
	p->kind = kind;
	p->group = group;
	p->pattern = DD_RANDREAD;
	p->bs = 4096;
	p->iodepth = 32;
	p->numjobs = 4;
	p->rate_pct = kind == DD_KIND_CURVE_STEP ? pct : 0;
	snprintf(p->profile, sizeof p->profile, "%s", "4K random read");
	s->iops = iops;
	s->mbps = iops * 4096 / 1e6;
	s->mean_us = mean_us;
	s->p99_us = 3 * mean_us;
	s->read_mean_us = mean_us;
	s->write_mean_us = NAN;
	s->rate_iops = kind == DD_KIND_CURVE_STEP ? 100000 * pct / 100 : 0;
	s->rate_spread = kind == DD_KIND_CURVE_STEP ? 0.01 : NAN;
}

/* A curve: steps in order, targets, and the peak the most achieved finished point. */
static void
test_curve_collect(void **state)
{
	struct dd_point	      pts[14];
	struct sweep_summary  sums[14];
	struct workload_curve c;
	unsigned	      groups[4];
	size_t		      n = 0;

	(void)state;
	/* A plain point and a checkpoint first: not part of any curve. */
	curve_point(&pts[n], &sums[n], DD_KIND_POINT, 0, 0, 999999, 1);
	n++;
	curve_point(&pts[n], &sums[n], DD_KIND_CURVE_MAX, 1, 0, 100000, 300);
	n++;
	for (unsigned k = 1; k <= 10; k++, n++)
		curve_point(&pts[n], &sums[n], DD_KIND_CURVE_STEP, 1, 10.0 * k,
			    k == 10 ? 101000 : 10000.0 * k * 0.99, 20.0 + k);
	/* Another group of higher IOPS: not this curve's. */
	curve_point(&pts[n], &sums[n], DD_KIND_CURVE_MAX, 2, 0, 500000, 9);
	n++;
	curve_point(&pts[n], &sums[n], DD_KIND_CURVE_STEP, 2, 50, 250000, 8);
	n++;

	assert_int_equal(workload_groups(pts, n, DD_KIND_CURVE_STEP, groups, NELEM(groups)), 2);
	assert_int_equal(groups[0], 1);
	assert_int_equal(groups[1], 2);
	assert_int_equal(workload_groups(pts, n, DD_KIND_CHECKPOINT, groups, NELEM(groups)), 0);

	assert_true(workload_curve_collect(pts, sums, n, 1, &c));
	assert_true(c.has_max);
	assert_int_equal(c.nsteps, 10);
	assert_string_equal(c.profile, "4K random read");
	assert_int_equal(c.shape.iodepth, 32);
	for (size_t k = 0; k < c.nsteps; k++) {
		assert_close(c.steps[k].target_pct, 10.0 * (double)(k + 1), 1e-12);
		assert_close(c.steps[k].target_iops, 10000.0 * (double)(k + 1), 1e-12);
		assert_close(c.steps[k].accuracy, c.steps[k].iops / c.steps[k].target_iops, 1e-12);
		assert_int_equal(c.steps[k].index, k + 2);
	}
	/* The 100 % step achieved more than the maximum: it is the peak. */
	assert_int_equal(c.peak, 9);
	assert_close(c.peak_iops, 101000, 1e-12);
	assert_close(c.peak_mbps, 101000 * 4096 / 1e6, 1e-12);
	assert_close(c.peak_mean_us, 30, 1e-12);
	assert_close(c.peak_p99_us, 90, 1e-12);
	assert_true(isnan(c.max.accuracy));

	/* Unfinished, it does not count: the maximum is the peak. */
	sums[11].cancelled = true;
	assert_true(workload_curve_collect(pts, sums, n, 1, &c));
	assert_false(c.steps[9].finished);
	assert_int_equal(c.peak, SIZE_MAX);
	assert_close(c.peak_iops, 100000, 1e-12);
	assert_close(c.peak_mean_us, 300, 1e-12);
	/* A failed maximum neither: the best finished step is. */
	sums[1].status = -5;
	assert_true(workload_curve_collect(pts, sums, n, 1, &c));
	assert_int_equal(c.peak, 8);
	assert_close(c.peak_iops, 90000 * 0.99, 1e-12);

	assert_false(workload_curve_collect(pts, sums, n, 3, &c));
	assert_true(isnan(c.peak_iops));
}

/* A checkpoint of pass/seq taking secs for bytes over ranks. */
static void
ckpt_point(struct dd_point *p, struct sweep_summary *s, unsigned group, unsigned pass,
	   unsigned seq, double secs, uint64_t bytes)
{
	memset(p, 0, sizeof *p);
	memset(s, 0, sizeof *s);
	p->kind = DD_KIND_CHECKPOINT;
	p->group = group;
	p->pass = pass;
	p->seq = seq;
	p->pattern = DD_WRITE;
	p->bs = 1 << 20;
	p->iodepth = 1;
	p->numjobs = 8;
	p->bytes = bytes;
	p->end_fsync = true;
	snprintf(p->profile, sizeof p->profile, "%s", "checkpoint");
	s->elapsed_s = secs;
	s->mbps = (double)bytes / secs / 1e6;
}

/* Checkpoints: per-pass mean, min, max; GB/s is all bytes over all seconds. */
static void
test_ckpt_collect(void **state)
{
	struct dd_point	     pts[16];
	struct sweep_summary sums[16];
	struct workload_ckpt c;
	const uint64_t	     bytes = 64ULL << 20;
	double		     secs[3][4], tot_s = 0, tot_b = 0;
	size_t		     n = 0;

	(void)state;
	/* The template (pass 0) is not a checkpoint. */
	ckpt_point(&pts[n], &sums[n], 1, 0, 0, 99, bytes);
	n++;
	for (unsigned p = 1; p <= 3; p++)
		for (unsigned q = 1; q <= 4; q++, n++) {
			secs[p - 1][q - 1] = 0.5 + 0.1 * p + 0.03 * q * (p == 2 ? -1 : 1);
			ckpt_point(&pts[n], &sums[n], 1, p, q, secs[p - 1][q - 1], bytes);
		}
	/* Another series, and a failed checkpoint: neither counts. */
	ckpt_point(&pts[n], &sums[n], 2, 1, 1, 0.01, bytes);
	n++;
	ckpt_point(&pts[n], &sums[n], 1, 3, 5, 0.02, bytes);
	sums[n].status = -28;
	n++;

	assert_true(workload_ckpt_collect(pts, sums, n, 1, &c));
	assert_int_equal(c.n, 12);
	assert_int_equal(c.ranks, 8);
	assert_int_equal(c.bytes, bytes);
	assert_int_equal(c.npasses, 3);
	for (unsigned p = 0; p < 3; p++) {
		double m = 0, lo = INFINITY, hi = -INFINITY;

		for (unsigned q = 0; q < 4; q++) {
			m += secs[p][q] / 4;
			lo = fmin(lo, secs[p][q]);
			hi = fmax(hi, secs[p][q]);
			tot_s += secs[p][q];
			tot_b += (double)bytes;
			assert_close(c.secs[p * 4 + q], secs[p][q], 1e-12);
			assert_int_equal(c.pass[p * 4 + q], p + 1);
			assert_int_equal(c.seq[p * 4 + q], q + 1);
		}
		assert_int_equal(c.passes[p].pass, p + 1);
		assert_int_equal(c.passes[p].n, 4);
		assert_close(c.passes[p].mean_s, m, 1e-12);
		assert_close(c.passes[p].min_s, lo, 1e-12);
		assert_close(c.passes[p].max_s, hi, 1e-12);
	}
	assert_close(c.gbps, tot_b / tot_s / 1e9, 1e-12);
	/* The pass's mean is its bytes over its GB/s as well. */
	assert_close(c.passes[1].mean_s * workload_ckpt_pass_gbps(&c, 2) * 1e9,
		     (double)bytes, 1e-12);
	assert_true(isnan(workload_ckpt_pass_gbps(&c, 4)));

	assert_false(workload_ckpt_collect(pts, sums, n, 9, &c));
	assert_true(isnan(c.gbps));
}

/* GDSIO's unit. */
static void
test_gibps(void **state)
{
	(void)state;
	assert_close(workload_gibps(1073.741824), 1.0, 1e-12);
	assert_close(workload_gibps(6.2 * 1073.741824), 6.2, 1e-12);
}

/* A sequential-write MB/s figure of drive (NULL: family-wide) at bs (0:
 * unstated), preferred or not. */
static struct spec_figure
fx_seq_figure(const char *metric, const char *drive, int bs, double mbps, int preferred)
{
	return (struct spec_figure){ .family_id = "fam", .drive_id = drive, .metric_id = metric,
				     .unit_id = "MB/s", .dimension = "throughput", .value = mbps,
				     .value_hi = NAN, .block_size = bs, .read_pct = -1,
				     .preferred = preferred, .base = mbps, .base_hi = NAN,
				     .tolerance = NAN, .runtime_s = -1 };
}

/* One rule for the cliff's target line: the point's own workload (block
 * size) first, then the capacity point's own figure over the family's (over
 * another capacity point's), then the preferred one; only sequential
 * writes in MB/s.  `run` took the first figure of the exact workload
 * (6000, the family's, for the 3.84 TB) and the dashboard the preferred
 * "seq_write" of the capacity point whatever its block size (4000 for a 1M
 * point too): they drew different lines for one run. */
static void
test_spec_write_rule(void **state)
{
	struct spec_figure figs[] = {
		fx_seq_figure("seq_write", NULL, 1024 * 1024, 5000, 1),
		fx_seq_figure("seq_write", NULL, 128 * 1024, 6000, 0),
		fx_seq_figure("seq_write", "d-3.84", 128 * 1024, 4000, 0),
		fx_seq_figure("seq_write", "d-7.68", 0, 7000, 0),
		fx_seq_figure("seq_read", NULL, 128 * 1024, 14000, 1),
	};
	struct spec_sheet sheet = { .figures = figs, .nfigures = 5 };
	struct spec_sheet reads = { .figures = &figs[4], .nfigures = 1 };
	struct dd_point	  cliff = { .pattern = DD_WRITE, .bs = 128 * 1024, .kind = DD_KIND_CLIFF };
	struct dd_point	  big = { .pattern = DD_WRITE, .bs = 1024 * 1024, .bytes = 1ull << 30 };
	double		  mbps = 0;

	(void)state;
	/* The capacity point's own figure at the point's block size. */
	assert_ptr_equal(workload_spec_write(&sheet, "d-3.84", &cliff, &mbps), &figs[2]);
	assert_close(mbps, 4000, 0);
	/* An unstated block size is the metric's default (128K): 7.68 TB's own. */
	assert_ptr_equal(workload_spec_write(&sheet, "d-7.68", &cliff, &mbps), &figs[3]);
	assert_close(mbps, 7000, 0);
	/* No capacity point: the family's over another capacity point's. */
	assert_ptr_equal(workload_spec_write(&sheet, NULL, &cliff, &mbps), &figs[1]);
	assert_close(mbps, 6000, 0);
	/* Another capacity point's figure is never this one's. */
	assert_ptr_equal(workload_spec_write(&sheet, "d-15.36", &cliff, NULL), &figs[1]);
	/* The point's workload beats the capacity point's own at another size. */
	assert_ptr_equal(workload_spec_write(&sheet, "d-3.84", &big, &mbps), &figs[0]);
	assert_close(mbps, 5000, 0);
	/* A read is no write figure; none: NULL and NAN. */
	assert_null(workload_spec_write(&reads, "d-3.84", &cliff, &mbps));
	assert_true(isnan(mbps));
}

/* The point a plan's spec write is reckoned at: the first cliff, else the
 * first write with a byte budget, else none (n). */
static void
test_budget_point(void **state)
{
	struct dd_point pts[] = {
		{ .pattern = DD_RANDREAD, .bs = 4096 },
		{ .pattern = DD_WRITE, .bs = 1024 * 1024, .bytes = 1ull << 30 },
		{ .pattern = DD_WRITE, .bs = 128 * 1024, .kind = DD_KIND_CLIFF },
		{ .pattern = DD_WRITE, .bs = 128 * 1024, .kind = DD_KIND_CLIFF },
	};

	(void)state;
	assert_int_equal(workload_budget_point(pts, 4), 2);
	assert_int_equal(workload_budget_point(pts, 2), 1);
	assert_int_equal(workload_budget_point(pts, 1), 1);
	assert_int_equal(workload_budget_point(pts, 0), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cliff_clean),
		cmocka_unit_test(test_cliff_flat),
		cmocka_unit_test(test_cliff_noisy_flat),
		cmocka_unit_test(test_cliff_noisy),
		cmocka_unit_test(test_cliff_ramp),
		cmocka_unit_test(test_cliff_dip_recovers),
		cmocka_unit_test(test_cliff_partial_recovery),
		cmocka_unit_test(test_cliff_rig),
		cmocka_unit_test(test_cliff_too_few),
		cmocka_unit_test(test_cliff_irregular),
		cmocka_unit_test(test_curve_collect),
		cmocka_unit_test(test_ckpt_collect),
		cmocka_unit_test(test_gibps),
		cmocka_unit_test(test_spec_write_rule),
		cmocka_unit_test(test_budget_point),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
