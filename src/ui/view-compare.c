/*
 * The Compare screen: the runs of this session (and stored runs the History
 * screen opened) beside up to four marked drives and the runs' reference
 * drive, through the one comparison table of core/cmptab.h, the same table
 * `drivedash compare` prints.
 *
 * The table is built from t->runs and the marks each frame (a few hundred
 * cells; drawing never touches the database).  Columns: runs newest first
 * (what was measured leads), then the marked drives, then the sweep's
 * reference drive when it is not marked.  A drive column shows its spec
 * figure with the depth it is stated at ("rated max" when none), its review
 * measurement with its % against the spec and its IODepth x NumJobs; a run
 * column its value, its % against its reference (the first run of its
 * serial: drift; else its drive's review; else its spec; else the leftmost
 * run) and the depth it was measured at.  Rows are the table's: every point measured, every spec
 * figure's point, and the headline workloads.  The best measured value of a
 * row (reviews and runs) is bold in the ok role.  Rows scroll with Up/Down,
 * columns page sideways with Left/Right ("2 of 4 ▸" says where); a run's
 * column is labelled apart from every other (id, day, host).
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/cmptab.h"
#include "core/format.h"
#include "ui/chart.h"
#include "ui/report.h"
#include "ui/tui.h"

/* Column geometry: a drive group (spec, its depth, review, % vs spec, its
 * depth) and a run (value, %, what the % is against, depth). */
#define CMP_DRIVE_W 45
#define CMP_RUN_W   34

/* The capacity point whose spec figures a sheet's column compares. */
static const char *
cmp_sheet_drive(const struct tui_sheet *s)
{
	return cmptab_compared_point(&s->sheet.family, s->pick.drive != NULL ? s->pick.drive->id
									      : NULL);
}

/* Add a drive column of a loaded sheet. */
static int
cmp_add_sheet(struct cmptab *tab, const struct tui_sheet *s, struct dd_error *err)
{
	char label[128];

	return cmptab_add_drive(tab, &s->sheet, cmp_sheet_drive(s),
				tui_pick_label(s->pick, true, label, sizeof label), err);
}

/* A run column's label and its run: the header's second line names what
 * the run measured under its "#12 12-03 labhost". */
struct cmp_name {
	char		      label[192];
	const struct tui_run *run;
};

/* Does a column of tab have this label? */
static bool
cmp_label_taken(const struct cmptab *tab, const char *label)
{
	for (size_t c = 0; c < tab->ncols; c++)
		if (strcmp(tab->cols[c].label, label) == 0)
			return true;
	return false;
}

/* A run's column label, short enough for its column: a stored run by its
 * id, the day it started and its host ("#12 12-03 labhost"), with the time
 * of day, then a number, added while an earlier column has the same label;
 * a run not stored by its own label (its name: what, plan, when), with the
 * day, time and host, then a number, put before it while that is taken. */
static void
cmp_run_label(const struct cmptab *tab, const struct tui_run *r, char *buf, size_t len)
{
	time_t	  when = (time_t)r->started;
	struct tm tm;
	char	  day[16] = "", hhmm[16] = "", host[64], who[128];
	size_t	  o;

	if (r->started > 0 && localtime_r(&when, &tm) != NULL) {
		strftime(day, sizeof day, " %m-%d", &tm);
		strftime(hhmm, sizeof hhmm, " %H:%M", &tm);
	}
	snprintf(host, sizeof host, "%s%s", r->host[0] ? " " : "", r->host);
	host[strcspn(host, ".")] = '\0';	/* "labhost", not its domain */
	if (r->stored_id <= 0) {
		/* who: " 12-03 14:05 labhost " or " " */
		snprintf(who, sizeof who, "%s%s%s ", day, hhmm, host);
		snprintf(buf, len, "%s", r->label);
		if (cmp_label_taken(tab, buf) && who[1] != '\0')
			snprintf(buf, len, "%s%s", who + 1, r->label);
		for (int k = 2; k < 100 && cmp_label_taken(tab, buf); k++)
			snprintf(buf, len, "(%d)%s%s", k, who, r->label);
		return;
	}
	snprintf(buf, len, "#%lld%s%s", (long long)r->stored_id, day, host);
	o = strlen(buf);
	if (cmp_label_taken(tab, buf) && hhmm[0] != '\0') {
		snprintf(buf + o, len - o, "%s", hhmm);
		o = strlen(buf);
	}
	for (int k = 2; k < 100 && cmp_label_taken(tab, buf); k++)
		snprintf(buf + o, len - o, " (%d)", k);
}

/* Add a run column and its points; runs without a start time sort after
 * every run with one, in the session's order. */
static int
cmp_add_run(struct cmptab *tab, const struct tui_run *r, size_t i, struct cmp_name *name,
	    struct dd_error *err)
{
	int64_t order = r->started > 0 ? r->started : INT64_MAX / 2 + (int64_t)i;
	char   *label = name->label;
	int	col;

	name->run = r;
	cmp_run_label(tab, r, label, sizeof name->label);
	col = cmptab_add_run(tab, label, r->serial, r->ref.drive != NULL ? r->ref.drive->id : NULL,
			     order, err);

	for (size_t k = 0; col >= 0 && k < r->n; k++)
		if (cmptab_add_point(tab, (size_t)col, &r->pts[k].pt, &r->pts[k].sum, err) < 0)
			return -1;
	return col;
}

/* Build this frame's table: runs newest first, the marks, the sweep's reference. */
static int
cmp_build(struct tui *t, struct cmptab *tab, struct cmp_name *names, struct dd_error *err)
{
	bool ref_marked = false;

	cmptab_init(tab);
	for (size_t i = t->nruns; i > 0; i--)
		if (cmp_add_run(tab, &t->runs[i - 1], i - 1, &names[t->nruns - i], err) < 0)
			return -1;
	for (size_t i = 0; i < t->compare.nmarks; i++) {
		if (cmp_add_sheet(tab, &t->compare.mark_sheets[i], err) < 0)
			return -1;
		ref_marked |= t->sweep.ref.loaded && t->compare.marks[i].fam == t->sweep.ref.pick.fam;
	}
	if (t->nruns > 0 && t->sweep.ref.loaded && !ref_marked &&
	    cmp_add_sheet(tab, &t->sweep.ref, err) < 0)
		return -1;
	return cmptab_build(tab, err);
}

/* The width of a column. */
static int
cmp_col_w(const struct cmptab *tab, size_t c)
{
	return tab->cols[c].kind == CMPTAB_DRIVE ? CMP_DRIVE_W : CMP_RUN_W;
}

/* Draw a drive group's cells of a row: spec and its depth, review, % vs spec, depth. */
static void
cmp_draw_drive(struct tui *t, struct cellbuf *cb, int x, int y, const struct cmptab *tab,
	       size_t r, size_t c)
{
	const struct cmptab_cell *sp = cmptab_cell(tab, r, c, CMPTAB_SPEC);
	const struct cmptab_cell *rv = cmptab_cell(tab, r, c, CMPTAB_REVIEW);
	struct cmptab_texts	  tx;

	cmptab_texts(tab, r, c, t->sym->dash, t->sym->times, t->utf8, &tx);
	tui_print_right(cb, x + 9, y, isnan(sp->value) ? UI_DIM_TEXT : UI_SPEC_TARGET, 0,
			tx.value);
	tui_print(cb, x + 10, y, 9, UI_DIM_TEXT, 0, "%s", tx.at);
	tui_print_right(cb, x + 28, y, isnan(rv->value) ? UI_DIM_TEXT : rv->best ? UI_OK :
			UI_REVIEW_REF, rv->best ? UI_BOLD : 0, tx.review);
	if (tx.review_delta[0])
		tui_print(cb, x + 29, y, 7, UI_DIM_TEXT, 0, "%s", tx.review_delta);
	tui_print(cb, x + 37, y, 8, UI_DIM_TEXT, 0, "%s", tx.review_at);
}

/* Draw a run's cell of a row: value, % and what it is against, depth. */
static void
cmp_draw_run(struct tui *t, struct cellbuf *cb, int x, int y, const struct cmptab *tab,
	     size_t r, size_t c)
{
	const struct cmptab_cell *m = cmptab_cell(tab, r, c, CMPTAB_MEASURED);
	struct cmptab_texts	  tx;

	cmptab_texts(tab, r, c, t->sym->dash, t->sym->times, t->utf8, &tx);
	tui_print_right(cb, x + 10, y, isnan(m->value) ? UI_DIM_TEXT : m->best ? UI_OK :
			UI_MEASURED, m->best ? UI_BOLD : 0, tx.value);
	if (tx.ref[0]) {
		tui_print(cb, x + 11, y, 7, UI_DIM_TEXT, 0, "%s", tx.delta);
		tui_print(cb, x + 18, y, 6, UI_DIM_TEXT, 0, "%s", tx.ref);
	}
	tui_print(cb, x + 25, y, 8, UI_DIM_TEXT, 0, "%s", tx.at);
}

/* What a stored run measured, under its "#12 12-03 labhost" (its name
 * without the "#12 " History puts first); NULL for a drive or a run whose
 * label is its name already. */
static const char *
cmp_run_what(const struct tui *t, const struct cmptab_col *col, const struct cmp_name *names)
{
	const char *what;

	for (size_t i = 0; i < t->nruns && col->kind != CMPTAB_DRIVE; i++) {
		if (strcmp(names[i].label, col->label) != 0 || names[i].run->stored_id <= 0)
			continue;
		what = names[i].run->label;
		if (what[0] == '#')
			what += strcspn(what, " ") + (what[strcspn(what, " ")] == ' ');
		return what;
	}
	return NULL;
}

/* Draw the column headers (hdr label rows, then the parts' names and a
 * rule); returns the last column that fits. */
static size_t
cmp_draw_headers(struct tui *t, struct cellbuf *cb, int y, int hdr, int labw,
		 const struct cmptab *tab, const struct cmp_name *names)
{
	size_t last = (size_t)t->compare.left;
	int    x = labw, y0 = y;

	y += hdr - 1;	/* the parts' names are on the row before the rule */
	for (size_t c = (size_t)t->compare.left; c < tab->ncols && x + cmp_col_w(tab, c) <= cb->w;
	     c++) {
		const struct cmptab_col *col = &tab->cols[c];
		const char		*what = cmp_run_what(t, col, names);

		tui_print(cb, x + 1, y0, cmp_col_w(tab, c) - 2, UI_TITLE, UI_BOLD, "%s", col->label);
		if (what != NULL && hdr > 1)
			tui_print(cb, x + 1, y0 + 1, cmp_col_w(tab, c) - 2, UI_DIM_TEXT, 0, "%s",
				  what);
		if (col->kind == CMPTAB_DRIVE) {
			tui_print_right(cb, x + 9, y + 1, UI_SPEC_TARGET, 0, "spec");
			tui_print(cb, x + 10, y + 1, -1, UI_DIM_TEXT, 0, "at");
			tui_print_right(cb, x + 28, y + 1, UI_REVIEW_REF, 0, "review");
			tui_print(cb, x + 29, y + 1, -1, UI_DIM_TEXT, 0, "vs spec");
			tui_print(cb, x + 37, y + 1, -1, UI_DIM_TEXT, 0, "at");
		} else {
			tui_print_right(cb, x + 10, y + 1, UI_MEASURED, 0, "measured");
			tui_print(cb, x + 11, y + 1, -1, UI_DIM_TEXT, 0, "vs");
			tui_print(cb, x + 25, y + 1, -1, UI_DIM_TEXT, 0, "at");
		}
		x += cmp_col_w(tab, c);
		last = c;
	}
	cellbuf_hline(cb, 1, y + 2, x - 1, t->g, UI_BORDER);
	return last;
}

/* Where the columns shown sit among all of them, in the row labels' place
 * on the header row: "1 of 4 ▸", "◂ 2–3 of 4 ▸" (ASCII "<", ">"); nothing
 * when every column is shown. */
static void
cmp_draw_pages(struct tui *t, struct cellbuf *cb, int y, int labw, const struct cmptab *tab,
	       size_t last)
{
	size_t first = (size_t)t->compare.left;
	char   range[48];

	if (first == 0 && last + 1 >= tab->ncols)
		return;
	if (first == last)
		snprintf(range, sizeof range, "%zu", first + 1);
	else
		snprintf(range, sizeof range, "%zu%s%zu", first + 1, t->utf8 ? "–" : "-", last + 1);
	tui_print(cb, 1, y, labw - 2, UI_TITLE, UI_BOLD, "%s%s of %zu%s",
		  first > 0 ? (t->utf8 ? "◂ " : "< ") : "", range, tab->ncols,
		  last + 1 < tab->ncols ? (t->utf8 ? " ▸" : " >") : "");
}

/* Draw the rows from t->compare.top that fit in h lines from y. */
static void
cmp_draw_rows(struct tui *t, struct cellbuf *cb, int y, int h, int labw,
	      const struct cmptab *tab, size_t last)
{
	for (int i = 0; i < h && (size_t)(t->compare.top + i) < tab->nrows; i++) {
		size_t			 r = (size_t)(t->compare.top + i);
		const struct cmptab_row *row = &tab->rows[r];
		char			 label[96];
		int			 x = labw;

		tui_print(cb, 1, y + i, labw - 8, UI_TEXT, 0, "%s",
			  cmptab_row_label(row, t->sym->times, label, sizeof label));
		tui_print(cb, labw - 6, y + i, 5, UI_DIM_TEXT, 0, "%s",
			  cmptab_row_unit(row, t->utf8));
		for (size_t c = (size_t)t->compare.left; c <= last; c++) {
			if (tab->cols[c].kind == CMPTAB_DRIVE)
				cmp_draw_drive(t, cb, x, y + i, tab, r, c);
			else
				cmp_draw_run(t, cb, x, y + i, tab, r, c);
			x += cmp_col_w(tab, c);
		}
	}
}

/* Keep the scroll inside the table. */
static void
cmp_clamp(struct tui *t, const struct cmptab *tab, int rows)
{
	int maxtop = (int)tab->nrows - rows;

	if (t->compare.left >= (int)tab->ncols)
		t->compare.left = (int)tab->ncols - 1;
	if (t->compare.left < 0)
		t->compare.left = 0;
	if (t->compare.top > maxtop)
		t->compare.top = maxtop;
	if (t->compare.top < 0)
		t->compare.top = 0;
}

/* Lines the sources take under the table: one per drive column with any. */
static int
cmp_source_lines(const struct cmptab *tab)
{
	int  n = 0;
	char buf[8];

	for (size_t c = 0; c < tab->ncols; c++)
		n += tab->cols[c].kind == CMPTAB_DRIVE &&
		     (cmptab_col_sources(tab, c, CMPTAB_SPEC, buf, sizeof buf)[0] != '\0' ||
		      cmptab_col_sources(tab, c, CMPTAB_REVIEW, buf, sizeof buf)[0] != '\0');
	return n;
}

/* Draw each drive column's sources by name (and the grade-C legend when a
 * spec cell is marked); returns the lines drawn. */
static int
cmp_draw_sources(struct tui *t, struct cellbuf *cb, int y, const struct cmptab *tab)
{
	char spec[512], rev[512], line[1280];
	int  n = 0;

	for (size_t c = 0; c < tab->ncols; c++) {
		if (tab->cols[c].kind != CMPTAB_DRIVE)
			continue;
		cmptab_col_sources(tab, c, CMPTAB_SPEC, spec, sizeof spec);
		cmptab_col_sources(tab, c, CMPTAB_REVIEW, rev, sizeof rev);
		if (spec[0] == '\0' && rev[0] == '\0')
			continue;
		/* "KIOXIA CD9P-R 7.68 TB: review R · spec S" (the review first:
		 * a narrow screen cuts the end). */
		snprintf(line, sizeof line, "%s:", tab->cols[c].label);
		if (rev[0] != '\0')
			snprintf(line + strlen(line), sizeof line - strlen(line), " review %s", rev);
		if (spec[0] != '\0')
			snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s spec %s",
				 rev[0] ? " " : "", rev[0] ? t->sym->dot : "", spec);
		tui_print(cb, 1, y + n++, cb->w - 2, UI_DIM_TEXT, 0, "%s", line);
	}
	for (size_t r = 0; r < tab->nrows; r++)
		for (size_t c = 0; c < tab->ncols; c++)
			if (cmptab_spec_grade_c(tab, r, c)) {
				tui_print(cb, 1, y + n++, cb->w - 2, UI_WARN, 0, "%s",
					  SPECDB_GRADE_C_LEGEND);
				return n;
			}
	return n;
}

/* Draw the notes under the table. */
static void
cmp_draw_notes(struct tui *t, struct cellbuf *cb, int y, int h, bool scroll)
{
	if (h > 0)
		tui_print(cb, 1, y, -1, UI_DIM_TEXT, 0,
			  "bold: best measured %s best: best depth %s rated max: no depth stated",
			  t->sym->dot, t->sym->dot);
	if (h > 1)
		tui_print(cb, 1, y + 1, -1, UI_DIM_TEXT, 0,
			  "run %%: vs its serial's first run (drift), else review, spec, first run "
			  "%s %s none", t->sym->dot, t->sym->dash);
	if (h > 2 && scroll)
		tui_print(cb, 1, y + 2, -1, UI_DIM_TEXT, 0,
			  "Up/Down scroll the rows, Left/Right (h/l) page the columns");
}

/* Draw the Compare screen. */
static void
compare_draw(struct tui *t, struct cellbuf *cb, int y, int h)
{
	struct dd_error err = { 0 };
	struct cmptab	tab;
	struct cmp_name names[TUI_RUNS_MAX];
	int		labw = cb->w >= 100 ? 30 : 28, rows, nsrc, ny, hdr = 1;
	size_t		last;

	if (t->nruns == 0 && t->compare.nmarks == 0) {
		tui_print(cb, 2, y + 1, -1, UI_TEXT, 0,
			  "Nothing to compare yet: mark 2 to 4 drives with c on the Drives screen,");
		tui_print(cb, 2, y + 2, -1, UI_TEXT, 0,
			  "or run a sweep (s): finished runs appear here next to their reference.");
		return;
	}
	if (cmp_build(t, &tab, names, &err) < 0) {
		tui_print(cb, 2, y + 1, -1, UI_WARN, 0, "%s", err.msg);
		cmptab_free(&tab);
		return;
	}
	nsrc = cmp_source_lines(&tab);
	for (size_t i = 0; i < t->nruns; i++)	/* a stored run's second header line */
		hdr = names[i].run->stored_id > 0 ? 2 : hdr;
	rows = h - (hdr + 2) - 4 - nsrc - 1;
	cmp_clamp(t, &tab, rows);
	last = cmp_draw_headers(t, cb, y, hdr, labw, &tab, names);
	cmp_draw_pages(t, cb, y, labw, &tab, last);
	t->compare.shown = (int)(last + 1) - t->compare.left;
	cmp_draw_rows(t, cb, y + hdr + 2, rows, labw, &tab, last);
	ny = y + hdr + 2 + ((int)tab.nrows < rows ? (int)tab.nrows : rows) + 1;
	ny += cmp_draw_sources(t, cb, ny, &tab);
	cmp_draw_notes(t, cb, ny, 3,
		       last + 1 < tab.ncols || t->compare.left > 0 || (int)tab.nrows > rows);
	cmptab_free(&tab);
}

/* Handle a key on the Compare screen. */
static int
compare_key(struct tui *t, const struct tui_event *ev)
{
	switch (ev->key) {
	case TUI_KEY_LEFT: case 'h':	/* a page of columns back (clamped when drawn) */
		t->compare.left -= t->compare.shown > 1 ? t->compare.shown : 1;
		return 1;
	case TUI_KEY_RIGHT: case 'l':	/* the next page: the first column not shown */
		t->compare.left += t->compare.shown > 1 ? t->compare.shown : 1;
		return 1;
	case TUI_KEY_UP: case 'k': case TUI_KEY_WHEEL_UP:
		t->compare.top--;
		return 1;
	case TUI_KEY_DOWN: case 'j': case TUI_KEY_WHEEL_DOWN:
		t->compare.top++;
		return 1;
	case TUI_KEY_PGUP:
		t->compare.top -= t->h > 16 ? t->h - 12 : 4;
		return 1;
	case TUI_KEY_PGDN:
		t->compare.top += t->h > 16 ? t->h - 12 : 4;
		return 1;
	case TUI_KEY_HOME:
		t->compare.top = 0;
		return 1;
	case 'P': {	/* an HTML report of the runs compared (report-save.c) */
		int64_t ids[TUI_RUNS_MAX];

		for (size_t i = 0; i < t->nruns; i++)
			ids[i] = t->runs[i].stored_id;
		report_save(t, ids, t->nruns);
		return 1;
	}
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
	return "j/k	rows	h/l	columns	d	drop last drive	Esc	back	1	drives	t	theme	"
	       "?	help	q	quit";
}

const struct tui_view tui_view_compare = {
	.name = "compare",
	.title = compare_title,
	.draw = compare_draw,
	.key = compare_key,
	.hints = compare_hints,
	.cleanup = tui_compare_cleanup,
};
