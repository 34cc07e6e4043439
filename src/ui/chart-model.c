/*
 * Chart models (chart.h): axes and their ticks, and the bar, time graph,
 * x/y and histogram models with their cell renderers.  A model is plain
 * data; its cell renderer is the chart.c primitive it always was (chart_hbar,
 * chart_graph, chart_xy) fed from the model, so the screen and the SVG
 * renderer (svg.c) read one scale, one set of markers and one set of labels.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/format.h"
#include "lib/error.h"
#include "lib/utf8.h"
#include "chart.h"

/* Ticks 0..max in the smallest nice step that needs at most maxn (<= 6) ticks. */
int
chart_axis_ticks(double max, double *out, int maxn)
{
	static const double steps[] = { 1, 2, 2.5, 5 };
	double		    base, step = NAN;
	int		    n = 0, limit = maxn < 6 ? maxn : 6;

	if (isnan(max) || isinf(max) || max <= 0 || maxn < 1)
		return 0;
	if (maxn == 1) {
		out[0] = 0;
		return 1;
	}
	base = pow(10, floor(log10(max / (limit - 1))) - 1);
	for (int k = 0; k < 4 && isnan(step); k++, base *= 10)
		for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
			if (max / (steps[i] * base) <= (limit - 1) * (1 + 1e-9)) {
				step = steps[i] * base;
				break;
			}
	if (isnan(step))
		step = max;
	for (n = 0; n < maxn && n * step <= max * (1 + 1e-9); n++)
		out[n] = n * step;
	return n;
}

/* An axis 0..max. */
void
chart_axis_set(struct chart_axis *a, double max, const char *unit)
{
	a->max = isnan(max) || isinf(max) || max <= 0 ? 1 : max;
	dd_strlcpy(a->unit, unit, sizeof a->unit);
	a->nticks = chart_axis_ticks(a->max, a->ticks, CHART_TICKS_MAX);
}

/* An axis on chart_scale_max of values. */
void
chart_axis_fit(struct chart_axis *a, const double *v, size_t n, const char *unit)
{
	chart_axis_set(a, chart_scale_max(v, n), unit);
}

/* A tick label. */
char *
chart_tick_text(double v, char *buf, size_t len)
{
	if (isnan(v)) {
		snprintf(buf, len, "%s", "");
		return buf;
	}
	if (fabs(v) >= 1000)
		return fmt_count(v, buf, len);
	/* Below 1: three significant digits at least, so the ticks of a short
	 * span (0.0005 s apart) do not print alike. */
	return fmt_number(v, fabs(v) >= 10 ? 1 : fabs(v) >= 1 ? 2 : v == 0 ? 0 :
			  (int)fmax(3, 2 - floor(log10(fabs(v)))), buf, len);
}

/* A unit in the glyph set's script. */
char *
chart_unit_text(const char *unit, const struct glyphs *g, char *buf, size_t len)
{
	if (unit == NULL)
		unit = "";
	if (!g->utf8 && strncmp(unit, "µ", strlen("µ")) == 0)
		snprintf(buf, len, "u%s", unit + strlen("µ"));
	else
		snprintf(buf, len, "%s", unit);
	return buf;
}

/* Put text at (x, y) when it fits whole in the columns [lo, hi); returns
 * the column after it, or -1 when it does not fit. */
static int
axis_put(struct cellbuf *cb, int x, int y, int lo, int hi, const char *text, uint8_t role)
{
	int w = utf8_width(text);

	if (x < lo || x + w > hi)
		return -1;
	cellbuf_put_str(cb, x, y, w, text, role, 0);
	return x + w;
}

#define AXIS_COLS_MAX 1024	/* a track wider than this is labelled over its first part */

/* Tick i's label along the track (the unit after it when unit is not
 * NULL) when it and a blank column either side are free; marks them taken. */
static bool
axis_across_one(struct cellbuf *cb, int x, int y, int width, const struct chart_axis *a, int i,
		const char *unit, bool *taken, uint8_t role)
{
	char num[32], text[64];
	int  col = chart_marker_col(a->ticks[i], a->max, width), w, at;

	if (col < 0)
		return false;
	chart_tick_text(a->ticks[i], num, sizeof num);
	snprintf(text, sizeof text, "%s%s%s", num, unit != NULL && unit[0] ? " " : "",
		 unit != NULL ? unit : "");
	w = utf8_width(text);
	at = i == 0 ? col : col - (utf8_width(num) - 1) / 2;
	if (at + w > width)
		at = width - w;
	if (at < 0)
		return false;
	for (int c = at > 0 ? at - 1 : 0; c <= at + w && c < width; c++)
		if (taken[c])
			return false;
	if (axis_put(cb, x + at, y, x, x + width, text, role) < 0)
		return false;
	for (int c = at; c < at + w; c++)
		taken[c] = true;
	return true;
}

/* The ticks' labels along a row: 0, the last with the unit, then the
 * ones between from the right, each where it does not touch another. */
int
chart_axis_draw_across(struct cellbuf *cb, int x, int y, int width,
		       const struct chart_axis *a, uint8_t role, const struct glyphs *g)
{
	bool taken[AXIS_COLS_MAX] = { false };
	char unit[CHART_UNIT_MAX];
	int  n = a->nticks, drawn = 0;

	if (width > AXIS_COLS_MAX)
		width = AXIS_COLS_MAX;
	if (n == 0 || width <= 0)
		return 0;
	chart_unit_text(a->unit, g, unit, sizeof unit);
	drawn += axis_across_one(cb, x, y, width, a, 0, n == 1 ? unit : NULL, taken, role);
	if (n > 1 && !axis_across_one(cb, x, y, width, a, n - 1, unit, taken, role))
		drawn += axis_across_one(cb, x, y, width, a, n - 1, NULL, taken, role);
	else
		drawn += n > 1;
	for (int i = n - 2; i > 0; i--)
		drawn += axis_across_one(cb, x, y, width, a, i, NULL, taken, role);
	return drawn;
}

/* One row's scale: "0–max unit", or without the unit. */
static int
axis_scale_row(struct cellbuf *cb, int x, int y, int width, const struct chart_axis *a,
	       bool right, uint8_t role, const struct glyphs *g, const char *unit)
{
	char top[32], text[96];

	chart_tick_text(a->max, top, sizeof top);
	for (int with_unit = unit[0] != '\0'; with_unit >= 0; with_unit--) {
		int w;

		snprintf(text, sizeof text, "0%s%s%s%s", g->utf8 ? "–" : "-", top,
			 with_unit ? " " : "", with_unit ? unit : "");
		w = utf8_width(text);
		if (w <= width)
			return axis_put(cb, right ? x + width - w : x, y, x, x + width, text,
					role) >= 0;
	}
	return 0;
}

/* The ticks' labels down a graph's side, the unit with the top one. */
int
chart_axis_draw_scale(struct cellbuf *cb, int x, int y, int width, int height,
		      const struct chart_axis *a, bool right, uint8_t role,
		      const struct glyphs *g)
{
	char num[32], unit[CHART_UNIT_MAX], text[64];
	int  used = -1, drawn = 0, unit_row = -1;

	chart_unit_text(a->unit, g, unit, sizeof unit);
	if (height <= 0 || width <= 0 || a->nticks == 0)
		return 0;
	if (height == 1)
		return axis_scale_row(cb, x, y, width, a, right, role, g, unit);
	for (int i = a->nticks - 1; i >= 0; i--) {
		int row = chart_xy_row(a->ticks[i], a->max, height), w;

		if (i == 0)
			row = height - 1;	/* 0 on the bottom row, whatever its share */
		if (row <= used || row == unit_row || (i > 0 && row == height - 1))
			continue;
		chart_tick_text(a->ticks[i], num, sizeof num);
		snprintf(text, sizeof text, "%s%s%s", num, drawn == 0 && unit[0] ? " " : "",
			 drawn == 0 ? unit : "");
		if (drawn == 0 && utf8_width(text) > width) {	/* the unit below */
			snprintf(text, sizeof text, "%s", num);
			if (row + 1 < height - 1 && unit[0] != '\0') {
				unit_row = row + 1;
				w = utf8_width(unit);
				axis_put(cb, right ? x + width - w : x, y + unit_row, x, x + width,
					 unit, role);
			}
		}
		w = utf8_width(text);
		if (axis_put(cb, right ? x + width - w : x, y + row, x, x + width, text, role) < 0)
			continue;
		used = row;
		drawn++;
	}
	return drawn;
}

/* An empty bar chart. */
void
chart_bars_init(struct chart_bars *m, const char *title, const char *unit)
{
	memset(m, 0, sizeof *m);
	dd_strlcpy(m->title, title, sizeof m->title);
	chart_axis_set(&m->axis, 1, unit);
}

/* Refit a bar chart's axis over every value and marker. */
static void
bars_refit(struct chart_bars *m)
{
	double v[3 * CHART_BARS_MAX];
	size_t n = 0;

	for (size_t i = 0; i < m->nrows; i++) {
		v[n++] = m->rows[i].value;
		v[n++] = m->rows[i].mk.spec;
		v[n++] = m->rows[i].mk.review;
	}
	chart_axis_set(&m->axis, chart_scale_max(v, n), m->axis.unit);
}

/* Add a row. */
int
chart_bars_add(struct chart_bars *m, const char *label, const char *depth, double value,
	       const struct chart_markers *mk)
{
	struct chart_bar_row *r;

	if (m->nrows >= CHART_BARS_MAX)
		return -ENOSPC;
	r = &m->rows[m->nrows++];
	memset(r, 0, sizeof *r);
	dd_strlcpy(r->label, label, sizeof r->label);
	dd_strlcpy(r->depth, depth, sizeof r->depth);
	r->value = value;
	r->mk.spec = mk != NULL ? mk->spec : NAN;
	r->mk.review = mk != NULL ? mk->review : NAN;
	if (isnan(value))
		chart_pct_delta(NAN, NAN, NULL, r->value_text, sizeof r->value_text);
	else if (strcmp(m->axis.unit, "IOPS") == 0)
		fmt_count(value, r->value_text, sizeof r->value_text);
	else
		fmt_number(value, 1, r->value_text, sizeof r->value_text);
	chart_pct_delta(value, r->mk.review, NULL, r->delta_review, sizeof r->delta_review);
	chart_pct_delta(value, r->mk.spec, NULL, r->delta_spec, sizeof r->delta_spec);
	bars_refit(m);
	return 0;
}

/* A row's bar on the chart's axis. */
int
chart_bars_draw(struct cellbuf *cb, int x, int y, int width, const struct chart_bars *m,
		size_t row, const struct chart_roles *roles, const struct glyphs *g)
{
	if (row >= m->nrows)
		return 0;
	return chart_hbar(cb, x, y, width, m->rows[row].value, m->axis.max, &m->rows[row].mk,
			  roles, g);
}

/* A time graph of n samples. */
void
chart_timegraph_init(struct chart_timegraph *m, const char *title, const char *unit,
		     const double *samples, size_t n, double secs_per_sample, uint8_t role)
{
	memset(m, 0, sizeof *m);
	dd_strlcpy(m->title, title, sizeof m->title);
	m->samples = samples;
	m->n = n;
	m->secs_per_sample = secs_per_sample;
	chart_axis_fit(&m->axis, samples, n, unit);
	m->target = NAN;
	m->event = NAN;
	m->role = role;
	dd_strlcpy(m->target_label, "spec target", sizeof m->target_label);
	dd_strlcpy(m->event_label, "event", sizeof m->event_label);
}

/* A target line, on the scale unless it would flatten the series. */
void
chart_timegraph_target(struct chart_timegraph *m, double target)
{
	double top;

	m->target = target;
	if (isnan(target) || target > 3 * chart_scale_max(m->samples, m->n))
		return;
	top = chart_scale_max(&target, 1);
	if (top > chart_scale_max(m->samples, m->n))
		chart_axis_set(&m->axis, top, m->axis.unit);
}

/* A second series on the axis. */
void
chart_timegraph_second(struct chart_timegraph *m, const double *samples2, const char *label,
		       const char *label2)
{
	double top[2] = { chart_scale_max(m->samples, m->n), chart_scale_max(samples2, m->n) };
	char   unit[CHART_UNIT_MAX];

	m->samples2 = samples2;
	dd_strlcpy(m->label, label, sizeof m->label);
	dd_strlcpy(m->label2, label2, sizeof m->label2);
	dd_strlcpy(unit, m->axis.unit, sizeof unit);
	chart_axis_fit(&m->axis, top, 2, unit);
}

/* The line on a second scale. */
void
chart_timegraph_right(struct chart_timegraph *m, const char *unit, double per,
		      const char *label, const char *note)
{
	if (!(per > 0) || isinf(per))
		return;
	m->right_per = per;
	chart_axis_set(&m->right, m->axis.max * per, unit);
	dd_strlcpy(m->label, label, sizeof m->label);
	dd_strlcpy(m->right_note, note, sizeof m->right_note);
}

/* A time graph's time axis. */
bool
chart_timegraph_time(const struct chart_timegraph *m, struct chart_axis *t)
{
	if (!(m->secs_per_sample > 0) || m->n == 0)
		return false;
	chart_axis_set(t, m->secs_per_sample * (double)m->n, "s");
	return true;
}

/* A time graph in cells. */
void
chart_timegraph_draw(struct cellbuf *cb, int x, int y, int width, int height,
		     const struct chart_timegraph *m, const struct glyphs *g)
{
	chart_graph(cb, x, y, width, height, m->samples, m->n, m->axis.max, m->role, g);
	if (!isnan(m->target) && m->target <= m->axis.max)
		chart_graph_hline(cb, x, y, width, height, m->target, m->axis.max, g->h,
				  UI_SPEC_TARGET);
	if (!isnan(m->event))
		chart_graph_vline(cb, x, y, width, height, chart_marker_col(m->event, 1, width),
				  g->v, UI_WARN);
}

/* An x/y plot in cells. */
void
chart_xyplot_draw(struct cellbuf *cb, int x, int y, int width, int height,
		  const struct chart_xyplot *m)
{
	chart_xy(cb, x, y, width, height, m->series, m->nseries, m->x.max, m->y.max);
}

/* A histogram of n buckets. */
void
chart_histogram_init(struct chart_histogram *m, const char *title, const char *unit,
		     const double *upper, const double *count, size_t n)
{
	double most = 0;

	memset(m, 0, sizeof *m);
	dd_strlcpy(m->title, title, sizeof m->title);
	dd_strlcpy(m->unit, unit, sizeof m->unit);
	m->n = n > CHART_HIST_MAX ? CHART_HIST_MAX : n;
	for (size_t j = 0; j < m->n; j++) {
		m->upper[j] = upper[j];
		m->count[j] = count[j];
		m->total += isnan(count[j]) ? 0 : count[j];
		most = count[j] > most ? count[j] : most;
	}
	/* The screen's scale: the tallest bucket fills the bar. */
	chart_axis_set(&m->axis, most, "I/Os");
}

/* A histogram bucket's bar in cells. */
int
chart_histogram_draw(struct cellbuf *cb, int x, int y, int width,
		     const struct chart_histogram *m, size_t j, const struct glyphs *g)
{
	if (j >= m->n)
		return 0;
	return chart_hbar(cb, x, y, width, m->count[j], m->axis.max, NULL, NULL, g);
}
