/*
 * Chart builders: the data the dashboard and a report both have (a plan's
 * points, their results, the references tui-ref.c finds on a loaded sheet)
 * turned into the chart models of chart.h, so both front ends get the same
 * scales, markers and labels.  The dashboard's views hand the models to the
 * cell renderers (chart.h), a report to the SVG ones (svg.h).
 *
 * Builders call down only (tui-ref.c, chart.c, core, lib), never a view: an
 * interval graph's samples come from tui_point_series (view-sweep.h), which
 * the caller folds to the graph's width and hands to chart_timegraph_init
 * (or chart_build_cliff).
 *
 * The workload panels (the Sweep screen's, view-workload.c, and a report's
 * curves section) share three builders: a load curve's x/y plot with the
 * review's published points (chart_build_curve, chart_curve_model), the
 * checkpoint passes' bars with the review's pass times (chart_build_ckpt)
 * and the write cliff's graph with its spec line and cliff mark
 * (chart_build_cliff).
 */
#ifndef DD_CHART_BUILD_H
#define DD_CHART_BUILD_H

#include "core/workload.h"
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

/* The 4K random read grid the review of capacity point review_drive of
 * sheet sh published (NULL: none), in K IOPS (compare_review_at per cell,
 * the rule of every review marker), titled with the point's capacity; nq =
 * 0 when it has none.  The Sheet screen's heat map and a report's drive
 * page's. */
void chart_build_review_heat(struct chart_heat_data *d, const struct spec_sheet *sh,
			     const char *review_drive, const char *times);

/* The cell (row * nj + col) of a point in d's grid, or -1 (another workload
 * or a depth beyond the axes). */
int chart_heat_cell(const struct chart_heat_data *d, const struct dd_point *p);

/* A heat map model over d (its grid as it is now: the knee note is computed
 * here, after the caller set any live cell); cell_w and label_w are the cell
 * renderer's, decimals 1 for cells of 9 columns or more. */
void chart_heat_model(struct chart_heat_data *d, const char *times, struct chart_heatmap *hm);

#define CHART_CURVE_REVIEW_MAX 8	/* review points of one curve */

/* A load curve's plot (latency up, achieved IOPS across) and what its
 * x/y model points into.  The caller fills c (workload_curve_collect), and
 * may set the running step (live_x, live_y) and the step targets (ticks,
 * on the x axis); chart_build_curve does the rest. */
struct chart_curve_data {
	struct workload_curve c;
	bool		      p99;	/* latency: p99, else the mean */
	double		      x[WORKLOAD_STEPS_MAX + 1], y[WORKLOAD_STEPS_MAX + 1];
	size_t		      n;	/* the finished maximum and steps */
	double		      live_x, live_y;	/* the running step; NAN none */
	double		      peak_x, peak_y;
	double		      ticks[WORKLOAD_STEPS_MAX];	/* target IOPS */
	size_t		      nticks;
	struct tui_ref_point  rev[CHART_CURVE_REVIEW_MAX];
	double		      rev_x[CHART_CURVE_REVIEW_MAX], rev_y[CHART_CURVE_REVIEW_MAX];
	size_t		      nrev;
	struct chart_series   ser[4];	/* review, measured, peak, now */
};

/* Zero d but for its NAN live step: ready for c, live and ticks. */
void chart_curve_init(struct chart_curve_data *d, bool p99);

/* The points of d->c (the finished maximum and steps), its peak, and the
 * published points of the review of s's reference drive for d->c's profile
 * (tui_ref_curve_points; none without a loaded sheet: s may be NULL), their
 * latency only for the mean (the reviews print the mean at the peak). */
void chart_build_curve(struct chart_curve_data *d, const struct tui_sheet *s);

/* The x/y model over d: axes that hold every point drawn (the targets on
 * x), series review (g->review), measured (g->step), peak (g->up) and now
 * (g->live), each named for the legend; review_name names the review's
 * series ("review"; NULL: that). */
void chart_curve_model(struct chart_curve_data *d, const char *title, const char *review_name,
		       const struct glyphs *g, struct chart_xyplot *plot);

/* The reviews' checkpoint seconds scaled to a checkpoint of bytes (their
 * rate, our size); NAN for 0 bytes. */
double chart_ckpt_scale(uint64_t bytes);

/* A checkpoint series' passes as bars: "pass N", its mean seconds, the
 * review's pass time scaled to c's size as the review marker, on an axis
 * 0..the slowest checkpoint of any pass or review.  rev (WORKLOAD_PASSES_MAX)
 * gets the review's own seconds per pass (tui_ref_ckpt_passes, NAN none; s
 * may be NULL).  Returns how many passes the review published. */
size_t chart_build_ckpt(struct chart_bars *bars, const char *title, const struct workload_ckpt *c,
			const struct tui_sheet *s, double *rev);

/* The write cliff's graph: samples (m, the caller's fold of the n
 * intervals iv's MB/s) over the intervals' time, the spec's sustained write
 * (spec may be NULL) as the target line "spec seq. write", the cliff
 * workload_cliff_detect finds (*cl) as the event "write cliff". */
void chart_build_cliff(struct chart_timegraph *g, const char *title, const double *samples,
		       size_t m, const struct dd_interval *iv, size_t n,
		       const struct spec_figure *spec, struct workload_cliff *cl);

#endif
