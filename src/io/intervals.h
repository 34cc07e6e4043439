/*
 * A point's live series: one struct dd_interval per sample (rates, mean and
 * p99 latency, temperature), kept whole in a result of DD_INTERVALS_MAX
 * entries by merging neighbours in pairs when it is full, and the pacing
 * spread of a paced point's samples.  Plain figures: the engine's collector
 * and the fio backend both keep their series with these rules.
 */
#ifndef DD_INTERVALS_H
#define DD_INTERVALS_H

#include <stddef.h>

/* One live interval sample. */
struct dd_interval {
	double t_s;		/* seconds since the measured phase began (end of interval) */
	double iops, mbps;	/* MB/s decimal */
	double mean_us, p99_us;	/* lat: submission to completion */
	double read_iops, write_iops;
	double temp_c;		/* drive temperature (hooks->temperature), NAN: none */
};

#define DD_INTERVALS_MAX 1500	/* 5 minutes at 200 ms; when full, neighbours
				 * merge in pairs (engine_intervals_halve) and
				 * the stored period doubles, so a long point
				 * keeps its whole series (a 30-minute point at
				 * 200 ms: 1.6 s entries).  The interval hook
				 * still sees every sample at interval_ms */

/* Merge interval a (which began at a_start seconds) with the interval b
 * right after it: rates averaged by time, mean latency by I/Os, p99 the
 * larger of the two, t_s (and temperature) b's. */
struct dd_interval engine_interval_merge(const struct dd_interval *a, double a_start,
					 const struct dd_interval *b);

/* Halve a series in place, neighbours merged in pairs (engine_interval_merge;
 * an odd last one stays as it is); the new count. */
size_t engine_intervals_halve(struct dd_interval *iv, size_t n);

/* The pacing spread: the coefficient of variation of n IOPS samples from
 * their sum and sum of squares; NAN with fewer than two or a mean of 0.
 * The engine's collector and the fio backend both report it this way. */
double engine_rate_spread(size_t n, double sum, double sq);

#endif
