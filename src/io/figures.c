/*
 * A result from outside checked as a whole (figures.h): the rates, then each
 * latency summary (read, write, all), then CPU time.  The first impossible
 * figure is the sentence.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "io/figures.h"
#include "lib/figure.h"

/* Elapsed time, IOPS and MB/s: in range and in agreement with the counts. */
static int
figures_check_rates(const struct dd_result *r, const char *src, struct dd_error *err)
{
	char what[96];
	int  rc;

	if ((rc = figure_check(src, "IOPS", r->iops, 0, FIGURE_IOPS_MAX, NULL, err)) < 0 ||
	    (rc = figure_check(src, "MB/s", r->mbps, 0, FIGURE_MBPS_MAX, NULL, err)) < 0 ||
	    (rc = figure_check(src, "runtime", r->elapsed_s, 0, FIGURE_ELAPSED_MAX_S, "s", err)) < 0)
		return rc;
	if (r->ios > 0 && r->elapsed_s < 1e-6)
		return dd_error_set(err, -ERANGE, "%s%s%llu I/Os in a runtime of %.6g s",
				    src ? src : "", src ? ": " : "", (unsigned long long)r->ios,
				    r->elapsed_s);
	if (r->elapsed_s < 1e-6)
		return 0;
	snprintf(what, sizeof what, "%llu I/Os in %.6g s", (unsigned long long)r->ios,
		 r->elapsed_s);
	if ((rc = figure_check_agree(src, "IOPS", r->iops, what, (double)r->ios / r->elapsed_s,
				     FIGURES_RATE_REL, 1, err)) < 0)
		return rc;
	snprintf(what, sizeof what, "%llu bytes in %.6g s", (unsigned long long)r->bytes,
		 r->elapsed_s);
	return figure_check_agree(src, "MB/s", r->mbps, what, (double)r->bytes / r->elapsed_s / 1e6,
				  FIGURES_RATE_REL, 0.01, err);
}

/* One latency summary (dir "read ", "write ", ""): in range and in order. */
static int
figures_check_latency(const struct dd_latency *l, const char *dir, const char *src,
		      struct dd_error *err)
{
	const double *v[] = { &l->min_us, &l->mean_us, &l->max_us, &l->stdev_us };
	const char   *names[] = { "min", "mean", "max", "stdev" };
	char	      f[64], g[64];
	int	      rc;

	if (l->n == 0)
		return 0;
	for (size_t i = 0; i < 4; i++) {
		snprintf(f, sizeof f, "%s%s latency", dir, names[i]);
		if ((rc = figure_check_opt(src, f, *v[i], 0, FIGURE_LAT_MAX_US, "us", err)) < 0)
			return rc;
	}
	for (unsigned k = 0; k < HIST_NPCTS; k++) {
		snprintf(f, sizeof f, "%sp%g latency", dir, hist_default_pcts[k]);
		if ((rc = figure_check_opt(src, f, l->pct_us[k], 0, FIGURE_LAT_MAX_US, "us",
					   err)) < 0)
			return rc;
	}
	for (size_t i = 0; i < 2; i++) {
		snprintf(f, sizeof f, "%s%s latency", dir, names[i]);
		snprintf(g, sizeof g, "%s%s latency", dir, names[i + 1]);
		if ((rc = figure_check_order(src, f, *v[i], g, *v[i + 1], "us", err)) < 0)
			return rc;
	}
	snprintf(g, sizeof g, "%smax latency", dir);
	for (unsigned k = 0; k < HIST_NPCTS; k++) {
		snprintf(f, sizeof f, "%sp%g latency", dir, hist_default_pcts[k]);
		if ((rc = figure_check_order(src, f, l->pct_us[k], g, l->max_us, "us", err)) < 0)
			return rc;
		if (k == 0)
			continue;
		snprintf(g, sizeof g, "%sp%g latency", dir, hist_default_pcts[k]);
		snprintf(f, sizeof f, "%sp%g latency", dir, hist_default_pcts[k - 1]);
		if ((rc = figure_check_order(src, f, l->pct_us[k - 1], g, l->pct_us[k], "us",
					     err)) < 0)
			return rc;
		snprintf(g, sizeof g, "%smax latency", dir);
	}
	return 0;
}

/* Check a result from outside. */
int
figures_check_result(const struct dd_result *r, const char *source, struct dd_error *err)
{
	const double *cpu[] = { &r->cpu_user_s, &r->cpu_sys_s, &r->cpu_us_per_io,
				&r->proc_user_s, &r->proc_sys_s, &r->proc_us_per_io };
	const char   *names[] = { "CPU user time", "CPU system time", "CPU per I/O",
				  "process user time", "process system time",
				  "process CPU per I/O" };
	int	      rc;

	if ((rc = figures_check_rates(r, source, err)) < 0 ||
	    (rc = figures_check_latency(&r->read_lat, "read ", source, err)) < 0 ||
	    (rc = figures_check_latency(&r->write_lat, "write ", source, err)) < 0 ||
	    (rc = figures_check_latency(&r->lat, "", source, err)) < 0)
		return rc;
	for (size_t i = 0; i < sizeof cpu / sizeof cpu[0]; i++)
		if ((rc = figure_check_opt(source, names[i], *cpu[i], 0, 1e12, NULL, err)) < 0)
			return rc;
	return 0;
}
