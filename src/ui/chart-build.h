/*
 * Chart builders: the data the dashboard and a report both have (a plan's
 * points, their results, the references tui-ref.c finds on a loaded sheet)
 * turned into the chart models of chart.h, so both front ends get the same
 * scales, markers and labels.  The dashboard's views hand the models to the
 * cell renderers (chart.h), a report to the SVG ones (svg.h).
 *
 * Builders call down only (tui-ref.c, chart.c, core, lib), never a view: an
 * interval graph's samples come from tui_point_series (view-sweep.h), which
 * the caller folds to the graph's width and hands to chart_timegraph_init.
 */
#ifndef DD_CHART_BUILD_H
#define DD_CHART_BUILD_H

#include "ui/chart.h"
#include "ui/tui.h"

/* Point p's depth as the bars label it: "QD32 x4" (times: the glyph for x,
 * NULL for "x"). */
char *chart_depth_text(const struct dd_point *p, const char *times, char *buf, size_t len);

/* The markers the dashboard draws over point p's bar of metric m: the lab's
 * acceptance target first (tui_ref_target), else the spec figure when it is
 * comparable (tui_ref_spec), and the review measurement at the exact depth
 * (tui_ref_review); NAN where none. */
void chart_build_markers(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
			 struct chart_markers *out);

/* Add point p's bar of metric m (value measured, NAN: not yet) with those
 * markers, its depth and deltas to model b under label (NULL: the point's
 * name).  0, or -ENOSPC when b is full. */
int chart_build_bar(struct chart_bars *b, const struct tui_sheet *s, const struct dd_point *p,
		    double value, enum tui_metric m, const char *label);

/* The latency histogram of result r in at most k log-scale bands (k <=
 * CHART_HIST_MAX), bounds in µs, as the point drill-down shows it; n = 0
 * when r stored no histogram. */
void chart_build_histogram(struct chart_histogram *h, const struct dd_result *r, size_t k);

#endif
