/*
 * Chart builders (chart-build.h): points, results and their references into
 * the chart models of chart.h, the one place both front ends get a bar's
 * markers, depth and deltas and a histogram's bands from.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/histogram.h"
#include "ui/chart-build.h"

/* "QD32 x4". */
char *
chart_depth_text(const struct dd_point *p, const char *times, char *buf, size_t len)
{
	snprintf(buf, len, "QD%u %s%u", p->iodepth, times != NULL ? times : "x", p->numjobs);
	return buf;
}

/* The lab's target first, else a comparable spec figure; the review. */
void
chart_build_markers(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
		    struct chart_markers *out)
{
	struct tui_refval sp, rv, tg;
	bool		  target;

	tui_ref_spec(s, p, m, &sp);
	tui_ref_review(s, p, m, &rv);
	target = tui_ref_target(s, p, m, &tg) != NULL;
	out->spec = target ? tg.value : sp.comparable ? sp.value : NAN;
	out->review = rv.value;
}

/* A point's bar. */
int
chart_build_bar(struct chart_bars *b, const struct tui_sheet *s, const struct dd_point *p,
		double value, enum tui_metric m, const char *label)
{
	struct chart_markers mk;
	char		     depth[32];

	chart_build_markers(s, p, m, &mk);
	return chart_bars_add(b, label != NULL ? label : p->name,
			      chart_depth_text(p, NULL, depth, sizeof depth), value, &mk);
}

/* A result's histogram in log bands, bounds in µs. */
void
chart_build_histogram(struct chart_histogram *h, const struct dd_result *r, size_t k)
{
	double	 up[CHART_HIST_MAX], cnt[CHART_HIST_MAX];
	uint64_t c[CHART_HIST_MAX];
	size_t	 n;

	if (k > CHART_HIST_MAX)
		k = CHART_HIST_MAX;
	n = hist_bands(&r->hist, k, up, c);
	for (size_t j = 0; j < n; j++) {
		up[j] /= 1e3;
		cnt[j] = (double)c[j];
	}
	chart_histogram_init(h, "latency histogram, log scale", "µs", up, cnt, n);
}
