/*
 * SNIA PTS steady-state check.  The window is y[n - window .. n); the fit
 * uses x = 0 .. window - 1 (relative round numbers), which gives the same
 * slope as absolute round numbers and keeps the sums small.  Everything is
 * centred on the means before multiplying, so a window of large, nearly
 * equal values (IOPS in the millions) loses no precision.
 */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "steady.h"

/* Fill a rule with the PTS defaults. */
void
steady_rule_default(struct steady_rule *r)
{
	r->window = 5;
	r->max_range_pct = 20;
	r->max_slope_pct = 10;
	r->max_rounds = 25;
}

/* 100 * part / |whole|, infinite when that is not a finite number. */
static double
steady_percent(double part, double whole)
{
	double pct;

	if (whole == 0)
		return INFINITY;
	pct = 100.0 * part / fabs(whole);
	return pct <= DBL_MAX ? pct : INFINITY;	/* NaN and inf both fail */
}

/* Check the last window of y against the rule. */
int
steady_check(const double *y, size_t n, const struct steady_rule *rule,
	     struct steady_result *out)
{
	const double *w;
	double	      sum = 0, lo, hi, xbar, sxy = 0, sxx = 0;
	size_t	      k;

	if (rule == NULL || out == NULL || (y == NULL && n > 0))
		return -EINVAL;
	if (rule->window < 2 || !(rule->max_range_pct > 0) ||
	    !(rule->max_slope_pct > 0) || rule->max_rounds < rule->window)
		return -EINVAL;

	memset(out, 0, sizeof *out);
	out->rounds = n;
	if (n < rule->window) {
		out->last = n > 0 ? n - 1 : 0;
		return 0;
	}

	k = rule->window;
	out->first = n - k;
	out->last = n - 1;
	w = y + out->first;
	lo = hi = w[0];
	for (size_t i = 0; i < k; i++) {
		sum += w[i];
		if (w[i] < lo)
			lo = w[i];
		if (w[i] > hi)
			hi = w[i];
	}
	out->average = sum / (double)k;
	out->range = hi - lo;

	xbar = (double)(k - 1) / 2.0;
	for (size_t i = 0; i < k; i++) {
		double dx = (double)i - xbar;

		sxy += dx * (w[i] - out->average);
		sxx += dx * dx;
	}
	out->slope = sxy / sxx;
	out->slope_excursion = fabs(out->slope) * (double)(k - 1);

	out->range_pct = steady_percent(out->range, out->average);
	out->slope_pct = steady_percent(out->slope_excursion, out->average);
	out->attained = out->range_pct <= rule->max_range_pct &&
			out->slope_pct <= rule->max_slope_pct;
	out->gave_up = !out->attained && n >= rule->max_rounds;
	return 0;
}
