/*
 * One finished point in full: the Sweep screen's drill-down (Enter on a
 * point of the finished list, live or stored run alike).
 *
 * The data model is the point's full struct dd_result, read through the
 * sweep's accessors (sweep_result_published: the same for a sweep that runs,
 * one that ended, and a stored run served by sweep_create_finished): its
 * figures, the latency summary with its percentiles (hist_default_pcts),
 * the histogram bins and the interval series.  The screen has three parts:
 * a header (the point, its figures, the review and spec it is held against),
 * the interval graph over the whole point (IOPS, MB/s, mean, p99 and the
 * drive's temperature, folded to the graph's width by tui_point_series), and
 * side by side the latency percentiles and the histogram in log-scale bands
 * (hist_bands).  The only state is the Sweep screen's: its cursor
 * (fin_sel, moved here by j/k) and the drill flag.  UI thread only.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/format.h"
#include "lib/histogram.h"
#include "ui/chart.h"
#include "ui/chart-build.h"
#include "ui/tui.h"

#define POINT_BANDS_MAX 32	/* histogram rows at most */

/* One interval's figure. */
static double
point_interval_value(const struct dd_interval *iv, enum tui_series which)
{
	switch (which) {
	case TUI_SERIES_IOPS: return iv->iops;
	case TUI_SERIES_MBPS: return iv->mbps;
	case TUI_SERIES_MEAN: return iv->mean_us;
	case TUI_SERIES_P99:  return iv->p99_us;
	case TUI_SERIES_TEMP: return iv->temp_c;
	}
	return NAN;
}

/* A point's interval series folded to at most max samples. */
size_t
tui_point_series(const struct dd_result *r, enum tui_series which, double *out, size_t max)
{
	return tui_point_series_iv(r->intervals, r->nintervals < DD_INTERVALS_MAX ?
				   r->nintervals : DD_INTERVALS_MAX, which, out, max);
}

/* n intervals folded to at most max samples. */
size_t
tui_point_series_iv(const struct dd_interval *iv, size_t n, enum tui_series which,
		    double *out, size_t max)
{
	size_t m = n > 0 ? max : 0;
	bool   peak = which == TUI_SERIES_P99 || which == TUI_SERIES_TEMP;

	/* Fewer intervals than samples: each spans its share of the graph. */
	for (size_t j = 0; n < m && j < m; j++)
		out[j] = point_interval_value(&iv[j * n / m], which);
	for (size_t j = 0; n >= m && j < m; j++) {
		size_t a = j * n / m, b = (j + 1) * n / m, k = 0;
		double acc = peak ? NAN : 0;

		for (size_t i = a; i < b; i++) {
			double v = point_interval_value(&iv[i], which);

			if (isnan(v))
				continue;
			acc = peak ? (isnan(acc) || v > acc ? v : acc) : acc + v;
			k++;
		}
		out[j] = k == 0 ? NAN : peak ? acc : acc / (double)k;
	}
	return m;
}

/* A mix's reads and writes apart ("reads 70.0 %: mean 80.1 p99 210 µs ·
 * writes: ..."), before the references; returns the columns used. */
static int
point_mix(struct tui *t, struct cellbuf *cb, int x, int y, const struct sweep_summary *sum)
{
	char a[32], b[32], c[32], d[32];
	int  w;

	if (!(sum->read_share > 0 && sum->read_share < 100) || isnan(sum->read_mean_us) ||
	    isnan(sum->write_mean_us))
		return 0;
	w = tui_print(cb, x, y, -1, UI_READ, 0, "reads %.1f%%: mean %s p99 %s %ss ",
		      sum->read_share, fmt_number(sum->read_mean_us, 1, a, sizeof a),
		      fmt_number(sum->read_p99_us, 1, b, sizeof b), t->sym->micro);
	return w + tui_print(cb, x + w, y, -1, UI_WRITE, 0, "%s writes: mean %s p99 %s %ss   ",
			     t->sym->dot, fmt_number(sum->write_mean_us, 1, c, sizeof c),
			     fmt_number(sum->write_p99_us, 1, d, sizeof d), t->sym->micro);
}

/* The header: the point, its figures, and what it is held against. */
static int
point_header(struct tui *t, struct cellbuf *cb, int y, const struct dd_result *r,
	     const struct sweep_summary *sum, int sel)
{
	struct tui_sweep  *s = &t->sweep;
	struct tui_refval  rv, sp, tg;
	bool		   seq = !dd_pattern_random(r->point.pattern);
	enum tui_metric	   m = seq ? TUI_M_MBPS : TUI_M_IOPS;
	char		   what[64], a[32], b[32], c[32], d[32], e[32], pct[32];
	int		   x;

	x = 1 + tui_print(cb, 1, y, -1, UI_TITLE, UI_BOLD, "%s",
			  tui_point_label(&r->point, what, sizeof what));
	x += 3 + tui_print(cb, x + 3, y, -1, UI_TEXT, 0, "IODepth %u %s NumJobs %u",
			   r->point.iodepth, t->sym->times, r->point.numjobs);
	x += 3 + tui_print(cb, x + 3, y, -1, UI_DIM_TEXT, 0, "point %d of %zu %s %s s measured",
			   sel + 1, s->sn->npoints, t->sym->dot,
			   fmt_number(r->elapsed_s, 1, a, sizeof a));
	if (r->status != 0 || r->cancelled)
		tui_print(cb, x + 3, y, cb->w - x - 4, r->status ? UI_FAIL : UI_WARN, UI_BOLD, "%s%s",
			  r->status ? "FAILED: " : "stopped", r->status ? r->message : "");
	tui_print(cb, 1, y + 1, cb->w - 2, UI_MEASURED, 0,
		  "%s IOPS  %s MB/s  lat %ss mean %s  min %s  max %s  stdev %s   "
		  "%s I/Os   CPU %.1f %ss/IO", fmt_count(r->iops, a, sizeof a),
		  fmt_number(r->mbps, 1, b, sizeof b), t->sym->micro,
		  fmt_number(sum->mean_us, 1, c, sizeof c),
		  fmt_number(r->lat.min_us, 1, pct, sizeof pct),
		  fmt_number(r->lat.max_us, 0, what, sizeof what),
		  fmt_number(r->lat.stdev_us, 1, d, sizeof d),
		  fmt_count((double)r->ios, e, sizeof e), r->proc_us_per_io, t->sym->micro);
	tui_ref_review(&s->ref, &r->point, m, &rv);
	tui_ref_spec(&s->ref, &r->point, m, &sp);
	x = 1 + point_mix(t, cb, 1, y + 2, sum);
	if (!isnan(rv.value))
		x += tui_print(cb, x, y + 2, -1, UI_REVIEW_REF, 0, "%s review %s %s (%s)   ",
			       t->sym->review, seq ? fmt_number(rv.value, 1, a, sizeof a) :
			       fmt_count(rv.value, a, sizeof a), seq ? "MB/s" : "IOPS",
			       chart_pct_delta(seq ? r->mbps : r->iops, rv.value, t->g, pct,
					       sizeof pct));
	else
		x += tui_print(cb, x, y + 2, -1, UI_DIM_TEXT, 0, "no review at QD%u%s%u   ",
			       r->point.iodepth, t->sym->times, r->point.numjobs);
	if (tui_ref_target(&s->ref, &r->point, m, &tg) != NULL)
		/* The lab's target outranks the spec, as on the Sweep bars. */
		tui_ref_target_line(t, cb, x, y + 2, seq ? r->mbps : r->iops, &tg, r, m);
	else if (sp.comparable)
		tui_print(cb, x, y + 2, cb->w - x - 1, UI_SPEC_TARGET, 0, "%s spec %s %s (%s)%s",
			  t->sym->spec, seq ? fmt_number(sp.value, 0, a, sizeof a) :
			  fmt_count(sp.value, a, sizeof a), seq ? "MB/s" : "IOPS",
			  chart_pct_delta(seq ? r->mbps : r->iops, sp.value, t->g, pct, sizeof pct),
			  sp.rule == COMPARE_RATED_MAX ? " rated max" : "");
	else if (sp.note[0] != '\0')
		tui_print(cb, x, y + 2, cb->w - x - 1, UI_DIM_TEXT, 0, "%s", sp.note);
	return 3;
}

/* One graph of the interval box: a label, the graph (the shared model a
 * report draws to SVG), its value scale with the unit at the right (the
 * model's ticks), and the last value under the label when there is a row
 * for it. */
static void
point_graph_row(struct tui *t, struct cellbuf *cb, int y, int h, int w, const char *label,
		const char *unit, const double *v, size_t n, double span, uint8_t role,
		int decimals)
{
	struct chart_timegraph g;
	char		       num[32];
	int		       gw = w - 4 - 8 - 12;

	tui_print(cb, 2, y, 7, UI_TITLE, 0, "%s", label);
	chart_timegraph_init(&g, label, unit, v, n, n > 0 ? span / (double)n : NAN, role);
	chart_timegraph_draw(cb, 10, y, gw, h, &g, t->g);
	chart_axis_draw_scale(cb, 10 + gw + 1, y, w - 2 - (10 + gw + 1), h, &g.axis, false,
			      UI_DIM_TEXT, t->g);
	if (h >= 2 && n > 0 && !isnan(v[n - 1]))
		tui_print(cb, 2, y + 1, 7, role, 0, "%s",
			  decimals < 0 ? fmt_count(v[n - 1], num, sizeof num) :
			  fmt_number(v[n - 1], decimals, num, sizeof num));
}

/* The time axis in the interval box's bottom border (row y): the labels of
 * the graphs' time axis (chart_timegraph_time, as the report's SVG) under
 * their columns. */
static void
point_time_axis(struct tui *t, struct cellbuf *cb, int y, int gw, const double *v, size_t n,
		double span)
{
	struct chart_timegraph g;
	struct chart_axis      ta;

	chart_timegraph_init(&g, "", "", v, n, n > 0 ? span / (double)n : NAN, UI_GRAPH);
	if (chart_timegraph_time(&g, &ta))
		chart_axis_draw_across(cb, 10, y, gw, &ta, UI_DIM_TEXT, t->g);
}

/* The temperature row: a sparkline over the same time axis, or why none. */
static void
point_temp_row(struct tui *t, struct cellbuf *cb, int y, int w, const double *v, size_t n)
{
	double lo = NAN, hi = NAN, cols[DD_INTERVALS_MAX];
	int    gw = w - 4 - 8 - 12;
	char   num[32];

	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i])) {
			lo = isnan(lo) || v[i] < lo ? v[i] : lo;
			hi = isnan(hi) || v[i] > hi ? v[i] : hi;
		}
	tui_print(cb, 2, y, 7, UI_TITLE, 0, "temp");
	if (isnan(lo)) {
		tui_print(cb, 10, y, gw, UI_DIM_TEXT, 0, "no temperature (the target has no sensor)");
		return;
	}
	chart_pair_columns(v, n, gw, cols);
	for (int c = 0; c < gw; c++)
		cols[c] -= lo - 2;	/* the floor: 2 degrees below the coolest */
	chart_sparkline(cb, 10, y, gw, cols, (size_t)gw, hi - lo + 2, UI_TEMPERATURE, t->g);
	snprintf(num, sizeof num, "%.0f-%.0f %sC", lo, hi, t->sym->deg);
	tui_print_right(cb, w - 2, y, UI_TEMPERATURE, 0, num);
}

/* The interval box: IOPS, MB/s, mean, p99 and temperature over the point. */
static void
point_intervals(struct tui *t, struct cellbuf *cb, int y, int h, const struct dd_result *r)
{
	static const struct {
		const char     *label, *unit;
		enum tui_series which;
		uint8_t		role;
		int		decimals;	/* < 0: fmt_count */
	} rows[] = {
		{ "IOPS", "IOPS", TUI_SERIES_IOPS, UI_GRAPH, -1 },
		{ "MB/s", "MB/s", TUI_SERIES_MBPS, UI_GRAPH, 1 },
		{ "mean", "µs", TUI_SERIES_MEAN, UI_MEASURED, 1 },
		{ "p99", "µs", TUI_SERIES_P99, UI_WRITE, 1 },	/* "us" in ASCII */
	};
	double v[DD_INTERVALS_MAX];
	int    w = cb->w, inner = h - 2, each, extra, row = y + 1;
	size_t gw = (size_t)(w - 4 - 8 - 12), n;
	char   title[160], num[32];

	snprintf(title, sizeof title, "per interval %s %s s, %zu intervals %s lat in %ss", t->sym->dot,
		 fmt_number(r->nintervals > 0 ? r->intervals[r->nintervals - 1].t_s : 0, 1, num,
			    sizeof num), r->nintervals, t->sym->dot, t->sym->micro);
	cellbuf_box(cb, 0, y, w, h, t->g, UI_BORDER, title, UI_TITLE);
	if (inner < 5 || gw < 8)
		return;
	if (r->nintervals == 0) {
		tui_print(cb, 2, row, w - 4, UI_DIM_TEXT, 0, "no intervals stored for this point");
		return;
	}
	each = (inner - 1) / 4;
	extra = (inner - 1) % 4;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		int rh = each + (i == 0 ? extra : 0);

		n = tui_point_series(r, rows[i].which, v, gw * 2);
		point_graph_row(t, cb, row, rh, w, rows[i].label, rows[i].unit, v, n,
				r->intervals[r->nintervals - 1].t_s, rows[i].role, rows[i].decimals);
		row += rh;
	}
	n = tui_point_series(r, TUI_SERIES_TEMP, v, gw * 2);
	point_temp_row(t, cb, row, w, v, n);
	point_time_axis(t, cb, y + h - 1, (int)gw, v, n, r->intervals[r->nintervals - 1].t_s);
}

/* The latency percentiles box, in as many columns as the rows need. */
static void
point_percentiles(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h,
		  const struct dd_result *r)
{
	int  rows = h - 2, colw = 18;
	char title[64], label[16];

	snprintf(title, sizeof title, "percentiles %s %ss", t->sym->dot, t->sym->micro);
	cellbuf_box(cb, x, y, w, h, t->g, UI_BORDER, title, UI_TITLE);
	if (rows <= 0)
		return;
	for (int i = 0; i < HIST_NPCTS; i++) {
		int cx = x + 2 + (i / rows) * colw, cy = y + 1 + i % rows;
		double v = fmt_lat_pct(&r->lat, (unsigned)i);

		if (cx + 16 > x + w - 1)
			break;
		snprintf(label, sizeof label, "p%g", hist_default_pcts[i]);
		tui_print(cb, cx, cy, 7, hist_default_pcts[i] >= 99 ? UI_WRITE : UI_TEXT, 0, "%s",
			  label);
		if (isnan(v) || r->lat.n == 0)
			tui_print_right(cb, cx + 16, cy, UI_DIM_TEXT, 0, t->sym->dash);
		else
			chart_put_number(cb, cx + 7, cy, 9, v, 1, UI_MEASURED, 0);
	}
}

/* The histogram box: log-scale bands, a bar and the share of I/Os each
 * (the shared model a report draws to SVG). */
static void
point_histogram(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h,
		const struct dd_result *r)
{
	struct chart_histogram hg;
	int		       rows = h - 2 < POINT_BANDS_MAX ? h - 2 : POINT_BANDS_MAX;
	int		       barw = w - 4 - 12 - 7;
	char		       title[96], num[32];

	snprintf(title, sizeof title, "histogram %s %ss, log scale", t->sym->dot, t->sym->micro);
	cellbuf_box(cb, x, y, w, h, t->g, UI_BORDER, title, UI_TITLE);
	if (rows <= 0)
		return;
	chart_build_histogram(&hg, r, (size_t)rows);
	if (hg.n == 0) {
		tui_print(cb, x + 2, y + 1, w - 4, UI_DIM_TEXT, 0,
			  "no histogram stored (percentiles only)");
		return;
	}
	for (size_t j = 0; j < hg.n; j++) {
		int cy = y + 1 + (int)j;

		snprintf(num, sizeof num, "< %s", fmt_number(hg.upper[j], hg.upper[j] < 1e3 ? 1 : 0,
							      title, sizeof title));
		tui_print_right(cb, x + 2 + 11, cy, UI_TEXT, 0, num);
		if (barw >= 4)
			chart_histogram_draw(cb, x + 2 + 12, cy, barw, &hg, j, t->g);
		snprintf(num, sizeof num, "%.1f%%", hg.total > 0 ? 100.0 * hg.count[j] / hg.total : 0);
		tui_print_right(cb, x + w - 2, cy, hg.count[j] > 0 ? UI_MEASURED : UI_DIM_TEXT, 0,
				num);
	}
}

/* Draw the drill-down of the cursor's point. */
void
tui_point_draw(struct tui *t, struct cellbuf *cb, int y, int h)
{
	struct tui_sweep	   *s = &t->sweep;
	int			    sel = tui_sweep_selected(t), graph_h, low_h, pct_w;
	const int		    colw_pct = 18;
	const struct dd_result	   *r;
	const struct sweep_summary *sum;

	if (sel < 0 || (r = sweep_result_published(s->sw, (size_t)sel)) == NULL)
		return;
	sum = sweep_summary_published(s->sw, (size_t)sel);
	y += point_header(t, cb, y, r, sum, sel);
	h -= 3;
	/* Percentiles in one column when they fit, else two. */
	low_h = h >= 36 ? HIST_NPCTS + 2 : (HIST_NPCTS + 1) / 2 + 2;
	graph_h = h - low_h;
	point_intervals(t, cb, y, graph_h, r);
	pct_w = low_h - 2 >= HIST_NPCTS ? 4 + colw_pct : 2 + 2 * colw_pct;
	point_percentiles(t, cb, 0, y + graph_h, pct_w, low_h, r);
	point_histogram(t, cb, pct_w + 1, y + graph_h, cb->w - pct_w - 1, low_h, r);
}

/* A key on the drill-down: j/k the previous/next point, Esc back. */
int
tui_point_key(struct tui *t, const struct tui_event *ev)
{
	struct tui_sweep *s = &t->sweep;
	int		  sel = tui_sweep_selected(t), n = s->sn ? (int)s->sn->nresults : 0;

	switch (ev->key) {
	case TUI_KEY_ESC: case TUI_KEY_ENTER: case TUI_KEY_BACKSPACE: case 'h': case TUI_KEY_LEFT:
		s->drill = false;
		return 1;
	case 'k': case TUI_KEY_UP: case TUI_KEY_PGUP:
		if (sel > 0)
			s->fin_sel = sel - 1;
		return 1;
	case 'j': case TUI_KEY_DOWN: case TUI_KEY_PGDN:
		if (sel + 1 < n)
			s->fin_sel = sel + 1;
		return 1;
	}
	return 0;
}
