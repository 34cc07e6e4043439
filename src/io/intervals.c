/*
 * A point's interval series (intervals.h): merging neighbouring samples
 * when the series is full, and the pacing spread of the sampled IOPS.
 * Pure arithmetic on struct dd_interval; no I/O, no state.
 */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "intervals.h"

/* Merge two neighbouring intervals, a (which began at a_start s) then b:
 * rates averaged by time, mean latency by I/Os, p99 the larger, the end and
 * the temperature b's. */
struct dd_interval
engine_interval_merge(const struct dd_interval *a, double a_start,
		      const struct dd_interval *b)
{
	struct dd_interval m = *b;
	double		   da = a->t_s - a_start, db = b->t_s - a->t_s, d = da + db;
	double		   na = a->iops * da, nb = b->iops * db;

	if (!(da > 0) || !(db > 0) || !(d > 0))
		return da > 0 ? *a : *b;
	m.iops = (a->iops * da + b->iops * db) / d;
	m.mbps = (a->mbps * da + b->mbps * db) / d;
	m.read_iops = (a->read_iops * da + b->read_iops * db) / d;
	m.write_iops = (a->write_iops * da + b->write_iops * db) / d;
	if (isnan(a->mean_us) || !(na > 0))
		m.mean_us = b->mean_us;
	else if (isnan(b->mean_us) || !(nb > 0))
		m.mean_us = a->mean_us;
	else
		m.mean_us = (a->mean_us * na + b->mean_us * nb) / (na + nb);
	m.p99_us = fmax(a->p99_us, b->p99_us);
	if (isnan(b->temp_c))
		m.temp_c = a->temp_c;
	return m;
}

/* Halve a full interval series in place: neighbours merged in pairs (an odd
 * last one kept); the new count. */
size_t
engine_intervals_halve(struct dd_interval *iv, size_t n)
{
	size_t i;

	for (i = 0; 2 * i + 1 < n; i++) {
		double start = i == 0 ? 0 : iv[2 * i - 1].t_s;

		iv[i] = engine_interval_merge(&iv[2 * i], start, &iv[2 * i + 1]);
	}
	if (2 * i < n) {
		iv[i] = iv[2 * i];
		i++;
	}
	return i;
}

/* Coefficient of variation from a sum and a sum of squares. */
double
engine_rate_spread(size_t n, double sum, double sq)
{
	double mean, var;

	if (n < 2)
		return NAN;
	mean = sum / (double)n;
	var = (sq - sum * mean) / (double)(n - 1);
	if (!(mean > 0))
		return NAN;
	return var > 0 ? sqrt(var) / mean : 0;
}
