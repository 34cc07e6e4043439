/*
 * The Sweep screen: what the sweep controller (sweep-ctl.c) started, drawn,
 * and the keys that steer it.
 *
 * struct tui_sweep (view-sweep.h) is the model, changed by the controller;
 * this file reads it each frame and keeps only the screen's cursors in it
 * (fin_sel, heat_shape, drill, curve_p99).  Two modes: SETUP (pick target
 * and preset; the setup says what each target really is, device,
 * filesystem, mount point, before anything runs) and LIVE (the running
 * point with its bars against the spec and the review, latency, a time
 * graph, the IODepth x NumJobs heat map filling as points finish and the
 * finished list).  Once the sweep has ended, LIVE is the finished view: a
 * cursor on the finished list (fin_sel) chooses the point the bars, the
 * latency line and the time graph show (its whole interval series from the
 * full result), w steps the heat map through the plan's workloads
 * (heat_shape), and Enter opens the point's drill-down (view-point.c).  A
 * stored run (History) and a fleet host's lent sweep are drawn by the same
 * code; only the title says where a run came from.  The screen's hooks for
 * the frame (enter, leave, poll, stop, cleanup) are the controller's.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/format.h"
#include "core/record.h"
#include "core/results.h"
#include "core/session.h"
#include "core/workload.h"
#include "io/safety.h"
#include "lib/signals.h"
#include "ui/chart.h"
#include "ui/chart-build.h"
#include "ui/report.h"
#include "ui/tui.h"

#define HEAT_SHAPES_MAX 64	/* workloads the heat map steps through */

/* ---- Drawing: setup ---- */

/* The plan's time on a target in words: byte budgets (cliff, dlio) on a
 * device at the reference drive's spec sequential speeds over its size, or
 * said to be unknown (plan_estimate_say; a scratch file's speed is its
 * filesystem's, not the reference's). */
static const char *
sweep_estimate(struct tui *t, const struct tui_target *tg, const struct dd_plan *plan,
	       char *buf, size_t len)
{
	size_t			  at = workload_budget_point(plan->points, plan->npoints);
	const struct spec_figure *w = tg->device && at < plan->npoints ?
				      tui_ref_spec_write(&t->sweep.ref, &plan->points[at]) : NULL;
	const struct spec_figure *r = tg->device ? tui_ref_figure(&t->sweep.ref, "seq_read", 0)
						 : NULL;

	return plan_estimate_say(plan, tg->size, w != NULL ? w->base : NAN,
				 r != NULL ? r->base : NAN, buf, len);
}

/* The reference's reviewed capacity point by name ("7.68 TB"), "none". */
static const char *
sweep_review_point(const struct tui_sheet *ref, char *buf, size_t len)
{
	const struct spec_drive *d = NULL;

	if (ref->review_drive == NULL ||
	    specdb_find_drive(ref->pick.fam, 1, ref->review_drive, &d) == NULL)
		return ref->review_drive != NULL ? ref->review_drive : "none";
	return fmt_capacity(d->capacity_gb, buf, len);
}

/* Draw the setup: reference, targets, presets, the plan it makes. */
static void
sweep_draw_setup(struct tui *t, struct cellbuf *cb, int y, int h)
{
	struct tui_sweep	    *s = &t->sweep;
	struct dd_plan		     plan;
	struct dd_error		     err = { 0 };
	char			     label[160], eta[256];
	int			     row = y, end = y + h;
	bool			     writes_ok;
	int			     ntarget;

	tui_print(cb, 1, row, -1, UI_TITLE, UI_BOLD, "Reference");
	if (s->ref.loaded) {
		int x = 13 + tui_print(cb, 13, row, -1, UI_REVIEW_REF, UI_BOLD, "%s",
				       tui_pick_label(s->ref.pick, true, label, sizeof label));

		size_t ntg = tui_ref_ntargets(&s->ref);

		if (ntg > 0)
			x += tui_print(cb, x, row, -1, UI_SPEC_TARGET, 0, "   %zu lab target%s first;",
				       ntg, ntg == 1 ? "" : "s");
		tui_print(cb, x, row, -1, UI_DIM_TEXT, 0, "%s review rows of %s; spec figures of "
			  "its sheet", ntg > 0 ? "" : "  ",
			  sweep_review_point(&s->ref, label, sizeof label));
	} else {
		tui_print(cb, 13, row, -1, UI_DIM_TEXT, 0,
			  "none: pick a drive on the Drives screen (1) and press s");
	}
	row++;
	tui_print(cb, 1, row, -1, UI_TITLE, UI_BOLD, "Results");
	if (s->store_note[0] != '\0')
		tui_print(cb, 13, row, cb->w - 14, t->opts.no_save ? UI_DIM_TEXT : UI_WARN, 0,
			  "%s%s", s->store_note, t->opts.no_save ? "" : "; sweeps run unsaved");
	else
		tui_print(cb, 13, row, cb->w - 14, UI_DIM_TEXT, 0, "every sweep is stored in %s "
			  "(5: History)", t->opts.results_path ? t->opts.results_path :
			  "the results store ($XDG_DATA_HOME/drivedash/results.db)");
	row += 2;
	tui_print(cb, 1, row++, -1, UI_TITLE, UI_BOLD, "Target%s",
		  s->field == 0 ? "   (Up/Down choose, Tab: preset)" : "");
	for (size_t i = 0; i < s->ntargets && row < end - 9; i++, row++) {
		bool sel = i == s->target_sel;

		if (sel)
			cellbuf_fill(cb, 1, row, cb->w - 2, 1, ' ', s->field == 0 ? UI_SELECTED :
				     UI_DEFAULT, 0);
		cellbuf_put_str(cb, 2, row, 1, sel ? t->sym->cursor : " ",
				sel && s->field == 0 ? UI_SELECTED : UI_KEY, UI_BOLD);
		tui_print(cb, 4, row, cb->w - 6, sel && s->field == 0 ? UI_SELECTED : UI_TEXT,
			  sel ? UI_BOLD : 0, "%s", s->targets[i].label);
		if (i == 0)
			s->targets_y = row;
	}
	/* What the selected target really is: device, filesystem, mount point. */
	if (s->ntargets > 0 && row < end - 8) {
		const struct tui_target *tg = &s->targets[s->target_sel];

		tui_print(cb, 4, row++, cb->w - 6, tg->bad ? UI_WARN : UI_DIM_TEXT, 0, "%s %s",
			  tg->bad ? "cannot measure:" : "measures a", tg->what);
	}
	row++;
	tui_print(cb, 1, row++, -1, UI_TITLE, UI_BOLD, "Preset%s",
		  s->field == 1 ? "   (Up/Down choose, Tab: target)" : "");
	s->presets_y = row;
	row = tui_presets_draw(t, cb, row, end - 3, s->preset_sel, &s->preset_top, s->field == 1);
	row++;
	if (s->ntargets > 0 && row < end) {
		const struct tui_target *tg = &s->targets[s->target_sel];

		if (tg->bad) {
			tui_print(cb, 1, row++, -1, UI_WARN, 0, "%s", tg->what);
		} else if (tui_sweep_build_plan(t, tg, &plan, &writes_ok, &ntarget, &err) == 0) {
			char with[48] = "";

			if (ntarget > 0)
				snprintf(with, sizeof with, " (%d for the lab's targets)", ntarget);
			tui_print(cb, 1, row++, -1, UI_TEXT, 0, "Plan %s: %zu point%s%s, %s%s%s",
				  plan.name, plan.npoints, plan.npoints == 1 ? "" : "s", with,
				  sweep_estimate(t, tg, &plan, eta, sizeof eta),
				  plan.repeat > 1 ? " (repeats included)" : "",
				  writes_ok ? (tg->device ? "; WRITES to the device" :
					       "; includes writes (scratch file)") :
				  "; read-only (--allow-write adds the write points)");
			if (row < end)
				tui_print(cb, 1, row++, -1, UI_DIM_TEXT, 0,
					  "s or Enter starts; x stops; the sweep keeps running on other "
					  "screens");
			plan_free(&plan);
		} else {
			tui_print(cb, 1, row++, -1, UI_WARN, 0, "%s", err.msg);
		}
	}
}

/* ---- The finished-list cursor ---- */

/* Move the cursor by d points (clamped); past the newest it follows again. */
static void
sweep_move(struct tui_sweep *s, int d)
{
	int n = s->sn != NULL && s->sw != NULL ? (int)s->sn->nresults : 0;
	int sel = tui_sweep_cursor(s) + d;

	if (n == 0)
		return;
	if (sel < 0)
		sel = 0;
	s->fin_sel = sel >= n - 1 && s->running ? -1 : sel >= n ? n - 1 : sel;
}

/* The distinct workloads of the plan, in plan order. */
size_t
tui_sweep_shapes(const struct tui_sweep *s, enum dd_pattern *pats, unsigned *bss, size_t max)
{
	size_t n = 0, k;

	for (size_t i = 0; i < s->plan.npoints && n < max; i++) {
		for (k = 0; k < n; k++)
			if (pats[k] == s->plan.points[i].pattern && bss[k] == s->plan.points[i].bs)
				break;
		if (k == n) {
			pats[n] = s->plan.points[i].pattern;
			bss[n++] = s->plan.points[i].bs;
		}
	}
	return n;
}

/* ---- Drawing: live ---- */

/* What the live panel shows: the running point, or the last finished one. */
struct sweep_focus {
	struct dd_point pt;
	bool		running, have, ramping;
	double		iops, mbps, mean, p50, p99, p999, max;
	double		progress;
	const struct dd_result *res;	/* the finished point's result; NULL running */
};

/* The focus's figures from a summary. */
static void
focus_figures(struct sweep_focus *f, const struct sweep_summary *sum)
{
	f->iops = sum->iops;
	f->mbps = sum->mbps;
	f->mean = sum->mean_us;
	f->p50 = sum->p50_us;
	f->p99 = sum->p99_us;
	f->p999 = sum->p999_us;
	f->max = sum->max_us;
}

/* The focus of the current snapshot. */
static void
sweep_focus(const struct tui_sweep *s, struct sweep_focus *f)
{
	const struct sweep_snapshot *sn = s->sn;
	int			     sel;

	memset(f, 0, sizeof *f);
	f->p50 = f->p99 = f->p999 = f->max = f->mean = f->iops = f->mbps = NAN;
	if (sn->state == SWEEP_RUNNING && !sn->preconditioning && sn->current.bs > 0) {
		f->pt = sn->current;
		f->running = f->have = true;
		f->progress = sn->point_progress;
		/* Ramping: nothing measured yet, so no numbers (not zeros). */
		f->ramping = sn->nlive == 0;
		if (f->ramping)
			return;
		focus_figures(f, &sn->running);
		return;
	}
	/* The finished point under the cursor (the newest when it follows). */
	sel = tui_sweep_cursor(s);
	if (sel < 0 || (size_t)sel >= s->plan.npoints)
		return;
	f->pt = s->plan.points[sel];
	f->have = true;
	f->res = sweep_result_published(s->sw, (size_t)sel);
	focus_figures(f, sweep_summary_published(s->sw, (size_t)sel));
	f->progress = 1;
}

/* A bar and its note: the bar with markers, the value and the review on the
 * first row; the lab's target (first) or the spec comparison (or why there is
 * none) on the second. */
static int
sweep_bar(struct tui *t, struct cellbuf *cb, int y, const char *label, double value,
	  const struct dd_point *pt, const struct dd_result *res, enum tui_metric m)
{
	struct tui_refval sp, rv, tg;
	bool		  target;
	struct chart_bars bars;
	int		  x = 8, barw = cb->w - 8 - 50, tx;
	char		  num[32], ref[32], pct[32];

	if (barw < 16)
		barw = 16;
	tui_ref_spec(&t->sweep.ref, pt, m, &sp);
	tui_ref_review(&t->sweep.ref, pt, m, &rv);
	target = tui_ref_target(&t->sweep.ref, pt, m, &tg) != NULL;
	/* The bar is the shared model's (a report draws the same one to SVG). */
	chart_bars_init(&bars, pt->name, m == TUI_M_IOPS ? "IOPS" : "MB/s");
	chart_build_bar(&bars, &t->sweep.ref, pt, value, m, label);
	tui_print(cb, 1, y, 7, UI_TITLE, UI_BOLD, "%s", label);
	chart_bars_draw(cb, x, y, barw, &bars, 0, NULL, t->g);
	tx = x + barw + 1;
	tui_print_right(cb, tx + 11, y, UI_MEASURED, UI_BOLD,
			tui_metric_text(t, m, value, num, sizeof num));
	tx += 13;
	if (!isnan(rv.value) && isnan(value)) {
		if (m == TUI_M_IOPS)
			fmt_count(rv.value, ref, sizeof ref);
		else
			fmt_number(rv.value, 1, ref, sizeof ref);
		tui_print(cb, tx, y, -1, UI_REVIEW_REF, 0, "%s review %s", t->sym->review, ref);
	} else if (!isnan(rv.value)) {
		if (m == TUI_M_IOPS)
			fmt_count(rv.value, ref, sizeof ref);
		else
			fmt_number(rv.value, 1, ref, sizeof ref);
		tx += tui_print(cb, tx, y, -1, UI_REVIEW_REF, 0, "%s review %s ", t->sym->review, ref);
		tui_print(cb, tx, y, -1, UI_TEXT, 0, "(%s)",
			  chart_pct_delta(value, rv.value, t->g, pct, sizeof pct));
	} else {
		tui_print(cb, tx, y, -1, UI_DIM_TEXT, 0, "no review at QD%u%s%u", pt->iodepth,
			  t->sym->times, pt->numjobs);
	}
	/* The second row: the lab's target, else the spec, compared or not, and why. */
	if (target) {
		tui_ref_target_line(t, cb, x, y + 1, value, &tg, res, m);
	} else if (sp.comparable) {
		if (m == TUI_M_IOPS)
			fmt_count(sp.value, ref, sizeof ref);
		else
			fmt_number(sp.value, 0, ref, sizeof ref);
		tx = x + tui_print(cb, x, y + 1, -1, UI_SPEC_TARGET, 0, "%s spec %s %s ", t->sym->spec,
				   ref, m == TUI_M_IOPS ? "IOPS" : "MB/s");
		if (!isnan(value))
			tx += tui_print(cb, tx, y + 1, -1, UI_TEXT, 0, "(%s) ",
					chart_pct_delta(value, sp.value, t->g, pct, sizeof pct));
		if (sp.rule == COMPARE_RATED_MAX || sp.derived)
			tui_print(cb, tx, y + 1, cb->w - tx - 1, UI_DIM_TEXT, 0, "%s%s%s%s",
				  sp.rule == COMPARE_RATED_MAX ? "rated max, depth not stated" : "",
				  sp.rule == COMPARE_RATED_MAX && sp.derived ? "; " : "",
				  sp.derived ? "from " : "", sp.derived ? sp.from : "");
	} else if (sp.note[0] != '\0') {
		tui_print(cb, x, y + 1, cb->w - x - 1, UI_DIM_TEXT, 0, "%s", sp.note);
	} else {
		tui_print(cb, x, y + 1, -1, UI_DIM_TEXT, 0, "no spec figure for %s",
			  tui_point_label(pt, ref, sizeof ref));
	}
	return 2;
}

/* The latency line against the review and the spec. */
static void
sweep_latency(struct tui *t, struct cellbuf *cb, int y, const struct sweep_focus *f)
{
	struct tui_refval sp, rv;
	char		  v[5][32], pct[32], note[64];
	const char	 *sep;
	int		  x;

	const double vals[5] = { f->mean, f->p50, f->p99, f->p999, f->max };

	for (int i = 0; i < 5; i++)
		if (isnan(vals[i]))
			snprintf(v[i], sizeof v[i], "%s", t->sym->dash);
		else
			fmt_number(vals[i], i == 4 ? 0 : 1, v[i], sizeof v[i]);
	tui_print(cb, 1, y, 7, UI_TITLE, UI_BOLD, "lat %ss", t->sym->micro);
	/* Tighter on a narrow screen, so that max still fits in 80 columns. */
	sep = cb->w < 100 ? "  " : "   ";
	x = 8 + tui_print(cb, 8, y, -1, UI_MEASURED, 0, "mean %s%sp50 %s%sp99 %s%sp99.9 %s%smax %s%s",
			  v[0], sep, v[1], sep, v[2], sep, v[3], sep, v[4],
			  f->running && cb->w >= 100 ? " (so far)" : "");
	x += 3;
	tui_ref_review(&t->sweep.ref, &f->pt, TUI_M_LAT, &rv);
	tui_ref_spec(&t->sweep.ref, &f->pt, TUI_M_LAT, &sp);
	if (!isnan(rv.value) && !isnan(f->mean))
		x += tui_print(cb, x, y, -1, UI_REVIEW_REF, 0, "%s review mean %s (%s)   ",
			       t->sym->review, fmt_number(rv.value, 1, v[0], sizeof v[0]),
			       chart_pct_delta(f->mean, rv.value, t->g, pct, sizeof pct));
	if (sp.comparable && !isnan(f->mean))
		tui_print(cb, x, y, -1, UI_SPEC_TARGET, 0, "%s spec %s typ. (%s)", t->sym->spec,
			  fmt_number(sp.value, 1, v[0], sizeof v[0]),
			  chart_pct_delta(f->mean, sp.value, t->g, pct, sizeof pct));
	else if (sp.fig != NULL) {
		snprintf(note, sizeof note, "spec %s %ss is for 4K QD1",
			 fmt_number(sp.value, 0, v[0], sizeof v[0]), t->sym->micro);
		tui_print_whole(cb, x, y, UI_DIM_TEXT, 0, note);
	}
}

/*
 * The drive's temperature under the graphs, on their time axis: one column
 * per graph column (chart_pair_columns), the sparkline's floor a few degrees
 * below the coolest sample so that a change of a degree or two shows.
 */
static void
sweep_temp_row(struct tui *t, struct cellbuf *cb, int x, int y, int w, int gw,
	       const double *temps, size_t n, const char *source)
{
	double cols[SWEEP_LIVE_MAX], lo = NAN, hi = NAN, last = NAN;
	char   num[32];

	if (gw > SWEEP_LIVE_MAX)
		gw = SWEEP_LIVE_MAX;
	for (size_t i = 0; i < n; i++) {
		if (isnan(temps[i]))
			continue;
		lo = isnan(lo) || temps[i] < lo ? temps[i] : lo;
		hi = isnan(hi) || temps[i] > hi ? temps[i] : hi;
		last = temps[i];
	}
	tui_print(cb, x, y, 7, UI_TITLE, 0, "temp");
	if (isnan(last)) {
		tui_print(cb, x + 8, y, gw, UI_DIM_TEXT, 0, "no reading yet (%s)", source);
		return;
	}
	chart_pair_columns(temps, n, gw, cols);
	for (int c = 0; c < gw; c++)
		cols[c] -= lo - 2;	/* the floor: 2 degrees below the coolest */
	chart_sparkline(cb, x + 8, y, gw, cols, (size_t)gw, hi - lo + 2, UI_TEMPERATURE, t->g);
	snprintf(num, sizeof num, "%.0f %sC", last, t->sym->deg);
	tui_print_right(cb, x + w, y, UI_TEMPERATURE, 0, num);
}

/* The series the time graphs show: the running point's live intervals, or
 * the whole of the cursor's finished point folded to the graph's width. */
struct sweep_series {
	double iops[SWEEP_LIVE_MAX], p99[SWEEP_LIVE_MAX], temp[SWEEP_LIVE_MAX];
	size_t n;
	double span;		/* seconds the series covers */
	char   what[96];	/* "this point", or the finished point's name */
};

/* Fill the graphs' series for a graph gw columns wide. */
static void
sweep_series_fill(const struct tui_sweep *s, int gw, struct sweep_series *ser)
{
	const struct sweep_snapshot *sn = s->sn;
	const struct dd_result	    *r;
	size_t			     max = gw * 2 < SWEEP_LIVE_MAX ? (size_t)(gw > 0 ? gw * 2 : 1) :
					   SWEEP_LIVE_MAX;
	int			     sel;

	ser->n = 0;
	ser->span = 0;
	snprintf(ser->what, sizeof ser->what, "this point");
	if (sn->state == SWEEP_RUNNING) {
		ser->n = sn->nlive;
		for (size_t i = 0; i < ser->n; i++) {
			ser->iops[i] = sn->live[i].iops;
			ser->p99[i] = sn->live[i].p99_us;
			ser->temp[i] = sn->live[i].temp_c;
		}
		ser->span = ser->n > 0 ? sn->live[ser->n - 1].t_s : 0;
		return;
	}
	sel = tui_sweep_cursor(s);
	if (sel < 0 || (r = sweep_result_published(s->sw, (size_t)sel)) == NULL)
		return;
	ser->n = tui_point_series(r, TUI_SERIES_IOPS, ser->iops, max);
	tui_point_series(r, TUI_SERIES_P99, ser->p99, max);
	tui_point_series(r, TUI_SERIES_TEMP, ser->temp, max);
	ser->span = r->nintervals > 0 ? r->intervals[r->nintervals - 1].t_s : 0;
	snprintf(ser->what, sizeof ser->what, "%s", r->point.name);
}

/* The time graphs: IOPS, p99, temperature of the running point, or of the
 * finished point under the cursor once the sweep is over. */
static void
sweep_graphs(struct tui *t, struct cellbuf *cb, int y, int h, bool boxed)
{
	const struct sweep_snapshot *sn = t->sweep.sn;
	struct sweep_series	     ser;
	struct chart_timegraph	     g;
	int			     x = boxed ? 2 : 1, w = cb->w - (boxed ? 4 : 2), gw, ih, ph, row;
	char			     num[32], title[160];
	size_t			     n;
	bool			     temp = sn->temp_source[0] != '\0';

	gw = w - 8 - 14;
	sweep_series_fill(&t->sweep, gw, &ser);
	n = ser.n;
	if (boxed) {
		snprintf(title, sizeof title, "IOPS and p99 per interval %s %.0f s of %s%s",
			 t->sym->dot, ser.span, ser.what, temp ? ", drive temperature" : "");
		cellbuf_box(cb, 0, y, cb->w, h, t->g, UI_BORDER, title, UI_TITLE);
		y++;
		h -= 2;
	}
	ih = h >= 6 ? h - 2 - temp : h >= 3 ? h - 1 - (temp && h > 3) : 1;
	if (ih < 1)
		ih = 1;
	ph = h - ih - (temp && h > 3);
	row = y;
	tui_print(cb, x, row, 7, UI_TITLE, 0, "IOPS");
	/* The graphs are the shared models' (a report draws the same ones to SVG). */
	chart_timegraph_init(&g, "IOPS per interval", "IOPS", ser.iops, n,
			     n > 0 ? ser.span / (double)n : NAN, UI_GRAPH);
	chart_timegraph_draw(cb, x + 8, row, gw, ih, &g, t->g);
	if (n > 0)
		tui_print_right(cb, x + w, row + ih - 1, UI_MEASURED, 0,
				fmt_count(ser.iops[n - 1], num, sizeof num));
	row += ih;
	if (ph > 0) {
		tui_print(cb, x, row, 7, UI_TITLE, 0, "p99 %ss", t->sym->micro);
		chart_timegraph_init(&g, "p99 latency per interval", "µs", ser.p99, n,
				     n > 0 ? ser.span / (double)n : NAN, UI_WRITE);
		chart_timegraph_draw(cb, x + 8, row, gw, ph, &g, t->g);
		if (n > 0)
			tui_print_right(cb, x + w, row + ph - 1, UI_WRITE, 0,
					fmt_number(ser.p99[n - 1], 1, num, sizeof num));
		row += ph;
	}
	if (temp && row < y + h && gw > 0)
		sweep_temp_row(t, cb, x, row, w, gw, ser.temp, n, sn->temp_source);
}

/* The plan's shape (pattern, bs) for the heat map: the running point's, if
 * the plan has several points of it, else the shape with the most points. */
static void
sweep_heat_shape(const struct tui_sweep *s, const struct sweep_focus *f, enum dd_pattern *pat,
		 unsigned *bs)
{
	size_t		best = 0, count;
	enum dd_pattern pats[HEAT_SHAPES_MAX];
	unsigned	bss[HEAT_SHAPES_MAX];

	if (s->heat_shape >= 0 &&
	    (size_t)s->heat_shape < tui_sweep_shapes(s, pats, bss, HEAT_SHAPES_MAX)) {
		*pat = pats[s->heat_shape];
		*bs = bss[s->heat_shape];
		return;
	}
	*pat = f->have ? f->pt.pattern : DD_RANDREAD;
	*bs = f->have ? f->pt.bs : 4096;
	count = 0;
	for (size_t i = 0; i < s->plan.npoints; i++)
		count += s->plan.points[i].pattern == *pat && s->plan.points[i].bs == *bs;
	if (count >= 2)
		return;
	for (size_t i = 0; i < s->plan.npoints; i++) {
		count = 0;
		for (size_t j = 0; j < s->plan.npoints; j++)
			count += s->plan.points[j].pattern == s->plan.points[i].pattern &&
				 s->plan.points[j].bs == s->plan.points[i].bs;
		if (count > best) {
			best = count;
			*pat = s->plan.points[i].pattern;
			*bs = s->plan.points[i].bs;
		}
	}
}

/* Step the heat map to the next (dir 1) or previous workload of the plan. */
static void
sweep_heat_step(struct tui *t, int dir)
{
	struct tui_sweep  *s = &t->sweep;
	struct sweep_focus f;
	enum dd_pattern	   pats[HEAT_SHAPES_MAX], pat;
	unsigned	   bss[HEAT_SHAPES_MAX], bs;
	size_t		   n = tui_sweep_shapes(s, pats, bss, HEAT_SHAPES_MAX), cur = 0;
	char		   what[64];

	if (n == 0)
		return;
	sweep_focus(s, &f);
	sweep_heat_shape(s, &f, &pat, &bs);
	for (size_t i = 0; i < n; i++)
		if (pats[i] == pat && bss[i] == bs)
			cur = i;
	s->heat_shape = (int)((cur + n + (dir > 0 ? 1 : n - 1)) % n);
	{
		struct dd_point p = { .pattern = pats[s->heat_shape], .bs = bss[s->heat_shape] };

		tui_message(t, false, "heat map: %s (workload %d of %zu; w next, W previous)",
			    tui_point_label(&p, what, sizeof what), s->heat_shape + 1, n);
	}
}

/* The IODepth x NumJobs heat map of the plan's shape, filling as points
 * finish: the shared model (chart_build_heat, as a report builds it), with
 * the focus point's live value in its cell. */
static void
sweep_heat(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h,
	   const struct sweep_focus *f)
{
	const struct tui_sweep	    *s = &t->sweep;
	const struct sweep_snapshot *sn = s->sn;
	struct chart_heat_data	    *d = malloc(sizeof *d);
	char			     title[160], what[64];
	struct chart_heatmap	     hm;
	enum dd_pattern		     pat, pats[HEAT_SHAPES_MAX];
	unsigned		     bs, bss[HEAT_SHAPES_MAX];
	size_t			     nf = sn->nfinished < SWEEP_FINISHED_MAX ? sn->nfinished :
					  SWEEP_FINISHED_MAX;
	size_t			     nshapes = tui_sweep_shapes(s, pats, bss, HEAT_SHAPES_MAX);
	size_t			     cur = 0;
	int			     nq, cell, rows;

	if (d == NULL)
		return;
	sweep_heat_shape(s, f, &pat, &bs);
	chart_build_heat(d, s->plan.points, s->plan.npoints, sn->finished, nf, pat, bs,
			 t->sym->times);
	for (size_t i = 0; i < nshapes; i++)
		if (pats[i] == pat && bss[i] == bs)
			cur = i;
	{
		struct dd_point p = { .pattern = pat, .bs = bs };

		for (size_t i = 0; i < s->plan.npoints; i++)
			if (s->plan.points[i].pattern == pat && s->plan.points[i].bs == bs) {
				p.read_pct = s->plan.points[i].read_pct;	/* a mix's */
				break;
			}
		tui_point_label(&p, what, sizeof what);
	}
	if (nshapes > 1)
		snprintf(title, sizeof title, "%s (w %zu/%zu) %s %s over IODepth %s NumJobs", what,
			 cur + 1, nshapes, t->sym->dot, d->rate_iops ? "IOPS (K)" : "MB/s",
			 t->sym->times);
	else
		snprintf(title, sizeof title, "%s %s %s over IODepth %s NumJobs", what, t->sym->dot,
			 d->rate_iops ? "IOPS (K)" : "MB/s", t->sym->times);
	cellbuf_box(cb, x, y, w, h, t->g, UI_BORDER, title, UI_TITLE);
	nq = d->nq;
	if (nq == 0) {
		free(d);
		return;
	}
	cell = f->have ? chart_heat_cell(d, &f->pt) : -1;
	if (cell >= 0)
		d->grid[cell] = d->rate_iops ? f->iops / 1e3 : f->mbps;
	chart_heat_model(d, t->sym->times, &hm);
	if (cell >= 0) {
		hm.sel_row = cell / d->nj;
		hm.sel_col = cell % d->nj;
	}
	rows = nq < h - 3 ? nq : h - 3;
	hm.rows = rows;
	hm.cell_w = (w - 4 - hm.label_w) / (d->nj > 0 ? d->nj : 1);
	if (hm.cell_w > 10)
		hm.cell_w = 10;
	hm.decimals = hm.cell_w >= 9 ? 1 : 0;
	if (hm.rows > 0 && hm.cell_w >= 4) {
		chart_heatmap(cb, x + 2, y + 1, &hm, t->g);
		/* What the shades mean, in the rows between the grid and the note. */
		chart_heatmap_legend(cb, x + 2, y + 2 + hm.rows + 1, w - 4, h - 6 - hm.rows, &hm,
				     t->g);
	}
	if (nq > hm.rows && h > 2)
		tui_print(cb, x + 2, y + h - 2, w - 4, UI_DIM_TEXT, 0, "%d more rows below (taller "
			  "terminal)", nq - hm.rows);
	else if (hm.rows + 3 < h - 1 && d->note[0])
		tui_print(cb, x + 2, y + h - 2, w - 4, UI_DIM_TEXT, 0, "%s", d->note);
	free(d);
}

/* The mark after a review reference: the check mark only within the
 * tolerance band (compare_band, both sides), else the signed % off it. */
static void
sweep_review_mark(struct tui *t, struct cellbuf *cb, int x, int y, int w, double v, double ref)
{
	char pct[32];

	switch (compare_band(v, ref, COMPARE_DEFAULT_TOLERANCE)) {
	case COMPARE_BAND_IN:
		tui_print(cb, x, y, w, UI_OK, UI_BOLD, "%s", t->sym->ok);
		break;
	case COMPARE_BAND_ABOVE:
		tui_print(cb, x, y, w, UI_OK, 0, "%s", chart_pct_delta(v, ref, t->g, pct, sizeof pct));
		break;
	case COMPARE_BAND_BELOW:
		tui_print(cb, x, y, w, UI_FAIL, UI_BOLD, "%s",
			  chart_pct_delta(v, ref, t->g, pct, sizeof pct));
		break;
	case COMPARE_BAND_NONE:
		break;
	}
}
/* A latency for the finished list, in the column's µs: one decimal below
 * 1,000, thousands as "12.3K" from 10,000 (so mean/p99 fits its 13
 * columns; never "ms" in a µs column). */
static char *
sweep_lat_text(double us, char *buf, size_t len)
{
	if (us >= 10000)
		return fmt_count(us, buf, len);
	return fmt_number(us, us < 1000 ? 1 : 0, buf, len);
}

/* The first row of the finished list shown: the cursor's row in view. */
static int
sweep_finished_first(struct tui_sweep *s, size_t nf, int rows)
{
	int sel = tui_sweep_cursor(s), k_sel = (int)nf - 1, first;

	for (size_t k = 0; k < nf; k++)
		if (sel >= 0 && s->sn->finished[k].index == (size_t)sel)
			k_sel = (int)k;
	first = s->fin_top;
	if (first > k_sel)
		first = k_sel;
	if (k_sel >= first + rows)
		first = k_sel - rows + 1;
	if (first > (int)nf - rows)
		first = (int)nf - rows;
	if (first < 0)
		first = 0;
	s->fin_top = first;
	return first;
}

/* The name column of a finished point: a curve step by its target, a
 * checkpoint by pass and number (the panel names the workload), anything
 * else by its name. */
static const char *
sweep_finished_name(struct tui *t, const struct dd_point *p, const struct sweep_summary *sum,
		    char *buf, size_t len)
{
	char num[32];

	if (p->kind == DD_KIND_CURVE_MAX)
		snprintf(buf, len, "curve %u: max", p->group);
	else if (p->kind == DD_KIND_CURVE_STEP && sum->rate_iops > 0)
		snprintf(buf, len, "@%.0f%% %s %s", p->rate_pct, t->sym->arrow,
			 fmt_count(sum->rate_iops, num, sizeof num));
	else if (p->kind == DD_KIND_CURVE_STEP)
		snprintf(buf, len, "@%.0f%%", p->rate_pct);
	else if (p->kind == DD_KIND_CHECKPOINT && p->pass > 0)
		snprintf(buf, len, "pass %u ckpt %u", p->pass, p->seq);
	else
		snprintf(buf, len, "%s", sum->name);
	return buf;
}

/* The rate column: IOPS, MB/s for sequential points, GiB/s for thread scaling. */
static void
sweep_finished_rate(const struct dd_point *p, const struct sweep_summary *sum, bool wide,
		    char *buf, size_t len)
{
	char num[32];

	if (p->kind == DD_KIND_CHECKPOINT)
		snprintf(buf, len, "%s s", fmt_number(sum->elapsed_s, sum->elapsed_s < 10 ? 2 : 1,
						      num, sizeof num));
	else if (p->kind == DD_KIND_THREADS)
		snprintf(buf, len, "%s GiB/s", fmt_number(workload_gibps(sum->mbps), 2, num,
							  sizeof num));
	else if (!dd_pattern_random(p->pattern) && wide)
		snprintf(buf, len, "%s MB/s", fmt_number(sum->mbps, 0, num, sizeof num));
	else if (!dd_pattern_random(p->pattern))
		fmt_number(sum->mbps, 0, buf, len);
	else
		fmt_count(sum->iops, buf, len);
}

/* The latency column: mean/p99, or for a mix the reads' and writes' means. */
static void
sweep_finished_lat(const struct sweep_summary *sum, char *buf, size_t len)
{
	char a[14], b[14];

	if (sum->read_share > 0 && sum->read_share < 100 && !isnan(sum->read_mean_us) &&
	    !isnan(sum->write_mean_us))
		snprintf(buf, len, "r%s w%s", sweep_lat_text(sum->read_mean_us, a, sizeof a),
			 sweep_lat_text(sum->write_mean_us, b, sizeof b));
	else
		snprintf(buf, len, "%s/%s", sweep_lat_text(sum->mean_us, a, sizeof a),
			 sweep_lat_text(sum->p99_us, b, sizeof b));
}

/* A curve step's achieved share of its target: within 2 % is on target. */
static void
sweep_finished_target(struct tui *t, struct cellbuf *cb, int x, int row, int w,
		      const struct sweep_summary *sum)
{
	char   num[32];
	double pct = sum->iops / sum->rate_iops * 100;

	(void)t;
	snprintf(num, sizeof num, "%.1f%%", pct);
	tui_print(cb, x, row, w, fabs(pct - 100) <= 2 ? UI_OK : UI_WARN, 0, " %s", num);
}

/* One row of the finished list: name, rate, latency (mean/p99), review
 * verdict; true when it drew the review's mark (the list's legend says it). */
static bool
sweep_finished_row(struct tui *t, struct cellbuf *cb, int x, int row, int w,
		   const struct sweep_summary *sum, bool sel)
{
	struct tui_sweep  *s = &t->sweep;
	struct tui_refval  rv;
	struct verdict	   tv;
	const struct dd_point *p = &s->plan.points[sum->index];
	bool		   seq = !dd_pattern_random(p->pattern), wide = w >= 60;
	bool		   gib = p->kind == DD_KIND_THREADS;
	int		   namew = wide ? 22 : w - 4 - 22, valw = (seq || gib) && wide ? 12 : 8;
	int		   cx = x + 2;
	double		   v = seq ? sum->mbps : sum->iops;
	uint8_t		   role = sel ? UI_SELECTED : UI_TEXT;
	char		   num[32], ref[32];

	if (sel)
		cellbuf_fill(cb, x + 1, row, w - 2, 1, ' ', UI_SELECTED, 0);
	cellbuf_put_str(cb, x + 1, row, 1, sel ? t->sym->cursor : " ", role, UI_BOLD);
	tui_print(cb, cx, row, namew, role, sel ? UI_BOLD : 0, "%s",
		  sweep_finished_name(t, p, sum, ref, sizeof ref));
	cx += namew + 1;
	sweep_finished_rate(p, sum, wide, num, sizeof num);
	tui_print_right(cb, cx + valw - 1, row, sel ? role : UI_MEASURED, 0, num);
	cx += valw;
	if (sum->status != 0 || sum->cancelled) {
		tui_print(cb, cx + 1, row, x + w - 2 - cx, sum->status ? UI_FAIL : UI_WARN,
			  sum->status ? UI_BOLD : 0, sum->status ? "FAILED" : "stopped");
		return false;
	}
	sweep_finished_lat(sum, num, sizeof num);
	tui_print_right(cb, cx + 13, row, sel ? role : UI_TEXT, 0, num);
	cx += 14;
	if (p->kind == DD_KIND_CURVE_STEP && sum->rate_iops > 0) {
		sweep_finished_target(t, cb, cx, row, x + w - 1 - cx, sum);
		return false;
	}
	if (sum->index < s->sn->nresults &&
	    tui_ref_target_verdict(&s->ref, sweep_result_published(s->sw, sum->index),
				   seq ? TUI_M_MBPS : TUI_M_IOPS, s->ev_known ? &s->ev : NULL, &tv)) {
		/* The lab's target decides this point, as in `check`. */
		tui_print(cb, cx, row, x + w - 1 - cx, tui_ref_verdict_role(tv.status), UI_BOLD,
			  " %s target %s", t->sym->spec, verdict_status_name(tv.status));
		return false;
	}
	tui_ref_review(&s->ref, p, seq ? TUI_M_MBPS : TUI_M_IOPS, &rv);
	if (isnan(rv.value) || cx + 12 > x + w - 1)
		return false;
	if (seq)
		fmt_number(rv.value, 0, ref, sizeof ref);
	else
		fmt_count(rv.value, ref, sizeof ref);
	cx += tui_print(cb, cx, row, -1, UI_REVIEW_REF, 0, " %s %s ", t->sym->review, ref);
	sweep_review_mark(t, cb, cx, row, x + w - 1 - cx, v, rv.value);
	return true;
}

/* The finished points: rate, latency and review verdict, with the cursor
 * (Enter opens the drill-down of its point). */
static void
sweep_finished(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h)
{
	struct tui_sweep	    *s = &t->sweep;
	const struct sweep_snapshot *sn = s->sn;
	size_t			     nf = sn->nfinished < SWEEP_FINISHED_MAX ? sn->nfinished :
					  SWEEP_FINISHED_MAX;
	int			     rows = h - 2, first, row = y + 1, sel = tui_sweep_cursor(s);
	size_t			     done = 0;
	char			     title[96];
	bool			     marks = false;

	for (size_t k = 0; k < nf; k++)
		done += sn->finished[k].index < s->plan.npoints;
	snprintf(title, sizeof title, "finished %zu of %zu %s lat %ss mean/p99", done,
		 sn->npoints, t->sym->dot, t->sym->micro);
	cellbuf_box(cb, x, y, w, h, t->g, UI_BORDER, title, UI_TITLE);
	if (rows <= 0)
		return;
	first = sweep_finished_first(s, nf, rows);
	for (int k = first; k < (int)nf && row < y + h - 1; k++, row++) {
		const struct sweep_summary *sum = &sn->finished[k];

		if (sum->index >= s->plan.npoints)
			tui_print(cb, x + 2, row, w - 4, UI_DIM_TEXT, 0,
				  "%s (the target written %g time%s over)", sum->name,
				  s->plan.precondition_passes,
				  s->plan.precondition_passes == 1 ? "" : "s");
		else
			marks |= sweep_finished_row(t, cb, x, row, w, sum,
						    sel >= 0 && sum->index == (size_t)sel &&
						    (!s->running || s->fin_sel >= 0));
	}
	if (nf == 0)
		tui_print(cb, x + 2, y + 1, w - 4, UI_DIM_TEXT, 0, "none yet");
	else if (marks && row < y + h - 2)	/* the review marks' legend, on the last row */
		tui_print(cb, x + 2, y + h - 2, w - 4, UI_DIM_TEXT, 0,
			  "%s review %s %s within %.0f%% of it %s else %% off it", t->sym->review,
			  t->sym->dot, t->sym->ok, COMPARE_DEFAULT_TOLERANCE * 100, t->sym->dot);
}

/* The heat map's width: what its columns need (50 to 68 columns on a wide
 * screen, at most 55 % of a narrow one), the rest to the finished list. */
static int
sweep_heat_width(const struct tui_sweep *s, const struct sweep_focus *f, int w)
{
	struct chart_heat_data d;
	int		       nj, need;
	enum dd_pattern	       pat;
	unsigned	       bs;

	sweep_heat_shape(s, f, &pat, &bs);
	chart_build_heat(&d, s->plan.points, s->plan.npoints, NULL, 0, pat, bs, NULL);
	nj = d.nj;
	if (w >= 120) {
		need = 10 + (nj > 0 ? nj : 1) * 10;
		return need < 50 ? 50 : need > 68 ? 68 : need;
	}
	need = 10 + (nj > 0 ? nj : 1) * 7;
	if (need < 30)
		need = 30;
	return need < w * 55 / 100 ? need : w * 55 / 100;
}

/* Draw the live panel. */
static void
sweep_draw_live(struct tui *t, struct cellbuf *cb, int y, int h)
{
	struct tui_sweep	    *s = &t->sweep;
	const struct sweep_snapshot *sn = s->sn;
	struct sweep_focus	     f;
	char			     what[64], num[32], tot[32], ref[160];
	int			     row = y, graph_h, box_y, heat_w;
	bool			     boxed = h >= 30;
	enum tui_workload_panel	     panel;

	sweep_focus(s, &f);
	if (sn->preconditioning) {
		tui_print(cb, 1, row, -1, UI_TEXT, UI_BOLD,
			  "preparing the scratch file: writing it once so reads hit data (%.0f%%)",
			  sn->point_progress * 100);
	} else if (f.have) {
		int x = 1 + tui_print(cb, 1, row, -1, UI_TITLE, UI_BOLD, "%s",
				      tui_point_label(&f.pt, what, sizeof what));

		x += tui_print(cb, x + 3, row, -1, UI_TEXT, 0, "IODepth %u %s NumJobs %u",
			       f.pt.iodepth, t->sym->times, f.pt.numjobs) + 3;
		if (f.running && f.ramping) {
			x += tui_print(cb, x + 3, row, -1, UI_WARN, 0, "ramp %s s: not measured yet",
				       fmt_number(f.pt.ramp_s, 1, num, sizeof num)) + 3;
		} else if (f.running && f.pt.runtime_s <= 0 && f.pt.bytes > 0) {
			/* A byte budget: how much of it is written or read. */
			fmt_number(f.progress * 100, 0, num, sizeof num);
			fmt_size((double)f.pt.bytes, tot, sizeof tot);
			x += tui_print(cb, x + 3, row, -1, UI_DIM_TEXT, 0, "%s%% of %s   ramp %s", num,
				       tot, t->sym->ok) + 3;
		} else if (f.running) {
			fmt_number(f.progress * (f.pt.runtime_s > 0 ? f.pt.runtime_s : 0), 1, num,
				   sizeof num);
			fmt_number(f.pt.runtime_s, 1, tot, sizeof tot);
			x += tui_print(cb, x + 3, row, -1, UI_DIM_TEXT, 0, "%s s of %s s   ramp %s", num,
				       tot, t->sym->ok) + 3;
			if (sn->nruns > 1)
				x += tui_print(cb, x + 3, row, -1, UI_DIM_TEXT, 0, "run %u/%u", sn->run,
					       sn->nruns) + 3;
			if (sn->round > 0)
				tui_print(cb, x + 3, row, -1, UI_DIM_TEXT, 0, "steady-state round %u",
					  sn->round);
		} else {
			tui_print(cb, x + 3, row, -1, UI_DIM_TEXT, 0, "point %d of %zu (j/k another, "
				  "Enter opens it)", tui_sweep_cursor(s) + 1, sn->npoints);
		}
	} else {
		tui_print(cb, 1, row, -1, UI_DIM_TEXT, 0, "starting...");
	}
	row++;
	if (f.have && !sn->preconditioning) {
		row += sweep_bar(t, cb, row, "IOPS", f.iops, &f.pt, f.res, TUI_M_IOPS);
		row += sweep_bar(t, cb, row, "MB/s", f.mbps, &f.pt, f.res, TUI_M_MBPS);
		sweep_latency(t, cb, row++, &f);
	} else {
		row += 5;
	}
	tui_print(cb, 1, row++, -1, UI_DIM_TEXT, 0,
		  "%s measured   %s %sspec target%s   %s review: %s",
		  t->sym->measured, t->sym->spec, s->ref.sheet.ntargets > 0 ? "lab or " : "",
		  cb->w >= 120 ? " (a rated max where the sheet states no depth)" : "", t->sym->review,
		  s->ref.loaded ? tui_pick_label(s->ref.pick, true, ref, sizeof ref) :
		  "none (pick a drive, then s)");
	/* Graph, then the heat map (or the workload's panel) and the finished
	 * list side by side. */
	panel = f.have ? tui_workload_panel(&f.pt) : TUI_PANEL_NONE;
	graph_h = boxed ? 9 : 3;
	if (panel == TUI_PANEL_CLIFF || (panel != TUI_PANEL_NONE && !boxed))
		graph_h = 0;	/* the cliff graph is the interval graph; small: the panel */
	if (graph_h > 0 && y + h - row - graph_h < 6)
		graph_h = y + h - row - 6 > 1 ? y + h - row - 6 : 1;
	if (graph_h > 0)
		sweep_graphs(t, cb, row, graph_h, boxed);
	box_y = row + graph_h;
	if (y + h - box_y < 3)
		return;
	if (panel != TUI_PANEL_NONE) {
		heat_w = cb->w >= 120 ? cb->w - 62 : cb->w / 2;
		tui_workload_draw(t, cb, 0, box_y, heat_w, y + h - box_y, &f.pt, f.running,
				  tui_sweep_cursor(s));
	} else {
		heat_w = sweep_heat_width(s, &f, cb->w);
		sweep_heat(t, cb, 0, box_y, heat_w, y + h - box_y, &f);
	}
	sweep_finished(t, cb, heat_w + 1, box_y, cb->w - heat_w - 1, y + h - box_y);
}

/* Draw the Sweep screen. */
static void
sweep_draw(struct tui *t, struct cellbuf *cb, int y, int h)
{
	if (t->sweep.mode == TUI_SWEEP_LIVE && t->sweep.sn != NULL && t->sweep.sw != NULL &&
	    t->sweep.drill && tui_sweep_selected(t) >= 0)
		tui_point_draw(t, cb, y, h);
	else if (t->sweep.mode == TUI_SWEEP_LIVE && t->sweep.sn != NULL && t->sweep.sw != NULL)
		sweep_draw_live(t, cb, y, h);
	else
		sweep_draw_setup(t, cb, y, h);
}

/*
 * Step the reference to the next (dir 1) or previous (-1) capacity point
 * that has review measurements, in the database's order, wrapping around;
 * the markers follow at the next frame, also while a sweep runs.
 */
static void
sweep_cycle_ref(struct tui *t, int dir)
{
	struct tui_sweep *s = &t->sweep;
	struct tui_pick	  picks[512], next;
	struct dd_error	  err = { 0 };
	size_t		  n = 0, cur = SIZE_MAX;
	char		  label[160];

	for (size_t f = 0; f < t->nfams; f++)
		for (size_t d = 0; d < t->fams[f].ndrives && n < 512; d++) {
			if (t->fams[f].drives[d].nmeasurements == 0)
				continue;
			if (s->ref.loaded && s->ref.pick.drive == &t->fams[f].drives[d])
				cur = n;
			picks[n].fam = &t->fams[f];
			picks[n++].drive = &t->fams[f].drives[d];
		}
	if (n == 0) {
		tui_message(t, false, "no drive in the database has review measurements");
		return;
	}
	if (cur == SIZE_MAX)
		next = picks[dir > 0 ? 0 : n - 1];
	else
		next = picks[(cur + n + (size_t)(dir > 0 ? 1 : n - 1)) % n];
	if (tui_sheet_load(&s->ref, t->db, next, &err) < 0) {
		tui_message(t, true, "%s", err.msg);
		return;
	}
	tui_message(t, false, "reference: %s (%zu review figures; r next, R previous)",
		    tui_sweep_ref_label(t, true, label, sizeof label), next.drive->nmeasurements);
	t->dirty = true;
}

/* The keys that differ for a lent sweep: Esc and f go back to the Fleet,
 * nothing starts or sets up here; 1 if used. */
static int
sweep_lent_key(struct tui *t, const struct tui_event *ev)
{
	switch (ev->key) {
	case TUI_KEY_ESC: case 'f':
		tui_nav_open(t, TUI_VIEW_FLEET, NULL);
		return 1;
	case 's': case 'e': case TUI_KEY_TAB:
		tui_message(t, false, "a fleet host's sweep: f goes back to the Fleet screen");
		return 1;
	}
	return 0;
}

/* Handle a key on the Sweep screen. */
static int
sweep_key(struct tui *t, const struct tui_event *ev)
{
	struct tui_sweep *s = &t->sweep;
	size_t		  npre;

	plan_presets(&npre);
	if (s->mode == TUI_SWEEP_LIVE && s->sw != NULL && s->drill && tui_point_key(t, ev))
		return 1;
	if (s->borrowed && sweep_lent_key(t, ev))
		return 1;
	if (s->mode == TUI_SWEEP_LIVE && s->sw != NULL) {
		switch (ev->key) {
		case 's':
			if (!tui_sweep_running(t))
				tui_sweep_start(t);
			return 1;
		case 'e': case TUI_KEY_TAB:
			if (!tui_sweep_running(t))
				s->mode = TUI_SWEEP_SETUP;
			else
				tui_message(t, false, "a sweep is running: x stops it first");
			return 1;
		case TUI_KEY_PGUP: case TUI_KEY_WHEEL_UP: case 'k': case TUI_KEY_UP:
			sweep_move(s, ev->key == TUI_KEY_PGUP ? -5 : -1);
			return 1;
		case TUI_KEY_PGDN: case TUI_KEY_WHEEL_DOWN: case 'j': case TUI_KEY_DOWN:
			sweep_move(s, ev->key == TUI_KEY_PGDN ? 5 : 1);
			return 1;
		case TUI_KEY_HOME: case 'g':
			sweep_move(s, -(int)SWEEP_FINISHED_MAX);
			return 1;
		case TUI_KEY_END: case 'G':
			sweep_move(s, (int)SWEEP_FINISHED_MAX);
			return 1;
		case TUI_KEY_ENTER:
			if (tui_sweep_cursor(s) < 0) {
				tui_message(t, false, "no point has finished yet");
				return 1;
			}
			s->drill = true;
			return 1;
		case 'w': case 'W':
			sweep_heat_step(t, ev->key == 'w' ? 1 : -1);
			return 1;
		case 'C':
			tui_nav_open(t, TUI_VIEW_COMPARE, NULL);
			return 1;
		case 'r': case 'R':
			sweep_cycle_ref(t, ev->key == 'r' ? 1 : -1);
			return 1;
		case 'P':	/* an HTML report of the run shown (report-save.c) */
			if (tui_sweep_running(t))
				tui_message(t, true, "the sweep is still running: P reports it once "
					    "it has ended");
			else
				report_save(t, (int64_t[]){ s->stored_id ? s->stored_id :
					    t->nruns ? t->runs[t->nruns - 1].stored_id : 0 }, 1);
			return 1;
		case 'p':
			s->curve_p99 = !s->curve_p99;
			tui_message(t, false, "load curves plot %s latency (p: %s)",
				    s->curve_p99 ? "p99" : "mean", s->curve_p99 ? "mean" : "p99");
			return 1;
		}
		return 0;
	}
	switch (ev->key) {
	case TUI_KEY_TAB: case TUI_KEY_BTAB: case TUI_KEY_LEFT: case TUI_KEY_RIGHT:
	case 'h': case 'l':
		s->field = !s->field;
		return 1;
	case TUI_KEY_UP: case 'k': case TUI_KEY_WHEEL_UP:
		if (s->field == 0 && s->target_sel > 0)
			s->target_sel--;
		else if (s->field == 1 && s->preset_sel > 0)
			s->preset_sel--;
		return 1;
	case TUI_KEY_DOWN: case 'j': case TUI_KEY_WHEEL_DOWN:
		if (s->field == 0 && s->target_sel + 1 < s->ntargets)
			s->target_sel++;
		else if (s->field == 1 && s->preset_sel + 1 < npre)
			s->preset_sel++;
		return 1;
	case TUI_KEY_CLICK:
		if (ev->y >= s->presets_y && ev->y < s->presets_y + (int)(npre - s->preset_top)) {
			s->field = 1;
			s->preset_sel = s->preset_top + (size_t)(ev->y - s->presets_y);
		} else if (ev->y >= s->targets_y && ev->y < s->targets_y + (int)s->ntargets) {
			s->field = 0;
			s->target_sel = (size_t)(ev->y - s->targets_y);
		}
		return 1;
	case 's': case TUI_KEY_ENTER:
		tui_sweep_start(t);
		return 1;
	case 'e':
		if (s->sn != NULL && s->sw != NULL)
			s->mode = TUI_SWEEP_LIVE;
		return 1;
	case 'r': case 'R':
		sweep_cycle_ref(t, ev->key == 'r' ? 1 : -1);
		return 1;
	}
	return 0;
}

/* The title: plan, target = reference, progress, times. */
static void
sweep_title(struct tui *t, char *buf, size_t len)
{
	struct tui_sweep	    *s = &t->sweep;
	const struct sweep_snapshot *sn = s->sn;
	char			     ref[128], el[32], eta[32];
	const char		    *state;

	if (s->mode != TUI_SWEEP_LIVE || sn == NULL || s->sw == NULL) {
		snprintf(buf, len, "Sweep setup");
		return;
	}
	if (s->stored_id != 0) {
		snprintf(buf, len, "Run #%lld %s %s %s %zu of %zu points%s %s %s", (long long)s->stored_id,
			 t->sym->dot, s->stored_name, t->sym->dot, sweep_nresults(s->sw), sn->npoints,
			 sn->state == SWEEP_DONE ? "" : sn->state == SWEEP_FAILED ? " (FAILED)" :
			 " (stopped)", t->sym->dot, tui_sweep_ref_label(t, false, ref, sizeof ref));
		return;
	}
	state = sn->state == SWEEP_RUNNING ? "" : sn->state == SWEEP_DONE ? " done" :
		sn->state == SWEEP_CANCELLED ? " stopped" : sn->state == SWEEP_FAILED ? " FAILED" : "";
	/* Progress first: a narrow screen cuts the end (a lent sweep: its
	 * owner's name first). */
	snprintf(buf, len, "Sweep %s%s%s point %zu/%zu%s %s %s elapsed %s ETA %s %s %s %s %s = %s%s%s",
		 s->borrowed ? s->stored_name : "", s->borrowed ? " " : "",
		 t->sym->dot, sn->state == SWEEP_RUNNING ?
		 (sn->preconditioning ? 0 : sn->index + 1) : sweep_nresults(s->sw), sn->npoints,
		 state, t->sym->dot, fmt_duration(sn->elapsed_s, el, sizeof el), t->sym->dot,
		 sn->state == SWEEP_RUNNING ? fmt_duration(sn->eta_s, eta, sizeof eta) : "-",
		 t->sym->dot, sn->plan_name, t->sym->dot, s->tgt.path,
		 s->ref.loaded ? tui_pick_label(s->ref.pick, false, ref, sizeof ref) : "no reference",
		 s->what[0] ? " " : "", s->what[0] ? t->sym->dot : "");
	if (s->what[0] != '\0') {
		size_t o = strlen(buf);

		snprintf(buf + o, len > o ? len - o : 0, " %s", s->what);
	}
}

/* Key hints. */
static const char *
sweep_hints(struct tui *t)
{
	if (t->sweep.mode == TUI_SWEEP_LIVE && t->sweep.drill)
		return "j/k\tprevious/next point\tEsc\tback to the run\tr\treference\tt\ttheme\t"
		       "?\thelp\tq\tquit";
	if (t->sweep.borrowed && tui_sweep_running(t))
		return "x\tstop this host\tj/k\tpoint\tEnter\topen\tw\tworkload\tr\treference\t"
		       "Esc f\tfleet\t?\thelp\tq\tquit";
	if (t->sweep.borrowed)
		return "j/k\tpoint\tEnter\topen\tw\tworkload\tr\treference\tC\tcompare\t"
		       "Esc f\tfleet\t?\thelp\tq\tquit";
	if (tui_sweep_running(t))
		return "x\tstop\tj/k\tpoint\tEnter\topen\tw\tworkload\tr\treference\t"
		       "1\tdrives\t4\tcompare\tt\ttheme\t?\thelp\tq\tquit";
	if (t->sweep.mode == TUI_SWEEP_LIVE)
		return "j/k\tpoint\tEnter\topen\tw\tworkload\ts\trun again\te\tsetup\t"
		       "r\treference\tC\tcompare\tEsc\tback\tt\ttheme\t?\thelp\tq\tquit";
	return "s\tstart\tTab\ttarget/preset\tj/k\tchoose\tr\treference\tEsc\tback\tt\ttheme\t"
	       "?\thelp\tq\tquit";
}

const struct tui_view tui_view_sweep = {
	.name = "sweep",
	.title = sweep_title,
	.draw = sweep_draw,
	.key = sweep_key,
	.hints = sweep_hints,
	.enter = tui_sweep_enter,
	.leave = tui_sweep_return,
	.running = tui_sweep_running,
	.stop = tui_sweep_stop_hook,
	.pollfds = tui_sweep_pollfds,
	.poll = tui_sweep_poll_hook,
	.cleanup = tui_sweep_cleanup,
};
