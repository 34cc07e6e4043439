/*
 * Unit tests for src/lib/histogram.{h,c}: fio's log-linear bucket layout
 * (index, bucket bounds, midpoints and their error bound), fio-style
 * percentiles checked against the order statistics of the same samples,
 * merge/diff/snapshot arithmetic, and the Welford accumulator against a
 * two-pass computation.
 *
 * Samples come from a fixed-seed splitmix64 generator, so every run checks
 * the same values; a lognormal shape spreads them over the exact region
 * (below 128 ns) and many bucketed groups.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/histogram.h"

#define REL_BOUND	(1.0 / 128.0)	/* 1 / (2 * HIST_VAL) */
#define REL_EPS		1e-12
#define HIST_TOP	((uint64_t)1 << 34)	/* first value past the last bucket */
#define NSAMPLES	100000

/* Next value of a splitmix64 generator. */
static uint64_t
rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform double in (0, 1]. */
static double
rng_unit(uint64_t *s)
{
	return (double)((rng_next(s) >> 11) + 1) * 0x1.0p-53;
}

/* Lognormal-ish latency in ns: median 5 us, wide spread (Box-Muller). */
static uint64_t
rng_latency(uint64_t *s)
{
	double u1 = rng_unit(s), u2 = rng_unit(s);
	double z = sqrt(-2.0 * log(u1)) * cos(2.0 * 3.14159265358979323846 * u2);
	double v = exp(log(5000.0) + 1.5 * z);

	if (v < 1.0)
		v = 1.0;
	return (uint64_t)llround(v);
}

/* Fill an array with the fixed sample set. */
static void
samples_fill(uint64_t *v, size_t n, uint64_t seed)
{
	for (size_t i = 0; i < n; i++)
		v[i] = rng_latency(&seed);
}

/* qsort comparator for uint64_t. */
static int
samples_compare(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Assert everything the layout promises about one value. */
static void
check_value(uint64_t v)
{
	unsigned idx = hist_index(v);
	double	 mid = hist_bucket_value(idx);

	assert_true(idx < HIST_NR);
	assert_true(hist_bucket_low(idx) <= v);
	assert_true(v < hist_bucket_low(idx + 1));
	if (v < 2u * HIST_VAL) {
		assert_int_equal(idx, v);
		assert_true(mid == (double)v);
	} else if (fabs(mid - (double)v) / (double)v > REL_BOUND + REL_EPS) {
		fail_msg("v=%llu idx=%u mid=%.1f: relative error %.6g > 1/128",
			 (unsigned long long)v, idx, mid, fabs(mid - (double)v) / (double)v);
	}
}

/* Every value below 4096: bounds, error, and monotonic indices. */
static void
test_index_small(void **state)
{
	unsigned prev = 0;

	(void)state;
	for (uint64_t v = 0; v < 4096; v++) {
		unsigned idx = hist_index(v);

		check_value(v);
		assert_true(idx >= prev);
		assert_true(idx <= prev + 1);	/* no bucket skipped */
		prev = idx;
	}
}

/* Pseudo-random values over 1 ns .. 2^34 ns, and monotonic pairs. */
static void
test_index_random(void **state)
{
	uint64_t s = 42;

	(void)state;
	for (int i = 0; i < 1000000; i++) {
		unsigned bits = 1 + (unsigned)(rng_next(&s) % 34);	/* 1..34 */
		uint64_t v = rng_next(&s) >> (64 - bits);
		uint64_t w = rng_next(&s) >> (64 - bits);

		if (v == 0)
			v = 1;
		check_value(v);
		if (v <= w)
			assert_true(hist_index(v) <= hist_index(w));
		else
			assert_true(hist_index(v) >= hist_index(w));
	}
	/* Both sides of every power of two. */
	for (unsigned k = 1; k < 34; k++) {
		uint64_t p = (uint64_t)1 << k;

		check_value(p - 1);
		check_value(p);
		check_value(p + 1);
		assert_true(hist_index(p - 1) < hist_index(p));
	}
}

/* Every bucket: its first and last values map back to it, bounds increase. */
static void
test_bucket_layout(void **state)
{
	(void)state;
	for (unsigned idx = 0; idx < HIST_NR; idx++) {
		uint64_t lo = hist_bucket_low(idx), hi = hist_bucket_low(idx + 1);
		double	 mid = hist_bucket_value(idx);

		assert_true(lo < hi);
		assert_int_equal(hist_index(lo), idx);
		assert_int_equal(hist_index(hi - 1), idx);
		assert_true(mid >= (double)lo && mid < (double)hi);
		/* Midpoint: exact below 128, else halfway across the bucket. */
		if (idx < 2u * HIST_VAL)
			assert_true(mid == (double)lo);
		else
			assert_true(mid == (double)lo + (double)(hi - lo) / 2.0);
	}
	assert_true(hist_bucket_low(HIST_NR) == HIST_TOP);
}

/* Indices worked out by hand from fio's plat_val_to_idx. */
static void
test_index_known(void **state)
{
	(void)state;
	/*
	 * idx = v below 128.  Else msb = floor(log2 v), shift = msb - 6,
	 * idx = (shift + 1) * 64 + ((v >> shift) & 63):
	 *   128:  msb 7, shift 1, 2*64 + (64 & 63)  = 128
	 *   129:  msb 7, shift 1, 128 + (64 & 63)    = 128 (shares 128's bucket)
	 *   130:  msb 7, shift 1, 128 + (65 & 63)    = 129
	 *   255:  msb 7, shift 1, 128 + (127 & 63)   = 191
	 *   256:  msb 8, shift 2, 3*64 + (64 & 63)   = 192
	 *   1000: msb 9, shift 3, 4*64 + (125 & 63)  = 256 + 61 = 317
	 *   4096: msb 12, shift 6, 7*64 + 0          = 448
	 *   1e6:  msb 19, shift 13, 14*64 + (122 & 63) = 896 + 58 = 954
	 * and the bucket of 1000 starts at 2^9 + 61 * 2^3 = 1000, width 8, so
	 * its value is 1004; the bucket of 1e6 starts at 2^19 + 58 * 2^13 =
	 * 999424, width 8192, value 1003520.
	 */
	assert_int_equal(hist_index(0), 0);
	assert_int_equal(hist_index(1), 1);
	assert_int_equal(hist_index(127), 127);
	assert_int_equal(hist_index(128), 128);
	assert_int_equal(hist_index(129), 128);
	assert_int_equal(hist_index(130), 129);
	assert_int_equal(hist_index(255), 191);
	assert_int_equal(hist_index(256), 192);
	assert_int_equal(hist_index(1000), 317);
	assert_int_equal(hist_index(4096), 448);
	assert_int_equal(hist_index(1000000), 954);
	assert_true(hist_bucket_low(317) == 1000);
	assert_true(hist_bucket_value(317) == 1004.0);
	assert_true(hist_bucket_value(128) == 129.0);
	assert_true(hist_bucket_low(954) == 999424);
	assert_true(hist_bucket_value(954) == 1003520.0);
}

/* Values past ~17 s land in the last bucket. */
static void
test_index_clamp(void **state)
{
	(void)state;
	/* Last bucket: group 28, shift 27: 2^33 + 63 * 2^27 = 17045651456. */
	assert_true(hist_bucket_low(HIST_NR - 1) == 17045651456ull);
	assert_int_equal(hist_index(HIST_TOP - 1), HIST_NR - 1);
	assert_int_equal(hist_index(HIST_TOP), HIST_NR - 1);
	assert_int_equal(hist_index(HIST_TOP * 1000), HIST_NR - 1);
	assert_int_equal(hist_index(UINT64_MAX), HIST_NR - 1);
	assert_int_equal(hist_index(17045651456ull - 1), HIST_NR - 2);
}

/* Percentiles agree with the order statistics of the sorted samples. */
static void
test_percentiles_sorted(void **state)
{
	struct histogram *h = calloc(1, sizeof *h);
	uint64_t	 *v = calloc(NSAMPLES, sizeof *v);
	double		  out[HIST_NPCTS];

	(void)state;
	assert_non_null(h);
	assert_non_null(v);
	samples_fill(v, NSAMPLES, 7);
	for (size_t i = 0; i < NSAMPLES; i++)
		hist_add(h, v[i]);
	assert_true(hist_count(h) == NSAMPLES);
	qsort(v, NSAMPLES, sizeof *v, samples_compare);
	/* The sample set must reach both the exact and the bucketed region. */
	assert_true(v[NSAMPLES / 1000] < 128);
	assert_true(v[NSAMPLES - 1] > 1000000);

	hist_percentiles(h, hist_default_pcts, HIST_NPCTS, out);
	for (size_t j = 0; j < HIST_NPCTS; j++) {
		/* fio's rank: the first count >= p/100 * N, in doubles like fio. */
		size_t	 rank = (size_t)ceil(hist_default_pcts[j] / 100.0 * NSAMPLES);
		uint64_t x = v[rank - 1];

		if (x < 2u * HIST_VAL)
			assert_true(out[j] == (double)x);
		else if (fabs(out[j] - (double)x) / (double)x > REL_BOUND + REL_EPS)
			fail_msg("p%g: histogram %.1f, order statistic %llu",
				 hist_default_pcts[j], out[j], (unsigned long long)x);
		/* And exactly the midpoint of that sample's bucket. */
		assert_true(out[j] == hist_bucket_value(hist_index(x)));
		if (j > 0)
			assert_true(out[j] >= out[j - 1]);
	}
	free(v);
	free(h);
}

/*
 * fio compares the running count with p / 100.0 * N in doubles, and
 * 99.9 / 100.0 is 0.9990000000000001: with N = 1000 the threshold is
 * 999.0000000000001, so p99.9 is the 1000th value, not the 999th.
 */
static void
test_percentiles_fio_rounding(void **state)
{
	struct histogram *h = calloc(1, sizeof *h);
	const double	  p[] = { 50, 99, 99.9, 100 };
	double		  out[4];

	(void)state;
	assert_non_null(h);
	for (uint64_t x = 1; x <= 1000; x++)
		hist_add(h, x);
	hist_percentiles(h, p, 4, out);
	assert_true(out[0] == hist_bucket_value(hist_index(500)));
	assert_true(out[1] == hist_bucket_value(hist_index(990)));
	/* 999 and 1000 are in different buckets (316 and 317). */
	assert_int_equal(hist_index(999), 316);
	assert_true(out[2] == hist_bucket_value(hist_index(1000)));
	assert_true(out[3] == 1004.0);
	free(h);
}

/* Empty, single value, all equal. */
static void
test_percentiles_edge(void **state)
{
	struct histogram *h = calloc(1, sizeof *h);
	double		  out[HIST_NPCTS];

	(void)state;
	assert_non_null(h);
	hist_percentiles(h, hist_default_pcts, HIST_NPCTS, out);
	for (size_t j = 0; j < HIST_NPCTS; j++)
		assert_true(isnan(out[j]));

	hist_add(h, 1000);
	hist_percentiles(h, hist_default_pcts, HIST_NPCTS, out);
	for (size_t j = 0; j < HIST_NPCTS; j++)
		assert_true(out[j] == 1004.0);

	hist_reset(h);
	assert_true(hist_count(h) == 0);
	for (int i = 0; i < 5000; i++)
		hist_add(h, 77);
	hist_percentiles(h, hist_default_pcts, HIST_NPCTS, out);
	for (size_t j = 0; j < HIST_NPCTS; j++)
		assert_true(out[j] == 77.0);

	/* A value past the range reports the last bucket. */
	hist_reset(h);
	hist_add(h, UINT64_MAX);
	hist_percentiles(h, hist_default_pcts, 1, out);
	assert_true(out[0] == hist_bucket_value(HIST_NR - 1));
	free(h);
}

/* A few values at the low edge of their bucket (a paced point's): the
 * bucket midpoint, which hist_percentiles reports, lies above the max; the
 * clamped percentiles never leave [min, max]. */
static void
test_percentiles_within(void **state)
{
	struct histogram *h = calloc(1, sizeof *h);
	uint64_t	  lo = hist_bucket_low(900);
	double		  pct[HIST_NPCTS];

	(void)state;
	assert_non_null(h);
	for (size_t i = 0; i < 3; i++)
		hist_add(h, lo);
	hist_percentiles(h, hist_default_pcts, HIST_NPCTS, pct);
	assert_true(pct[12] > (double)lo);	/* p99 above the max: the old engine's figure */
	hist_percentiles_within(h, hist_default_pcts, HIST_NPCTS, (double)lo, (double)lo, pct);
	for (int i = 0; i < HIST_NPCTS; i++)
		assert_true(pct[i] == (double)lo);
	hist_reset(h);
	hist_percentiles_within(h, hist_default_pcts, HIST_NPCTS, 0, 1, pct);
	assert_true(isnan(pct[0]));
	free(h);
}

/* merge, diff, snapshot and count against histograms built directly. */
static void
test_merge_diff(void **state)
{
	struct histogram *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
	struct histogram *all = calloc(1, sizeof *all), *t = calloc(1, sizeof *t);
	uint64_t	 *v = calloc(NSAMPLES, sizeof *v);
	const size_t	  split = NSAMPLES / 3;

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(all);
	assert_non_null(t);
	assert_non_null(v);
	samples_fill(v, NSAMPLES, 99);
	for (size_t i = 0; i < NSAMPLES; i++) {
		hist_add(i < split ? a : b, v[i]);
		hist_add(all, v[i]);
	}
	assert_true(hist_count(a) == split);
	assert_true(hist_count(b) == NSAMPLES - split);
	assert_true(hist_count(all) == NSAMPLES);

	hist_snapshot(t, a);
	assert_memory_equal(t->bins, a->bins, sizeof a->bins);
	hist_merge(t, b);
	assert_memory_equal(t->bins, all->bins, sizeof all->bins);

	hist_diff(t, all, a);
	assert_memory_equal(t->bins, b->bins, sizeof b->bins);
	hist_diff(t, all, b);
	assert_memory_equal(t->bins, a->bins, sizeof a->bins);
	/* Saturates instead of wrapping. */
	hist_diff(t, a, all);
	assert_true(hist_count(t) == 0);
	/* Into an empty histogram, merge is a copy. */
	hist_reset(t);
	hist_merge(t, all);
	assert_memory_equal(t->bins, all->bins, sizeof all->bins);
	free(v);
	free(t);
	free(all);
	free(b);
	free(a);
}

/* Mean and sample standard deviation by the textbook two passes. */
static void
two_pass(const uint64_t *v, size_t n, double *mean, double *sd)
{
	double s = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		s += (double)v[i];
	*mean = s / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += ((double)v[i] - *mean) * ((double)v[i] - *mean);
	*sd = sqrt(ss / (double)(n - 1));
}

/* Assert |got - want| <= 1e-9 * |want|. */
static void
assert_rel(double got, double want)
{
	if (fabs(got - want) > 1e-9 * fabs(want))
		fail_msg("got %.17g, want %.17g", got, want);
}

/* One pass versus two passes, and merged halves versus one pass. */
static void
test_welford(void **state)
{
	uint64_t      *v = calloc(NSAMPLES, sizeof *v);
	struct welford w = { 0 }, lo = { 0 }, hi = { 0 }, e = { 0 };
	const size_t   split = NSAMPLES / 3;
	uint64_t       mn = UINT64_MAX, mx = 0;
	double	       mean, sd;

	(void)state;
	assert_non_null(v);
	samples_fill(v, NSAMPLES, 1234);
	for (size_t i = 0; i < NSAMPLES; i++) {
		welford_add(&w, v[i]);
		welford_add(i < split ? &lo : &hi, v[i]);
		mn = v[i] < mn ? v[i] : mn;
		mx = v[i] > mx ? v[i] : mx;
	}
	two_pass(v, NSAMPLES, &mean, &sd);
	assert_true(w.n == NSAMPLES);
	assert_rel(w.mean, mean);
	assert_rel(welford_stdev(&w), sd);
	assert_true(w.min == mn);
	assert_true(w.max == mx);

	welford_merge(&lo, &hi);
	assert_true(lo.n == NSAMPLES);
	assert_rel(lo.mean, w.mean);
	assert_rel(lo.m2, w.m2);
	assert_rel(welford_stdev(&lo), sd);
	assert_true(lo.min == mn);
	assert_true(lo.max == mx);

	/* Empty on either side changes nothing. */
	welford_merge(&lo, &e);
	assert_true(lo.n == NSAMPLES);
	assert_rel(lo.mean, w.mean);
	welford_merge(&e, &w);
	assert_true(e.n == w.n && e.min == w.min && e.max == w.max);
	assert_rel(e.mean, w.mean);
	free(v);
}

/* Fewer than two values, and a small exact case. */
static void
test_welford_small(void **state)
{
	struct welford w = { 0 };

	(void)state;
	assert_true(welford_stdev(&w) == 0.0);
	welford_add(&w, 1000);
	assert_true(welford_stdev(&w) == 0.0);
	assert_true(w.mean == 1000.0);
	assert_true(w.min == 1000 && w.max == 1000);
	welford_add(&w, 1004);
	/* {1000, 1004}: mean 1002, sample variance 8. */
	assert_true(w.mean == 1002.0);
	assert_rel(welford_stdev(&w), sqrt(8.0));
	welford_add(&w, 0);
	assert_true(w.min == 0 && w.max == 1004);
}

/* hist_bands: log-scale bands between the extreme buckets keep every count. */
static void
test_bands(void **state)
{
	struct histogram *h = calloc(1, sizeof *h);
	double		  up[8];
	uint64_t	  cnt[8], sum = 0;

	(void)state;
	assert_non_null(h);
	assert_int_equal(hist_bands(h, 8, up, cnt), 0);
	hist_add(h, 50000);
	assert_int_equal(hist_bands(h, 8, up, cnt), 1);
	assert_int_equal(cnt[0], 1);
	/* 1,000 values at 10 µs, 10 at 100 µs, 1 at 1 ms: three decades. */
	hist_reset(h);
	for (int i = 0; i < 1000; i++)
		hist_add(h, 10000);
	for (int i = 0; i < 10; i++)
		hist_add(h, 100000);
	hist_add(h, 1000000);
	assert_int_equal(hist_bands(h, 6, up, cnt), 6);
	for (size_t j = 0; j < 6; j++) {
		sum += cnt[j];
		if (j > 0)
			assert_true(up[j] > up[j - 1]);
	}
	assert_int_equal(sum, 1011);
	assert_int_equal(cnt[0], 1000);		/* the lowest band holds 10 µs */
	assert_int_equal(cnt[2], 10);		/* two bands a decade: 100 µs in the third */
	assert_int_equal(cnt[5], 1);		/* the top band the 1 ms value */
	assert_true(up[5] >= hist_bucket_value(hist_index(1000000)) * 0.999);
	free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_index_small),
		cmocka_unit_test(test_index_random),
		cmocka_unit_test(test_bucket_layout),
		cmocka_unit_test(test_index_known),
		cmocka_unit_test(test_index_clamp),
		cmocka_unit_test(test_percentiles_sorted),
		cmocka_unit_test(test_percentiles_fio_rounding),
		cmocka_unit_test(test_percentiles_edge),
		cmocka_unit_test(test_merge_diff),
		cmocka_unit_test(test_welford),
		cmocka_unit_test(test_welford_small),
		cmocka_unit_test(test_bands),
		cmocka_unit_test(test_percentiles_within),
	};

	return cmocka_run_group_tests_name("histogram", tests, NULL, NULL);
}
