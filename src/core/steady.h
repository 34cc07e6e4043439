/*
 * Steady-state detection by the SNIA Solid State Storage Performance Test
 * Specification (PTS) rule.  A test runs in rounds and records one value per
 * round (IOPS, MB/s or a latency) in y[0..n).  The device is in steady state
 * when, over the measurement window made of the last `window` rounds:
 *
 *   - the range of y (max - min) is within max_range_pct of the window
 *     average, and
 *   - the excursion of the least-squares line through the window, |slope| *
 *     (window - 1), is within max_slope_pct of the window average.
 *
 * The PTS uses a 5-round window, 20% range, 10% slope excursion, and gives
 * up after 25 rounds.  Everything here is pure arithmetic on a caller array:
 * no I/O, no allocation, no state between calls.
 */
#ifndef DD_STEADY_H
#define DD_STEADY_H

#include <stdbool.h>
#include <stddef.h>

struct steady_rule {
	unsigned window;	/* rounds in the measurement window: 5 */
	double	 max_range_pct;	/* allowed range, % of the average: 20 */
	double	 max_slope_pct;	/* allowed slope excursion, % of the average: 10 */
	unsigned max_rounds;	/* give up after this many rounds: 25 */
};

struct steady_result {
	bool	attained;	/* both criteria hold over a full window */
	bool	gave_up;	/* max_rounds reached without attaining */
	size_t	rounds;		/* rounds considered (n) */
	size_t	first, last;	/* window indices into y, inclusive */
	double	average;	/* window mean */
	double	range;		/* window max - min */
	double	range_pct;	/* 100 * range / |average| */
	double	slope;		/* least-squares slope, per round */
	double	slope_excursion; /* |slope| * (window - 1) */
	double	slope_pct;	/* 100 * slope_excursion / |average| */
};

/* Fill a rule with the PTS defaults (5 rounds, 20%, 10%, 25 rounds). */
void steady_rule_default(struct steady_rule *r);

/*
 * Evaluate the last rule->window values of y[0..n).  Returns 0, or -EINVAL
 * for a bad rule (window < 2, a percentage <= 0, max_rounds < window) or
 * missing arguments.  With n < window nothing is measured: the statistics
 * are 0, first is 0, last is n - 1 (0 for n = 0), and neither attained nor
 * gave_up is set.  A zero average (or values
 * that are not finite) makes the percentages infinite and the window not
 * steady; no NaN is ever stored in a percentage.
 */
int steady_check(const double *y, size_t n, const struct steady_rule *rule,
		 struct steady_result *out);

#endif
