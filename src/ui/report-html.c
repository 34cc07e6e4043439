/*
 * The report's HTML writer (report.h): one self-contained page, written
 * through libxml2's xmlTextWriter, so every text of the document (a drive
 * name, a host, a job name from an imported fio file) is escaped by the
 * library and the page is well-formed whatever it holds.
 *
 * The page: a stylesheet of its own (light and dark by
 * prefers-color-scheme, a print stylesheet for the browser's "print to
 * PDF": no backgrounds, <details> open, tables not split mid-row), no
 * script, nothing fetched (no external font, image or link to load), the
 * charts inline as the SVG the chart models draw (svg.h: the dashboard's
 * charts, in classes the stylesheet colours; shapes and labels tell series
 * apart without colour).  Blocks map to elements: headings h1..h3,
 * paragraphs p, FIELDS a dl, tables a table (numbers right-aligned), the
 * fio job file a pre, a point's details a <details>, charts a <figure>.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "core/format.h"
#include "lib/utf8.h"
#include "ui/chart.h"
#include "ui/chart-build.h"
#include "ui/report-int.h"
#include "ui/svg.h"
#include "ui/theme.h"
#include "ui/view-sweep.h"

/* Samples an interval graph is folded to, and its width in pixels. */
#define REPORT_GRAPH_SAMPLES 60
#define REPORT_CHART_PX	     640

/* The page's stylesheet: no '<' or '&' in it (it is written raw). */
static const char report_css[] =
	":root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--mute:#59636e;--line:#d0d7de;"
	"--measured:#0969da;--spec:#9a6700;--review:#8250df;--write:#cf222e;--ok:#1a7f37;"
	"--warn:#9a6700;--fail:#cf222e;--temp:#bc4c00}\n"
	"@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--mute:#9198a1;"
	"--line:#3d444d;--measured:#4493f8;--spec:#d29922;--review:#ab7df8;--write:#f85149;"
	"--ok:#3fb950;--warn:#d29922;--fail:#f85149;--temp:#db6d28}}\n"
	"body{font:15px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg);"
	"max-width:70rem;margin:0 auto;padding:1rem}\n"
	"h1{font-size:1.5rem}h2{font-size:1.25rem;border-bottom:1px solid var(--line)}"
	"h3{font-size:1.05rem}\n"
	"dl.fields{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem}"
	"dl.fields dt{font-weight:600}dl.fields dd{margin:0;white-space:pre-line}\n"
	".scroll{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0}"
	"th,td{border:1px solid var(--line);padding:.15rem .45rem;text-align:left}"
	"td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
	"td.nw{white-space:nowrap}\n"
	"pre{border:1px solid var(--line);padding:.5rem;overflow-x:auto;font-size:13px}\n"
	"details{border:1px solid var(--line);margin:.3rem 0;padding:.2rem .6rem}"
	"summary{cursor:pointer;font-weight:600}\n"
	"figure.chart{margin:.5rem 0}figure.chart svg{max-width:100%;height:auto}\n"
	".verdict{font-weight:700;padding:.3rem .5rem;border-left:.4rem solid var(--mute)}"
	".verdict-PASS{border-color:var(--ok)}.verdict-WARN{border-color:var(--warn)}"
	".verdict-FAIL,.verdict-ERROR{border-color:var(--fail)}\n"
	"svg{color:var(--fg)}.dd-grid,.dd-track{color:var(--line)}.dd-note{fill:var(--mute)}"
	".dd-bar,.dd-measured,.dd-graph,.dd-line{color:var(--measured)}"
	".dd-read{color:var(--ok)}.dd-write{color:var(--write)}"
	".dd-temperature{color:var(--temp)}.dd-spec{color:var(--spec)}"
	".dd-review{color:var(--review)}.dd-event{color:var(--fail)}\n"
	"footer{color:var(--mute);font-size:.85rem;margin-top:2rem}\n"
	"@media print{body{max-width:none;font-size:11pt;color:#000;background:#fff}"
	"details{border:0;padding:0}details::details-content{content-visibility:visible;"
	"display:block}"
	"tr,figure,pre,dl{break-inside:avoid}h2,h3{break-after:avoid}.scroll{overflow:visible}}\n";

/* The writer's state: the libxml2 writer and whether a call failed. */
struct report_hw {
	xmlTextWriterPtr w;
	bool		 bad;
};

/* Note a failed libxml2 call. */
static void
report_hw_ok(struct report_hw *h, int rc)
{
	if (rc < 0)
		h->bad = true;
}

/* <name class="cls"> (cls NULL: none). */
static void
report_hw_start(struct report_hw *h, const char *name, const char *cls)
{
	report_hw_ok(h, xmlTextWriterStartElement(h->w, BAD_CAST name));
	if (cls != NULL)
		report_hw_ok(h, xmlTextWriterWriteAttribute(h->w, BAD_CAST "class", BAD_CAST cls));
}

/* The end of the open element, always as an end tag (HTML has no <td/>). */
static void
report_hw_end(struct report_hw *h)
{
	report_hw_ok(h, xmlTextWriterFullEndElement(h->w));
}

/* Text, escaped by the writer. */
static void
report_hw_text(struct report_hw *h, const char *s)
{
	report_hw_ok(h, xmlTextWriterWriteString(h->w, BAD_CAST s));
}

/* <name class="cls">text</name>. */
static void
report_hw_elem(struct report_hw *h, const char *name, const char *cls, const char *s)
{
	report_hw_start(h, name, cls);
	report_hw_text(h, s);
	report_hw_end(h);
}

/* FIELDS as a definition list. */
static void
report_hw_fields(struct report_hw *h, const struct report_block *b)
{
	report_hw_start(h, "dl", "fields");
	for (size_t i = 0; i < b->nrows; i++) {
		report_hw_elem(h, "dt", NULL, report_cellv(b, i, 0));
		report_hw_elem(h, "dd", NULL, report_cellv(b, i, 1));
	}
	report_hw_end(h);
}

/* The characters a page's table holds across (70rem of 15 px text less the
 * cells' padding), and what a cell's padding and border take in characters:
 * a table wider than that is split as the text writers split theirs (its
 * key columns repeated in each part, a run's columns together), so a
 * comparison of several runs neither scrolls nor wraps every cell, on
 * screen or printed. */
#define REPORT_HTML_CHARS 112
#define REPORT_HTML_SEP	  3

/* A cell's width in characters, as report_widths takes it. */
static int
report_hw_width(const void *ctx, const char *s)
{
	(void)ctx;
	return utf8_width(s);
}

/* One part of a table: the columns p names, its numbers right-aligned. */
static void
report_hw_part(struct report_hw *h, const struct report_block *b, const struct report_part *p)
{
	report_hw_start(h, "div", "scroll");
	report_hw_start(h, "table", NULL);
	for (size_t i = 0; i < b->nrows; i++) {
		if (i <= 1)
			report_hw_start(h, i == 0 ? "thead" : "tbody", NULL);
		report_hw_start(h, "tr", NULL);
		for (size_t k = 0; k < p->n; k++) {
			size_t c = p->cols[k];

			report_hw_elem(h, i == 0 ? "th" : "td",
				       (b->right >> (c % 32) & 1u) ? "num" :
				       (b->nowrap >> (c % 32) & 1u) ? "nw" : NULL,
				       report_cellv(b, i, c));
		}
		report_hw_end(h);
		if (i == 0 || i + 1 == b->nrows)
			report_hw_end(h);
	}
	report_hw_end(h);
	report_hw_end(h);
}

/* A table, in parts when it is wider than the page. */
static void
report_hw_table(struct report_hw *h, const struct report_block *b)
{
	struct report_part *parts = calloc(REPORT_PARTS_MAX, sizeof *parts);
	int		    wid[REPORT_COLS_MAX];
	size_t		    np;

	if (parts == NULL || b->ncols > REPORT_COLS_MAX) {	/* no table has 64 */
		free(parts);
		h->bad = true;
		return;
	}
	report_widths(b, report_hw_width, NULL, wid);
	np = report_parts(b, wid, REPORT_HTML_SEP, 0, REPORT_HTML_CHARS, parts, REPORT_PARTS_MAX);
	for (size_t k = 0; k < np; k++)
		report_hw_part(h, b, &parts[k]);
	free(parts);
}

/* An SVG the chart renderers wrote, inline in a figure: without an XML
 * declaration, which HTML does not take, nor the root's xmlns, which HTML
 * gives an inline <svg> itself (a page of a thousand charts carries it
 * once, in the parser). */
static void
report_hw_svg(struct report_hw *h, char *svg)
{
	static const char ns[] = " xmlns=\"http://www.w3.org/2000/svg\"";
	const char	 *s = svg, *x, *gt;

	if (svg == NULL) {
		h->bad = true;
		return;
	}
	if (strncmp(s, "<?xml", 5) == 0 && strstr(s, "?>") != NULL)
		s = strstr(s, "?>") + 2;
	while (*s == '\n' || *s == ' ')
		s++;
	report_hw_start(h, "figure", "chart");
	x = strstr(s, ns);
	gt = strchr(s, '>');
	if (x != NULL && gt != NULL && x < gt) {	/* in the root's start tag */
		report_hw_ok(h, xmlTextWriterWriteRawLen(h->w, BAD_CAST s, (int)(x - s)));
		s = x + sizeof ns - 1;
	}
	report_hw_ok(h, xmlTextWriterWriteRaw(h->w, BAD_CAST s));
	report_hw_end(h);
	free(svg);
}

/* A point's intervals of one figure folded to a graph's samples into v (as
 * many as it has intervals, at least two, a line; at most
 * REPORT_GRAPH_SAMPLES): how many, 0 when not one is a number. */
static size_t
report_hw_series(const struct dd_result *res, enum tui_series which, double *v)
{
	size_t want = res->nintervals < 2 ? 2 : res->nintervals;
	size_t n = tui_point_series(res, which, v, want < REPORT_GRAPH_SAMPLES ? want :
				    REPORT_GRAPH_SAMPLES);

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]))
			return n;
	return 0;
}

/* One interval graph of a point's n samples v: its title, unit and role. */
static void
report_hw_graph(struct report_hw *h, const struct dd_result *res, const double *v, size_t n,
		const char *title, const char *unit, uint8_t role)
{
	struct chart_timegraph g;
	struct dd_error	       err = { 0 };

	if (n == 0)
		return;
	chart_timegraph_init(&g, title, unit, v, n, res->elapsed_s / (double)n, role);
	report_hw_svg(h, svg_timegraph(&g, REPORT_CHART_PX, &err));
}

/* MB/s per IOPS of a point's samples: its block size in MB when every
 * sample's MB/s is its IOPS times that (within 1%), else NAN (no block size;
 * mixed sizes, as an imported fio job may have). */
static double
report_hw_mb_per_io(const struct dd_result *res, const double *iops, const double *mbps,
		    size_t n)
{
	double per = res->point.bs / 1e6;

	if (!(per > 0) || n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++)
		if (isfinite(iops[i]) != isfinite(mbps[i]) ||
		    (isfinite(iops[i]) && fabs(iops[i] * per - mbps[i]) > 0.01 * mbps[i] + 1e-3))
			return NAN;
	return per;
}

/* IOPS over time with MB/s as a second scale at the right (MB/s is IOPS x
 * the block size: one line read on two scales), or the two apart when
 * MB/s is not that. */
static void
report_hw_rate(struct report_hw *h, const struct dd_result *res)
{
	double		       iops[REPORT_GRAPH_SAMPLES], mbps[REPORT_GRAPH_SAMPLES], per;
	size_t		       ni = report_hw_series(res, TUI_SERIES_IOPS, iops);
	size_t		       nm = report_hw_series(res, TUI_SERIES_MBPS, mbps);
	struct chart_timegraph g;
	struct dd_error	       err = { 0 };
	char		       bs[16], note[CHART_TITLE_MAX];

	per = report_hw_mb_per_io(res, iops, mbps, ni == nm ? ni : 0);
	if (isnan(per)) {
		report_hw_graph(h, res, iops, ni, "IOPS over time", "IOPS", UI_GRAPH);
		report_hw_graph(h, res, mbps, nm, "MB/s over time", "MB/s", UI_GRAPH);
		return;
	}
	chart_timegraph_init(&g, "IOPS and MB/s over time", "IOPS", iops, ni,
			     res->elapsed_s / (double)ni, UI_GRAPH);
	snprintf(note, sizeof note, "MB/s (right) = IOPS \u00d7 %s block: one line, two scales",
		 fmt_block_size((int)res->point.bs, bs, sizeof bs));
	chart_timegraph_right(&g, "MB/s", per, "IOPS (left)", note);
	report_hw_svg(h, svg_timegraph(&g, REPORT_CHART_PX, &err));
}

/* Mean and p99 latency over time in one graph (p99 dashed), or the one
 * the point has. */
static void
report_hw_latency(struct report_hw *h, const struct dd_result *res)
{
	double		       mean[REPORT_GRAPH_SAMPLES], p99[REPORT_GRAPH_SAMPLES];
	size_t		       nm = report_hw_series(res, TUI_SERIES_MEAN, mean);
	size_t		       np = report_hw_series(res, TUI_SERIES_P99, p99);
	struct chart_timegraph g;
	struct dd_error	       err = { 0 };

	if (nm == 0 || np != nm) {
		report_hw_graph(h, res, mean, nm, "Mean latency over time", "µs", UI_GRAPH);
		report_hw_graph(h, res, p99, np, "p99 latency over time", "µs", UI_GRAPH);
		return;
	}
	chart_timegraph_init(&g, "Mean and p99 latency over time", "µs", mean, nm,
			     res->elapsed_s / (double)nm, UI_GRAPH);
	chart_timegraph_second(&g, p99, "mean", "p99 (dashed)");
	report_hw_svg(h, svg_timegraph(&g, REPORT_CHART_PX, &err));
}

/* The interval graphs of a point, each with its time and value axes:
 * IOPS and MB/s, mean and p99 latency, and the temperature when the run
 * had a sensor (a series without a sample has no graph). */
static void
report_hw_intervals(struct report_hw *h, const struct dd_result *res)
{
	double temp[REPORT_GRAPH_SAMPLES];
	size_t nt = report_hw_series(res, TUI_SERIES_TEMP, temp);

	report_hw_rate(h, res);
	report_hw_latency(h, res);
	report_hw_graph(h, res, temp, nt, "Temperature over time", "°C", UI_TEMPERATURE);
}

/* The latency histogram of a point. */
static void
report_hw_histogram(struct report_hw *h, const struct dd_result *res)
{
	struct chart_histogram *m = calloc(1, sizeof *m);
	struct dd_error		err = { 0 };

	if (m == NULL) {
		h->bad = true;
		return;
	}
	chart_build_histogram(m, res, 12);	/* bands: a short screen's height */
	if (m->n > 0)
		report_hw_svg(h, svg_histogram(m, REPORT_CHART_PX, &err));
	free(m);
}

/* The spec a "best" row of run column c compares at row i's depth: a rated
 * maximum (no stated depth) is compared at the column's best depth of the
 * workload, as compare does, so the bar of that depth carries it; NAN when
 * no best row of i's workload was best at i's depth. */
static double
report_hw_best_spec(const struct report *r, size_t i, size_t c)
{
	const struct cmptab_row *row = &r->tab.rows[i];

	for (size_t j = 0; j < r->tab.nrows; j++) {
		const struct cmptab_row	 *b = &r->tab.rows[j];
		const struct cmptab_cell *m = cmptab_cell(&r->tab, j, c, CMPTAB_MEASURED);

		if (b->best && b->kind == row->kind && b->pattern == row->pattern &&
		    b->bs == row->bs && b->read_pct == row->read_pct && b->q == row->q &&
		    b->pct == row->pct && m->qd == row->qd && m->jobs == row->jobs)
			return m->refval[CMPTAB_REF_SPEC];
	}
	return NAN;
}

/* Add row i of the table to the bars of its unit, as column c measured it,
 * with the spec and review the table holds it against (cmptab's rule). */
static void
report_hw_bar_row(const struct report *r, size_t i, size_t c, struct chart_bars *bars)
{
	const struct cmptab_row	 *row = &r->tab.rows[i];
	const struct cmptab_cell *m = cmptab_cell(&r->tab, i, c, CMPTAB_MEASURED);
	struct chart_markers	  mk = { m->refval[CMPTAB_REF_SPEC], m->refval[CMPTAB_REF_REVIEW] };
	char			  label[96];

	if (row->kind != DD_KIND_POINT || isnan(m->value) || bars->nrows >= CHART_BARS_MAX)
		return;
	if (!report_own_drive(r, c))
		mk.spec = mk.review = NAN;
	else if (isnan(mk.spec))
		mk.spec = report_hw_best_spec(r, i, c);
	/* The row's label names its depth already (best rows are left out). */
	chart_bars_add(bars, cmptab_row_label(row, "x", label, sizeof label), "", m->value, &mk);
}

/* The bars of run column c: its IOPS and MB/s rows against spec and review;
 * who names the run in the titles ("" for a report of one). */
static void
report_hw_bars(struct report_hw *h, const struct report *r, size_t c, const char *who)
{
	static const enum compare_quantity qs[] = { COMPARE_IOPS, COMPARE_MBPS };
	struct chart_bars		  *bars = calloc(1, sizeof *bars);

	if (bars == NULL) {
		h->bad = true;
		return;
	}
	for (size_t k = 0; k < 2; k++) {
		struct dd_error err = { 0 };
		bool		spec = false, rev = false;

		chart_bars_init(bars, "", compare_unit(qs[k]));
		for (size_t i = 0; i < r->tab.nrows; i++)
			if (r->tab.rows[i].q == qs[k] && !r->tab.rows[i].best)
				report_hw_bar_row(r, i, c, bars);
		/* The title names only the references the bars carry: an
		 * unmatched run's are "measured". */
		for (size_t i = 0; i < bars->nrows; i++) {
			spec |= bars->rows[i].mk.spec > 0;
			rev |= bars->rows[i].mk.review > 0;
		}
		snprintf(bars->title, sizeof bars->title, "%s%s %s", who, compare_unit(qs[k]),
			 spec && rev ? "against spec and review" : spec ? "against spec" :
			 rev ? "against the review" : "measured (no spec or review matched)");
		if (bars->nrows > 0)
			report_hw_svg(h, svg_bars(bars, REPORT_CHART_PX, &err));
	}
	free(bars);
}

/* Has a run's workload (pattern, bs) of points [0, k) a plain point
 * already (its heat map is drawn once)? */
static bool
report_hw_seen(const struct dd_point *pts, size_t k, const struct dd_point *p)
{
	for (size_t i = 0; i < k; i++)
		if (pts[i].kind == DD_KIND_POINT && pts[i].pattern == p->pattern &&
		    pts[i].bs == p->bs)
			return true;
	return false;
}

/* The QD x jobs heat map of one workload of a run's points, when it was
 * swept at two depths or more (chart-build.h's grid, as the Sweep screen). */
static void
report_hw_heat1(struct report_hw *h, const struct dd_point *pts, const struct sweep_summary *sums,
		size_t n, const struct dd_point *p, const char *who)
{
	struct chart_heat_data *d = calloc(1, sizeof *d);
	struct chart_heatmap	hm;
	struct dd_error		err = { 0 };

	if (d == NULL) {
		h->bad = true;
		return;
	}
	chart_build_heat(d, pts, n, sums, n, p->pattern, p->bs, "x");
	if (d->nq * d->nj >= 2) {
		char title[sizeof d->title];

		snprintf(title, sizeof title, "%s%s", who, d->title);
		memcpy(d->title, title, sizeof d->title);
		chart_heat_model(d, "x", &hm);
		report_hw_svg(h, svg_heatmap(&hm, REPORT_CHART_PX, &err));
	}
	free(d);
}

/* The heat maps of run i: one per workload swept at two depths or more. */
static void
report_hw_heat(struct report_hw *h, const struct results_run *run, const char *who)
{
	struct dd_point	     *pts = calloc(run->n + 1, sizeof *pts);
	struct sweep_summary *sums = calloc(run->n + 1, sizeof *sums);

	if (pts == NULL || sums == NULL) {
		h->bad = true;
	} else {
		for (size_t i = 0; i < run->n; i++) {
			pts[i] = run->pts[i].r->point;
			sums[i] = run->pts[i].sum;
			sums[i].index = i;	/* into pts */
		}
		for (size_t i = 0; i < run->n; i++)
			if (pts[i].kind == DD_KIND_POINT && !report_hw_seen(pts, i, &pts[i]))
				report_hw_heat1(h, pts, sums, run->n, &pts[i], who);
	}
	free(pts);
	free(sums);
}

/* The review's 4K random read QD x jobs heat map of drive column c: the
 * grid its reviewed capacity point published (chart_build_review_heat, the
 * Sheet screen's model), drawn when it has a figure. */
static void
report_hw_review_heat(struct report_hw *h, const struct report *r, size_t c)
{
	const struct cmptab_col *col = &r->tab.cols[c];
	struct chart_heat_data	*d;
	struct chart_heatmap	 hm;
	struct dd_error		 err = { 0 };

	if (col->kind != CMPTAB_DRIVE || col->sheet == NULL || col->review_drive[0] == '\0')
		return;
	if ((d = calloc(1, sizeof *d)) == NULL) {
		h->bad = true;
		return;
	}
	chart_build_review_heat(d, col->sheet, col->review_drive, "x");
	if (d->nq > 0) {
		chart_heat_model(d, "x", &hm);
		report_hw_svg(h, svg_heatmap(&hm, REPORT_CHART_PX, &err));
	}
	free(d);
}

/* Run i's matched drive's sheet as the dashboard holds one (a view onto
 * the report's sheet: nothing to free), for the references the workload
 * charts' builders find there; false when the run matched no drive. */
static bool
report_hw_sheet(const struct report *r, size_t i, struct tui_sheet *ts)
{
	const char *id = r->runs[i].prov.drive_id;

	memset(ts, 0, sizeof *ts);
	for (size_t k = 0; id[0] != '\0' && k < r->nsheets; k++) {
		const struct spec_drive *d = NULL;

		if (specdb_find_drive(&r->sheets[k]->family, 1, id, &d) == NULL || d == NULL)
			continue;
		ts->sheet = *r->sheets[k];
		ts->loaded = true;
		ts->pick.fam = &ts->sheet.family;
		ts->pick.drive = d;
		ts->review_drive = cmptab_review_drive(ts->pick.fam, id);
		return true;
	}
	return false;
}

/* Load curve k of run i (table column c): mean latency against IOPS, the
 * steps, the peak and the review's published points (chart-build.h's
 * model, the Sweep screen's curve panel). */
static void
report_hw_curve(struct report_hw *h, const struct report *r, size_t i, size_t c, size_t k,
		const char *who)
{
	const struct cmptab_col	*col = &r->tab.cols[c];
	struct chart_curve_data *d;
	struct tui_sheet	*ts;
	struct chart_xyplot	 plot;
	struct dd_error		 err = { 0 };
	char			 title[CHART_TITLE_MAX], what[64], rev[160] = "review", src[128];

	if (k >= col->ncurves)
		return;
	d = calloc(1, sizeof *d);
	ts = calloc(1, sizeof *ts);
	if (d == NULL || ts == NULL) {
		h->bad = true;
		goto out;
	}
	chart_curve_init(d, false);
	d->c = col->curves[k];
	for (size_t s = 0; s < d->c.nsteps && d->nticks < WORKLOAD_STEPS_MAX; s++)
		if (d->c.steps[s].target_iops > 0)
			d->ticks[d->nticks++] = d->c.steps[s].target_iops;
	chart_build_curve(d, report_hw_sheet(r, i, ts) ? ts : NULL);
	if (d->nrev > 0 && d->rev[0].meas != NULL)
		snprintf(rev, sizeof rev, "review (%s)",
			 specdb_sheet_source_label(&ts->sheet, d->rev[0].meas->source_id, src,
						   sizeof src));
	tui_point_label(&d->c.shape, what, sizeof what);
	snprintf(title, sizeof title, "%sLoad curve %s: mean latency against IOPS", who,
		 d->c.profile[0] ? d->c.profile : what);
	chart_curve_model(d, title, rev, glyphs_get(true), &plot);
	plot.nseries = 3;	/* no running step in a stored run */
	report_hw_svg(h, svg_xyplot(&plot, REPORT_CHART_PX, &err));
out:
	free(d);
	free(ts);
}

/* Checkpoint series k of run i (column c): the passes' mean seconds
 * against the review's, as the Sweep screen's checkpoint panel. */
static void
report_hw_ckpt(struct report_hw *h, const struct report *r, size_t i, size_t c, size_t k,
	       const char *who)
{
	const struct cmptab_col *col = &r->tab.cols[c];
	struct chart_bars	*bars;
	struct tui_sheet	*ts;
	struct dd_error		 err = { 0 };
	double			 rev[WORKLOAD_PASSES_MAX];
	char			 title[CHART_TITLE_MAX];

	if (k >= col->nckpts)
		return;
	bars = calloc(1, sizeof *bars);
	ts = calloc(1, sizeof *ts);
	if (bars == NULL || ts == NULL) {
		h->bad = true;
	} else {
		snprintf(title, sizeof title, "%sCheckpoint seconds per pass", who);
		chart_build_ckpt(bars, title, &col->ckpts[k], report_hw_sheet(r, i, ts) ? ts : NULL,
				 rev);
		report_hw_svg(h, svg_bars(bars, REPORT_CHART_PX, &err));
	}
	free(bars);
	free(ts);
}

/* The write cliff of point p of run i: its MB/s over time, the cliff
 * marked, the spec's sustained write as a line (the Sweep screen's cliff
 * panel). */
static void
report_hw_cliff(struct report_hw *h, const struct report *r, size_t i, size_t p, const char *who)
{
	const struct dd_result *res = r->runs[i].pts[p].r;
	struct tui_sheet       *ts = calloc(1, sizeof *ts);
	double		       *v = calloc(REPORT_GRAPH_SAMPLES, sizeof *v);
	struct chart_timegraph	g;
	struct workload_cliff	cl;
	struct dd_error		err = { 0 };
	char			title[CHART_TITLE_MAX];
	size_t			n;

	if (ts == NULL || v == NULL) {
		h->bad = true;
	} else {
		n = tui_point_series(res, TUI_SERIES_MBPS, v, res->nintervals < REPORT_GRAPH_SAMPLES ?
				     res->nintervals : REPORT_GRAPH_SAMPLES);
		snprintf(title, sizeof title, "%sWrite cliff: MB/s over time of %s", who,
			 res->point.name);
		chart_build_cliff(&g, title, v, n, res->intervals, res->nintervals,
				  report_hw_sheet(r, i, ts) ? tui_ref_spec_write(ts, &res->point) :
				  NULL, &cl);
		report_hw_svg(h, svg_timegraph(&g, REPORT_CHART_PX, &err));
	}
	free(ts);
	free(v);
}

/* A chart block. */
static void
report_hw_chart(struct report_hw *h, const struct report *r, const struct report_block *b)
{
	char who[48] = "";

	if (r->nruns > 1 && b->run < r->nruns)
		snprintf(who, sizeof who, "Run #%lld: ", (long long)r->ids[b->run]);
	if (b->chart == REPORT_CHART_BARS) {
		report_hw_bars(h, r, b->col, who);
		return;
	}
	if (b->chart == REPORT_CHART_REVIEW_HEAT) {
		if (b->col < r->tab.ncols)
			report_hw_review_heat(h, r, b->col);
		return;
	}
	if (b->chart == REPORT_CHART_HEAT) {
		if (b->run < r->nruns)
			report_hw_heat(h, &r->runs[b->run], who);
		return;
	}
	if (b->run >= r->nruns)
		return;
	if (b->chart == REPORT_CHART_CURVE || b->chart == REPORT_CHART_CKPT) {
		if (b->col >= r->tab.ncols)
			return;
		if (b->chart == REPORT_CHART_CURVE)
			report_hw_curve(h, r, b->run, b->col, b->point, who);
		else
			report_hw_ckpt(h, r, b->run, b->col, b->point, who);
		return;
	}
	if (b->point >= r->runs[b->run].n)
		return;
	if (b->chart == REPORT_CHART_CLIFF) {
		report_hw_cliff(h, r, b->run, b->point, who);
		return;
	}
	if (b->chart == REPORT_CHART_INTERVALS)
		report_hw_intervals(h, r->runs[b->run].pts[b->point].r);
	else
		report_hw_histogram(h, r->runs[b->run].pts[b->point].r);
}

/* One block as HTML. */
static void
report_hw_block(struct report_hw *h, const struct report *r, const struct report_block *b)
{
	static const char *const hn[] = { "h1", "h1", "h2", "h3", "h4" };

	switch (b->kind) {
	case REPORT_HEADING:
		report_hw_elem(h, hn[b->level < 1 ? 1 : b->level > 4 ? 4 : b->level], NULL,
			       b->text);
		break;
	case REPORT_PARA:
		report_hw_elem(h, "p", b->cls, b->text);
		break;
	case REPORT_FIELDS:
		report_hw_fields(h, b);
		break;
	case REPORT_TABLE:
		report_hw_table(h, b);
		break;
	case REPORT_PRE:
		report_hw_elem(h, "pre", NULL, b->text);
		break;
	case REPORT_CHART:
		report_hw_chart(h, r, b);
		break;
	case REPORT_OPEN:
		report_hw_start(h, "details", NULL);
		report_hw_elem(h, "summary", NULL, b->text);
		break;
	case REPORT_CLOSE:
		report_hw_end(h);
		break;
	}
}

/* <meta name=... content=...>, an empty element written as HTML has it. */
static void
report_hw_meta(struct report_hw *h, const char *attr, const char *name, const char *content)
{
	report_hw_start(h, "meta", NULL);
	report_hw_ok(h, xmlTextWriterWriteAttribute(h->w, BAD_CAST attr, BAD_CAST name));
	if (content != NULL)
		report_hw_ok(h, xmlTextWriterWriteAttribute(h->w, BAD_CAST "content",
							    BAD_CAST content));
	report_hw_ok(h, xmlTextWriterEndElement(h->w));
}

/* The page's head: charset, colour schemes, title, stylesheet. */
static void
report_hw_head(struct report_hw *h, const struct report *r)
{
	report_hw_ok(h, xmlTextWriterWriteRaw(h->w, BAD_CAST "<!DOCTYPE html>\n"));
	report_hw_start(h, "html", NULL);
	report_hw_ok(h, xmlTextWriterWriteAttribute(h->w, BAD_CAST "lang", BAD_CAST "en"));
	report_hw_start(h, "head", NULL);
	report_hw_meta(h, "charset", "utf-8", NULL);
	report_hw_meta(h, "name", "viewport", "width=device-width, initial-scale=1");
	report_hw_meta(h, "name", "color-scheme", "light dark");
	report_hw_meta(h, "name", "generator", PACKAGE_STRING);
	report_hw_elem(h, "title", NULL, r->title);
	report_hw_start(h, "style", NULL);
	report_hw_ok(h, xmlTextWriterWriteRaw(h->w, BAD_CAST report_css));
	report_hw_ok(h, xmlTextWriterWriteRaw(h->w, BAD_CAST svg_css));	/* once for every chart */
	report_hw_end(h);
	report_hw_end(h);
}

/* The html writer into an open stream; 0, -ENOMEM or -EIO. */
int
report_write_html(const struct report *r, FILE *f)
{
	xmlBufferPtr	 buf = xmlBufferCreate();
	struct report_hw h = { .w = buf ? xmlNewTextWriterMemory(buf, 0) : NULL };
	int		 rc = 0;

	if (h.w == NULL) {
		xmlBufferFree(buf);
		return -ENOMEM;
	}
	report_hw_head(&h, r);
	report_hw_start(&h, "body", NULL);
	report_hw_start(&h, "main", NULL);
	for (size_t i = 0; i < r->n && !h.bad; i++)
		report_hw_block(&h, r, &r->b[i]);
	report_hw_end(&h);
	report_hw_elem(&h, "footer", NULL, "Written by " PACKAGE_STRING
		       ": one self-contained page, nothing fetched, no script.");
	report_hw_end(&h);
	report_hw_end(&h);
	report_hw_ok(&h, xmlTextWriterEndDocument(h.w));
	xmlFreeTextWriter(h.w);
	if (h.bad)
		rc = -ENOMEM;
	else if (fwrite(xmlBufferContent(buf), 1, (size_t)xmlBufferLength(buf), f) !=
		 (size_t)xmlBufferLength(buf) || fputc('\n', f) == EOF)
		rc = -EIO;
	xmlBufferFree(buf);
	return rc;
}
