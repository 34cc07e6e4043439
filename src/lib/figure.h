/*
 * Range checks for figures that come from outside: a fio server's terse
 * line, an imported fio JSON file, a lab overlay's spec figures.  Nothing
 * from outside is believed for being well-formed: a number is finite, not
 * negative, below what any storage device or host can report, and in order
 * with the figures it must be in order with (a percentile never above the
 * max, IOPS that agree with the I/Os over the runtime).
 *
 * Each check returns 0, or -ERANGE with err holding one sentence that names
 * where the figure came from (source, e.g. "10.0.0.7:8765" or "x.json:
 * jobs[2]"; NULL for none), the field and the value ("x.json: jobs[2]: read
 * p99 latency is 5e+06 us, above the read max latency of 900 us").  No
 * domain knowledge beyond the physical bounds below: the callers name the
 * fields and the units.
 */
#ifndef DD_FIGURE_H
#define DD_FIGURE_H

#include "lib/error.h"

/* What no single host measures (each far beyond the fastest devices, so an
 * honest figure never nears it; a larger one is forged or corrupt). */
#define FIGURE_IOPS_MAX	     1e10	/* I/Os per second */
#define FIGURE_MBPS_MAX	     1e7	/* decimal MB/s: 10 TB/s */
#define FIGURE_LAT_MAX_US    1e10	/* one I/O: 2.8 hours */
#define FIGURE_ELAPSED_MAX_S 1e7	/* one point: 115 days */

/* Percentiles come from log-linear buckets (lib/histogram.h: under 1.6 %
 * error) and fio truncates min and max to whole microseconds: an order
 * check allows this much above the bound. */
#define FIGURE_ORDER_REL 0.02
#define FIGURE_ORDER_ABS 1.0

/* Is v finite and in [lo, hi]?  unit ("us", "s", ""; NULL none) follows
 * the value in the sentence. */
int figure_check(const char *source, const char *field, double v, double lo, double hi,
		 const char *unit, struct dd_error *err);

/* As figure_check, but NAN (a figure not reported) passes. */
int figure_check_opt(const char *source, const char *field, double v, double lo, double hi,
		     const char *unit, struct dd_error *err);

/* Is a at most b, allowing FIGURE_ORDER_REL and FIGURE_ORDER_ABS?  NAN on
 * either side passes (nothing to compare). */
int figure_check_order(const char *source, const char *fa, double a, const char *fb, double b,
		       const char *unit, struct dd_error *err);

/* Do a and b agree within rel (a fraction of the larger) plus abs? */
int figure_check_agree(const char *source, const char *fa, double a, const char *fb, double b,
		       double rel, double abs, struct dd_error *err);

#endif
