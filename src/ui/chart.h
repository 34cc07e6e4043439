/*
 * Charts: pure geometry from numbers into a region of a cell buffer.
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
};

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

/* One series of an x/y plot: n points (x[i], y[i]) drawn as glyph. */
struct chart_series {
	const double *x, *y;
	size_t	      n;
	uint32_t      glyph;
	uint8_t	      role, attr;
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

#endif
