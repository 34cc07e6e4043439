/*
 * Histogram helpers that are not on the I/O hot path: bucket values,
 * snapshots, merging and fio-style percentiles; and Welford merging.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "histogram.h"

const double hist_default_pcts[HIST_NPCTS] = {
	1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99,
};

/* Smallest value in bucket idx. */
uint64_t
hist_bucket_low(unsigned idx)
{
	unsigned shift;

	if (idx < 2u * HIST_VAL)
		return idx;
	shift = (idx >> HIST_BITS) - 1;
	return ((uint64_t)1 << (shift + HIST_BITS)) +
	       ((uint64_t)(idx & (HIST_VAL - 1)) << shift);
}

/* Midpoint of bucket idx. */
double
hist_bucket_value(unsigned idx)
{
	unsigned shift;

	if (idx < 2u * HIST_VAL)
		return (double)idx;
	shift = (idx >> HIST_BITS) - 1;
	return (double)hist_bucket_low(idx) + 0.5 * (double)((uint64_t)1 << shift);
}

/* Zero a histogram. */
void
hist_reset(struct histogram *h)
{
	memset(h, 0, sizeof *h);
}

/* Copy a live histogram. */
void
hist_snapshot(struct histogram *dst, const struct histogram *live)
{
	for (unsigned i = 0; i < HIST_NR; i++)
		dst->bins[i] = __atomic_load_n(&live->bins[i], __ATOMIC_RELAXED);
}

/* dst += src. */
void
hist_merge(struct histogram *dst, const struct histogram *src)
{
	for (unsigned i = 0; i < HIST_NR; i++)
		dst->bins[i] += src->bins[i];
}

/* dst = a - b (saturating at 0). */
void
hist_diff(struct histogram *dst, const struct histogram *a,
	  const struct histogram *b)
{
	for (unsigned i = 0; i < HIST_NR; i++)
		dst->bins[i] = a->bins[i] > b->bins[i] ? a->bins[i] - b->bins[i] : 0;
}

/* Total count. */
uint64_t
hist_count(const struct histogram *h)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < HIST_NR; i++)
		n += h->bins[i];
	return n;
}

/* fio-style percentiles. */
void
hist_percentiles(const struct histogram *h, const double *pcts, size_t n,
		 double *out)
{
	uint64_t total = hist_count(h), sum = 0;
	size_t	 j = 0;

	if (total == 0) {
		for (size_t k = 0; k < n; k++)
			out[k] = NAN;
		return;
	}
	for (unsigned i = 0; i < HIST_NR && j < n; i++) {
		sum += h->bins[i];
		while (j < n && (double)sum >= pcts[j] / 100.0 * (double)total) {
			out[j] = hist_bucket_value(i);
			j++;
		}
	}
	/* Only reachable with pct > 100: report the largest bucket. */
	for (; j < n; j++)
		out[j] = hist_bucket_value(HIST_NR - 1);
}

/* Percentiles clamped to the exact extremes. */
void
hist_percentiles_within(const struct histogram *h, const double *pcts, size_t n,
			double min_ns, double max_ns, double *out)
{
	hist_percentiles(h, pcts, n, out);
	for (size_t k = 0; k < n; k++)
		if (!isnan(out[k]))
			out[k] = fmin(fmax(out[k], min_ns), max_ns);
}

/* Merge two Welford accumulators. */
void
welford_merge(struct welford *a, const struct welford *b)
{
	uint64_t n;
	double	 d;

	if (b->n == 0)
		return;
	if (a->n == 0) {
		*a = *b;
		return;
	}
	n = a->n + b->n;
	d = b->mean - a->mean;
	a->mean += d * (double)b->n / (double)n;
	a->m2 += b->m2 + d * d * (double)a->n * (double)b->n / (double)n;
	a->n = n;
	if (b->min < a->min)
		a->min = b->min;
	if (b->max > a->max)
		a->max = b->max;
}

/* Sample standard deviation. */
double
welford_stdev(const struct welford *w)
{
	if (w->n < 2)
		return 0;
	return sqrt(w->m2 / (double)(w->n - 1));
}

/* Fold a histogram into k log-scale bands between its extreme buckets. */
size_t
hist_bands(const struct histogram *h, size_t k, double *upper_ns, uint64_t *counts)
{
	unsigned lo = HIST_NR, hi = 0;
	double	 vlo, ratio;

	for (unsigned i = 0; i < HIST_NR; i++)
		if (h->bins[i] != 0) {
			lo = lo == HIST_NR ? i : lo;
			hi = i;
		}
	if (lo == HIST_NR || k == 0)
		return 0;
	if (lo == hi)
		k = 1;
	vlo = hist_bucket_value(lo);
	ratio = vlo > 0 ? hist_bucket_value(hi) / vlo : 0;
	for (size_t j = 0; j < k; j++) {
		counts[j] = 0;
		upper_ns[j] = ratio > 0 ? vlo * pow(ratio, (double)(j + 1) / (double)k)
					: hist_bucket_value(hi) * (double)(j + 1) / (double)k;
	}
	for (unsigned i = lo; i <= hi; i++) {
		double v = hist_bucket_value(i), pos;
		size_t j;

		if (h->bins[i] == 0)
			continue;
		pos = ratio > 1 && v > 0 ? log(v / vlo) / log(ratio) * (double)k
					 : (double)k * v / hist_bucket_value(hi);
		j = pos <= 0 ? 0 : pos >= (double)k ? k - 1 : (size_t)pos;
		counts[j] += h->bins[i];
	}
	return k;
}
