/*
 * Charts: the chart models both front ends draw, and pure geometry from
 * numbers into a region of a cell buffer.
 *
 * One chart model, two renderers.  A model (struct chart_bars, chart_timegraph,
 * chart_heatmap, chart_xyplot, chart_histogram, each with its struct
 * chart_axis) is plain data: title, units, values, markers, the axis scale
 * (chart_scale_max) and its ticks (chart_axis_ticks).  chart-build.h turns the
 * data a front end has (points, results, intervals, the references tui-ref.c
 * finds) into models; the dashboard hands a model to the cell renderers here
 * (chart_bars_draw, chart_timegraph_draw, ...) and the report to the SVG ones
 * (svg.h), which map values to positions through the same functions
 * (chart_fraction, chart_marker_col, chart_heat_bucket, chart_xy_col/row)
 * scaled to pixels: the page shows what the screen showed.
 *
 * Each chart owns exactly the cells of its region (it overwrites them all, so
 * a redraw needs no clear first) and takes its glyphs from a glyph table, so
 * the same code draws UTF-8 and ASCII.  Colours are roles; in monochrome the
 * series are still told apart by glyph (measured '█'/'#', spec target
 * '│'/'|', review reference '◆'/'*').
 *
 * Value -> column mapping, shared by bars and markers, for a track of width
 * columns and an axis 0..max:
 *   - a bar of value v fills round(v / max * width * 8) eighths of a column
 *     (UTF-8) or round(v / max * width) whole columns (ASCII);
 *   - a marker at value v sits in column floor(v / max * width), clamped to
 *     the last column: a marker equal to the bar's value lands in the cell
 *     just after a bar that ends on a cell edge, or over its partial cell.
 * NAN means "no value" everywhere: no bar, no marker, a gap in a graph, a
 * blank heat map cell.  Nothing here includes curses.
 */
#ifndef DD_CHART_H
#define DD_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cellbuf.h"
#include "glyphs.h"
#include "theme.h"

/* The reference values drawn over a bar; NAN for none. */
struct chart_markers {
	double spec;		/* the spec-sheet target */
	double review;		/* the published review measurement */
};

/* Roles a bar is drawn in; chart_hbar() takes NULL for chart_roles_default. */
struct chart_roles {
	uint8_t bar;		/* UI_MEASURED, UI_READ or UI_WRITE */
	uint8_t spec;		/* UI_SPEC_TARGET */
	uint8_t review;		/* UI_REVIEW_REF */
	uint8_t track;		/* the unfilled part of the bar: UI_DEFAULT */
};

extern const struct chart_roles chart_roles_default;

/* A horizontal bar of value on an axis 0..max across width columns from
 * (x, y), with the spec and review markers (m may be NULL); a value beyond
 * max fills the bar and ends in the overflow glyph.  Returns the columns
 * from x that hold the bar or a marker. */
int chart_hbar(struct cellbuf *cb, int x, int y, int width, double value, double max,
	       const struct chart_markers *m, const struct chart_roles *roles,
	       const struct glyphs *g);

/* A "nice" axis maximum (1, 2, 2.5, 5 x 10^k) at least the largest of the
 * n values; NAN and negative values are ignored; 1 if nothing is positive. */
double chart_scale_max(const double *values, size_t n);

/* A width x height time graph at (x, y): two samples per cell column, the
 * newest sample in the right half of the last column, older samples scrolled
 * off the left; each cell row holds four levels (braille dots in UTF-8).
 * A positive sample too small for one level still shows one; NAN is a gap. */
void chart_graph(struct cellbuf *cb, int x, int y, int width, int height,
		 const double *samples, size_t n, double max, uint8_t role,
		 const struct glyphs *g);

/* Fold samples onto chart_graph's columns: out[c] (width entries) is the
 * larger of the two samples chart_graph draws in column c, NAN where it
 * draws none, so a one-row sparkline of out shares the graph's time axis. */
void chart_pair_columns(const double *samples, size_t n, int width, double *out);

/* A one-row sparkline of the newest width samples, one per column, newest at
 * the right: 0 is the lowest block, max (or more) the full block, NAN blank. */
void chart_sparkline(struct cellbuf *cb, int x, int y, int width, const double *samples,
		     size_t n, double max, uint8_t role, const struct glyphs *g);

/* An IODepth x NumJobs style heat map. */
struct chart_heatmap {
	const double	  *grid;	/* rows x cols, row-major; NAN = not measured yet */
	int		   rows, cols;
	double		   max;		/* top of the scale; <= 0 or NAN: the grid's largest */
	int		   cell_w;	/* columns per cell; numbers end one column short */
	int		   label_w;	/* columns for the row labels, 0 for none */
	const char *const *row_labels;	/* rows strings, or NULL */
	const char *const *col_labels;	/* cols strings for a header row, or NULL */
	int		   decimals;	/* for fmt_number() */
	int		   sel_row, sel_col;	/* cell marked with the cursor glyph; -1: none */
	/* For a legend and a standalone chart (the cell renderer ignores them): */
	const char	  *title;	/* NULL: none */
	const char	  *unit;	/* of the values: "IOPS", "MB/s" */
	const char	  *row_title;	/* "QD" */
	const char	  *col_title;	/* "jobs" */
	const char	  *note;	/* chart_knee_text's line, or NULL */
};

/* The top of a heat map's scale: hm->max, else the grid's largest measured
 * value (NAN when none is). */
double chart_heatmap_max(const struct chart_heatmap *hm);

/* The values bucket b (0-4) of chart_heat_bucket holds on an axis 0..max:
 * [*lo, *hi) (the top bucket includes max). */
void chart_heat_bounds(int bucket, double max, double *lo, double *hi);

/*
 * The knee of an IODepth x NumJobs grid (rows qds[], columns njs[]): the
 * measured cell with the least outstanding I/O (QD x NJ) that reaches frac
 * (0.9) of the grid's best value, ties to the larger value.  *kr, *kc: the
 * knee; *br, *bc: the best cell.  false with fewer than three measured cells.
 */
bool chart_knee(const double *grid, const unsigned *qds, int nq, const unsigned *njs,
		int nj, double frac, int *kr, int *kc, int *br, int *bc);

/*
 * One line on the knee for a heat map, in buf: "knee QD8xNJ4: 90% of best,
 * 1/16 queue" (of the best cell's QD x NJ), "no knee yet: best is deepest,
 * QD32xNJ16", "knee ...: best; deeper gave less", or "" when chart_knee finds
 * none.  times is the glyph for x.
 */
const char *chart_knee_text(const double *grid, const unsigned *qds, int nq,
			    const unsigned *njs, int nj, const char *times, char *buf,
			    size_t len);

/* The heat bucket (0-4, fifths of max) of a value; -1 for NAN. */
int chart_heat_bucket(double v, double max);

/* Draw a heat map at (x, y): a header row of column labels if any, then one
 * row per grid row; a measured cell is its number right-aligned on the
 * background role UI_HEAT_0 + bucket, an unmeasured one is blank.  Returns
 * the rows drawn. */
int chart_heatmap(struct cellbuf *cb, int x, int y, const struct chart_heatmap *hm,
		  const struct glyphs *g);

/* The legend of a heat map drawn by chart_heatmap, from (x, y) in width
 * columns over at most rows rows: the unit, then each of the five shades as
 * a chip in its own role with the values it holds ("0–398", the bounds of
 * chart_heat_bounds in the cells' decimals), then "▸ this point" when a cell
 * is marked and "blank: not run"; an item that does not fit on a row starts
 * the next, one that fits on none is left out whole.  cb NULL: only count.
 * Returns the rows used (0: no scale yet). */
int chart_heatmap_legend(struct cellbuf *cb, int x, int y, int width, int rows,
			 const struct chart_heatmap *hm, const struct glyphs *g);

/* The change from reference to measured as "+1.0%" / "-12.3%" / "0.0%"
 * (whole percents from 100 % on: "+1448%"), or
 * the dash glyph ("—", ASCII "-") when either is missing or the reference is
 * 0; g may be NULL for UTF-8.  Returns buf. */
char *chart_pct_delta(double measured, double reference, const struct glyphs *g,
		      char *buf, size_t len);

/* A number (fmt_number) right-aligned in width columns so that the decimal
 * point sits decimals + 1 columns from the right edge, whether or not this
 * value has a fraction: a column of numbers lines up on the point.
 * Returns the columns written. */
int chart_put_number(struct cellbuf *cb, int x, int y, int width, double v, int decimals,
		     uint8_t role, uint8_t attr);

/* One series of an x/y plot: n points (x[i], y[i]) drawn as glyph; name is
 * its legend text (NULL: not in the legend). */
struct chart_series {
	const double *x, *y;
	size_t	      n;
	uint32_t      glyph;
	uint8_t	      role, attr;
	const char   *name;
};

/* The column of v on a width-column axis 0..max (the marker rule above);
 * -1 for NAN or no axis. */
int chart_xy_col(double v, double max, int width);

/* The row of v on a height-row axis 0..max, 0 at the top (max in row 0's
 * share, 0 in the bottom row); -1 for NAN or no axis. */
int chart_xy_row(double v, double max, int height);

/* An x/y plot at (x, y), width x height cells, axes 0..xmax across and
 * 0..ymax up: the region is blanked, then every point of every series is
 * its glyph in the cell it falls in (values beyond an axis sit on its
 * edge), the series in order so a later one is drawn over an earlier. */
void chart_xy(struct cellbuf *cb, int x, int y, int width, int height,
	      const struct chart_series *s, size_t ns, double xmax, double ymax);

/* Over a graph drawn at (x, y) with chart_graph's axis 0..max: a horizontal
 * line of glyph at value v (a target), in its blank cells only. */
void chart_graph_hline(struct cellbuf *cb, int x, int y, int width, int height, double v,
		       double max, uint32_t glyph, uint8_t role);

/* Over a graph: a vertical line of glyph in column col (an event), in its
 * blank cells only. */
void chart_graph_vline(struct cellbuf *cb, int x, int y, int width, int height, int col,
		       uint32_t glyph, uint8_t role);

/* value / max clamped to [0, 1]; NAN for no value or no axis: the one
 * value -> position rule of every chart, cells or pixels. */
double chart_fraction(double value, double max);

/* The column of a marker value on a width-column axis 0..max (floor of the
 * fraction, clamped to the last column), or -1 for none. */
int chart_marker_col(double v, double max, int width);

/* ------------------------------------------------------------------------
 * Chart models.  Text fields are UTF-8 as given (the cell buffer and the SVG
 * writer make them inert); pointers are borrowed: the caller keeps the
 * arrays alive while the model is drawn.  NAN is "no value" as above.
 */

#define CHART_TICKS_MAX 12
#define CHART_TITLE_MAX 128
#define CHART_UNIT_MAX	24
#define CHART_LABEL_MAX 48

/* An axis 0..max with its unit and the tick values both renderers label. */
struct chart_axis {
	double max;			/* > 0: chart_scale_max of what it shows */
	char   unit[CHART_UNIT_MAX];	/* "IOPS", "MB/s", "µs", "s", "" */
	int    nticks;
	double ticks[CHART_TICKS_MAX];	/* 0 .. max ascending, "nice" steps */
};

/* The ticks of an axis 0..max: 0 then every step up to max, the step the
 * smallest of 1, 2, 2.5, 5 x 10^k that needs at most maxn ticks (and at most
 * 6 when maxn allows, so labels do not crowd).  Returns how many were written
 * to out (0 for no axis: max NAN or <= 0). */
int chart_axis_ticks(double max, double *out, int maxn);

/* Set an axis 0..max (max <= 0 or NAN: 1) with unit and its ticks. */
void chart_axis_set(struct chart_axis *a, double max, const char *unit);

/* Set an axis to chart_scale_max of n values (the scale the dashboard uses). */
void chart_axis_fit(struct chart_axis *a, const double *v, size_t n, const char *unit);

/* A tick label: fmt_count from 1000 up ("2.5M", "500K"), else a plain
 * number with the decimals it needs ("0.25", "40"). */
char *chart_tick_text(double v, char *buf, size_t len);

/* The unit as the glyph set writes it: "µs" is "us" in ASCII; other units
 * as they are.  Returns buf. */
char *chart_unit_text(const char *unit, const struct glyphs *g, char *buf, size_t len);

/* Cell renderer of an axis across, under a width-column track from x: the
 * label of each of a's ticks (chart_tick_text) on row y at its column
 * (chart_marker_col; the first starting there, the others centred on it,
 * none past the track's end), a label that would touch the previous one
 * left out, and the unit after the last label drawn ("10 s").  The rule
 * itself is the caller's (a box's border, a cellbuf_hline).  Returns the
 * labels drawn. */
int chart_axis_draw_across(struct cellbuf *cb, int x, int y, int width,
			   const struct chart_axis *a, uint8_t role, const struct glyphs *g);

/* Cell renderer of a value scale beside a graph of height rows at y: in
 * the width columns from x (right-aligned when right, else from x), each of
 * a's ticks from the top down on its row (chart_xy_row), a row holding one
 * label, the top label followed by the unit ("2.5M IOPS") or, when that does
 * not fit, the unit on the row under it if free.  One row: "0–2.5M IOPS"
 * (ASCII "0-2.5M IOPS"), the unit dropped when it does not fit.  A label
 * that does not fit whole is left out, never cut.  Returns the rows drawn. */
int chart_axis_draw_scale(struct cellbuf *cb, int x, int y, int width, int height,
			  const struct chart_axis *a, bool right, uint8_t role,
			  const struct glyphs *g);

/* One bar of a workload's bar chart: a point's measured value against its
 * spec target and review figure. */
struct chart_bar_row {
	char		     label[CHART_LABEL_MAX];	/* "IOPS", "4K random read" */
	char		     depth[32];			/* "QD32 x4", "" */
	double		     value;			/* measured; NAN: not yet */
	struct chart_markers mk;			/* spec target, review figure */
	char		     value_text[32];		/* "1.2M", "6,912.4", "—" */
	char		     delta_review[32];		/* chart_pct_delta(value, review) */
	char		     delta_spec[32];		/* chart_pct_delta(value, spec) */
};

#define CHART_BARS_MAX 32

/* A workload's bars: one axis for all rows (chart_scale_max over the values
 * and markers of every row, as the dashboard scales a bar with its markers). */
struct chart_bars {
	char		     title[CHART_TITLE_MAX];
	size_t		     nrows;
	struct chart_bar_row rows[CHART_BARS_MAX];
	struct chart_axis    axis;		/* axis.unit: the bars' unit */
};

/* An empty bar chart. */
void chart_bars_init(struct chart_bars *m, const char *title, const char *unit);

/* Add a row (mk NULL: no markers) and refit the axis; the value text is
 * fmt_count for a unit of "IOPS", else one decimal; the deltas use the UTF-8
 * dash.  0, or -ENOSPC when the chart is full. */
int chart_bars_add(struct chart_bars *m, const char *label, const char *depth, double value,
		   const struct chart_markers *mk);

/* Cell renderer: row `row` of m as chart_hbar on m's axis (width columns from
 * (x, y)).  Returns what chart_hbar returns (0 for no such row). */
int chart_bars_draw(struct cellbuf *cb, int x, int y, int width, const struct chart_bars *m,
		    size_t row, const struct chart_roles *roles, const struct glyphs *g);

/* An interval graph: samples over time, one every secs_per_sample. */
struct chart_timegraph {
	char		  title[CHART_TITLE_MAX];
	const double	 *samples;	/* n samples, oldest first; NAN: a gap */
	size_t		  n;
	double		  secs_per_sample;	/* NAN or <= 0: unknown */
	struct chart_axis axis;		/* the value axis (unit: "IOPS", "µs") */
	double		  target;	/* a target line (spec rate); NAN: none */
	double		  event;	/* where an event falls (the cliff), as a
					 * fraction 0..1 of the span; NAN: none */
	uint8_t		  role;		/* the series' theme role (UI_GRAPH, UI_WRITE) */
	char		  target_label[CHART_LABEL_MAX];	/* legend: "spec target" */
	char		  event_label[CHART_LABEL_MAX];		/* legend: "event" */
	/* SVG only (the report's graphs; the cell renderer draws samples alone): */
	const double	 *samples2;	/* a second series on the axis, n samples,
					 * dashed; NULL: none */
	char		  label[CHART_LABEL_MAX];	/* legend: samples' name ("mean") */
	char		  label2[CHART_LABEL_MAX];	/* legend: samples2's ("p99") */
	struct chart_axis right;	/* the same line on a second scale at the
					 * right (right.max 0: none) */
	double		  right_per;	/* a value v of axis reads v x right_per there */
	char		  right_note[CHART_TITLE_MAX];	/* legend: what the scale is */
};

/* A graph of n samples: axis chart_scale_max of them, no target, no event. */
void chart_timegraph_init(struct chart_timegraph *m, const char *title, const char *unit,
			  const double *samples, size_t n, double secs_per_sample, uint8_t role);

/* Set the target line; it joins the axis unless it would flatten the series
 * (over 3 x the series' scale), and is drawn only when on the axis. */
void chart_timegraph_target(struct chart_timegraph *m, double target);

/* SVG only: a second series (n samples, NAN a gap) on the same axis, refit
 * over both, drawn dashed; label and label2 name the two in the legend (mean
 * and p99 latency in one graph). */
void chart_timegraph_second(struct chart_timegraph *m, const double *samples2,
			    const char *label, const char *label2);

/* SVG only: the line read on a second scale at the right, in unit, a value v
 * of the axis being v x per there (MB/s = IOPS x block size / 10^6); label
 * names the line and note the scale in the legend.  Set after the target
 * (it follows the axis as it stands). */
void chart_timegraph_right(struct chart_timegraph *m, const char *unit, double per,
			   const char *label, const char *note);

/* The time axis of a time graph: 0..the span its samples cover
 * (secs_per_sample x n) in "s", with its ticks: what both renderers label
 * under the graph.  false (t untouched) when the span is unknown. */
bool chart_timegraph_time(const struct chart_timegraph *m, struct chart_axis *t);

/* Cell renderer: chart_graph of m in width x height cells at (x, y), the
 * target as chart_graph_hline (glyph g->h, UI_SPEC_TARGET), the event as
 * chart_graph_vline (g->v, UI_WARN) in column chart_marker_col(event, 1,
 * width). */
void chart_timegraph_draw(struct cellbuf *cb, int x, int y, int width, int height,
			  const struct chart_timegraph *m, const struct glyphs *g);

/* An x/y plot (load curves): series over two axes. */
struct chart_xyplot {
	char			   title[CHART_TITLE_MAX];
	const struct chart_series *series;	/* drawn in order, later over earlier */
	size_t			   nseries;
	struct chart_axis	   x, y;
};

/* Cell renderer: chart_xy of m's series on its axes (x.max across, y.max up). */
void chart_xyplot_draw(struct cellbuf *cb, int x, int y, int width, int height,
		       const struct chart_xyplot *m);

#define CHART_HIST_MAX 64

/* A latency histogram: bucket j counts values below upper[j] (and at or above
 * upper[j - 1]); bars on an axis 0..the largest count, as the screen scales. */
struct chart_histogram {
	char		  title[CHART_TITLE_MAX];
	char		  unit[CHART_UNIT_MAX];	/* of the bounds: "µs" */
	size_t		  n;
	double		  upper[CHART_HIST_MAX];	/* in unit */
	double		  count[CHART_HIST_MAX];
	double		  total;
	struct chart_axis axis;			/* counts; unit "I/Os" */
};

/* A histogram of n buckets (n > CHART_HIST_MAX: the first CHART_HIST_MAX). */
void chart_histogram_init(struct chart_histogram *m, const char *title, const char *unit,
			  const double *upper, const double *count, size_t n);

/* Cell renderer: bucket j's bar as chart_hbar on the histogram's axis. */
int chart_histogram_draw(struct cellbuf *cb, int x, int y, int width,
			 const struct chart_histogram *m, size_t j, const struct glyphs *g);

#endif
