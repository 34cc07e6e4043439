/*
 * The History screen: the runs kept in the results store.
 *
 * The model is struct tui_history (view-history.h): the runs results_list
 * returned (struct results_prov, newest first) through the filter, read
 * again by tui_history_load whenever the screen opens, the filter changes
 * or a run is deleted; drawing only reads that copy.  Each row is a run: its
 * id and name (results_run_name: drive, serial, preset, date), host, points,
 * headline figures (best IOPS, best MB/s, 4K QD1 mean latency) and state;
 * the selected run's provenance is spelled out below the list.
 *
 * What the keys do goes through the store and the other screens' own
 * entry points: Enter loads the run (results_run_load) and shows it in the
 * Sweep screen as a finished sweep (tui_sweep_show), beside the spec and
 * review of the drive it was stored with (matched to, or swept against):
 * never the Drives cursor's, which holds it only when the run has no drive
 * of its own, and then says so; d asks y/n, then
 * results_run_delete; Space marks runs and C makes each marked one a
 * struct tui_run (stored_id set) for the Compare screen.  The store is
 * opened for each of these and closed again, so a run another drivedash
 * process stores shows up at the next load.  UI thread only.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/format.h"
#include "core/results.h"
#include "ui/report.h"
#include "ui/tui.h"

/* The store's path: --results, else the default location. */
static int
history_path(struct tui *t, struct dd_error *err)
{
	struct tui_history *h = &t->history;

	if (t->opts.results_path != NULL) {
		snprintf(h->path, sizeof h->path, "%s", t->opts.results_path);
		return 0;
	}
	return results_default_path(h->path, sizeof h->path, err);
}

/* How long a delete waits for another writer: the UI thread must not
 * freeze on a store another process holds (it says busy instead). */
#define HISTORY_BUSY_MS 200

/* Open the store to read (write: to delete); -ENOENT when there is none yet. */
static int
history_open(struct tui *t, bool write, struct results **db, struct dd_error *err)
{
	int rc = history_path(t, err);

	if (rc < 0)
		return rc;
	return results_open_wait(db, t->history.path, write ? RESULTS_WRITE : RESULTS_READ,
				 HISTORY_BUSY_MS, err);
}

/* Read the runs through the filter again. */
void
tui_history_load(struct tui *t)
{
	struct tui_history  *h = &t->history;
	struct results	    *db = NULL;
	struct results_query q = { .text = h->filter[0] ? h->filter : NULL };
	struct dd_error	     err = { 0 };
	int		     rc;

	free(h->runs);
	h->runs = NULL;
	h->n = 0;
	h->note[0] = '\0';
	h->loaded = true;
	rc = history_open(t, false, &db, &err);
	if (rc == 0)
		rc = results_list(db, &q, &h->runs, &h->n, &err);
	results_close(db);
	if (rc == -ENOENT && !h->path[0])
		snprintf(h->note, sizeof h->note, "%s", err.msg);
	else if (rc == -ENOENT)
		snprintf(h->note, sizeof h->note, "no runs stored yet: %.400s is made by the first "
			 "sweep", h->path);
	else if (rc < 0)
		snprintf(h->note, sizeof h->note, "%s", err.msg);
	if (h->sel >= h->n)
		h->sel = h->n > 0 ? h->n - 1 : 0;
	t->dirty = true;
}

/* Free the list. */
void
tui_history_free(struct tui *t)
{
	free(t->history.runs);
	t->history.runs = NULL;
	t->history.n = 0;
}

/* The database drive with this id, as a pick; fam NULL if none. */
static struct tui_pick
history_pick(const struct tui *t, const char *drive_id)
{
	struct tui_pick p = { NULL, NULL };

	p.fam = specdb_find_drive(t->fams, t->nfams, drive_id, &p.drive);
	if (p.fam == NULL)
		p.drive = NULL;
	return p;
}

/* Load run id from the store into run. */
static int
history_load_run(struct tui *t, int64_t id, struct results_run *run, struct dd_error *err)
{
	struct results *db = NULL;
	int		rc = history_open(t, false, &db, err);

	if (rc == 0)
		rc = results_run_load(db, id, run, err);
	results_close(db);
	return rc;
}

/* Open a stored run in the Sweep screen beside its drive's spec and review. */
int
tui_history_open_run(struct tui *t, int64_t id)
{
	struct results_run run;
	struct dd_error	   err = { 0 };
	struct tui_pick	   p;
	char		   label[200];
	int		   rc;

	memset(&run, 0, sizeof run);
	rc = history_load_run(t, id, &run, &err);
	if (rc == 0 && run.n == 0)
		rc = dd_error_set(&err, -ENOENT, "run #%lld has no finished point to show",
				  (long long)id);
	if (rc == 0)
		rc = tui_sweep_show(t, &run, &err);
	if (rc < 0) {
		tui_message(t, true, "%s", err.msg);
		results_run_free(&run);
		return rc;
	}
	/* Its own drive's spec and review; a run stored with no database drive
	 * (an import, an older store) is held against the drive selected on
	 * Drives, and the title and this line say it is not its reference. */
	p = history_pick(t, run.prov.drive_id);
	if (p.fam == NULL)
		p = tui_nav_selected(t);
	if (p.fam != NULL && tui_sheet_load(&t->sweep.ref, t->db, p, &err) < 0)
		tui_message(t, true, "%s", err.msg);
	else if (p.fam != NULL && !run.prov.drive_id[0])
		tui_message(t, false, "run #%lld: %zu points, stored with no drive: %s; r cycles",
			    (long long)id, run.n, tui_sweep_ref_label(t, true, label, sizeof label));
	else
		tui_message(t, false, "run #%lld: %zu points%s; j/k a point, Enter its drill-down",
			    (long long)id, run.n, p.fam != NULL ? ", beside its own drive's spec and "
			    "review" : " (no drive stored: pick one, r cycles)");
	results_run_free(&run);
	tui_nav_open(t, TUI_VIEW_SWEEP, NULL);
	return 0;
}

/* Make a stored run a struct tui_run for Compare. */
static int
history_keep_run(struct tui *t, int64_t id, struct dd_error *err)
{
	struct results_run run;
	struct tui_run	  *r;
	int		   rc;

	memset(&run, 0, sizeof run);
	rc = history_load_run(t, id, &run, err);
	if (rc < 0)
		return rc;
	r = tui_runs_slot(t);
	r->pts = calloc(run.n + 1, sizeof *r->pts);
	if (r->pts == NULL) {
		t->nruns--;
		results_run_free(&run);
		return dd_error_set(err, -ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < run.n; i++) {
		r->pts[i].pt = run.pts[i].r->point;
		r->pts[i].sum = run.pts[i].sum;
	}
	r->n = run.n;
	r->state = strcmp(run.prov.state, "failed") == 0 ? SWEEP_FAILED :
		   strcmp(run.prov.state, "cancelled") == 0 ? SWEEP_CANCELLED : SWEEP_DONE;
	r->ref = history_pick(t, run.prov.drive_id);
	r->stored_id = id;
	r->started = run.prov.start_unix;
	snprintf(r->host, sizeof r->host, "%.63s", run.prov.host);
	results_drift_key(&run.prov, r->serial, sizeof r->serial);
	snprintf(r->plan, sizeof r->plan, "%s", run.prov.plan_name);
	snprintf(r->label, sizeof r->label, "#%lld %.60s", (long long)id, run.prov.name);
	results_run_free(&run);
	return 0;
}

/* The marked runs become t->runs (what was there before is dropped: Compare
 * shows exactly the marked runs), then the Compare screen. */
static void
history_compare(struct tui *t)
{
	struct tui_history *h = &t->history;
	struct dd_error	    err = { 0 };

	if (h->nmarks < 2) {
		tui_message(t, false, "mark two or more runs with Space first (%zu marked)",
			    h->nmarks);
		return;
	}
	for (size_t i = 0; i < t->nruns; i++)
		free(t->runs[i].pts);
	t->nruns = 0;
	for (size_t i = 0; i < h->nmarks; i++)
		if (history_keep_run(t, h->marks[i], &err) < 0) {
			tui_message(t, true, "%s", err.msg);
			return;
		}
	tui_nav_open(t, TUI_VIEW_COMPARE, NULL);
}

/* Mark or unmark the selected run for Compare. */
static void
history_toggle_mark(struct tui *t)
{
	struct tui_history *h = &t->history;
	int64_t		    id;

	if (h->n == 0)
		return;
	id = h->runs[h->sel].id;
	for (size_t i = 0; i < h->nmarks; i++)
		if (h->marks[i] == id) {
			memmove(&h->marks[i], &h->marks[i + 1], (h->nmarks - i - 1) * sizeof id);
			h->nmarks--;
			return;
		}
	if (h->nmarks == TUI_RUNS_MAX) {
		tui_message(t, false, "at most %d runs compare at once", TUI_RUNS_MAX);
		return;
	}
	h->marks[h->nmarks++] = id;
	if (h->sel + 1 < h->n)
		h->sel++;
}

/* Is run id marked? */
static bool
history_marked(const struct tui_history *h, int64_t id)
{
	for (size_t i = 0; i < h->nmarks; i++)
		if (h->marks[i] == id)
			return true;
	return false;
}

/* Delete the selected run (after y). */
static void
history_delete(struct tui *t)
{
	struct tui_history *h = &t->history;
	struct results	   *db = NULL;
	struct dd_error	    err = { 0 };
	int64_t		    id = h->runs[h->sel].id;
	int		    rc = history_open(t, true, &db, &err);

	if (rc == 0)
		rc = results_run_delete(db, id, &err);
	results_close(db);
	if (rc < 0) {
		tui_message(t, true, "%s", err.msg);
		return;
	}
	for (size_t i = 0; i < h->nmarks; i++)
		if (h->marks[i] == id)
			history_toggle_mark(t);
	tui_message(t, false, "run #%lld deleted", (long long)id);
	if (t->sweep.stored_id == id) {	/* still shown, no longer stored */
		size_t o = strlen(t->sweep.stored_name);

		snprintf(t->sweep.stored_name + o, sizeof t->sweep.stored_name - o, " (deleted)");
	}
	tui_history_load(t);
}

/* ---- Drawing ---- */

/* A state as the list shows it: an interrupted run still reads "running". */
static const char *
history_state(const struct results_prov *p)
{
	return strcmp(p->state, "running") == 0 ? "interrupted" : p->state;
}

/* The columns of a row at this width. */
struct history_cols {
	int name, host, pts, iops, mbps, lat, state;	/* start columns; 0: not shown */
	int name_w, host_w;
};

/* Lay out the columns for width w. */
static void
history_layout(int w, struct history_cols *c)
{
	bool wide = w >= 120;

	/* Narrow: best IOPS only (the panel below has every headline figure). */
	c->state = w - 13;
	c->lat = wide ? c->state - 11 : 0;
	c->mbps = wide ? c->lat - 12 : 0;
	c->iops = (wide ? c->mbps : c->state) - 9;
	c->pts = wide ? c->iops - 5 : 0;
	c->host_w = wide ? 16 : 0;
	c->host = wide ? c->pts - c->host_w - 1 : 0;
	c->name = 10;
	c->name_w = (wide ? c->host : c->iops) - c->name - 1;
}

/* The header row. */
static void
history_header(struct tui *t, struct cellbuf *cb, int y, const struct history_cols *c)
{
	tui_print(cb, 3, y, 6, UI_DIM_TEXT, 0, "  run");
	tui_print(cb, c->name, y, c->name_w, UI_DIM_TEXT, 0, "drive %s preset %s started",
		  t->sym->dot, t->sym->dot);
	if (c->host)
		tui_print(cb, c->host, y, c->host_w, UI_DIM_TEXT, 0, "host");
	if (c->pts)
		tui_print_right(cb, c->pts + 4, y, UI_DIM_TEXT, 0, "pts");
	tui_print_right(cb, c->iops + 8, y, UI_DIM_TEXT, 0, "IOPS");
	if (c->mbps)
		tui_print_right(cb, c->mbps + 11, y, UI_DIM_TEXT, 0, "MB/s");
	if (c->lat)
		tui_print_right(cb, c->lat + 10, y, UI_DIM_TEXT, 0, "QD1 lat");
	tui_print(cb, c->state + 1, y, 12, UI_DIM_TEXT, 0, "state");
}

/* A run's name in w columns: when it is longer, the drive part is fitted
 * (shortened with an ellipsis, its figures whole or dropped) so that the
 * preset and the date (after the first separator) stay whole. */
static void
history_name(struct tui *t, struct cellbuf *cb, int x, int y, int w, const char *name,
	     uint8_t role, uint8_t attr)
{
	const char *tail = strstr(name, t->utf8 ? " \u00b7 " : " - ");
	int	    tw = tail != NULL ? tui_cols(tail) : 0;

	if (tui_cols(name) <= w || tail == NULL || tw + 6 > w) {
		tui_print(cb, x, y, w, role, attr, "%s", name);
		return;
	}
	x += tui_print(cb, x, y, w - tw, role, attr, "%.*s", (int)(tail - name), name);
	tui_print(cb, x, y, tw, role, attr, "%s", tail);
}

/* One run's row. */
static void
history_row(struct tui *t, struct cellbuf *cb, int y, const struct results_prov *p, bool sel,
	    bool marked, const struct history_cols *c)
{
	uint8_t role = sel ? UI_SELECTED : UI_TEXT;
	char	num[32];

	if (sel)
		cellbuf_fill(cb, 0, y, cb->w, 1, ' ', UI_SELECTED, 0);
	cellbuf_put_str(cb, 1, y, 1, sel ? t->sym->cursor : " ", sel ? role : UI_KEY, UI_BOLD);
	cellbuf_put_str(cb, 3, y, 1, marked ? "*" : " ", sel ? role : UI_OK, UI_BOLD);
	snprintf(num, sizeof num, "#%lld", (long long)p->id);
	tui_print_right(cb, 9, y, role, 0, num);
	history_name(t, cb, c->name, y, c->name_w, p->name, role, sel ? UI_BOLD : 0);
	if (c->host)
		tui_print(cb, c->host, y, c->host_w, sel ? role : UI_DIM_TEXT, 0, "%s", p->host);
	/* Each figure within its column: one too wide is dropped, never glued
	 * to its neighbour. */
	snprintf(num, sizeof num, "%zu", p->npoints);
	if (c->pts)
		tui_print_cell(cb, c->pts, 4, y, role, 0, num);
	tui_print_cell(cb, c->iops, 8, y, sel ? role : UI_MEASURED, 0,
		       isnan(p->best_iops) ? t->sym->dash : fmt_count(p->best_iops, num, sizeof num));
	if (c->mbps)
		tui_print_cell(cb, c->mbps, 11, y, sel ? role : UI_MEASURED, 0,
			       isnan(p->best_mbps) ? t->sym->dash :
			       fmt_number(p->best_mbps, 0, num, sizeof num));
	if (c->lat) {
		if (!isnan(p->qd1_mean_us))
			snprintf(num, sizeof num, "%.1f %ss", p->qd1_mean_us, t->sym->micro);
		tui_print_cell(cb, c->lat, 10, y, sel ? role : UI_MEASURED, 0,
			       isnan(p->qd1_mean_us) ? t->sym->dash : num);
	}
	tui_print(cb, c->state + 1, y, 12,
		  sel ? role : strcmp(p->state, "done") == 0 || strcmp(p->state, "imported") == 0 ?
		  UI_OK : strcmp(p->state, "failed") == 0 ? UI_FAIL : UI_WARN, 0, "%s",
		  history_state(p));
}

/* The selected run's provenance and headline figures, below the list. */
static void
history_detail(struct tui *t, struct cellbuf *cb, int y, const struct results_prov *p)
{
	char iops[32], mbps[32], lat[32];
	int  x;

	fmt_count(p->best_iops, iops, sizeof iops);
	fmt_number(p->best_mbps, 0, mbps, sizeof mbps);
	fmt_number(p->qd1_mean_us, 1, lat, sizeof lat);
	x = 1 + tui_print(cb, 1, y, -1, UI_MEASURED, UI_BOLD, "#%lld  %zu points  best %s IOPS  "
			  "%s MB/s  4K QD1 mean %s %ss", (long long)p->id, p->npoints,
			  isnan(p->best_iops) ? t->sym->dash : iops,
			  isnan(p->best_mbps) ? t->sym->dash : mbps,
			  isnan(p->qd1_mean_us) ? t->sym->dash : lat, t->sym->micro);
	tui_print(cb, x, y, cb->w - 1 - x, UI_TEXT, 0, "  %s %s %s %s (%u CPUs) %s %s %s %s",
		  t->sym->dot, p->host, t->sym->dot, p->cpu_model, p->ncpus, t->sym->dot,
		  p->version, t->sym->dot, p->kernel);
	x = 1 + tui_print(cb, 1, y + 1, -1, p->verdict[0] ? UI_MEASURED : UI_DIM_TEXT,
			  p->verdict[0] ? UI_BOLD : 0, "%s%s",
			  p->verdict[0] ? "VERDICT " : "", p->verdict[0] ? p->verdict : "not judged");
	tui_print(cb, x, y + 1, cb->w - 1 - x, UI_DIM_TEXT, 0, " against %s%s%s%s %s %s %s %s %s",
		  p->drive_label[0] ? p->drive_label : "no database drive",
		  p->query[0] ? " (query \"" : "", p->query, p->query[0] ? "\")" : "", t->sym->dot,
		  p->target_path, p->target_desc, t->sym->dot, p->engine);
	tui_print(cb, 1, y + 2, cb->w - 2, UI_DIM_TEXT, 0, "%s %s %s%s%s%s%s%s%s", p->start_utc,
		  p->end_utc[0] ? "to" : "", p->end_utc, p->stopped_by[0] ? " " : "",
		  p->stopped_by[0] ? t->sym->dot : "", p->stopped_by[0] ? " stopped by " : "",
		  p->stopped_by, p->why[0] ? ": " : "", p->why);
}

/* The first line: how many runs, where, the filter or the y/n question. */
static void
history_top(struct tui *t, struct cellbuf *cb, int y)
{
	struct tui_history *h = &t->history;
	int		    x;

	if (h->confirm && h->n > 0) {
		tui_print(cb, 1, y, cb->w - 2, UI_WARN, UI_BOLD, "delete run #%lld and its %zu "
			  "points? y deletes, any other key keeps it %s %s",
			  (long long)h->runs[h->sel].id, h->runs[h->sel].npoints, t->sym->dot,
			  h->runs[h->sel].name);
		return;
	}
	x = 1 + tui_print(cb, 1, y, -1, UI_TITLE, UI_BOLD, "STORED RUNS");
	x += tui_print(cb, x + 2, y, cb->w / 2, UI_DIM_TEXT, 0, "%zu%s in %s", h->n,
		       h->filter[0] ? " matching" : "", h->path) + 2;
	if (h->nmarks > 0)
		tui_print(cb, x + 3, y, -1, UI_OK, 0, "%zu marked (C compares)", h->nmarks);
	if (h->editing || h->filter[0]) {
		char f[160];

		snprintf(f, sizeof f, "filter: /%s%s", h->filter, h->editing ? "_" : "");
		tui_print_right(cb, cb->w - 1, y, h->editing ? UI_KEY : UI_TEXT,
				h->editing ? UI_BOLD : 0, f);
	}
}

/* Draw the History screen. */
static void
history_draw(struct tui *t, struct cellbuf *cb, int y, int h)
{
	struct tui_history *hs = &t->history;
	struct history_cols c;
	int		    rows = h - 2 - 4, row = y + 2;

	history_layout(cb->w, &c);
	history_top(t, cb, y);
	history_header(t, cb, y + 1, &c);
	hs->list_y = row;
	if (hs->n == 0) {
		tui_print(cb, 3, row, cb->w - 4, hs->note[0] ? UI_WARN : UI_DIM_TEXT, 0, "%s",
			  hs->note[0] ? hs->note : hs->filter[0] ? "no run matches the filter "
			  "(Esc clears it)" : "no runs stored yet: a sweep (3, then s) is stored "
			  "when it ends");
		return;
	}
	if (hs->sel < hs->top)
		hs->top = hs->sel;
	if (rows > 0 && hs->sel >= hs->top + (size_t)rows)
		hs->top = hs->sel - (size_t)rows + 1;
	for (size_t i = hs->top; i < hs->n && row < y + 2 + rows; i++, row++)
		history_row(t, cb, row, &hs->runs[i], i == hs->sel,
			    history_marked(hs, hs->runs[i].id), &c);
	if (hs->top + (size_t)rows < hs->n)
		tui_print(cb, 3, y + 2 + rows - 1, -1, UI_DIM_TEXT, 0, "%zu more below",
			  hs->n - hs->top - (size_t)rows + 1);
	cellbuf_hline(cb, 0, y + h - 4, cb->w, t->g, UI_BORDER);
	history_detail(t, cb, y + h - 3, &hs->runs[hs->sel]);
}

/* ---- Keys ---- */

/* A key while the filter is typed: the list follows every change. */
static int
history_filter_key(struct tui *t, const struct tui_event *ev)
{
	struct tui_history *h = &t->history;
	size_t		    n = strlen(h->filter);

	switch (ev->key) {
	case TUI_KEY_ENTER:
		h->editing = false;
		return 1;
	case TUI_KEY_ESC:
		h->editing = false;
		h->filter[0] = '\0';
		break;
	case TUI_KEY_BACKSPACE:
		while (n > 0 && ((unsigned char)h->filter[n - 1] & 0xc0) == 0x80)
			n--;
		if (n > 0)
			h->filter[n - 1] = '\0';
		break;
	default:
		if (ev->key >= ' ' && ev->key < 0x110000 && ev->key != 0x7f) {
			char enc[4];
			int  len = cellbuf_encode_utf8((uint32_t)ev->key, enc);

			if (n + (size_t)len >= sizeof h->filter - 1)
				return 1;
			memcpy(h->filter + n, enc, (size_t)len);
			h->filter[n + (size_t)len] = '\0';
		}
		break;
	}
	h->sel = h->top = 0;
	tui_history_load(t);
	return 1;
}

/* Move the cursor by d rows. */
static void
history_move(struct tui_history *h, long d)
{
	long sel = (long)h->sel + d;

	if (h->n == 0)
		return;
	h->sel = sel < 0 ? 0 : sel >= (long)h->n ? h->n - 1 : (size_t)sel;
}

/* Handle a key on the History screen. */
static int
history_key(struct tui *t, const struct tui_event *ev)
{
	struct tui_history *h = &t->history;

	if (h->editing)
		return history_filter_key(t, ev);
	if (h->confirm) {
		h->confirm = false;
		if (ev->key == 'y' && h->n > 0)
			history_delete(t);
		else
			tui_message(t, false, "kept");
		return 1;
	}
	switch (ev->key) {
	case TUI_KEY_UP: case 'k': case TUI_KEY_WHEEL_UP:
		history_move(h, -1);
		return 1;
	case TUI_KEY_DOWN: case 'j': case TUI_KEY_WHEEL_DOWN:
		history_move(h, 1);
		return 1;
	case TUI_KEY_PGUP: case TUI_KEY_PGDN:
		history_move(h, ev->key == TUI_KEY_PGUP ? -10 : 10);
		return 1;
	case TUI_KEY_HOME: case 'g':
		history_move(h, -(long)h->n);
		return 1;
	case TUI_KEY_END: case 'G':
		history_move(h, (long)h->n);
		return 1;
	case TUI_KEY_CLICK:
		if (ev->y >= h->list_y && h->top + (size_t)(ev->y - h->list_y) < h->n)
			h->sel = h->top + (size_t)(ev->y - h->list_y);
		return 1;
	case '/':
		h->editing = true;
		return 1;
	case TUI_KEY_ESC:
		if (h->filter[0] == '\0')
			return 0;
		h->filter[0] = '\0';
		tui_history_load(t);
		return 1;
	case TUI_KEY_ENTER:
		if (h->n > 0)
			tui_history_open_run(t, h->runs[h->sel].id);
		return 1;
	case 'd': case TUI_KEY_DELETE:
		h->confirm = h->n > 0;
		return 1;
	case ' ':
		history_toggle_mark(t);
		return 1;
	case 'C':
		history_compare(t);
		return 1;
	case 'P':	/* an HTML report of the marked runs, else the cursor's */
		if (h->nmarks > 0)
			report_save(t, h->marks, h->nmarks);
		else if (h->n > 0)
			report_save(t, &h->runs[h->sel].id, 1);
		return 1;
	case 'R' - '@':		/* Ctrl-R: read the store again */
		tui_history_load(t);
		return 1;
	}
	return 0;
}

/* The title. */
static void
history_title(struct tui *t, char *buf, size_t len)
{
	snprintf(buf, len, "History %s %zu run%s", t->sym->dot, t->history.n,
		 t->history.n == 1 ? "" : "s");
}

/* Key hints. */
static const char *
history_hints(struct tui *t)
{
	if (t->history.editing)
		return "Enter\tkeep the filter\tEsc\tclear it\tBackspace\tdelete a character";
	if (t->history.confirm)
		return "y\tdelete the run\tany other key\tkeep it";
	return "Enter\topen\tSpace\tmark\tC\tcompare marked\t/\tfilter\td\tdelete\t1\tdrives\t"
	       "t\ttheme\t?\thelp\tq\tquit";
}

/* The screen opens: the list read again. */
static int
history_enter(struct tui *t, const struct tui_pick *pick)
{
	(void)pick;
	tui_history_load(t);
	return 0;
}

/* A filter being typed or the delete question takes every key. */
static bool
history_modal(const struct tui *t)
{
	return t->history.editing || t->history.confirm;
}

const struct tui_view tui_view_history = {
	.name = "history",
	.title = history_title,
	.draw = history_draw,
	.key = history_key,
	.hints = history_hints,
	.enter = history_enter,
	.modal = history_modal,
	.cleanup = tui_history_free,
};
