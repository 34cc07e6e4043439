/*
 * Chart geometry.  Everything maps values to levels first (eighths of a
 * column for bars and sparklines, dot rows for graphs), then levels to
 * glyphs through the glyph table, so the UTF-8 and ASCII renderings share
 * every computation and differ only in the last lookup.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/format.h"
#include "chart.h"
#include "lib/utf8.h"

const struct chart_roles chart_roles_default = {
	.bar = UI_MEASURED,
	.spec = UI_SPEC_TARGET,
	.review = UI_REVIEW_REF,
	.track = UI_DEFAULT,
};

/* value / max clamped to [0, 1]; NAN for no value or no axis. */
double
chart_fraction(double value, double max)
{
	double f;

	if (isnan(value) || isnan(max) || max <= 0)
		return NAN;
	f = value / max;
	if (f < 0)
		return 0;
	return f > 1 ? 1 : f;
}

/* The column of a marker value on a width-column axis, or -1 for none. */
int
chart_marker_col(double v, double max, int width)
{
	double f = chart_fraction(v, max);
	int    col;

	if (isnan(f))
		return -1;
	col = (int)floor(f * width + 1e-9);
	return col >= width ? width - 1 : col;
}

/* A horizontal bar with spec and review markers. */
int
chart_hbar(struct cellbuf *cb, int x, int y, int width, double value, double max,
	   const struct chart_markers *m, const struct chart_roles *roles,
	   const struct glyphs *g)
{
	double f = chart_fraction(value, max);
	int    unit = g->utf8 ? 8 : 1, used = 0, full = 0, rem = 0, col;

	if (width <= 0)
		return 0;
	if (roles == NULL)
		roles = &chart_roles_default;
	cellbuf_fill(cb, x, y, width, 1, ' ', roles->track, 0);
	if (!isnan(f)) {
		long units = lround(f * width * unit);

		full = (int)(units / unit);
		rem = (int)(units % unit);
		cellbuf_fill(cb, x, y, full, 1, g->hbar[8], roles->bar, 0);
		if (rem > 0)
			cellbuf_put(cb, x + full, y, g->hbar[rem * 8 / unit], roles->bar, 0);
		used = full + (rem > 0);
		if (value > max)
			cellbuf_put(cb, x + width - 1, y, g->overflow, roles->bar, UI_BOLD);
	}
	if (m != NULL) {
		col = chart_marker_col(m->spec, max, width);
		if (col >= 0) {
			cellbuf_put(cb, x + col, y, g->spec, roles->spec, 0);
			used = col + 1 > used ? col + 1 : used;
		}
		/* Drawn second: the review marker wins a shared column. */
		col = chart_marker_col(m->review, max, width);
		if (col >= 0) {
			cellbuf_put(cb, x + col, y, g->review, roles->review, 0);
			used = col + 1 > used ? col + 1 : used;
		}
	}
	return used;
}

/* A nice axis maximum. */
double
chart_scale_max(const double *values, size_t n)
{
	static const double steps[] = { 1, 2, 2.5, 5, 10 };
	double		    top = 0, base;

	for (size_t i = 0; i < n; i++)
		if (!isnan(values[i]) && values[i] > top)
			top = values[i];
	if (top <= 0 || isinf(top))
		return 1;
	base = pow(10, floor(log10(top)));
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
		if (steps[i] * base >= top * (1 - 1e-12))
			return steps[i] * base;
	return 10 * base;
}

/* The level (0..levels) of a sample: NAN or <= 0 is 0, any positive value at least 1. */
static int
chart_level(double s, double max, int levels)
{
	double f = chart_fraction(s, max);
	long   l;

	if (isnan(f) || s <= 0)
		return 0;
	l = lround(f * levels);
	return l < 1 ? 1 : (int)l;
}

/* A two-samples-per-cell time graph. */
void
chart_graph(struct cellbuf *cb, int x, int y, int width, int height,
	    const double *samples, size_t n, double max, uint8_t role,
	    const struct glyphs *g)
{
	size_t slots = 2 * (size_t)(width > 0 ? width : 0);

	for (int c = 0; c < width; c++) {
		int lev[2];

		/* Slot j shows samples[n - slots + j]; before the first sample is a gap. */
		for (int half = 0; half < 2; half++) {
			size_t j = 2 * (size_t)c + (size_t)half;

			lev[half] = j + n >= slots ?
				chart_level(samples[j + n - slots], max, height * 4) : 0;
		}
		for (int r = 0; r < height; r++) {
			int base = (height - 1 - r) * 4, l = lev[0] - base, rr = lev[1] - base;

			l = l < 0 ? 0 : l > 4 ? 4 : l;
			rr = rr < 0 ? 0 : rr > 4 ? 4 : rr;
			cellbuf_put(cb, x + c, y + r, g->graph[l][rr], role, 0);
		}
	}
}

/* Two samples per column, aligned as chart_graph aligns them. */
void
chart_pair_columns(const double *samples, size_t n, int width, double *out)
{
	size_t slots = 2 * (size_t)(width > 0 ? width : 0);

	for (int c = 0; c < width; c++) {
		out[c] = NAN;
		for (size_t j = 2 * (size_t)c; j < 2 * (size_t)c + 2; j++) {
			double v = j + n >= slots ? samples[j + n - slots] : NAN;

			if (!isnan(v) && (isnan(out[c]) || v > out[c]))
				out[c] = v;
		}
	}
}

/* A one-row sparkline. */
void
chart_sparkline(struct cellbuf *cb, int x, int y, int width, const double *samples,
		size_t n, double max, uint8_t role, const struct glyphs *g)
{
	for (int c = 0; c < width; c++) {
		size_t j = (size_t)c;
		double s = j + n >= (size_t)width ? samples[j + n - (size_t)width] : NAN;
		double f = chart_fraction(s, max);

		if (isnan(s))
			cellbuf_put(cb, x + c, y, ' ', role, 0);
		else
			cellbuf_put(cb, x + c, y,
				    g->vbar[1 + (isnan(f) ? 0 : lround(f * 7))], role, 0);
	}
}

/* The knee: least outstanding I/O within frac of the best. */
bool
chart_knee(const double *grid, const unsigned *qds, int nq, const unsigned *njs, int nj,
	   double frac, int *kr, int *kc, int *br, int *bc)
{
	int    measured = 0;
	double best = NAN;

	*kr = *kc = *br = *bc = -1;
	for (int r = 0; r < nq; r++)
		for (int c = 0; c < nj; c++) {
			double v = grid[r * nj + c];

			if (isnan(v))
				continue;
			measured++;
			if (isnan(best) || v > best) {
				best = v;
				*br = r;
				*bc = c;
			}
		}
	if (measured < 3 || !(best > 0))
		return false;
	for (int r = 0; r < nq; r++)
		for (int c = 0; c < nj; c++) {
			double	 v = grid[r * nj + c];
			uint64_t q = (uint64_t)qds[r] * njs[c], kq;

			if (isnan(v) || v < frac * best)
				continue;
			kq = *kr < 0 ? UINT64_MAX : (uint64_t)qds[*kr] * njs[*kc];
			if (q < kq || (q == kq && v > grid[*kr * nj + *kc])) {
				*kr = r;
				*kc = c;
			}
		}
	return true;
}

const char *
chart_knee_text(const double *grid, const unsigned *qds, int nq, const unsigned *njs, int nj,
		const char *times, char *buf, size_t len)
{
	int	 kr, kc, br, bc;
	uint64_t deepest = 0, kq, bq;

	buf[0] = '\0';
	if (!chart_knee(grid, qds, nq, njs, nj, 0.9, &kr, &kc, &br, &bc))
		return buf;
	for (int r = 0; r < nq; r++)
		for (int c = 0; c < nj; c++)
			if (!isnan(grid[r * nj + c]) && (uint64_t)qds[r] * njs[c] > deepest)
				deepest = (uint64_t)qds[r] * njs[c];
	kq = (uint64_t)qds[kr] * njs[kc];
	bq = (uint64_t)qds[br] * njs[bc];
	/* Short enough for the heat map's box on an 80-column screen. */
	if (kr == br && kc == bc)
		snprintf(buf, len, bq == deepest ? "no knee yet: best is deepest, QD%u%sNJ%u"
						 : "knee QD%u%sNJ%u: best; deeper gave less",
			 qds[kr], times, njs[kc]);
	else if (bq % kq == 0)
		snprintf(buf, len, "knee QD%u%sNJ%u: 90%% of best, 1/%llu queue", qds[kr], times,
			 njs[kc], (unsigned long long)(bq / kq));
	else
		snprintf(buf, len, "knee QD%u%sNJ%u: 90%% of best, %llu/%llu I/Os", qds[kr], times,
			 njs[kc], (unsigned long long)kq, (unsigned long long)bq);
	return buf;
}

/* The heat bucket of a value. */
int
chart_heat_bucket(double v, double max)
{
	double f;

	if (isnan(v))
		return -1;
	f = chart_fraction(v, max);
	if (isnan(f))
		return 0;
	return f >= 1 ? 4 : (int)(f * 5);
}

/* The values of a heat bucket: [lo, hi) in fifths of max. */
void
chart_heat_bounds(int bucket, double max, double *lo, double *hi)
{
	*lo = max * bucket / 5;
	*hi = max * (bucket + 1) / 5;
}

/* The largest measured value of a grid, or NAN. */
static double
grid_max(const double *grid, int n)
{
	double top = NAN;

	for (int i = 0; i < n; i++)
		if (!isnan(grid[i]) && (isnan(top) || grid[i] > top))
			top = grid[i];
	return top;
}

/* The top of a heat map's scale. */
double
chart_heatmap_max(const struct chart_heatmap *hm)
{
	if (isnan(hm->max) || hm->max <= 0)
		return grid_max(hm->grid, hm->rows * hm->cols);
	return hm->max;
}

/* Right-align text in w columns at (x, y); too long: fitted (cellbuf_fit:
 * a number dropped whole, never cut).  Returns the column the text starts at. */
static int
put_right(struct cellbuf *cb, int x, int y, int w, const char *text, uint8_t role,
	  uint8_t attr, const struct glyphs *g)
{
	char fit[256];
	int  len;

	if (w <= 0)
		return x;
	len = cellbuf_fit(text, w, g->ellipsis, fit, sizeof fit);
	cellbuf_put_str(cb, x + w - len, y, len, fit, role, attr);
	return x + w - len;
}

/* Where num starts in a width-column field so its decimal point sits
 * decimals + 1 columns from the right (negative: it does not fit). */
static int
number_offset(const char *num, int width, int decimals)
{
	const char *dot = strchr(num, '.');
	int	    ip = dot != NULL ? (int)(dot - num) : (int)strlen(num);

	return width - (decimals > 0 ? decimals + 1 : 0) - ip;
}

/* An IODepth x NumJobs heat map. */
int
chart_heatmap(struct cellbuf *cb, int x, int y, const struct chart_heatmap *hm,
	      const struct glyphs *g)
{
	double max = hm->max;
	int    row = y, cx;
	char   num[64];

	max = chart_heatmap_max(hm);
	if (hm->col_labels != NULL) {
		cellbuf_fill(cb, x, row, hm->label_w + hm->cols * hm->cell_w, 1, ' ',
			     UI_DEFAULT, 0);
		for (int j = 0; j < hm->cols; j++)
			put_right(cb, x + hm->label_w + j * hm->cell_w, row, hm->cell_w - 1,
				  hm->col_labels[j], UI_TITLE, 0, g);
		row++;
	}
	for (int i = 0; i < hm->rows; i++, row++) {
		cellbuf_fill(cb, x, row, hm->label_w, 1, ' ', UI_DEFAULT, 0);
		if (hm->row_labels != NULL)
			cellbuf_put_str(cb, x, row, hm->label_w - 1, hm->row_labels[i], UI_TITLE, 0);
		for (int j = 0; j < hm->cols; j++) {
			double	v = hm->grid[i * hm->cols + j];
			int	b = chart_heat_bucket(v, max), tx, off;
			uint8_t role = (uint8_t)(UI_HEAT_0 + (b < 0 ? 0 : b));

			cx = x + hm->label_w + j * hm->cell_w;
			if (b < 0) {
				cellbuf_fill(cb, cx, row, hm->cell_w, 1, ' ', UI_DEFAULT, 0);
				continue;
			}
			cellbuf_fill(cb, cx, row, hm->cell_w, 1, ' ', role, 0);
			/* On the decimal point if it fits that way, else right-aligned or cut. */
			fmt_number(v, hm->decimals, num, sizeof num);
			off = number_offset(num, hm->cell_w - 1, hm->decimals);
			if (off >= 0 && off + (int)strlen(num) <= hm->cell_w - 1) {
				tx = cx + off;
				cellbuf_put_str(cb, tx, row, -1, num, role, 0);
			} else {
				tx = put_right(cb, cx, row, hm->cell_w - 1, num, role, 0, g);
			}
			if (i == hm->sel_row && j == hm->sel_col && tx > cx)
				cellbuf_put(cb, tx - 1, row, g->cursor, UI_SELECTED, UI_BOLD);
		}
	}
	return row - y;
}

/* One legend item at (*cx, *cy): on this row if it fits, else the next;
 * false when it fits on none of the rows left. */
static bool
legend_item(struct cellbuf *cb, int x, int width, int y, int rows, int *cx, int *cy,
	    const char *text, uint8_t role, uint8_t attr)
{
	int w = utf8_width(text);

	if (w > width)
		return false;
	if (*cx > x && *cx + 1 + w > x + width) {
		if (*cy + 1 >= y + rows)
			return false;
		(*cy)++;
		*cx = x;
	}
	if (*cx > x)
		(*cx)++;
	if (cb != NULL)
		cellbuf_put_str(cb, *cx, *cy, w, text, role, attr);
	*cx += w;
	return true;
}

/* A heat map's legend: the unit, the five shades with their values, the
 * cursor and the blank cell. */
int
chart_heatmap_legend(struct cellbuf *cb, int x, int y, int width, int rows,
		     const struct chart_heatmap *hm, const struct glyphs *g)
{
	double max = chart_heatmap_max(hm), lo, hi;
	char   a[32], b[32], text[80], cur[8];
	int    cx = x, cy = y, dec = max >= 100 ? 0 : hm->decimals;

	if (isnan(max) || max <= 0 || rows <= 0 || width <= 0)
		return 0;
	/* All five shades or none: a part of the scale would mislead. */
	if (cb != NULL && chart_heatmap_legend(NULL, x, y, width, rows, hm, g) <= 0)
		return 0;
	snprintf(text, sizeof text, "%s:", hm->unit != NULL ? hm->unit : "values");
	legend_item(cb, x, width, y, rows, &cx, &cy, text, UI_DIM_TEXT, 0);
	for (int k = 0; k < 5; k++) {
		chart_heat_bounds(k, max, &lo, &hi);
		snprintf(text, sizeof text, " %s%s%s ", fmt_number(lo, dec, a, sizeof a),
			 g->utf8 ? "–" : "-", fmt_number(hi, dec, b, sizeof b));
		if (!legend_item(cb, x, width, y, rows, &cx, &cy, text,
				 (uint8_t)(UI_HEAT_0 + k), 0))
			return 0;
	}
	if (hm->sel_row >= 0 && hm->sel_col >= 0) {
		cur[cellbuf_encode_utf8(g->cursor, cur)] = '\0';
		snprintf(text, sizeof text, "%s this point", cur);
		legend_item(cb, x, width, y, rows, &cx, &cy, text, UI_DIM_TEXT, 0);
	}
	legend_item(cb, x, width, y, rows, &cx, &cy, "blank: not run", UI_DIM_TEXT, 0);
	return cy - y + 1;
}

/* The percent change from reference to measured. */
char *
chart_pct_delta(double measured, double reference, const struct glyphs *g,
		char *buf, size_t len)
{
	double d;

	if (g == NULL)
		g = glyphs_get(true);
	if (isnan(measured) || isnan(reference) || reference == 0 || isinf(measured) ||
	    isinf(reference)) {
		char enc[5];
		int  n = cellbuf_encode_utf8(g->dash, enc);

		enc[n] = '\0';
		snprintf(buf, len, "%s", enc);
		return buf;
	}
	d = (measured - reference) / fabs(reference) * 100;
	return fmt_delta_pct(d, "", buf, len);
}

/* A number aligned on its decimal point. */
int
chart_put_number(struct cellbuf *cb, int x, int y, int width, double v, int decimals,
		 uint8_t role, uint8_t attr)
{
	char num[64];
	int  start;

	fmt_number(v, decimals, num, sizeof num);
	start = x + number_offset(num, width, decimals);
	cellbuf_fill(cb, x, y, width, 1, ' ', role, 0);
	if (start < x)
		start = x;
	return cellbuf_put_str(cb, start, y, x + width - start, num, role, attr);
}

/* The row (0 at the top) of a value on a height-row axis 0..max; -1 for none. */
int
chart_xy_row(double v, double max, int height)
{
	int col = chart_marker_col(v, max, height);

	return col < 0 ? -1 : height - 1 - col;
}

/* The column of a value on a width-column axis 0..max; -1 for none. */
int
chart_xy_col(double v, double max, int width)
{
	return chart_marker_col(v, max, width);
}

/* An x/y plot: blank the region, then one glyph per point, series in order. */
void
chart_xy(struct cellbuf *cb, int x, int y, int width, int height, const struct chart_series *s,
	 size_t ns, double xmax, double ymax)
{
	if (width <= 0 || height <= 0)
		return;
	cellbuf_fill(cb, x, y, width, height, ' ', UI_DEFAULT, 0);
	for (size_t k = 0; k < ns; k++)
		for (size_t i = 0; i < s[k].n; i++) {
			int c = chart_xy_col(s[k].x[i], xmax, width);
			int r = chart_xy_row(s[k].y[i], ymax, height);

			if (c >= 0 && r >= 0)
				cellbuf_put(cb, x + c, y + r, s[k].glyph, s[k].role, s[k].attr);
		}
}

/* A horizontal line at value v of a graph's axis 0..max, over blank cells. */
void
chart_graph_hline(struct cellbuf *cb, int x, int y, int width, int height, double v,
		  double max, uint32_t glyph, uint8_t role)
{
	int r = chart_xy_row(v, max, height);

	for (int c = 0; r >= 0 && c < width; c++) {
		const struct cell *cell = cellbuf_get(cb, x + c, y + r);

		if (cell != NULL && cell->ch == ' ')
			cellbuf_put(cb, x + c, y + r, glyph, role, 0);
	}
}

/* A vertical line in column col of a graph, over blank cells. */
void
chart_graph_vline(struct cellbuf *cb, int x, int y, int width, int height, int col,
		  uint32_t glyph, uint8_t role)
{
	for (int r = 0; col >= 0 && col < width && r < height; r++) {
		const struct cell *cell = cellbuf_get(cb, x + col, y + r);

		if (cell != NULL && cell->ch == ' ')
			cellbuf_put(cb, x + col, y + r, glyph, role, 0);
	}
}
