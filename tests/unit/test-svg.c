/*
 * Unit tests for the chart models (src/ui/chart-model.c) and their SVG
 * renderers (src/ui/svg.c): fixed models drawn to SVG are compared with
 * tests/unit/golden-svg/NAME.svg (DD_GOLDEN_UPDATE=1 rewrites them: then
 * review `git diff tests/unit/golden-svg`), every SVG parses back as XML
 * with libxml2 (xmlReadMemory), hostile labels come out as text, NAN values
 * as gaps, an empty model as a valid chart saying "no data"; the axis ticks
 * and the bar model's markers and deltas; the workload builders' models
 * (a load curve with the review's points, checkpoint passes, the write
 * cliff) and the report's two-in-one interval graphs (a second scale at the
 * right; a second, dashed series) against goldens of their own; a line's
 * samples are all on the path drawn (struct poly).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "lib/file.h"
#include "ui/chart.h"
#include "ui/chart-build.h"
#include "ui/svg.h"

#define GOLDEN_DIR TOP_SRCDIR "/tests/unit/golden-svg"

static const char *hostile = "<script>alert(1)</script> & \"q\" 'a' \xff\xfe bad";

/* svg parsed as XML (NULL if it is not); the root must be <svg>. */
static xmlDocPtr
parse(const char *svg)
{
	xmlDocPtr doc;

	assert_non_null(svg);
	doc = xmlReadMemory(svg, (int)strlen(svg), "chart.svg", "UTF-8",
			    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (doc == NULL)
		fail_msg("not XML: %s", svg);
	assert_string_equal((const char *)xmlDocGetRootElement(doc)->name, "svg");
	return doc;
}

/* svg parses, has its xmlns, role and title, and no "nan" anywhere; frees it. */
static void
assert_svg(char *svg)
{
	xmlDocPtr doc = parse(svg);

	assert_non_null(strstr(svg, "xmlns=\"http://www.w3.org/2000/svg\""));
	assert_non_null(strstr(svg, "role=\"img\""));
	assert_non_null(strstr(svg, "<title>"));
	assert_non_null(strstr(svg, "viewBox=\"0 0 "));
	if (strcasestr(svg, "nan") != NULL || strcasestr(svg, "inf") != NULL)
		fail_msg("nan or inf in the output: %s", svg);
	xmlFreeDoc(doc);
	free(svg);
}

/* Compare svg with the golden file name (or write it under DD_GOLDEN_UPDATE=1). */
static void
golden(const char *name, const char *svg)
{
	char		path[512];
	struct dd_error err;
	char	       *want = NULL;
	size_t		len = 0;
	const char     *upd = getenv("DD_GOLDEN_UPDATE");

	snprintf(path, sizeof path, "%s/%s.svg", GOLDEN_DIR, name);
	if (upd != NULL && strcmp(upd, "1") == 0) {
		FILE *f = fopen(path, "w");

		if (f == NULL || fputs(svg, f) < 0 || fclose(f) != 0)
			fail_msg("cannot write %s: %s", path, strerror(errno));
		printf("# wrote %s\n", path);
		return;
	}
	if (file_read_all("golden SVG", path, 1 << 20, &want, &len, &err) < 0)
		fail_msg("%s: %s; create it with DD_GOLDEN_UPDATE=1 tests/unit/test-svg",
			 path, err.msg);
	if (strcmp(want, svg) != 0) {
		printf("# %s differs; got:\n%s\n", path, svg);
		free(want);
		fail_msg("%s differs from the chart (DD_GOLDEN_UPDATE=1 rewrites it)", path);
	}
	free(want);
}

/* The fixed bar chart: a point 10 % under its review, one not measured, one
 * over the axis's markers. */
static void
bars_fixture(struct chart_bars *b, const char *label)
{
	struct chart_markers mk = { .spec = 1000, .review = 900 };
	struct chart_markers none = { NAN, NAN };

	chart_bars_init(b, "4K random read IOPS", "IOPS");
	assert_int_equal(chart_bars_add(b, label, "QD32 x4", 810, &mk), 0);
	assert_int_equal(chart_bars_add(b, "4K random read", "QD1 x1", NAN, &mk), 0);
	assert_int_equal(chart_bars_add(b, "4K random read", "QD8 x1", 1234, &none), 0);
}

static const double tg_samples[] = { 100, 120, NAN, NAN, 130, 125, 90, 40, 35, 30, 32, 31 };

static void
timegraph_fixture(struct chart_timegraph *g, const char *title)
{
	chart_timegraph_init(g, title, "MB/s", tg_samples, 12, 0.5, UI_WRITE);
	chart_timegraph_target(g, 110);
	g->event = 7.0 / 12;
	snprintf(g->event_label, sizeof g->event_label, "write cliff");
}

static const double hm_grid[] = { 10, 20, 40, 15, NAN, 80, 18, 50, 100 };
static const char *const hm_rows[] = { "QD1", "QD8", "QD32" };
static const char *const hm_cols[] = { "x1", "x4", "x16" };

static void
heatmap_fixture(struct chart_heatmap *hm, const char *title)
{
	*hm = (struct chart_heatmap){ .grid = hm_grid, .rows = 3, .cols = 3, .max = NAN,
				      .cell_w = 8, .label_w = 5, .row_labels = hm_rows,
				      .col_labels = hm_cols, .decimals = 0, .sel_row = 1,
				      .sel_col = 2, .title = title, .unit = "K IOPS",
				      .row_title = "QD", .col_title = "jobs",
				      .note = "knee QD8xNJ16: 90% of best" };
}

static const double xy_x[] = { 100e3, 200e3, 400e3, NAN }, xy_y[] = { 80, 95, 160, 170 };
static const double rv_x[] = { 150e3, 380e3 }, rv_y[] = { 85, 150 };

static void
xy_fixture(struct chart_xyplot *p, struct chart_series *s, const char *title)
{
	s[0] = (struct chart_series){ rv_x, rv_y, 2, 0x25C6, UI_REVIEW_REF, 0, "review" };
	s[1] = (struct chart_series){ xy_x, xy_y, 4, 0x25CF, UI_MEASURED, 0, title };
	memset(p, 0, sizeof *p);
	snprintf(p->title, sizeof p->title, "%s", title);
	p->series = s;
	p->nseries = 2;
	chart_axis_fit(&p->x, xy_x, 4, "IOPS");
	chart_axis_fit(&p->y, xy_y, 4, "µs");
}

static void
hist_fixture(struct chart_histogram *h, const char *title)
{
	static const double up[] = { 10, 20, 40, 80, 1600 }, cnt[] = { 5, 300, 120, 0, 2 };

	chart_histogram_init(h, title, "µs", up, cnt, 5);
}

/* Each fixed model against its golden SVG. */
static void
test_golden(void **state)
{
	struct chart_bars      b;
	struct chart_timegraph g;
	struct chart_heatmap   hm;
	struct chart_xyplot    p;
	struct chart_series    s[2];
	struct chart_histogram h;
	struct dd_error	       err;
	char		      *svg;

	(void)state;
	bars_fixture(&b, "4K random read");
	timegraph_fixture(&g, "write cliff MB/s per interval");
	heatmap_fixture(&hm, "4K random read IOPS by QD x jobs");
	xy_fixture(&p, s, "measured");
	hist_fixture(&h, "latency histogram, log scale");
	golden("bars", svg = svg_bars(&b, 720, &err));
	assert_svg(svg);
	golden("timegraph", svg = svg_timegraph(&g, 720, &err));
	assert_svg(svg);
	golden("heatmap", svg = svg_heatmap(&hm, 720, &err));
	assert_svg(svg);
	golden("xyplot", svg = svg_xyplot(&p, 720, &err));
	assert_svg(svg);
	golden("histogram", svg = svg_histogram(&h, 720, &err));
	assert_svg(svg);
}

/* Whether the text of some element of doc is exactly text. */
static bool
has_text(xmlNodePtr n, const char *text)
{
	for (; n != NULL; n = n->next) {
		if (n->type == XML_TEXT_NODE && strcmp((const char *)n->content, text) == 0)
			return true;
		if (has_text(n->children, text))
			return true;
	}
	return false;
}

/* A hostile label in every model is text: escaped, parsed back as itself. */
static void
test_hostile(void **state)
{
	struct chart_bars      b;
	struct chart_timegraph g;
	struct chart_heatmap   hm;
	struct chart_xyplot    p;
	struct chart_series    s[2];
	struct chart_histogram h;
	struct dd_error	       err;
	char		      *svg[5];
	/* What a reader sees: the invalid bytes as U+FFFD each. */
	const char	      *seen = "<script>alert(1)</script> & \"q\" 'a' \xef\xbf\xbd\xef\xbf\xbd bad";

	(void)state;
	bars_fixture(&b, hostile);
	timegraph_fixture(&g, hostile);
	heatmap_fixture(&hm, hostile);
	xy_fixture(&p, s, hostile);
	hist_fixture(&h, hostile);
	svg[0] = svg_bars(&b, 600, &err);
	svg[1] = svg_timegraph(&g, 600, &err);
	svg[2] = svg_heatmap(&hm, 600, &err);
	svg[3] = svg_xyplot(&p, 600, &err);
	svg[4] = svg_histogram(&h, 600, &err);
	for (int i = 0; i < 5; i++) {
		xmlDocPtr doc = parse(svg[i]);

		assert_null(strstr(svg[i], "<script"));
		assert_non_null(strstr(svg[i], "&lt;script&gt;alert(1)&lt;/script&gt; &amp;"));
		assert_null(strstr(svg[i], "\xff"));
		if (!has_text(xmlDocGetRootElement(doc), seen))
			fail_msg("chart %d lost the label: %s", i, svg[i]);
		xmlFreeDoc(doc);
		assert_svg(svg[i]);
	}
}

#define POLY_MAX 1024

/* A time graph's line as drawn: its vertices, absolute ("M x y" starts a
 * stretch, "l dx dy" and "L x y" go on from the vertex before). */
struct poly {
	int    n, nm;			/* vertices, stretches */
	double x[POLY_MAX], y[POLY_MAX];
	bool   start[POLY_MAX];		/* vertex k starts a stretch */
};

/* The line of the <path> of class cls in svg. */
static void
path_poly(const char *svg, const char *cls, struct poly *p)
{
	char	    head[128];
	const char *d;
	char	   *e;

	memset(p, 0, sizeof *p);
	snprintf(head, sizeof head, "<path class=\"%s\" d=\"", cls);
	d = strstr(svg, head);
	if (d == NULL)
		fail_msg("no <path class=\"%s\"> in %s", cls, svg);
	for (d += strlen(head); *d != '"'; d = e) {
		char   c = *d++;
		double a = strtod(d, &e), b = strtod(e, &e);

		assert_true(p->n < POLY_MAX && (c == 'M' || c == 'l' || c == 'L'));
		assert_true(c == 'M' || p->n > 0);
		p->start[p->n] = c == 'M';
		p->nm += c == 'M';
		p->x[p->n] = c == 'l' ? p->x[p->n - 1] + a : a;
		p->y[p->n] = c == 'l' ? p->y[p->n - 1] + b : b;
		p->n++;
	}
}

/* Whether (x, y) is a vertex of p or on one of its segments. */
static bool
poly_has(const struct poly *p, double x, double y)
{
	for (int k = 0; k < p->n; k++) {
		double ax, ay, bx = p->x[k], by = p->y[k];

		if (bx == x && by == y)
			return true;
		if (p->start[k])
			continue;
		ax = p->x[k - 1];
		ay = p->y[k - 1];
		if ((bx - ax) * (y - ay) == (by - ay) * (x - ax) && x >= fmin(ax, bx) &&
		    x <= fmax(ax, bx) && y >= fmin(ay, by) && y <= fmax(ay, by))
			return true;
	}
	return false;
}

/* The pixel svg_timegraph puts sample i of n at (value v on axis 0..max), in
 * a drawing width_px wide: its plot starts 72 px in (8 padding, 64 of value
 * labels), ends 8 px (and right_px of a right scale) from the edge, and
 * spans 60..200 px down; each sample sits mid-share, in whole pixels. */
static void
tg_pixel(size_t i, size_t n, double v, double max, int width_px, int right_px, double *x,
	 double *y)
{
	double w = width_px - 80 - right_px;

	*x = round(72 + (i + 0.5) * w / (double)n);
	*y = round(200 - chart_fraction(v, max) * 140);
}

/* Every sample of v that is a number is on p's line (drawn as a vertex or
 * on a straight segment through it). */
static void
assert_poly_covers(const struct poly *p, const double *v, size_t n, double max, int width_px,
		   int right_px)
{
	for (size_t i = 0; i < n; i++) {
		double x, y;

		if (isnan(v[i]))
			continue;
		tg_pixel(i, n, v[i], max, width_px, right_px, &x, &y);
		if (!poly_has(p, x, y))
			fail_msg("sample %zu (%g at %g,%g) is not on the line", i, v[i], x, y);
	}
}

/* NAN everywhere: gaps, never "nan"; the bar row without a value has no bar. */
static void
test_nan(void **state)
{
	static const double    all_nan[] = { NAN, NAN, NAN };
	struct chart_bars      b;
	struct chart_timegraph g;
	struct chart_histogram h;
	struct dd_error	       err;
	char		      *svg;
	static struct poly     poly;
	double		       x, y;
	int		       k;

	(void)state;
	chart_bars_init(&b, "all missing", "MB/s");
	assert_int_equal(chart_bars_add(&b, "a", "QD1 x1", NAN, NULL), 0);
	svg = svg_bars(&b, 600, &err);
	/* The legend's swatch only. */
	assert_non_null(strstr(svg, "dd-bar dd-measured\" x"));
	assert_null(strstr(strstr(svg, "dd-bar dd-measured\" x") + 1, "dd-bar dd-measured\" x"));
	assert_svg(svg);
	chart_timegraph_init(&g, "all missing", "IOPS", all_nan, 3, NAN, UI_GRAPH);
	g.target = NAN;
	svg = svg_timegraph(&g, 600, &err);
	assert_null(strstr(svg, "<path class=\"dd-line"));
	assert_svg(svg);
	/* The gap in the fixture's series is a second M in its path, at the
	 * first sample after it; every sample is on the line. */
	timegraph_fixture(&g, "gap");
	svg = svg_timegraph(&g, 600, &err);
	path_poly(svg, "dd-line dd-write", &poly);
	assert_int_equal(poly.nm, 2);
	tg_pixel(4, 12, tg_samples[4], g.axis.max, 600, 0, &x, &y);
	for (k = 1; k < poly.n && !poly.start[k]; k++)	/* the second stretch */
		;
	assert_true(k < poly.n && poly.x[k] == x && poly.y[k] == y);
	assert_poly_covers(&poly, tg_samples, 12, g.axis.max, 600, 0);
	assert_svg(svg);
	chart_histogram_init(&h, "all missing", "µs", all_nan, all_nan, 3);
	assert_svg(svg_histogram(&h, 600, &err));
}

/* A long series is drawn whole: 600 samples, one stretch from the first
 * sample's pixel to the last's, every sample on it (a sample on the
 * straight line between its neighbours' pixels needs no vertex, nor one on
 * the pixel before: fewer than 600 vertices, no pixel moved). */
static void
test_long_series(void **state)
{
	double		       v[600], x, y;
	struct chart_timegraph g;
	struct dd_error	       err;
	char		      *svg;
	static struct poly     poly;

	(void)state;
	for (int i = 0; i < 600; i++)
		v[i] = 1000 + i % 37;
	chart_timegraph_init(&g, "long", "IOPS", v, 600, 0.5, UI_GRAPH);
	svg = svg_timegraph(&g, 720, &err);
	path_poly(svg, "dd-line dd-graph", &poly);
	assert_int_equal(poly.nm, 1);
	tg_pixel(0, 600, v[0], g.axis.max, 720, 0, &x, &y);
	assert_true(poly.x[0] == x && poly.y[0] == y);
	tg_pixel(599, 600, v[599], g.axis.max, 720, 0, &x, &y);
	assert_true(poly.x[poly.n - 1] == x && poly.y[poly.n - 1] == y);
	assert_poly_covers(&poly, v, 600, g.axis.max, 720, 0);
	assert_true(poly.n < 600);
	assert_svg(svg);
}

/* An empty model of each kind is a valid chart saying "no data". */
static void
test_empty_models(void **state)
{
	struct chart_bars      b;
	struct chart_timegraph tg;
	struct chart_histogram h;
	struct chart_xyplot    xy = { .title = "curves" };
	struct chart_heatmap   hm = { .title = "heat", .max = NAN };
	struct dd_error	       err;
	char		      *svg[5];

	(void)state;
	chart_bars_init(&b, "bars", "IOPS");
	chart_timegraph_init(&tg, "graph", "IOPS", NULL, 0, 1, UI_GRAPH);
	chart_histogram_init(&h, "hist", "µs", NULL, NULL, 0);
	svg[0] = svg_bars(&b, 600, &err);
	svg[1] = svg_timegraph(&tg, 600, &err);
	svg[2] = svg_histogram(&h, 600, &err);
	svg[3] = svg_xyplot(&xy, 600, &err);
	svg[4] = svg_heatmap(&hm, 600, &err);
	for (int i = 0; i < 5; i++) {
		assert_non_null(strstr(svg[i], ">no data<"));
		assert_svg(svg[i]);
	}
}

/* Ticks 0..max in nice steps, at most six. */
static void
test_axis_ticks(void **state)
{
	double t[CHART_TICKS_MAX];
	struct chart_axis a;
	char   num[32];

	(void)state;
	assert_int_equal(chart_axis_ticks(1, t, CHART_TICKS_MAX), 6);
	assert_true(fabs(t[1] - 0.2) < 1e-12 && fabs(t[5] - 1) < 1e-12);
	assert_int_equal(chart_axis_ticks(2, t, CHART_TICKS_MAX), 5);
	assert_true(t[1] == 0.5 && t[4] == 2);
	assert_int_equal(chart_axis_ticks(2.5, t, CHART_TICKS_MAX), 6);
	assert_true(t[5] == 2.5);
	assert_int_equal(chart_axis_ticks(5e6, t, CHART_TICKS_MAX), 6);
	assert_true(t[1] == 1e6);
	/* Not a nice maximum: the ticks stop below it. */
	assert_int_equal(chart_axis_ticks(750, t, CHART_TICKS_MAX), 4);
	assert_true(t[3] == 600);
	assert_int_equal(chart_axis_ticks(1, t, 3), 3);
	assert_true(t[1] == 0.5);
	assert_int_equal(chart_axis_ticks(NAN, t, 6), 0);
	assert_int_equal(chart_axis_ticks(0, t, 6), 0);
	assert_int_equal(chart_axis_ticks(-1, t, 6), 0);
	/* An axis fitted to values is chart_scale_max's: 1.7M -> 2M. */
	chart_axis_fit(&a, (const double[]){ 1.7e6, NAN, 3 }, 3, "IOPS");
	assert_true(a.max == 2e6);
	assert_int_equal(a.nticks, 5);
	assert_string_equal(chart_tick_text(a.ticks[1], num, sizeof num), "500K");
	assert_string_equal(chart_tick_text(0.25, num, sizeof num), "0.25");
}

/* The bar model: markers, deltas against review and spec, one axis. */
static void
test_bars_model(void **state)
{
	struct chart_bars b;
	struct chart_markers mk = { 1, 1 };

	(void)state;
	bars_fixture(&b, "4K random read");
	assert_int_equal(b.nrows, 3);
	assert_true(b.rows[0].mk.spec == 1000 && b.rows[0].mk.review == 900);
	assert_string_equal(b.rows[0].delta_review, "-10.0%");
	assert_string_equal(b.rows[0].delta_spec, "-19.0%");
	assert_string_equal(b.rows[0].value_text, "810");
	assert_string_equal(b.rows[1].value_text, "\xe2\x80\x94");
	assert_string_equal(b.rows[1].delta_review, "\xe2\x80\x94");
	assert_string_equal(b.rows[2].delta_spec, "\xe2\x80\x94");
	assert_true(isnan(b.rows[2].mk.spec));
	/* One axis over every value and marker: 1234 -> 2000. */
	assert_true(b.axis.max == 2000);
	assert_string_equal(b.axis.unit, "IOPS");
	for (size_t i = b.nrows; i < CHART_BARS_MAX; i++)
		assert_int_equal(chart_bars_add(&b, "x", "", 1, &mk), 0);
	assert_int_equal(chart_bars_add(&b, "x", "", 1, &mk), -ENOSPC);
}

/* The builders on the bundled database ($DRIVEDASH_DB): CD9P-R 7.68 TB's
 * 4K random read QD32 x16 bar has the sheet's rated 2.6M and the review's
 * 2,165,000 as markers, and a point 10 % under the review says so. */
static void
test_build_bar(void **state)
{
	struct specdb	   *db = NULL;
	struct arena	    a = { 0 };
	struct spec_family *fams = NULL;
	size_t		    nfams = 0;
	struct tui_sheet    s = { 0 };
	struct tui_pick	    pk = { NULL, NULL };
	struct dd_error	    err = { 0 };
	struct chart_bars   b;
	struct dd_point	    p = { .pattern = DD_RANDREAD, .bs = 4096, .iodepth = 32,
				  .numjobs = 16, .name = "4K randread QD32 x16" };
	const char	   *path = getenv("DRIVEDASH_DB");

	(void)state;
	if (path == NULL || specdb_open(path, &db, &err) < 0)
		fail_msg("cannot open DRIVEDASH_DB=%s", path != NULL ? path : "(unset)");
	assert_int_equal(specdb_families(db, &a, &fams, &nfams, &err), 0);
	for (size_t i = 0; i < nfams; i++)
		if (strcmp(fams[i].id, "kioxia-cd9p-r") == 0) {
			pk.fam = &fams[i];
			for (size_t k = 0; k < fams[i].ndrives; k++)
				if (fams[i].drives[k].capacity_gb == 7680)
					pk.drive = &fams[i].drives[k];
		}
	assert_non_null(pk.drive);
	assert_int_equal(tui_sheet_load(&s, db, pk, &err), 0);
	chart_bars_init(&b, "4K random read", "IOPS");
	assert_int_equal(chart_build_bar(&b, &s, &p, 2165000 * 0.9, TUI_M_IOPS, NULL), 0);
	assert_string_equal(b.rows[0].label, "4K randread QD32 x16");
	assert_string_equal(b.rows[0].depth, "QD32 x16");
	assert_true(fabs(b.rows[0].mk.spec - 2600000) < 1e-6);
	assert_true(fabs(b.rows[0].mk.review - 2165000) < 1e-6);
	assert_string_equal(b.rows[0].delta_review, "-10.0%");
	assert_string_equal(b.rows[0].delta_spec, "-25.1%");
	assert_string_equal(b.rows[0].value_text, "1.95M");
	/* The scale holds the spec marker: 2.6M -> 5M, as the Sweep screen's. */
	assert_true(b.axis.max == 5e6);
	/* A depth the review did not publish: no review marker, its delta a dash. */
	p.iodepth = 8;
	p.numjobs = 4;
	assert_int_equal(chart_build_bar(&b, &s, &p, 1e6, TUI_M_IOPS, "QD8"), 0);
	assert_true(isnan(b.rows[1].mk.review));
	assert_string_equal(b.rows[1].delta_review, "\xe2\x80\x94");
	tui_sheet_free(&s);
	arena_free(&a);
	specdb_close(db);
}

/* A workload's heat grid from a plan's points and finished summaries. */
static void
test_build_heat(void **state)
{
	struct dd_point		pts[6];
	struct sweep_summary	sums[4];
	struct chart_heat_data *d = calloc(1, sizeof *d);
	struct chart_heatmap	hm;
	static const unsigned	qd[] = { 32, 1, 8, 1, 32, 1 }, nj[] = { 1, 1, 1, 4, 4, 1 };

	(void)state;
	assert_non_null(d);
	memset(pts, 0, sizeof pts);
	memset(sums, 0, sizeof sums);
	for (int i = 0; i < 6; i++) {
		pts[i].pattern = i < 5 ? DD_RANDREAD : DD_READ;
		pts[i].bs = 4096;
		pts[i].iodepth = qd[i];
		pts[i].numjobs = nj[i];
	}
	/* Finished: QD32x1 100K, QD1x1 10K, QD8x1 95K; QD1x4 failed. */
	sums[0] = (struct sweep_summary){ .index = 0, .iops = 100e3 };
	sums[1] = (struct sweep_summary){ .index = 1, .iops = 10e3 };
	sums[2] = (struct sweep_summary){ .index = 2, .iops = 95e3 };
	sums[3] = (struct sweep_summary){ .index = 3, .iops = 50e3, .status = -5 };
	chart_build_heat(d, pts, 6, sums, 4, DD_RANDREAD, 4096, NULL);
	assert_int_equal(d->nq, 3);
	assert_int_equal(d->nj, 2);
	assert_true(d->qds[0] == 1 && d->qds[2] == 32 && d->njs[1] == 4);
	assert_true(d->grid[0] == 10 && d->grid[2 * 2 + 0] == 100 && d->grid[1 * 2 + 0] == 95);
	assert_true(isnan(d->grid[1]) && isnan(d->grid[1 * 2 + 1]) && isnan(d->grid[2 * 2 + 1]));
	assert_int_equal(chart_heat_cell(d, &pts[2]), 2);
	assert_int_equal(chart_heat_cell(d, &pts[5]), -1);
	assert_string_equal(d->title, "4K random read IOPS (K) over IODepth x NumJobs");
	chart_heat_model(d, NULL, &hm);
	assert_int_equal(hm.rows, 3);
	assert_string_equal(hm.row_labels[2], "QD32");
	assert_string_equal(hm.col_labels[1], "NJ4");
	/* 95K at QD8x1 is within 90 % of 100K at QD32x1, at a quarter of the queue. */
	assert_string_equal(hm.note, "knee QD8xNJ1: 90% of best, 1/4 queue");
	free(d);
}

/* A load curve's model (chart_build_curve, chart_curve_model: the Sweep
 * screen's curve panel) against its golden SVG: the maximum, two steps, the
 * peak, the review's published point as its own series with its own shape
 * and legend entry; the running step (none) is not in the legend. */
static void
test_golden_curve(void **state)
{
	struct chart_curve_data *d = calloc(1, sizeof *d);
	struct chart_xyplot	 plot;
	struct dd_error		 err;
	char			*svg;

	(void)state;
	assert_non_null(d);
	chart_curve_init(d, false);
	snprintf(d->c.profile, sizeof d->c.profile, "4K random read");
	d->c.has_max = true;
	d->c.max = (struct workload_step){ .finished = true, .iops = 800e3, .mean_us = 480 };
	d->c.nsteps = 2;
	d->c.steps[0] = (struct workload_step){ .finished = true, .target_pct = 50,
						.target_iops = 400e3, .iops = 399e3, .mean_us = 150 };
	d->c.steps[1] = (struct workload_step){ .finished = true, .target_pct = 100,
						.target_iops = 800e3, .iops = 790e3, .mean_us = 470 };
	d->c.peak_iops = 800e3;
	d->c.peak_mean_us = 480;
	d->ticks[d->nticks++] = 400e3;
	d->ticks[d->nticks++] = 800e3;
	chart_build_curve(d, NULL);	/* no sheet: no review points of its own */
	assert_int_equal(d->n, 3);
	assert_int_equal(d->nrev, 0);
	assert_true(d->peak_x == 800e3 && d->peak_y == 480);
	/* As tui_ref_curve_points gives them: the review's peak and latency. */
	d->rev_x[0] = 1.03e6;
	d->rev_y[0] = 492.6;
	d->nrev = 1;
	chart_curve_model(d, "4K random read: mean latency against IOPS", "review (CD6)",
			  glyphs_get(true), &plot);
	assert_true(plot.x.max == 2e6 && plot.y.max == 500);
	golden("curve", svg = svg_xyplot(&plot, 640, &err));
	/* Its own series: a diamond, named in the legend; no "now" entry. */
	assert_non_null(strstr(svg, "dd-shape-3"));
	assert_non_null(strstr(svg, ">review (CD6)<"));
	assert_null(strstr(svg, ">now<"));
	assert_svg(svg);
	free(d);
}

/* Checkpoint passes as bars (chart_build_ckpt) and the write cliff's graph
 * (chart_build_cliff) against their goldens: the cliff is a vertical line
 * with its label at its top, the spec's sustained write a horizontal one. */
static void
test_golden_ckpt_cliff(void **state)
{
	struct workload_ckpt  *c = calloc(1, sizeof *c);
	struct chart_bars     *b = calloc(1, sizeof *b);
	struct dd_interval     iv[20];
	double		       mbps[20], rev[WORKLOAD_PASSES_MAX];
	struct spec_figure     spec = { .base = 1500 };
	struct chart_timegraph g;
	struct workload_cliff  cl;
	struct dd_error	       err;
	char		      *svg;

	(void)state;
	assert_non_null(c);
	assert_non_null(b);
	c->bytes = 4000000000ULL;
	c->npasses = 2;
	c->passes[0] = (struct workload_pass){ .pass = 1, .n = 4, .mean_s = 2.5, .min_s = 2,
					       .max_s = 3.1 };
	c->passes[1] = (struct workload_pass){ .pass = 2, .n = 4, .mean_s = 3.25, .min_s = 3,
					       .max_s = 4 };
	assert_int_equal(chart_build_ckpt(b, "checkpoint seconds per pass", c, NULL, rev), 0);
	assert_int_equal(b->nrows, 2);
	assert_string_equal(b->rows[1].label, "pass 2");
	assert_string_equal(b->rows[1].value_text, "3.25");
	assert_true(b->axis.max == 5);
	assert_true(isnan(rev[0]));
	golden("ckpt", svg = svg_bars(b, 640, &err));
	assert_null(strstr(svg, ">spec target<"));	/* no marker: not in the legend */
	assert_svg(svg);
	/* 12 intervals at 2,000 MB/s, then 8 at 600: a cliff at 6 s. */
	for (int i = 0; i < 20; i++) {
		iv[i] = (struct dd_interval){ .t_s = 0.5 * (i + 1), .mbps = i < 12 ? 2000 : 600,
					      .temp_c = NAN };
		mbps[i] = iv[i].mbps;
	}
	chart_build_cliff(&g, "write cliff of 128K seq write", mbps, 20, iv, 20, &spec, &cl);
	assert_true(cl.found);
	assert_true(fabs(g.event - 12.0 / 20) < 1e-9);
	assert_true(g.target == 1500);
	golden("cliff", svg = svg_timegraph(&g, 640, &err));
	assert_non_null(strstr(svg, "class=\"dd-event\""));
	assert_non_null(strstr(svg, "dd-event-label"));	/* the line says what it marks */
	assert_non_null(strstr(svg, ">spec seq. write<"));
	assert_svg(svg);
	/* A spec over 3 x the series would flatten it: not drawn, but said. */
	spec.base = 9000;
	chart_build_cliff(&g, "write cliff", mbps, 20, iv, 20, &spec, &cl);
	svg = svg_timegraph(&g, 640, &err);
	assert_null(strstr(svg, "class=\"dd-spec\""));
	assert_non_null(strstr(svg, ">spec seq. write 9,000 MB/s: above the scale<"));
	assert_svg(svg);
	free(c);
	free(b);
}

/* The report's two-in-one graphs against their goldens: IOPS with MB/s as
 * a second scale at the right (one line, the right axis's ticks where
 * IOPS x the block size reads them, the legend saying so), and mean with
 * p99 latency (two lines on one axis, p99 dashed, both named); neither
 * changes the cell renderer's model (samples, axis). */
static void
test_golden_two(void **state)
{
	static const double    iops[] = { 12000, 12500, 11800, NAN, 8000, 12100, 12300, 11900 };
	static const double    mean[] = { 900, 880, 910, 1300, 1290, 905, 890, 900 };
	static const double    p99[] = { 1300, 1250, 1400, 2300, 2200, 1350, NAN, 1280 };
	struct chart_timegraph g;
	struct dd_error	       err;
	char		      *svg, num[32];
	static struct poly     poly;
	double		       x, y;
	const char	      *ax;

	(void)state;
	chart_timegraph_init(&g, "IOPS and MB/s over time", "IOPS", iops, 8, 1.25, UI_GRAPH);
	chart_timegraph_right(&g, "MB/s", 131072 / 1e6, "IOPS (left)",
			      "MB/s (right) = IOPS \u00d7 128K block: one line, two scales");
	assert_true(g.axis.max == 20000 && g.right.max == 20000 * 0.131072);
	golden("timegraph-right", svg = svg_timegraph(&g, 640, &err));
	/* The right scale: its unit, its ticks at their MB/s on the IOPS line's
	 * pixels (1,000 MB/s is 7,629 IOPS), the note in the legend. */
	assert_non_null(strstr(svg, "<text class=\"dd-unit\" x=\"582\" y=\"49\">MB/s</text>"));
	snprintf(num, sizeof num, "M576 %.1fh4", 200 - 1000 / g.right.max * 140);
	ax = strstr(svg, "<path class=\"dd-axis\" d=\"M576 60V200");
	assert_non_null(ax);
	assert_non_null(strstr(ax, num));
	assert_non_null(strstr(svg, ">1,000</text>"));
	assert_non_null(strstr(svg, ">MB/s (right) = IOPS \u00d7 128K block: one line, two scales<"));
	assert_non_null(strstr(svg, ">IOPS (left)<"));
	path_poly(svg, "dd-line dd-graph", &poly);
	assert_int_equal(poly.nm, 2);
	assert_poly_covers(&poly, iops, 8, g.axis.max, 640, 56);
	assert_svg(svg);

	chart_timegraph_init(&g, "Mean and p99 latency over time", "µs", mean, 8, 1.25, UI_GRAPH);
	assert_true(g.axis.max == 2000);
	chart_timegraph_second(&g, p99, "mean", "p99 (dashed)");	/* the axis over both */
	assert_true(g.axis.max == 2500 && g.samples == mean && g.right.max == 0);
	golden("timegraph-two", svg = svg_timegraph(&g, 640, &err));
	assert_non_null(strstr(svg, ">mean<"));
	assert_non_null(strstr(svg, ">p99 (dashed)<"));
	assert_non_null(strstr(svg, "<line class=\"dd-line dd-dash dd-graph\""));	/* swatch */
	path_poly(svg, "dd-line dd-graph", &poly);
	assert_int_equal(poly.nm, 1);
	assert_poly_covers(&poly, mean, 8, g.axis.max, 640, 0);
	path_poly(svg, "dd-line dd-dash dd-graph", &poly);
	assert_int_equal(poly.nm, 2);
	assert_poly_covers(&poly, p99, 8, g.axis.max, 640, 0);
	tg_pixel(7, 8, p99[7], g.axis.max, 640, 0, &x, &y);	/* after the gap */
	assert_true(poly.start[poly.n - 1] && poly.x[poly.n - 1] == x && poly.y[poly.n - 1] == y);
	assert_true(strstr(svg_css, ".dd-dash{stroke-dasharray:") != NULL);
	assert_svg(svg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_nan),
		cmocka_unit_test(test_long_series),
		cmocka_unit_test(test_empty_models),
		cmocka_unit_test(test_axis_ticks),
		cmocka_unit_test(test_bars_model),
		cmocka_unit_test(test_build_bar),
		cmocka_unit_test(test_build_heat),
		cmocka_unit_test(test_golden_curve),
		cmocka_unit_test(test_golden_ckpt_cliff),
		cmocka_unit_test(test_golden_two),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
