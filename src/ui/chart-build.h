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

#define CHART_HEAT_AXIS_MAX 8	/* depths per axis of a QD x jobs grid */

/* The IODepth x NumJobs grid of one workload (pattern, block size) of a plan,
 * and what its heat map model points into. */
struct chart_heat_data {
	enum dd_pattern pat;
	unsigned	bs;
	bool		rate_iops;	/* random: K IOPS; sequential: MB/s */
	unsigned	qds[CHART_HEAT_AXIS_MAX], njs[CHART_HEAT_AXIS_MAX];
	int		nq, nj;
	double		grid[CHART_HEAT_AXIS_MAX * CHART_HEAT_AXIS_MAX];	/* NAN: not yet */
	char		rl[CHART_HEAT_AXIS_MAX][16], cl[CHART_HEAT_AXIS_MAX][16];
	const char     *rlp[CHART_HEAT_AXIS_MAX], *clp[CHART_HEAT_AXIS_MAX];
	char		title[CHART_TITLE_MAX];	/* "4K random read IOPS (K) over QD x NJ" */
	char		note[128];		/* chart_knee_text's line, or "" */
};

/* Build the grid of workload (pat, bs) from a plan's npts points: rows and
 * columns the plan's IODepths and NumJobs of it (ascending, at most
 * CHART_HEAT_AXIS_MAX each), every finished summary of it (status 0, not
 * cancelled, index into pts) in its cell as K IOPS (random) or MB/s, labels
 * "QD8" and "NJ4"; times is the glyph for x (NULL: "x"). */
void chart_build_heat(struct chart_heat_data *d, const struct dd_point *pts, size_t npts,
		      const struct sweep_summary *sums, size_t nsums, enum dd_pattern pat,
		      unsigned bs, const char *times);

/* The 4K random read grid the review of the sheet's reference drive
 * (s->review_drive) published, in K IOPS (tui_ref_review per cell); nq = 0
 * when it has none.  The Sheet screen's heat map. */
void chart_build_review_heat(struct chart_heat_data *d, const struct tui_sheet *s,
			     const char *times);

/* The cell (row * nj + col) of a point in d's grid, or -1 (another workload
 * or a depth beyond the axes). */
int chart_heat_cell(const struct chart_heat_data *d, const struct dd_point *p);

/* A heat map model over d (its grid as it is now: the knee note is computed
 * here, after the caller set any live cell); cell_w and label_w are the cell
 * renderer's, decimals 1 for cells of 9 columns or more. */
void chart_heat_model(struct chart_heat_data *d, const char *times, struct chart_heatmap *hm);

#endif
