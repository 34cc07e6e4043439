/*
 * Chart builders (chart-build.h): points, results and their references into
 * the chart models of chart.h, the one place both front ends get a bar's
 * markers, depth and deltas, a histogram's bands, a heat grid, a load
 * curve's plot, checkpoint bars and a write cliff's graph from.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/compare.h"
#include "core/format.h"
#include "lib/histogram.h"
#include "ui/chart-build.h"

/* "QD32 x4". */
char *
chart_depth_text(const struct dd_point *p, const char *times, char *buf, size_t len)
{
	snprintf(buf, len, "QD%u %s%u", p->iodepth, times != NULL ? times : "x", p->numjobs);
	return buf;
}

/* The lab's target first, else a comparable spec figure; the review. */
void
chart_build_markers(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
		    struct chart_markers *out)
{
	struct tui_refval sp, rv, tg;
	bool		  target;

	tui_ref_spec(s, p, m, &sp);
	tui_ref_review(s, p, m, &rv);
	target = tui_ref_target(s, p, m, &tg) != NULL;
	out->spec = target ? tg.value : sp.comparable ? sp.value : NAN;
	out->review = rv.value;
}

/* A point's bar. */
int
chart_build_bar(struct chart_bars *b, const struct tui_sheet *s, const struct dd_point *p,
		double value, enum tui_metric m, const char *label)
{
	struct chart_markers mk;
	char		     depth[32];

	chart_build_markers(s, p, m, &mk);
	return chart_bars_add(b, label != NULL ? label : p->name,
			      chart_depth_text(p, NULL, depth, sizeof depth), value, &mk);
}

/* A result's histogram in log bands, bounds in µs. */
void
chart_build_histogram(struct chart_histogram *h, const struct dd_result *r, size_t k)
{
	double	 up[CHART_HIST_MAX], cnt[CHART_HIST_MAX];
	uint64_t c[CHART_HIST_MAX];
	size_t	 n;

	if (k > CHART_HIST_MAX)
		k = CHART_HIST_MAX;
	n = hist_bands(&r->hist, k, up, c);
	for (size_t j = 0; j < n; j++) {
		up[j] /= 1e3;
		cnt[j] = (double)c[j];
	}
	chart_histogram_init(h, "latency histogram, log scale", "µs", up, cnt, n);
}

/* The index of v in a set, or -1. */
static int
heat_index(const unsigned *set, int n, unsigned v)
{
	for (int i = 0; i < n; i++)
		if (set[i] == v)
			return i;
	return -1;
}

/* The row and column labels of a grid: "QD8", "NJ4". */
static void
heat_labels(struct chart_heat_data *d)
{
	for (int r = 0; r < d->nq; r++) {
		snprintf(d->rl[r], sizeof d->rl[r], "QD%u", d->qds[r]);
		d->rlp[r] = d->rl[r];
	}
	for (int c = 0; c < d->nj; c++) {
		snprintf(d->cl[c], sizeof d->cl[c], "NJ%u", d->njs[c]);
		d->clp[c] = d->cl[c];
	}
}

/* A workload's QD x jobs grid. */
void
chart_build_heat(struct chart_heat_data *d, const struct dd_point *pts, size_t npts,
		 const struct sweep_summary *sums, size_t nsums, enum dd_pattern pat, unsigned bs,
		 const char *times)
{
	struct dd_point p = { .pattern = pat, .bs = bs };
	char		what[64];

	memset(d, 0, sizeof *d);
	d->pat = pat;
	d->bs = bs;
	d->rate_iops = dd_pattern_random(pat);
	for (size_t i = 0; i < npts; i++)
		if (pts[i].pattern == pat && pts[i].bs == bs) {
			if (d->nq == 0 && d->nj == 0)
				p.read_pct = pts[i].read_pct;	/* a mix's */
			d->nq = tui_set_add(d->qds, d->nq, CHART_HEAT_AXIS_MAX, pts[i].iodepth);
			d->nj = tui_set_add(d->njs, d->nj, CHART_HEAT_AXIS_MAX, pts[i].numjobs);
		}
	for (int i = 0; i < CHART_HEAT_AXIS_MAX * CHART_HEAT_AXIS_MAX; i++)
		d->grid[i] = NAN;
	for (size_t k = 0; k < nsums; k++) {
		int cell;

		if (sums[k].index >= npts || sums[k].status != 0 || sums[k].cancelled)
			continue;
		cell = chart_heat_cell(d, &pts[sums[k].index]);
		if (cell >= 0)
			d->grid[cell] = d->rate_iops ? sums[k].iops / 1e3 : sums[k].mbps;
	}
	heat_labels(d);
	snprintf(d->title, sizeof d->title, "%s %s over IODepth %s NumJobs",
		 tui_point_label(&p, what, sizeof what), d->rate_iops ? "IOPS (K)" : "MB/s",
		 times != NULL ? times : "x");
}

/* A point's cell. */
int
chart_heat_cell(const struct chart_heat_data *d, const struct dd_point *p)
{
	int r, c;

	if (p->pattern != d->pat || p->bs != d->bs)
		return -1;
	r = heat_index(d->qds, d->nq, p->iodepth);
	c = heat_index(d->njs, d->nj, p->numjobs);
	return r >= 0 && c >= 0 ? r * d->nj + c : -1;
}

/* The heat map model over a grid. */
void
chart_heat_model(struct chart_heat_data *d, const char *times, struct chart_heatmap *hm)
{
	/* The grid is nq x nj, row-major, in the first nq * nj entries. */
	chart_knee_text(d->grid, d->qds, d->nq, d->njs, d->nj, times != NULL ? times : "x",
			d->note, sizeof d->note);
	memset(hm, 0, sizeof *hm);
	hm->grid = d->grid;
	hm->rows = d->nq;
	hm->cols = d->nj;
	hm->max = NAN;
	hm->cell_w = 10;
	hm->label_w = 6;
	hm->decimals = 1;
	hm->row_labels = d->rlp;
	hm->col_labels = d->clp;
	hm->sel_row = hm->sel_col = -1;
	hm->title = d->title;
	hm->unit = d->rate_iops ? "K IOPS" : "MB/s";
	hm->row_title = "QD";
	hm->col_title = "jobs";
	hm->note = d->note[0] != '\0' ? d->note : NULL;
}

/* The review's 4K random read grid. */
void
chart_build_review_heat(struct chart_heat_data *d, const struct spec_sheet *sh,
			const char *review_drive, const char *times)
{
	char cap[32];

	memset(d, 0, sizeof *d);
	d->pat = DD_RANDREAD;
	d->bs = 4096;
	d->rate_iops = true;
	for (int i = 0; i < CHART_HEAT_AXIS_MAX * CHART_HEAT_AXIS_MAX; i++)
		d->grid[i] = NAN;
	for (size_t i = 0; review_drive != NULL && i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];

		if (strcmp(m->drive_id, review_drive) != 0 || strcmp(m->benchmark, "fio") != 0 ||
		    strcmp(m->workload, "randread") != 0 || m->block_size != 4096 ||
		    m->iodepth <= 0 || m->numjobs <= 0 || strcmp(m->metric_id, "iops") != 0)
			continue;
		d->nq = tui_set_add(d->qds, d->nq, CHART_HEAT_AXIS_MAX, (unsigned)m->iodepth);
		d->nj = tui_set_add(d->njs, d->nj, CHART_HEAT_AXIS_MAX, (unsigned)m->numjobs);
	}
	for (int r = 0; r < d->nq; r++)
		for (int c = 0; c < d->nj; c++) {
			struct dd_point p = { .pattern = DD_RANDREAD, .bs = 4096,
					      .iodepth = d->qds[r], .numjobs = d->njs[c] };
			double		v = NAN;

			/* compare.h's rule, as every review marker (tui_ref_review). */
			if (compare_review_at(sh->measurements, sh->nmeasurements, review_drive, &p,
					      COMPARE_IOPS, &v) == NULL)
				v = NAN;
			d->grid[r * d->nj + c] = isnan(v) ? NAN : v / 1e3;
		}
	heat_labels(d);
	snprintf(d->title, sizeof d->title, "4K random read IOPS (K) over IODepth %s NumJobs, "
		 "review of %s", times != NULL ? times : "x",
		 review_drive != NULL ? specdb_sheet_capacity(sh, review_drive, cap, sizeof cap)
				      : "none");
}

/* An empty curve. */
void
chart_curve_init(struct chart_curve_data *d, bool p99)
{
	memset(d, 0, sizeof *d);
	d->p99 = p99;
	d->live_x = d->live_y = NAN;
	d->peak_x = d->peak_y = NAN;
}

/* The latency a curve plots. */
static double
curve_lat(const struct chart_curve_data *d, double mean, double p99)
{
	return d->p99 ? p99 : mean;
}

/* A curve's points, peak and review. */
void
chart_build_curve(struct chart_curve_data *d, const struct tui_sheet *s)
{
	const struct workload_curve *c = &d->c;

	d->n = 0;
	if (c->has_max && c->max.finished) {
		d->x[d->n] = c->max.iops;
		d->y[d->n++] = curve_lat(d, c->max.mean_us, c->max.p99_us);
	}
	for (size_t k = 0; k < c->nsteps; k++)
		if (c->steps[k].finished) {
			d->x[d->n] = c->steps[k].iops;
			d->y[d->n++] = curve_lat(d, c->steps[k].mean_us, c->steps[k].p99_us);
		}
	d->peak_x = c->peak_iops;
	d->peak_y = curve_lat(d, c->peak_mean_us, c->peak_p99_us);
	d->nrev = s != NULL ? tui_ref_curve_points(s, c->profile, c->shape.bs, d->rev,
						   CHART_CURVE_REVIEW_MAX) : 0;
	for (size_t k = 0; k < d->nrev; k++) {
		d->rev_x[k] = d->rev[k].iops;
		d->rev_y[k] = d->p99 ? NAN : d->rev[k].lat_us;
	}
}

/* The curve's model: axes holding every value drawn, four series. */
void
chart_curve_model(struct chart_curve_data *d, const char *title, const char *review_name,
		  const struct glyphs *g, struct chart_xyplot *plot)
{
	double xs[2 * WORKLOAD_STEPS_MAX + CHART_CURVE_REVIEW_MAX + 2];
	double ys[WORKLOAD_STEPS_MAX + CHART_CURVE_REVIEW_MAX + 2];
	size_t nx = 0, ny = 0;

	for (size_t i = 0; i < d->n; i++) {
		xs[nx++] = d->x[i];
		ys[ny++] = d->y[i];
	}
	for (size_t i = 0; i < d->nticks; i++)
		xs[nx++] = d->ticks[i];
	for (size_t i = 0; i < d->nrev; i++) {
		xs[nx++] = d->rev_x[i];
		ys[ny++] = d->rev_y[i];
	}
	xs[nx++] = d->live_x;
	ys[ny++] = d->live_y;
	memset(plot, 0, sizeof *plot);
	dd_strlcpy(plot->title, title, sizeof plot->title);
	chart_axis_set(&plot->x, chart_scale_max(xs, nx), "IOPS");
	chart_axis_set(&plot->y, chart_scale_max(ys, ny), d->p99 ? "µs p99" : "µs mean");
	d->ser[0] = (struct chart_series){ d->rev_x, d->rev_y, d->nrev, g->review, UI_REVIEW_REF,
					   UI_BOLD, review_name != NULL ? review_name : "review" };
	d->ser[1] = (struct chart_series){ d->x, d->y, d->n, g->step, UI_MEASURED, 0, "measured" };
	d->ser[2] = (struct chart_series){ &d->peak_x, &d->peak_y, 1, g->up, UI_OK, UI_BOLD,
					   "peak" };
	d->ser[3] = (struct chart_series){ &d->live_x, &d->live_y, 1, g->live, UI_WARN, UI_BOLD,
					   "now" };
	plot->series = d->ser;
	plot->nseries = 4;
}

/* The reviews' seconds scaled to our checkpoint size. */
double
chart_ckpt_scale(uint64_t bytes)
{
	return bytes > 0 ? (double)bytes / WORKLOAD_REVIEW_CKPT_BYTES : NAN;
}

/* A checkpoint series' pass bars against the review's passes. */
size_t
chart_build_ckpt(struct chart_bars *bars, const char *title, const struct workload_ckpt *c,
		 const struct tui_sheet *s, double *rev)
{
	double vals[WORKLOAD_PASSES_MAX + 1], scale = chart_ckpt_scale(c->bytes);
	size_t nrev = 0;
	char   label[32];

	for (size_t p = 0; p < WORKLOAD_PASSES_MAX; p++)
		rev[p] = NAN;
	if (s != NULL)
		nrev = tui_ref_ckpt_passes(s, rev, WORKLOAD_PASSES_MAX);
	chart_bars_init(bars, title, "s");
	for (size_t i = 0; i < WORKLOAD_PASSES_MAX; i++)
		vals[i] = i < c->npasses ? c->passes[i].max_s : NAN;
	vals[WORKLOAD_PASSES_MAX] = NAN;
	for (size_t p = 0; p < nrev; p++)
		if (!isnan(rev[p]))
			vals[WORKLOAD_PASSES_MAX] = fmax(isnan(vals[WORKLOAD_PASSES_MAX]) ? 0 :
							 vals[WORKLOAD_PASSES_MAX], rev[p] * scale);
	for (size_t i = 0; i < c->npasses; i++) {
		const struct workload_pass *p = &c->passes[i];
		struct chart_markers	    mk = { .spec = NAN, .review = NAN };

		if (p->pass >= 1 && p->pass <= WORKLOAD_PASSES_MAX)
			mk.review = rev[p->pass - 1] * scale;
		snprintf(label, sizeof label, "pass %u", p->pass);
		if (chart_bars_add(bars, label, "", p->mean_s, &mk) == 0)	/* as the panel: "0.02" */
			fmt_number(p->mean_s, p->mean_s < 10 ? 2 : 1, bars->rows[bars->nrows - 1].value_text,
				   sizeof bars->rows[0].value_text);
	}
	chart_axis_set(&bars->axis, chart_scale_max(vals, WORKLOAD_PASSES_MAX + 1), "s");
	return nrev;
}

/* The write cliff's graph. */
void
chart_build_cliff(struct chart_timegraph *g, const char *title, const double *samples,
		  size_t m, const struct dd_interval *iv, size_t n,
		  const struct spec_figure *spec, struct workload_cliff *cl)
{
	workload_cliff_detect(iv, n, cl);
	/* The spec line joins the scale unless it would flatten the series
	 * (over 3 x its peak: a slow target against a fast drive's sheet); the
	 * caption gives it either way.  The cliff is marked where it falls in
	 * the point's time. */
	chart_timegraph_init(g, title, "MB/s", samples, m,
			     m > 0 && n > 0 ? iv[n - 1].t_s / (double)m : NAN, UI_WRITE);
	if (spec != NULL)
		chart_timegraph_target(g, spec->base);
	if (cl->found && n > 0)
		g->event = (double)cl->at / (double)n;
	dd_strlcpy(g->target_label, "spec seq. write", sizeof g->target_label);
	dd_strlcpy(g->event_label, "write cliff", sizeof g->event_label);
}
