/*
 * The Sweep screen's panels for the kinds beyond the FIO matrix: the load
 * curve (VDBench), the checkpoint bars (DLIO) and the write-cliff graph.
 *
 * The data model is the Sweep screen's own (struct tui_sweep): the plan's
 * points, the snapshot's finished summaries (a live sweep and a stored run
 * alike) and, for the running point, the snapshot's live summary and
 * intervals.  What a workload makes of its points is core/workload.h's
 * (workload_curve_collect, workload_ckpt_collect, workload_cliff_detect);
 * this file only gathers the points of the focus's group into the arrays
 * those take and draws the result beside the review's published figures
 * for the reference drive and the spec's sustained write figure, through
 * the models chart-build.h builds (chart_build_curve, chart_build_ckpt,
 * chart_build_cliff: a report draws the same ones to SVG).  Pure drawing
 * into a cell buffer: no curses.
 *
 *   curve   latency (mean, or p99 with p) up, achieved IOPS across: one
 *           mark per finished step, the running step's live figures as
 *           their own mark, the peak, the step targets as ticks under the
 *           axis, the review's points in the review glyph, a legend naming
 *           the drive and the source.
 *   ckpt    one bar per pass (its mean seconds per checkpoint, min-max
 *           beside it) with the review's pass average as the marker, then
 *           one column per checkpoint, passes apart.
 *   cliff   the cliff point's MB/s per interval over its whole run, the
 *           detected cliff as a vertical line, the spec's sustained write
 *           figure as a horizontal one, the split's figures in the caption.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/format.h"
#include "core/workload.h"
#include "ui/chart.h"
#include "ui/chart-build.h"
#include "ui/tui.h"

/* The points of a kind's group g among the finished ones, as the parallel
 * arrays core/workload.h takes; returns how many (freed by the caller). */
static size_t
wl_gather(const struct tui_sweep *s, bool curve, enum dd_kind kind, unsigned g,
	  struct dd_point **pts, struct sweep_summary **sums)
{
	const struct sweep_snapshot *sn = s->sn;
	size_t nf = sn->nfinished < SWEEP_FINISHED_MAX ? sn->nfinished : SWEEP_FINISHED_MAX;
	size_t n = 0;

	*pts = calloc(nf + 1, sizeof **pts);
	*sums = calloc(nf + 1, sizeof **sums);
	if (*pts == NULL || *sums == NULL)
		return 0;
	for (size_t k = 0; k < nf; k++) {
		const struct dd_point *p;

		if (sn->finished[k].index >= s->plan.npoints)
			continue;
		p = &s->plan.points[sn->finished[k].index];
		if (p->group != g || (curve ? !dd_kind_curve(p->kind) : p->kind != kind))
			continue;
		(*pts)[n] = *p;
		(*sums)[n++] = sn->finished[k];
	}
	return n;
}

/* Is a point a load curve's? */
static bool
wl_is_curve(const struct dd_point *p)
{
	return dd_kind_curve(p->kind);
}

/* ---- The load curve ---- */

/* The targets of the group's steps (planned ones too, once the maximum is known). */
static void
wl_curve_ticks(const struct tui_sweep *s, unsigned g, struct chart_curve_data *wc)
{
	double max = wc->c.has_max && wc->c.max.finished ? wc->c.max.iops : NAN;

	wc->nticks = 0;
	for (size_t i = 0; i < s->plan.npoints && wc->nticks < WORKLOAD_STEPS_MAX; i++) {
		const struct dd_point *p = &s->plan.points[i];
		double		       v = p->rate_iops > 0 ? p->rate_iops : max * p->rate_pct / 100;

		if (p->group == g && p->kind == DD_KIND_CURVE_STEP && !isnan(v) && v > 0)
			wc->ticks[wc->nticks++] = v;
	}
	for (size_t k = 0; k < wc->c.nsteps && wc->nticks < WORKLOAD_STEPS_MAX; k++)
		if (wc->c.steps[k].target_iops > 0 && isnan(max))
			wc->ticks[wc->nticks++] = wc->c.steps[k].target_iops;
}

/* Gather the curve of group g: finished points, the running step, the
 * targets, then chart_build_curve's points, peak and review. */
static bool
wl_curve_gather(struct tui *t, unsigned g, struct chart_curve_data *wc)
{
	struct tui_sweep	    *s = &t->sweep;
	const struct sweep_snapshot *sn = s->sn;
	struct dd_point		    *pts;
	struct sweep_summary	    *sums;
	size_t			     n = wl_gather(s, true, DD_KIND_CURVE_MAX, g, &pts, &sums);
	bool			     have;

	chart_curve_init(wc, t->sweep.curve_p99);
	have = workload_curve_collect(pts, sums, n, g, &wc->c);
	free(pts);
	free(sums);
	if (sn->state == SWEEP_RUNNING && !sn->preconditioning && sn->nlive > 0 &&
	    wl_is_curve(&sn->current) && sn->current.group == g) {
		wc->live_x = sn->running.iops;
		wc->live_y = t->sweep.curve_p99 ? sn->running.p99_us : sn->running.mean_us;
		have = true;
		if (wc->c.profile[0] == '\0')
			snprintf(wc->c.profile, sizeof wc->c.profile, "%s", sn->current.profile);
		if (wc->c.shape.bs == 0)
			wc->c.shape = sn->current;
	}
	wl_curve_ticks(s, g, wc);
	chart_build_curve(wc, &s->ref);
	return have;
}

/* The x axis under a plot: the rule with a tick per target, then the
 * model's tick labels with the unit (as the report's SVG). */
static void
wl_curve_xaxis(struct tui *t, struct cellbuf *cb, int x, int y, int w,
	       const struct chart_curve_data *wc, const struct chart_axis *xaxis)
{
	double xmax = xaxis->max;

	cellbuf_hline(cb, x, y, w, t->g, UI_BORDER);
	for (size_t i = 0; i < wc->nticks; i++) {
		int c = chart_xy_col(wc->ticks[i], xmax, w);

		if (c >= 0)
			cellbuf_put(cb, x + c, y, t->g->tee_up, UI_SPEC_TARGET, 0);
	}
	chart_axis_draw_across(cb, x, y + 1, w, xaxis, UI_DIM_TEXT, t->g);
}

/* The legend: marks, peak, the review's points and where they come from. */
static int
wl_curve_legend(struct tui *t, struct cellbuf *cb, int x, int y, int w, int rows,
		const struct chart_curve_data *wc)
{
	const struct glyphs *g = t->g;
	char		     a[32], b[32], who[160], mark[8][5];
	const uint32_t	     cps[] = { g->step, g->live, g->up, g->tee_up, g->review };
	int		     cx = x, row = y;

	for (int i = 0; i < 5; i++)
		mark[i][cellbuf_encode_utf8(cps[i], mark[i])] = '\0';
	cx += tui_print(cb, cx, row, -1, UI_MEASURED, 0, "%s steps", mark[0]);
	if (!isnan(wc->live_x))
		cx += tui_print(cb, cx + 2, row, -1, UI_WARN, 0, "%s now", mark[1]) + 2;
	if (!isnan(wc->peak_x))
		cx += tui_print(cb, cx + 2, row, x + w - cx - 2, UI_OK, UI_BOLD,
				"%s peak %s at %s %ss", mark[2],
				fmt_count(wc->peak_x, a, sizeof a),
				fmt_number(wc->peak_y, wc->peak_y < 1000 ? 1 : 0, b, sizeof b),
				t->sym->micro) + 2;
	if (wc->nticks > 0 && cx + 12 < x + w)
		tui_print(cb, cx + 2, row, x + w - cx - 2, UI_SPEC_TARGET, 0, "%s targets",
			  mark[3]);
	if (++row >= y + rows)
		return row - y;
	if (!t->sweep.ref.loaded) {
		tui_print(cb, x, row++, w, UI_DIM_TEXT, 0, "%s review: none (r picks a drive)",
			  mark[4]);
		return row - y;
	}
	tui_pick_label(t->sweep.ref.pick, false, who, sizeof who);
	if (wc->nrev == 0) {
		tui_print(cb, x, row++, w, UI_DIM_TEXT, 0, "%s no VDBench \"%s\" review of %s "
			  "(r: another drive)", mark[4], wc->c.profile[0] ? wc->c.profile : "?",
			  who);
		return row - y;
	}
	for (size_t k = 0; k < wc->nrev && row < y + rows; k++, row++) {
		const struct spec_measurement *m = wc->rev[k].meas;
		char			       src[256];

		cx = x + tui_print(cb, x, row, w, UI_REVIEW_REF, UI_BOLD, "%s %s%s", mark[4],
				   fmt_count(wc->rev[k].iops, a, sizeof a), w >= 56 ? " IOPS" : "");
		if (!isnan(wc->rev[k].lat_us))
			cx += tui_print(cb, cx, row, x + w - cx, UI_REVIEW_REF, UI_BOLD, " at %s %ss",
					fmt_number(wc->rev[k].lat_us, 1, b, sizeof b),
					t->sym->micro);
		tui_print(cb, cx, row, x + w - cx, UI_DIM_TEXT, 0, " %s %s review (%s)",
			  t->sym->dot, who,
			  specdb_sheet_source_label(&t->sweep.ref.sheet, m->source_id, src,
						    sizeof src));
	}
	return row - y;
}

/* Draw the curve of group g into the box at (x, y), w x h. */
static void
wl_curve_draw(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h, unsigned g)
{
	struct chart_curve_data *wc = calloc(1, sizeof *wc);
	struct chart_xyplot	 plot;
	char			 title[192], what[64];
	int			 legend_rows = h >= 16 ? 3 : 2, px = x + 9, pw = w - 11, ph;

	if (wc == NULL)
		return;
	wl_curve_gather(t, g, wc);
	tui_point_label(&wc->c.shape, what, sizeof what);
	snprintf(title, sizeof title, "%s %s %s lat vs IOPS %s curve %u%s",
		 wc->c.profile[0] ? wc->c.profile : what, t->sym->dot,
		 t->sweep.curve_p99 ? "p99" : "mean", t->sym->dot, g,
		 w >= 64 ? (t->sweep.curve_p99 ? " (p: mean)" : " (p: p99)") : "");
	cellbuf_box(cb, x, y, w, h, t->g, UI_BORDER, title, UI_TITLE);
	ph = h - 2 - 2 - legend_rows;
	if (ph < 2 || pw < 10) {
		free(wc);
		return;
	}
	/* The shared model (a report draws the same one to SVG). */
	chart_curve_model(wc, title, "review", t->g, &plot);
	chart_xyplot_draw(cb, px, y + 1, pw, ph, &plot);
	/* The y axis: the model's ticks, in µs ("us" in ASCII). */
	chart_axis_draw_scale(cb, x + 1, y + 1, px - x - 2, ph, &plot.y, true, UI_DIM_TEXT, t->g);
	for (int r = 0; r < ph; r++)
		cellbuf_put(cb, px - 1, y + 1 + r, t->g->v, UI_BORDER, 0);
	wl_curve_xaxis(t, cb, px, y + 1 + ph, pw, wc, &plot.x);
	wl_curve_legend(t, cb, x + 2, y + 3 + ph, w - 4, legend_rows, wc);
	free(wc);
}

/* ---- Checkpoint bars ---- */

/* One row per pass: mean seconds as a bar of the shared model (a report
 * draws the same one to SVG: chart_build_ckpt), min-max beside it. */
static int
wl_ckpt_passes(struct tui *t, struct cellbuf *cb, int x, int y, int w, int rows,
	       const struct workload_ckpt *c, const struct chart_bars *bars)
{
	char a[32], b[32], d[32];
	int  row = y, barw = w - 8 - 22 < 6 ? 6 : w - 8 - 22;

	for (size_t i = 0; i < c->npasses && row < y + rows; i++, row++) {
		const struct workload_pass *p = &c->passes[i];
		int			    cx;

		tui_print(cb, x, row, 7, UI_TITLE, 0, "pass %u", p->pass);
		chart_bars_draw(cb, x + 8, row, barw, bars, i, NULL, t->g);
		cx = x + 9 + barw;
		cx += tui_print(cb, cx, row, 9, UI_MEASURED, UI_BOLD, "%s s",
				fmt_number(p->mean_s, p->mean_s < 10 ? 2 : 1, a, sizeof a));
		tui_print(cb, cx + 1, row, x + w - cx - 1, UI_DIM_TEXT, 0, "%s%s%s (%zu)",
			  fmt_number(p->min_s, p->min_s < 10 ? 2 : 1, b, sizeof b), t->sym->dash,
			  fmt_number(p->max_s, p->max_s < 10 ? 2 : 1, d, sizeof d), p->n);
	}
	return row - y;
}

/* Every checkpoint as a column (up to 4 cells wide, one blank between), the
 * passes two apart, on an axis 0..max whose top is said at the right. */
static void
wl_ckpt_columns(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h,
		const struct workload_ckpt *c, double max)
{
	int  slots = (int)(c->n + c->npasses), colw = slots > 0 ? w / slots : 1, col = x;
	char num[32];
	char top[32];

	colw = colw < 1 ? 1 : colw > 5 ? 5 : colw;
	snprintf(top, sizeof top, "%s s", fmt_number(max, max < 10 ? 2 : 0, num, sizeof num));
	tui_print_right(cb, x + w, y, UI_DIM_TEXT, 0, top);
	for (size_t i = 0; i < c->n; i++) {
		int eighths = (int)lround(c->secs[i] / max * h * 8), full = eighths / 8;

		if (i > 0 && c->pass[i] != c->pass[i - 1])
			col += colw;
		if (col + (colw > 1 ? colw - 1 : 1) > x + w - 8)
			break;
		for (int r = 0; r < h; r++) {
			int	 lev = r < full ? 8 : r == full ? eighths % 8 : 0;
			uint32_t ch = t->g->utf8 ? t->g->vbar[lev] : lev >= 4 ? '#' : ' ';

			for (int k = 0; k < (colw > 1 ? colw - 1 : 1); k++)
				cellbuf_put(cb, col + k, y + h - 1 - r, ch, UI_MEASURED, 0);
		}
		col += colw;
	}
}

/* Draw the checkpoint series of group g. */
static void
wl_ckpt_draw(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h, unsigned g)
{
	struct tui_sweep     *s = &t->sweep;
	struct workload_ckpt *c = calloc(1, sizeof *c);
	struct chart_bars    *bars = malloc(sizeof *bars);
	struct dd_point	     *pts;
	struct sweep_summary *sums;
	size_t		      n = wl_gather(s, false, DD_KIND_CHECKPOINT, g, &pts, &sums);
	double		      rev[WORKLOAD_PASSES_MAX];
	char		      title[192], sz[32], who[160], a[32];
	int		      row = y + 1, used;
	size_t		      nrev;

	if (c == NULL || bars == NULL) {
		free(c);
		free(bars);
		free(pts);
		free(sums);
		return;
	}
	workload_ckpt_collect(pts, sums, n, g, c);
	free(pts);
	free(sums);
	snprintf(title, sizeof title, "checkpoints %s seconds per checkpoint by pass %s %u ranks "
		 "%s %s", t->sym->dot, t->sym->dot, c->ranks, t->sym->times,
		 fmt_size((double)c->bytes, sz, sizeof sz));
	cellbuf_box(cb, x, y, w, h, t->g, UI_BORDER, title, UI_TITLE);
	if (c->n == 0) {
		tui_print(cb, x + 2, row, w - 4, UI_DIM_TEXT, 0, "no checkpoint finished yet");
		free(c);
		free(bars);
		return;
	}
	nrev = chart_build_ckpt(bars, "checkpoint seconds per pass", c, &s->ref, rev);
	used = wl_ckpt_passes(t, cb, x + 2, row, w - 4, h - 4, c, bars);
	row += used;
	if (s->ref.loaded && nrev > 0) {
		char passes[96] = "";

		for (size_t p = 0; p < nrev; p++) {
			size_t o = strlen(passes);

			snprintf(passes + o, sizeof passes - o, "%s%s", p > 0 ? "/" : "",
				 fmt_number(rev[p], 0, a, sizeof a));
		}
		tui_print(cb, x + 2, row++, w - 4, UI_REVIEW_REF, 0, "%s %s review: %s s per pass "
			  "for %s, at this size", t->sym->review,
			  tui_pick_label(s->ref.pick, false, who, sizeof who), passes,
			  fmt_bytes(WORKLOAD_REVIEW_CKPT_BYTES, sz, sizeof sz));
	} else {
		tui_print(cb, x + 2, row++, w - 4, UI_DIM_TEXT, 0, "%s no DLIO review of %s",
			  t->sym->review, s->ref.loaded ? tui_pick_label(s->ref.pick, false, who,
								       sizeof who) : "(r picks a drive)");
	}
	if (y + h - 1 - row >= 2) {
		double cmax = chart_scale_max(c->secs, c->n);

		wl_ckpt_columns(t, cb, x + 2, row, w - 4, y + h - 1 - row, c, cmax);
	}
	free(c);
	free(bars);
}

/* ---- The write cliff ---- */

/* The intervals of a cliff point: the running one's live series, or a
 * finished one's whole result. */
static const struct dd_interval *
wl_cliff_intervals(const struct tui_sweep *s, const struct dd_point *focus, bool running,
		   int sel, size_t *n)
{
	const struct dd_result *r;

	*n = 0;
	if (running) {
		*n = s->sn->nlive;
		return s->sn->live;
	}
	if (sel < 0 || (r = sweep_result_published(s->sw, (size_t)sel)) == NULL ||
	    r->point.kind != focus->kind)
		return NULL;
	*n = r->nintervals < DD_INTERVALS_MAX ? r->nintervals : DD_INTERVALS_MAX;
	return r->intervals;
}

/* The rate a cliff point wrote at without a cliff: a finished point's
 * measured rate (one shorter than an interval has no interval, and the
 * CLI prints the same figure), a running one's intervals so far; NAN none. */
static double
wl_cliff_rate(const struct tui_sweep *s, bool running, int sel, const struct dd_interval *iv,
	      size_t n)
{
	const struct dd_result *r;
	double			mean = 0;

	if (!running && sel >= 0 && (r = sweep_result_published(s->sw, (size_t)sel)) != NULL &&
	    r->mbps > 0)
		return r->mbps;
	for (size_t i = 0; i < n; i++)
		mean += iv[i].mbps / (double)n;
	return n > 0 ? mean : NAN;
}

/* The caption under the cliff graph: where, how much, before and after, the
 * spec; without a cliff, "so far" only while the point runs.  Each line
 * opens with the mark the graph draws for it: the cliff's vertical line,
 * the spec's horizontal one. */
static void
wl_cliff_caption(struct tui *t, struct cellbuf *cb, int x, int y, int w, int rows,
		 const struct workload_cliff *c, const struct spec_figure *spec, double rate,
		 bool running)
{
	char a[32], b[32], d[32], e[32], pct[32], vl[8], hl[8];

	vl[cellbuf_encode_utf8(t->g->v, vl)] = '\0';
	if (w < 60)	/* narrow: the line's figures before its mark */
		snprintf(vl, sizeof vl, "%s", "");
	hl[cellbuf_encode_utf8(t->g->h, hl)] = '\0';

	if (c->found)
		tui_print(cb, x, y, w, UI_WARN, UI_BOLD, "%s%scliff at %s s after %s: %s %s %s MB/s "
			  "(%s)", vl, vl[0] ? " " : "", fmt_number(c->t_s, 1, a, sizeof a),
			  fmt_bytes(c->bytes_before, b, sizeof b),
			  fmt_number(c->before_mbps, 0, d, sizeof d), t->sym->arrow,
			  fmt_number(c->after_mbps, 0, e, sizeof e),
			  chart_pct_delta(c->after_mbps, c->before_mbps, t->g, pct, sizeof pct));
	else if (isnan(rate))
		tui_print(cb, x, y, w, UI_DIM_TEXT, 0, running ? "no interval measured yet"
							       : "nothing measured");
	else
		tui_print(cb, x, y, w, UI_OK, 0, "no cliff %s: %s MB/s%s", running ? "so far" :
			  "found", fmt_number(rate, 0, a, sizeof a), running ? "" : " throughout");
	if (rows < 2)
		return;
	if (spec == NULL) {
		tui_print(cb, x, y + 1, w, UI_DIM_TEXT, 0, "no sustained write figure in the spec");
		return;
	}
	if (!c->found && isnan(rate)) {
		tui_print(cb, x, y + 1, w, UI_SPEC_TARGET, 0, "%s spec seq. write %s MB/s",
			  hl, fmt_number(spec->base, 0, a, sizeof a));
		return;
	}
	tui_print(cb, x, y + 1, w, UI_SPEC_TARGET, 0, "%s spec seq. write %s MB/s: %s %s",
		  hl, fmt_number(spec->base, 0, a, sizeof a),
		  c->found ? "after the cliff" : "measured",
		  chart_pct_delta(c->found ? c->after_mbps : rate, spec->base, t->g, pct,
				  sizeof pct));
}

/* Draw the cliff graph of the focus point. */
static void
wl_cliff_draw(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h,
	      const struct dd_point *focus, bool running, int sel)
{
	struct tui_sweep	  *s = &t->sweep;
	struct workload_cliff	   c;
	const struct spec_figure  *spec = tui_ref_spec_write(&s->ref, focus);
	size_t			   n;
	const struct dd_interval  *iv = wl_cliff_intervals(s, focus, running, sel, &n);
	double			   samples[2 * SWEEP_LIVE_MAX];
	struct chart_timegraph	   g;
	struct chart_axis	   ta;
	char			   title[192];
	int			   gx = x + 9, gw = w - 11, gh = h - 2 - 3;
	size_t			   m;

	snprintf(title, sizeof title, "write cliff %s MB/s per interval%s%s", t->sym->dot,
		 w >= 64 ? " of " : "", w >= 64 ? focus->name : "");
	cellbuf_box(cb, x, y, w, h, t->g, UI_BORDER, title, UI_TITLE);
	if (gw > SWEEP_LIVE_MAX)
		gw = SWEEP_LIVE_MAX;
	if (gh < 1 || gw < 8)
		return;
	m = tui_point_series_iv(iv, n, TUI_SERIES_MBPS, samples, 2 * (size_t)gw);
	/* The shared model (a report draws the same one to SVG). */
	chart_build_cliff(&g, title, samples, m, iv, n, spec, &c);
	chart_timegraph_draw(cb, gx, y + 1, gw, gh, &g, t->g);
	/* Its scale and time axis: the model's ticks (as the report's SVG). */
	chart_axis_draw_scale(cb, x + 1, y + 1, gx - x - 2, gh, &g.axis, true, UI_DIM_TEXT, t->g);
	if (chart_timegraph_time(&g, &ta))
		chart_axis_draw_across(cb, gx, y + gh + 1, gw, &ta, UI_DIM_TEXT, t->g);
	wl_cliff_caption(t, cb, x + 2, y + gh + 2, w - 4, h - gh - 3, &c, spec,
			 wl_cliff_rate(s, running, sel, iv, n), running);
}

/* ---- Entry points ---- */

/* Which panel a point calls for. */
enum tui_workload_panel
tui_workload_panel(const struct dd_point *p)
{
	if (wl_is_curve(p))
		return TUI_PANEL_CURVE;
	if (p->kind == DD_KIND_CHECKPOINT)
		return TUI_PANEL_CKPT;
	if (p->kind == DD_KIND_CLIFF)
		return TUI_PANEL_CLIFF;
	return TUI_PANEL_NONE;
}

/* Draw the panel of the focus point's workload into the box at (x, y). */
bool
tui_workload_draw(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h,
		  const struct dd_point *focus, bool running, int sel)
{
	switch (tui_workload_panel(focus)) {
	case TUI_PANEL_CURVE:
		wl_curve_draw(t, cb, x, y, w, h, focus->group);
		return true;
	case TUI_PANEL_CKPT:
		wl_ckpt_draw(t, cb, x, y, w, h, focus->group);
		return true;
	case TUI_PANEL_CLIFF:
		wl_cliff_draw(t, cb, x, y, w, h, focus, running, sel);
		return true;
	case TUI_PANEL_NONE:
		break;
	}
	return false;
}
