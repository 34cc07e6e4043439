/*
 * Latency histogram with fio's log-linear bucket layout, so our bins and
 * percentiles compare bucket for bucket with fio's json+ output.
 *
 * Values are nanoseconds.  Values below 2^(HIST_BITS+1) get one bucket each;
 * above that, every power-of-two range is split into HIST_VAL equal buckets,
 * which bounds the relative error of a bucket's midpoint by 1/(2*HIST_VAL)
 * (under 1%).  HIST_GROUPS groups cover values up to about 2^34 ns (17 s);
 * larger values land in the last bucket.
 *
 * Threads: one writer per histogram (hist_add); other threads may read it
 * concurrently with hist_snapshot, which sees each bin's count atomically.
 */
#ifndef DD_HISTOGRAM_H
#define DD_HISTOGRAM_H

#include <stddef.h>
#include <stdint.h>

#define HIST_BITS   6
#define HIST_VAL    (1u << HIST_BITS)		/* buckets per group: 64 */
#define HIST_GROUPS 29
#define HIST_NR	    (HIST_GROUPS * HIST_VAL)	/* 1856, as fio's FIO_IO_U_PLAT_NR */

struct histogram {
	uint64_t bins[HIST_NR];
};

/* fio's default percentile list (clat_percentiles). */
#define HIST_NPCTS 17
extern const double hist_default_pcts[HIST_NPCTS];

/* Bucket index of a value in ns.  Hot path: inline, branch-light. */
static inline unsigned
hist_index(uint64_t ns)
{
	unsigned msb, shift, idx;

	if (ns < (2u * HIST_VAL))
		return (unsigned)ns;
	msb = 63u - (unsigned)__builtin_clzll(ns);
	shift = msb - HIST_BITS;
	idx = ((shift + 1) << HIST_BITS) + (unsigned)((ns >> shift) & (HIST_VAL - 1));
	return idx < HIST_NR ? idx : HIST_NR - 1;
}

/* Count one value.  Single writer; the store is atomic for readers. */
static inline void
hist_add(struct histogram *h, uint64_t ns)
{
	uint64_t *b = &h->bins[hist_index(ns)];

	__atomic_store_n(b, *b + 1, __ATOMIC_RELAXED);
}

/* Smallest value that lands in bucket idx. */
uint64_t hist_bucket_low(unsigned idx);

/* Representative value of bucket idx: its midpoint, as fio reports it. */
double hist_bucket_value(unsigned idx);

/* Zero a histogram. */
void hist_reset(struct histogram *h);

/* Copy a histogram another thread is writing (relaxed atomic loads). */
void hist_snapshot(struct histogram *dst, const struct histogram *live);

/* dst += src. */
void hist_merge(struct histogram *dst, const struct histogram *src);

/* dst = a - b, for interval histograms from two cumulative snapshots. */
void hist_diff(struct histogram *dst, const struct histogram *a,
	       const struct histogram *b);

/* Number of values counted. */
uint64_t hist_count(const struct histogram *h);

/*
 * Percentiles the way fio computes them: walk the buckets, and report the
 * representative value of the first bucket at which the running count
 * reaches pct/100 of the total.  pcts must be ascending.  out[i] is NAN when
 * the histogram is empty.
 */
void hist_percentiles(const struct histogram *h, const double *pcts, size_t n,
		      double *out);

/*
 * As hist_percentiles, each clamped to [min_ns, max_ns], the exact extremes
 * of the values counted (a Welford accumulator's): a bucket's midpoint may
 * lie above the largest value in it, and a percentile above the max is a
 * figure no run measured (a paced point of few I/Os showed p99 > max).
 */
void hist_percentiles_within(const struct histogram *h, const double *pcts, size_t n,
			     double min_ns, double max_ns, double *out);

/*
 * Fold a histogram into at most k bands of equal width on a log scale, from
 * its lowest to its highest non-empty bucket (a bucket belongs to the band
 * holding its representative value): counts[j] and the band's upper edge in
 * ns, upper_ns[j].  Returns the bands filled: 0 for an empty histogram, 1
 * when every value is in one bucket.
 */
size_t hist_bands(const struct histogram *h, size_t k, double *upper_ns, uint64_t *counts);

/* Running min/max/mean/variance (Welford), mergeable across threads. */
struct welford {
	uint64_t n;
	double	 mean, m2;
	uint64_t min, max;
};

/* Add one value. */
static inline void
welford_add(struct welford *w, uint64_t x)
{
	double d = (double)x - w->mean;

	w->n++;
	w->mean += d / (double)w->n;
	w->m2 += d * ((double)x - w->mean);
	if (x < w->min || w->n == 1)
		w->min = x;
	if (x > w->max)
		w->max = x;
}

/* Combine b into a (Chan et al.). */
void welford_merge(struct welford *a, const struct welford *b);

/* Sample standard deviation (n - 1), 0 for fewer than two values. */
double welford_stdev(const struct welford *w);

#endif
