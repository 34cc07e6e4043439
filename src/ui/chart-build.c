/*
 * Chart builders (chart-build.h): points, results and their references into
 * the chart models of chart.h, the one place both front ends get a bar's
 * markers, depth and deltas and a histogram's bands from.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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
chart_build_review_heat(struct chart_heat_data *d, const struct tui_sheet *s, const char *times)
{
	struct tui_refval rv;

	memset(d, 0, sizeof *d);
	d->pat = DD_RANDREAD;
	d->bs = 4096;
	d->rate_iops = true;
	for (int i = 0; i < CHART_HEAT_AXIS_MAX * CHART_HEAT_AXIS_MAX; i++)
		d->grid[i] = NAN;
	for (size_t i = 0; s->review_drive != NULL && i < s->sheet.nmeasurements; i++) {
		const struct spec_measurement *m = &s->sheet.measurements[i];

		if (strcmp(m->drive_id, s->review_drive) != 0 || strcmp(m->benchmark, "fio") != 0 ||
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

			tui_ref_review(s, &p, TUI_M_IOPS, &rv);
			d->grid[r * d->nj + c] = isnan(rv.value) ? NAN : rv.value / 1e3;
		}
	heat_labels(d);
	snprintf(d->title, sizeof d->title, "4K random read IOPS (K) over IODepth %s NumJobs, "
		 "review of %s", times != NULL ? times : "x",
		 s->review_drive != NULL ? s->review_drive : "none");
}
