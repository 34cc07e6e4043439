/*
 * The Compare screen: up to four drives and the runs finished this session,
 * side by side.
 *
 * Rows are fixed workloads (struct cmp_row: 128K sequential read and write,
 * 4K random read and write at the best published depth, 4K QD1 IOPS and
 * latency, 64K random read).  Columns are built each frame (struct cmp_col):
 * a drive gives two, its spec figure and its review measurement; a run gives
 * one, what it measured.  A review shows its % against the spec when the
 * spec applies at its depth (core/compare.h's rule: a spec without a
 * stated depth is a rated maximum and applies at every depth), and the
 * IODepth x NumJobs it was published at; a run shows its % against the
 * first drive's review.  The best measured value of each row (reviews and
 * runs; spec figures are claims, not measurements) is bold in the ok role.
 * Columns that do not fit scroll sideways with Left/Right.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/format.h"
#include "ui/chart.h"
#include "ui/tui.h"

#define CMP_COLS_MAX (TUI_MARKS_MAX + 1 + TUI_RUNS_MAX)

/* One workload row. */
struct cmp_row {
	const char     *label, *unit;
	enum dd_pattern pat;
	unsigned	bs, qd, jobs;	/* qd 0: the best at any depth */
	enum tui_metric m;
	bool		spec;		/* the sheet has a figure for this row */
};

static const struct cmp_row cmp_rows[] = {
	{ "128K seq read", "MB/s", DD_READ, 131072, 64, 1, TUI_M_MBPS, true },
	{ "128K seq write", "MB/s", DD_WRITE, 131072, 16, 1, TUI_M_MBPS, true },
	{ "4K rand read", "IOPS", DD_RANDREAD, 4096, 0, 0, TUI_M_IOPS, true },
	{ "4K rand write", "IOPS", DD_RANDWRITE, 4096, 0, 0, TUI_M_IOPS, true },
	{ "4K rand read QD1", "IOPS", DD_RANDREAD, 4096, 1, 1, TUI_M_IOPS, false },
	{ "QD1 read latency", "us", DD_RANDREAD, 4096, 1, 1, TUI_M_LAT, true },
	{ "QD1 write latency", "us", DD_RANDWRITE, 4096, 1, 1, TUI_M_LAT, true },
	{ "64K rand read", "MB/s", DD_RANDREAD, 65536, 0, 0, TUI_M_MBPS, false },
};

#define CMP_NROWS (int)(sizeof cmp_rows / sizeof cmp_rows[0])

/* A column group: a drive (spec + review) or a run (measured). */
struct cmp_col {
	const struct tui_sheet *sheet;	/* a drive */
	const struct tui_run   *run;	/* a run */
	int			w;
};

/* Is any capacity point of this family marked? */
bool
tui_is_marked(const struct tui *t, const struct spec_family *f)
{
	for (size_t i = 0; i < t->compare.nmarks; i++)
		if (t->compare.marks[i].fam == f)
			return true;
	return false;
}

/* Mark or unmark a drive. */
size_t
tui_toggle_mark(struct tui *t, struct tui_pick p)
{
	struct dd_error err = { 0 };
	char		label[128];

	for (size_t i = 0; i < t->compare.nmarks; i++)
		if (t->compare.marks[i].fam == p.fam) {
			tui_sheet_free(&t->compare.mark_sheets[i]);
			memmove(&t->compare.marks[i], &t->compare.marks[i + 1], (t->compare.nmarks - i - 1) * sizeof t->compare.marks[0]);
			memmove(&t->compare.mark_sheets[i], &t->compare.mark_sheets[i + 1],
				(t->compare.nmarks - i - 1) * sizeof t->compare.mark_sheets[0]);
			t->compare.nmarks--;
			memset(&t->compare.mark_sheets[t->compare.nmarks], 0, sizeof t->compare.mark_sheets[0]);
			tui_message(t, false, "%s unmarked (%zu marked)",
				    tui_pick_label(p, true, label, sizeof label), t->compare.nmarks);
			return t->compare.nmarks;
		}
	if (t->compare.nmarks == TUI_MARKS_MAX) {
		tui_message(t, true, "already %d drives marked: c on one of them unmarks it",
			    TUI_MARKS_MAX);
		return t->compare.nmarks;
	}
	if (tui_sheet_load(&t->compare.mark_sheets[t->compare.nmarks], t->db, p, &err) < 0) {
		tui_message(t, true, "%s", err.msg);
		return t->compare.nmarks;
	}
	t->compare.marks[t->compare.nmarks++] = p;
	tui_message(t, false, "%s marked for compare (%zu marked%s)",
		    tui_pick_label(p, true, label, sizeof label), t->compare.nmarks,
		    t->compare.nmarks >= 2 ? "; C compares" : "");
	return t->compare.nmarks;
}

/* Free marks and runs. */
void
tui_compare_cleanup(struct tui *t)
{
	for (size_t i = 0; i < TUI_MARKS_MAX; i++)
		tui_sheet_free(&t->compare.mark_sheets[i]);
	t->compare.nmarks = 0;
	for (size_t i = 0; i < t->nruns; i++)
		free(t->runs[i].pts);
	t->nruns = 0;
}

/* The dd_point a row stands for (best rows: the reviews' headline depth). */
static struct dd_point
cmp_point(const struct cmp_row *r)
{
	struct dd_point p = { .pattern = r->pat, .bs = r->bs,
			      .iodepth = r->qd ? r->qd : 32, .numjobs = r->jobs ? r->jobs : 16 };

	return p;
}

/* A drive's review value for a row. */
static void
cmp_review(const struct tui_sheet *s, const struct cmp_row *r, struct tui_refval *rv)
{
	struct dd_point p = cmp_point(r);

	if (r->qd > 0)
		tui_ref_review(s, &p, r->m, rv);
	/* Sequential rows: the headline depth if published, else the best. */
	if (r->qd == 0 || (isnan(rv->value) && (r->pat == DD_READ || r->pat == DD_WRITE)))
		tui_ref_review_best(s, r->pat, r->bs, r->m, rv);
}

/* A run's value for a row: the exact point, else (rates) the best of the
 * shape; *at (may be NULL) gets the point it came from. */
static double
cmp_measured(const struct tui_run *run, const struct cmp_row *r, const struct dd_point **at)
{
	const struct dd_point *best_pt = NULL;
	double		       best = NAN;

	for (size_t i = 0; i < run->n; i++) {
		const struct tui_run_point *rp = &run->pts[i];
		bool			    exact = rp->pt.iodepth == r->qd && rp->pt.numjobs == r->jobs;
		double			    v;

		/* A point stopped part way is not a measurement of it. */
		if (rp->pt.pattern != r->pat || rp->pt.bs != r->bs || rp->sum.status != 0 ||
		    rp->sum.cancelled)
			continue;
		/* Fixed-depth rows take other depths only for sequential rates. */
		if (r->qd > 0 && !exact && (r->m == TUI_M_LAT ||
					    (r->pat != DD_READ && r->pat != DD_WRITE)))
			continue;
		v = r->m == TUI_M_IOPS ? rp->sum.iops : r->m == TUI_M_MBPS ? rp->sum.mbps :
		    rp->sum.mean_us;
		if (isnan(v))
			continue;
		if (r->qd > 0 && exact) {
			best = v;
			best_pt = &rp->pt;
			break;
		}
		if (isnan(best) || (r->m == TUI_M_LAT ? v < best : v > best)) {
			best = v;
			best_pt = &rp->pt;
		}
	}
	if (at != NULL)
		*at = best_pt;
	return best;
}

/* A value as the row shows it. */
static char *
cmp_fmt(double v, const struct cmp_row *r, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (r->m == TUI_M_IOPS)
		fmt_count(v, buf, len);
	else
		fmt_number(v, r->m == TUI_M_LAT ? 1 : 0, buf, len);
	return buf;
}

/* The columns this frame shows: marked drives, the sweep's reference, runs. */
static int
cmp_columns(struct tui *t, struct cmp_col *cols)
{
	int  n = 0;
	bool ref_marked = false;

	for (size_t i = 0; i < t->compare.nmarks; i++) {
		cols[n++] = (struct cmp_col){ .sheet = &t->compare.mark_sheets[i], .w = 37 };
		ref_marked |= t->sweep.ref.loaded && t->compare.marks[i].fam == t->sweep.ref.pick.fam;
	}
	if (t->nruns > 0 && t->sweep.ref.loaded && !ref_marked)
		cols[n++] = (struct cmp_col){ .sheet = &t->sweep.ref, .w = 37 };
	for (size_t i = t->nruns; i > 0; i--)
		cols[n++] = (struct cmp_col){ .run = &t->runs[i - 1], .w = 29 };
	return n;
}

/* The best measured value of a row across the columns. */
static double
cmp_row_best(const struct cmp_col *cols, int n, const struct cmp_row *r)
{
	double best = NAN;

	for (int c = 0; c < n; c++) {
		struct tui_refval rv;
		double		  v;

		if (cols[c].sheet != NULL) {
			cmp_review(cols[c].sheet, r, &rv);
			v = rv.value;
		} else {
			v = cmp_measured(cols[c].run, r, NULL);
		}
		if (!isnan(v) && (isnan(best) || (r->m == TUI_M_LAT ? v < best : v > best)))
			best = v;
	}
	return best;
}

/* Draw one drive column group's cells for a row. */
static void
cmp_draw_drive_cell(struct tui *t, struct cellbuf *cb, int x, int y, const struct cmp_col *c,
		    const struct cmp_row *r, double best, bool *dim_spec)
{
	struct tui_refval sp, rv;
	struct dd_point	  p = cmp_point(r);
	char		  num[32], pct[32], cell[64];
	bool		  is_best;

	tui_ref_spec(c->sheet, &p, r->m, &sp);
	if (r->spec && !isnan(sp.value)) {
		if (!sp.comparable)
			*dim_spec = true;
		tui_print_right(cb, x + 9, y, sp.comparable ? UI_SPEC_TARGET : UI_DIM_TEXT, 0,
				cmp_fmt(sp.value, r, num, sizeof num));
	} else {
		tui_print_right(cb, x + 9, y, UI_DIM_TEXT, 0, t->sym->dash);
	}
	cmp_review(c->sheet, r, &rv);
	if (isnan(rv.value)) {
		tui_print_right(cb, x + 27, y, UI_DIM_TEXT, 0, t->sym->dash);
		return;
	}
	is_best = !isnan(best) && rv.value == best;
	/* "14,235.9 (-3.8%)": the number right-aligned, the delta after it. */
	tui_print_right(cb, x + 19, y, is_best ? UI_OK : UI_REVIEW_REF, is_best ? UI_BOLD : 0,
			cmp_fmt(rv.value, r, num, sizeof num));
	if (r->spec && sp.comparable && !isnan(sp.value)) {
		snprintf(cell, sizeof cell, "(%s)", chart_pct_delta(rv.value, sp.value, t->g, pct,
								      sizeof pct));
		tui_print(cb, x + 20, y, 8, UI_DIM_TEXT, 0, "%s", cell);
	}
	/* Every review figure says the depth it was published at. */
	if (rv.meas != NULL && rv.meas->iodepth > 0 && rv.meas->numjobs > 0)
		tui_print(cb, x + 29, y, 8, UI_DIM_TEXT, 0, "QD%d%s%d", rv.meas->iodepth,
			  t->sym->times, rv.meas->numjobs);
	else
		tui_print(cb, x + 29, y, 8, UI_DIM_TEXT, 0, "QD ?");
}

/* Draw one run column's cell for a row: the value, and its % against the
 * first drive's review at the very point it was measured at. */
static void
cmp_draw_run_cell(struct tui *t, struct cellbuf *cb, int x, int y, const struct cmp_col *c,
		  const struct cmp_row *r, double best, const struct tui_sheet *first)
{
	const struct dd_point *at = NULL;
	struct tui_refval      rv;
	double		       v = cmp_measured(c->run, r, &at);
	char		       num[32], pct[32];
	bool		       is_best = !isnan(best) && v == best;

	if (isnan(v)) {
		tui_print_right(cb, x + 10, y, UI_DIM_TEXT, 0, t->sym->dash);
		return;
	}
	tui_print_right(cb, x + 10, y, is_best ? UI_OK : UI_MEASURED, is_best ? UI_BOLD : 0,
			cmp_fmt(v, r, num, sizeof num));
	if (first == NULL || at == NULL)
		return;
	tui_ref_review(first, at, r->m, &rv);
	if (isnan(rv.value)) {
		tui_print(cb, x + 11, y, 13, UI_DIM_TEXT, 0, "@%u%s%u", at->iodepth, t->sym->times,
			  at->numjobs);
		return;
	}
	tui_print(cb, x + 11, y, 17, UI_DIM_TEXT, 0, "(%s rv @%u%s%u)",
		  chart_pct_delta(v, rv.value, t->g, pct, sizeof pct), at->iodepth, t->sym->times,
		  at->numjobs);
}

/* Draw the Compare screen. */
static void
compare_draw(struct tui *t, struct cellbuf *cb, int y, int h)
{
	struct cmp_col		cols[CMP_COLS_MAX];
	const struct tui_sheet *first = NULL;
	int			n = cmp_columns(t, cols), labw = cb->w >= 100 ? 28 : 22;
	int			x, last = 0, row;
	bool			dim_spec = false;

	if (n == 0) {
		tui_print(cb, 2, y + 1, -1, UI_TEXT, 0,
			  "Nothing to compare yet: mark 2 to 4 drives with c on the Drives screen,");
		tui_print(cb, 2, y + 2, -1, UI_TEXT, 0,
			  "or run a sweep (s): finished runs appear here next to their reference.");
		return;
	}
	for (int c = 0; c < n && first == NULL; c++)
		first = cols[c].sheet;
	if (t->compare.left >= n)
		t->compare.left = n - 1;
	if (t->compare.left < 0)
		t->compare.left = 0;
	/* Headers: names, then spec / review / measured. */
	x = labw;
	for (int c = t->compare.left; c < n && x + cols[c].w <= cb->w; c++) {
		char label[128];

		if (cols[c].sheet != NULL) {
			tui_print(cb, x + 1, y, cols[c].w - 1, UI_TITLE, UI_BOLD, "%s",
				  tui_pick_label(cols[c].sheet->pick, true, label, sizeof label));
			tui_print_right(cb, x + 9, y + 1, UI_SPEC_TARGET, 0, "spec");
			tui_print_right(cb, x + 19, y + 1, UI_REVIEW_REF, 0, "review");
			tui_print(cb, x + 20, y + 1, -1, UI_DIM_TEXT, 0, "vs spec");
			tui_print(cb, x + 29, y + 1, -1, UI_DIM_TEXT, 0, "at");
		} else {
			tui_print(cb, x + 1, y, cols[c].w - 1, UI_TITLE, UI_BOLD, "%s",
				  cols[c].run->label);
			tui_print_right(cb, x + 10, y + 1, UI_MEASURED, 0, "measured");
			if (first != NULL)
				tui_print(cb, x + 11, y + 1, -1, UI_DIM_TEXT, 0, "vs review");
		}
		x += cols[c].w;
		last = c;
	}
	cellbuf_hline(cb, 1, y + 2, x - 1, t->g, UI_BORDER);
	row = y + 3;
	for (int i = 0; i < CMP_NROWS && row < y + h - 4; i++, row++) {
		const struct cmp_row *r = &cmp_rows[i];
		double		      best = cmp_row_best(cols, n, r);

		tui_print(cb, 1, row, labw - 7, UI_TEXT, 0, "%s", r->label);
		tui_print(cb, labw - 7, row, 6, UI_DIM_TEXT, 0, "%s",
			  strcmp(r->unit, "us") == 0 ? (t->utf8 ? "µs" : "us") : r->unit);
		x = labw;
		for (int c = t->compare.left; c <= last; c++) {
			if (cols[c].sheet != NULL)
				cmp_draw_drive_cell(t, cb, x, row, &cols[c], r, best, &dim_spec);
			else
				cmp_draw_run_cell(t, cb, x, row, &cols[c], r, best, first);
			x += cols[c].w;
		}
	}
	row++;
	tui_print(cb, 1, row++, -1, UI_DIM_TEXT, 0,
		  "bold: best measured per row %s %s review: published fio at the QD%sNJ in "
		  "its 'at' column (4K random rows: best published depth)",
		  t->sym->dot, t->sym->review, t->sym->times);
	if (dim_spec && row < y + h)
		tui_print(cb, 1, row++, -1, UI_DIM_TEXT, 0,
			  "spec figures in grey are rated at another IODepth %s NumJobs: shown, not "
			  "compared; a spec with no depth is a rated max, compared at every depth",
			  t->sym->times);
	if (row < y + h)
		tui_print(cb, 1, row++, -1, UI_DIM_TEXT, 0,
			  "%s = not published or not measured%s", t->sym->dash,
			  last + 1 < n || t->compare.left > 0 ? "; Left/Right scroll the columns" : "");
}

/* Handle a key on the Compare screen. */
static int
compare_key(struct tui *t, const struct tui_event *ev)
{
	switch (ev->key) {
	case TUI_KEY_LEFT: case 'h':
		t->compare.left--;
		return 1;
	case TUI_KEY_RIGHT: case 'l':
		t->compare.left++;
		return 1;
	case 'd': case TUI_KEY_BACKSPACE: case TUI_KEY_DELETE:
		if (t->compare.nmarks > 0)
			tui_toggle_mark(t, t->compare.marks[t->compare.nmarks - 1]);
		return 1;
	}
	return 0;
}

/* The title. */
static void
compare_title(struct tui *t, char *buf, size_t len)
{
	snprintf(buf, len, "Compare %s %zu drive%s, %zu run%s", t->sym->dot, t->compare.nmarks,
		 t->compare.nmarks == 1 ? "" : "s", t->nruns, t->nruns == 1 ? "" : "s");
}

/* Key hints. */
static const char *
compare_hints(struct tui *t)
{
	(void)t;
	return "h/l	scroll columns	d	drop last drive	Esc	back	1	drives	t	theme	"
	       "?	help	q	quit";
}

const struct tui_view tui_view_compare = {
	.name = "compare",
	.title = compare_title,
	.draw = compare_draw,
	.key = compare_key,
	.hints = compare_hints,
};
