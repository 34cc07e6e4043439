/*
 * The Fleet screen: one plan on every host of --hosts / --host at once,
 * one row per host and target, live.
 *
 * struct tui_fleet (view-fleet.h) is the model.  Before the first start the
 * rows are a preview (the host, its drive's match, "waiting") over the
 * preset list of the Sweep setup (tui_presets_draw); s starts the fleet
 * (core/fleet.h: fleet_create, fleet_start) and the rows become its members.
 * The loop polls the members' wake fds (tui_fleet_pollfds) and calls
 * tui_fleet_poll, which runs fleet_update: the members' snapshots are the
 * fleet's copies, read here without waiting for any sweep thread and without
 * allocating, so following many hosts costs a few memcpys per interval.
 *
 * A member takes three rows (more when its failure's sentence wraps):
 *
 *   ▸ label  address  device  → drive  state  point i/n  ETA   verdict
 *       IOPS ███████▏  │  ◆  1,412.6K ◆+1.0%   MB/s ████ 5,786.0   p99 —
 *       what it runs now / the verdict's worst row / why it failed
 *
 * The bars are the latest interval of the running point (fio's client
 * gives IOPS and MB/s each second), held against that drive's spec target
 * and its review at the same point by tui-ref.c, the Sweep screen's rule; a
 * point's p99 arrives when it ends (the fio client sends no live latency),
 * so a running point shows "p99 —" and the header says so.  The verdict
 * column appears once a member ended and was judged (the rule `check`
 * uses, applied by fleet.c), and the bottom line sums the rack up.
 *
 * Enter lends the cursor's member to the Sweep screen (tui_sweep_borrow):
 * the same view as a local sweep; Esc or f comes back.  x stops every
 * member (fleet_cancel); on the Sweep screen, only the member shown.  A
 * member whose run ended is kept for Compare like a local run.  UI thread
 * only.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/utf8.h"
#include "core/format.h"
#include "ui/chart.h"
#include "ui/tui.h"

/* Column widths of a member's first row. */
struct fleet_cols {
	int label, addr, dev, drive, state, point, eta;
	bool verdict;		/* a verdict column at the end of the row */
};

static const struct fleet_cols fleet_cols_wide = { 12, 20, 13, 16, 10, 7, 9, true };
/* 80 columns less the last, which no figure touches (an ETA there would
 * read as cut). */
static const struct fleet_cols fleet_cols_narrow = { 8, 15, 12, 14, 10, 5, 6, false };

/* What a member's bars show: the running point's latest interval, or the
 * last finished point (with its p99). */
struct fleet_fig {
	bool		have, running;
	struct dd_point pt;
	double		iops, mbps, p99;
};

/* ---- The members ---- */

/* How many rows the screen has: the fleet's members, or the preview's. */
static size_t
fleet_count(const struct tui_fleet *f)
{
	return f->fl != NULL ? fleet_size(f->fl) : f->npreview;
}

/* Member i: the fleet's, or the preview's. */
static struct fleet_member *
fleet_at(const struct tui_fleet *f, size_t i)
{
	return f->fl != NULL ? fleet_member(f->fl, i) : &f->preview[i];
}

/* The drive a member is held against, as a pick of the dashboard's families. */
static struct tui_pick
fleet_pick(const struct fleet_member *m)
{
	struct tui_pick p = { m->match.family, m->match.drive };

	return p;
}

/* The sheet member i is held against (not loaded: none). */
static const struct tui_sheet *
fleet_ref(const struct tui_fleet *f, size_t i)
{
	return &f->refs[i < HOSTS_MAX ? f->ref_of[i] : 0];
}

/* Load every member's drive's sheet once per distinct drive. */
static void
fleet_load_refs(struct tui *t)
{
	struct tui_fleet *f = &t->fleet;
	struct dd_error	  err = { 0 };
	size_t		  n = fleet_count(f);

	for (size_t i = 0; i < n && i < HOSTS_MAX; i++) {
		const struct fleet_member *m = fleet_at(f, i);

		tui_sheet_free(&f->refs[i]);
		f->ref_of[i] = (unsigned char)i;
		if (m->match.family == NULL)
			continue;
		for (size_t j = 0; j < i; j++)
			if (fleet_at(f, j)->match.drive == m->match.drive &&
			    fleet_at(f, j)->match.family == m->match.family) {
				f->ref_of[i] = f->ref_of[j];
				break;
			}
		if (f->ref_of[i] == i && tui_sheet_load(&f->refs[i], t->db, fleet_pick(m), &err) < 0)
			tui_message(t, true, "%s: %s", m->host.label, err.msg);
	}
}

/* The preview: one waiting member per host, its drive matched. */
static void
fleet_preview(struct tui *t)
{
	struct tui_fleet *f = &t->fleet;

	free(f->preview);
	arena_free(&f->a);
	f->npreview = 0;
	f->preview = calloc(t->opts.nhosts ? t->opts.nhosts : 1, sizeof *f->preview);
	if (f->preview == NULL)
		return;
	for (size_t i = 0; i < t->opts.nhosts && i < HOSTS_MAX; i++) {
		struct fleet_member *m = &f->preview[f->npreview++];

		m->host = t->opts.hosts[i];
		m->state = FLEET_WAITING;
		m->t.fd = -1;
		fleet_match(&m->host, t->fams, t->nfams, &f->a, &m->match);
	}
	fleet_load_refs(t);
}

/* Prepare the screen for the hosts given. */
void
tui_fleet_setup(struct tui *t)
{
	struct tui_fleet	    *f = &t->fleet;
	size_t			     n;
	const struct dd_preset_info *pi = plan_presets(&n);

	for (size_t i = 0; i < n; i++)
		if (strcmp(pi[i].name, t->opts.preset ? t->opts.preset : "spot") == 0)
			f->preset_sel = i;
	if (f->fl == NULL)
		fleet_preview(t);
	f->setup = true;
	t->dirty = true;
}

/* Is the fleet running? */
bool
tui_fleet_running(const struct tui *t)
{
	return t->fleet.fl != NULL && t->fleet.running;
}

/* Ask every member to stop. */
void
tui_fleet_stop(struct tui *t)
{
	if (!tui_fleet_running(t))
		return;
	fleet_cancel(t->fleet.fl);
	tui_message(t, false, "stopping every host after its current interval...");
}

/* Free the fleet (it must not be lent to the Sweep screen any more). */
static void
fleet_release(struct tui *t)
{
	struct tui_fleet *f = &t->fleet;

	if (t->sweep.borrowed)
		tui_sweep_return(t);
	fleet_destroy(f->fl);
	f->fl = NULL;
	f->running = false;
}

/* The fleet's options from the dashboard's. */
static void
fleet_options(struct tui *t, const struct dd_plan *plan, const struct record_opts *ro,
	      struct fleet_opts *fo)
{
	memset(fo, 0, sizeof *fo);
	fo->plan = plan;
	fo->allow_write = t->opts.allow_write;
	fo->judge = true;
	fo->db = t->db;
	fo->fams = t->fams;
	fo->nfams = t->nfams;
	fo->store = t->opts.no_save ? NULL : ro;
	fo->backend = t->opts.fleet_backend;
}

/* Start the fleet with the chosen preset on every host. */
int
tui_fleet_start(struct tui *t)
{
	struct tui_fleet  *f = &t->fleet;
	struct record_opts ro = { .path = t->opts.results_path, .no_save = t->opts.no_save,
				  .source = "ui", .utf8 = t->utf8 };
	struct fleet_opts  fo;
	struct dd_plan	   plan = { .points = NULL };
	struct dd_error	   err = { 0 };
	int		   rc;

	if (tui_fleet_running(t))
		return -EBUSY;
	if (t->opts.nhosts == 0) {
		tui_message(t, false, "no hosts: start the dashboard with --hosts FILE or --host SPEC");
		return -ENOENT;
	}
	fleet_release(t);
	rc = tui_plan_build(t, f->preset_sel, t->opts.allow_write, &plan, &err);
	if (rc == 0) {
		fleet_options(t, &plan, &ro, &fo);
		rc = fleet_create(&f->fl, t->opts.hosts, t->opts.nhosts, &fo, &err);
	}
	if (rc == 0 && (rc = fleet_start(f->fl, &err)) < 0)
		fleet_release(t);
	if (rc == 0) {
		snprintf(f->plan_name, sizeof f->plan_name, "%s", plan.name);
		f->npoints = plan.npoints;
	}
	plan_free(&plan);	/* every member has its own copy */
	if (rc < 0) {
		f->fl = NULL;
		tui_message(t, true, "%s", err.msg[0] ? err.msg : strerror(-rc));
		return rc;
	}
	memset(f->kept, 0, sizeof f->kept);
	memset(f->ended, 0, sizeof f->ended);
	f->running = true;
	f->setup = false;
	f->started = (int64_t)time(NULL);
	fleet_load_refs(t);
	fprintf(stderr, "drivedash: fleet %s on %zu hosts started (%zu points%s)\n", f->plan_name,
		fleet_size(f->fl), f->npoints, t->opts.allow_write ? "" : ", read-only");
	if (!t->opts.allow_write)
		tui_message(t, false, "read-only plan on every host (--allow-write and a CONFIRM "
			    "per host add the write points)");
	t->dirty = true;
	return 0;
}

/* The running members' wake fds. */
size_t
tui_fleet_pollfds(const struct tui *t, struct pollfd *pfd, size_t max)
{
	return tui_fleet_running(t) ? fleet_pollfds(t->fleet.fl, pfd, max) : 0;
}

/* "rack-a1 · fio server 10.0.0.11:8765, /dev/nvme0n1": what a member measures. */
static char *
fleet_what(const struct fleet_member *m, char *buf, size_t len)
{
	snprintf(buf, len, "%.60s %s fio server %s%.100s%s:%u, %.200s", m->host.label,
		 "\u00b7", m->host.ipv6 ? "[" : "", m->host.host, m->host.ipv6 ? "]" : "",
		 m->host.port, m->host.device);
	return buf;
}

/* Keep member i's ended run for Compare (once) and say how it ended. */
static void
fleet_member_ended(struct tui *t, size_t i, struct fleet_member *m)
{
	struct tui_fleet *f = &t->fleet;
	char		  label[64];

	f->ended[i] = true;
	if (m->sw != NULL && m->sn != NULL && !f->kept[i] && sweep_nresults(m->sw) > 0) {
		snprintf(label, sizeof label, "%.40s %.20s", m->host.label, m->plan.name);
		tui_runs_keep(t, m->sw, m->plan.name, m->sn->state, fleet_pick(m), m->rec,
			      f->started, label);
		f->kept[i] = true;
	}
	if (m->state == FLEET_FAILED) {
		tui_message(t, true, "%s: %s %s %s", m->host.label, fleet_state_name(m),
			    t->sym->dash, m->message);
	}
	fprintf(stderr, "drivedash: fleet host %s ended (%s)%s%s\n", m->host.label,
		fleet_state_name(m), m->message[0] ? ": " : "", m->message);
}

/* The rack's states in words: "3 done, 1 lost" (counts by state word). */
static char *
fleet_tally(const struct tui_fleet *f, char *buf, size_t len)
{
	const char *words[8];
	size_t	    counts[8], nw = 0, o = 0, n = fleet_count(f);

	for (size_t i = 0; i < n; i++) {
		const char *w = fleet_state_name(fleet_at(f, i));
		size_t	    k;

		for (k = 0; k < nw && strcmp(words[k], w) != 0; k++)
			;
		if (k == nw && nw < 8) {
			words[nw] = w;
			counts[nw++] = 0;
		}
		if (k < nw)
			counts[k]++;
	}
	buf[0] = '\0';
	for (size_t k = 0; k < nw && o < len; k++)
		o += (size_t)snprintf(buf + o, len - o, "%s%zu %s", k ? ", " : "", counts[k],
				      words[k]);
	return buf;
}

/* Copy the members' news; keep, announce and lend what changed. */
void
tui_fleet_poll(struct tui *t)
{
	struct tui_fleet *f = &t->fleet;
	char		  tally[256];

	if (f->fl == NULL)
		return;
	if (fleet_update(f->fl))
		t->dirty = true;
	for (size_t i = 0; i < fleet_size(f->fl) && i < HOSTS_MAX; i++) {
		struct fleet_member *m = fleet_member(f->fl, i);

		if (m->sw != NULL && m->sn != NULL)
			tui_sweep_loan_sync(t, m->sw, m->sn, m->gen, fleet_member_live(m));
		if (!f->ended[i] && (m->state == FLEET_DONE || m->state == FLEET_FAILED ||
				     m->state == FLEET_CANCELLED))
			fleet_member_ended(t, i, m);
	}
	if (f->running && !fleet_running(f->fl)) {
		f->running = false;
		tui_message(t, fleet_verdict_rank(fleet_verdict(f->fl)) >=
				       fleet_verdict_rank(VERDICT_ERROR), "fleet ended: %s %s verdict %s "
			    "(Enter opens a host's run, C compares)", fleet_tally(f, tally, sizeof tally),
			    t->sym->dot, verdict_status_name(fleet_verdict(f->fl)));
	}
}

/* Stop, join and free everything the screen holds. */
void
tui_fleet_cleanup(struct tui *t)
{
	struct tui_fleet *f = &t->fleet;

	fleet_release(t);
	for (size_t i = 0; i < HOSTS_MAX; i++)
		tui_sheet_free(&f->refs[i]);
	free(f->preview);
	f->preview = NULL;
	f->npreview = 0;
	arena_free(&f->a);
}

/* Lend the cursor's member to the Sweep screen. */
static void
fleet_open(struct tui *t)
{
	struct tui_fleet     *f = &t->fleet;
	struct fleet_member  *m;
	struct tui_sweep_loan l;
	char		      what[512];

	if (fleet_count(f) == 0 || f->fl == NULL) {
		tui_message(t, false, "nothing runs yet: s starts the fleet");
		return;
	}
	m = fleet_at(f, f->sel);
	if (m->sw == NULL || m->sn == NULL) {
		tui_message(t, false, "%s has no sweep: %s", m->host.label,
			    m->message[0] ? m->message : fleet_state_name(m));
		return;
	}
	l = (struct tui_sweep_loan){ .sw = m->sw, .plan = &m->plan, .tgt = &m->t, .sn = m->sn,
				     .gen = m->gen, .running = fleet_member_live(m),
				     .ref = fleet_pick(m), .label = m->host.label,
				     .what = fleet_what(m, what, sizeof what),
				     .started = f->started };
	if (tui_sweep_borrow(t, &l) == 0)
		tui_nav_open(t, TUI_VIEW_SWEEP, NULL);
}

/* ---- Drawing ---- */

/* The role of a member's state word. */
static uint8_t
fleet_state_role(const struct fleet_member *m)
{
	switch (m->state) {
	case FLEET_WAITING:
		return UI_DIM_TEXT;
	case FLEET_CONNECTING:
		return UI_KEY;
	case FLEET_RUNNING:
		return UI_MEASURED;
	case FLEET_DONE:
		return UI_OK;
	case FLEET_FAILED:
		return UI_FAIL;
	case FLEET_CANCELLED:
		return UI_WARN;
	}
	return UI_TEXT;
}

/* The role of a verdict word. */
static uint8_t
fleet_verdict_role(enum verdict_status v)
{
	return v == VERDICT_PASS ? UI_OK : v == VERDICT_WARN || v == VERDICT_ERROR ? UI_WARN :
	       v == VERDICT_FAIL ? UI_FAIL : UI_DIM_TEXT;
}

/* The member's bars: the running point's latest interval, else the last
 * finished point's figures and its p99. */
static void
fleet_figures(const struct fleet_member *m, struct fleet_fig *fg)
{
	const struct sweep_snapshot *sn = m->sn;
	const struct sweep_summary  *last;
	size_t			     nf;

	memset(fg, 0, sizeof *fg);
	fg->iops = fg->mbps = fg->p99 = NAN;
	if (sn == NULL)
		return;
	if (sn->state == SWEEP_RUNNING && !sn->preconditioning && sn->current.bs > 0) {
		fg->have = fg->running = true;
		fg->pt = sn->current;
		if (sn->nlive > 0) {
			fg->iops = sn->live[sn->nlive - 1].iops;
			fg->mbps = sn->live[sn->nlive - 1].mbps;
		}
		return;
	}
	nf = sn->nfinished < SWEEP_FINISHED_MAX ? sn->nfinished : SWEEP_FINISHED_MAX;
	if (nf == 0 || (last = &sn->finished[nf - 1])->index >= m->plan.npoints)
		return;
	fg->have = true;
	fg->pt = m->plan.points[last->index];
	if (last->status != 0 || last->cancelled)
		return;
	fg->iops = last->iops;
	fg->mbps = last->mbps;
	fg->p99 = last->p99_us;
}

/* The verdict column: the word and the worst row, "FAIL random read -46.0%"
 * (against the spec; "vs review" when the review decided). */
static void
fleet_verdict_text(struct tui *t, const struct fleet_member *m, char *buf, size_t len)
{
	const struct verdict *v = m->judged ? verdict_worst_row(&m->report) : NULL;
	char		      pct[32];
	bool		      review;

	snprintf(buf, len, "%s", verdict_status_name(m->report.overall));
	if (v == NULL)
		return;
	review = v->decided_by != NULL && strcmp(v->decided_by, "review") == 0;
	snprintf(buf, len, "%s %s %s%s", verdict_status_name(m->report.overall),
		 v->metric_name ? v->metric_name : v->metric,
		 fmt_delta_pct(isnan(v->ratio) ? NAN : (v->ratio - 1) * 100, t->sym->dash, pct,
			       sizeof pct), review ? " vs review" : "");
}

/* Print s in w cells; when it is wider, its end after an ellipsis (a path's
 * end is what tells devices apart: "…/t18801.dat"). */
static void
fleet_print_tail(struct tui *t, struct cellbuf *cb, int x, int y, int w, uint8_t role,
		 const char *s)
{
	const char *p = s;

	if (w < 2 || utf8_width(s) <= w) {
		tui_print(cb, x, y, w, role, 0, "%s", s);
		return;
	}
	while (*p != '\0' && utf8_width(p) > w - 1)
		p++;
	while ((*p & 0xc0) == 0x80)	/* not inside a character */
		p++;
	tui_print(cb, x, y, w, role, 0, "%s%s", t->sym->ellipsis, p);
}

/* A member's first row: who, where, what drive, its state and progress,
 * and the verdict when it has one. */
static void
fleet_row_head(struct tui *t, struct cellbuf *cb, int y, const struct fleet_cols *c,
	       const struct fleet_member *m, bool sel)
{
	const struct sweep_snapshot *sn = m->sn;
	uint8_t			     role = sel ? UI_SELECTED : UI_TEXT;
	char			     buf[256], num[32];
	int			     x = 3;

	if (sel)
		cellbuf_fill(cb, 1, y, cb->w - 2, 1, ' ', UI_SELECTED, 0);
	cellbuf_put_str(cb, 1, y, 1, sel ? t->sym->cursor : " ", role, UI_BOLD);
	tui_print(cb, x, y, c->label, role, UI_BOLD, "%s", m->host.label);
	x += c->label + 1;
	tui_print(cb, x, y, c->addr, sel ? role : UI_DIM_TEXT, 0, "%s",
		  hosts_label_address(&m->host, buf, sizeof buf));
	x += c->addr + 1;
	fleet_print_tail(t, cb, x, y, c->dev, role, m->host.device);
	x += c->dev + 1;
	if (m->match.drive != NULL)
		tui_print(cb, x, y, c->drive, sel ? role : UI_REVIEW_REF, 0, "%s",
			  tui_pick_label(fleet_pick(m), false, buf, sizeof buf));
	else
		tui_print(cb, x, y, c->drive, sel ? role : UI_DIM_TEXT, 0, "%s%s",
			  m->host.drive[0] ? "? " : t->sym->dash, m->host.drive);
	x += c->drive + 1;
	tui_print(cb, x, y, c->state, sel ? role : fleet_state_role(m), UI_BOLD, "%s",
		  fleet_state_name(m));
	x += c->state + 1;
	if (sn != NULL && sn->npoints > 0) {
		snprintf(num, sizeof num, "%zu/%zu", sn->state == SWEEP_RUNNING ?
			 (sn->preconditioning ? 0 : sn->index + 1) : sn->nresults, sn->npoints);
		tui_print_right(cb, x + c->point, y, role, 0, num);
	}
	x += c->point + 1;
	if (sn != NULL && sn->state == SWEEP_RUNNING && fleet_member_live(m))
		tui_print_right(cb, x + c->eta, y, sel ? role : UI_DIM_TEXT, 0,
				fmt_duration(sn->eta_s, num, sizeof num));
	x += c->eta + 2;
	if (c->verdict && m->state == FLEET_FAILED) {
		/* fleet_verdict counts a host that failed as ERROR (not measured,
		 * not a failed drive): say it here too, with its state */
		tui_print(cb, x, y, cb->w - x - 1, sel ? role : UI_WARN, UI_BOLD, "%s %s",
			  verdict_status_name(VERDICT_ERROR), fleet_state_name(m));
	} else if (c->verdict && m->judged) {
		fleet_verdict_text(t, m, buf, sizeof buf);
		tui_print(cb, x, y, cb->w - x - 1, sel ? role : fleet_verdict_role(m->report.overall),
			  UI_BOLD, "%s", buf);
	} else if (c->verdict && m->state != FLEET_WAITING) {
		tui_print(cb, x, y, cb->w - x - 1, sel ? role : UI_DIM_TEXT, 0, "%s", t->sym->dash);
	}
}

/* The mark after a bar's value: the change against the review at this
 * point, else against a comparable spec target ("◆+1.0%", "│-12%"). */
static void
fleet_delta(struct tui *t, const struct tui_refval *sp, const struct tui_refval *rv, double v,
	    char *buf, size_t len)
{
	char pct[32];

	buf[0] = '\0';
	if (isnan(v))
		return;
	if (!isnan(rv->value))
		snprintf(buf, len, "%s%s", t->sym->review,
			 chart_pct_delta(v, rv->value, t->g, pct, sizeof pct));
	else if (sp->comparable && !isnan(sp->value))
		snprintf(buf, len, "%s%s", t->sym->spec,
			 chart_pct_delta(v, sp->value, t->g, pct, sizeof pct));
}

/* One bar of a member: label, the bar with the spec and review markers,
 * the value and (deltaw > 0) its change against a reference; returns the
 * columns used. */
static int
fleet_bar(struct tui *t, struct cellbuf *cb, int x, int y, int barw, int deltaw,
	  const struct tui_sheet *ref, const struct fleet_fig *fg, enum tui_metric m)
{
	struct tui_refval    sp, rv;
	struct chart_markers mk = { NAN, NAN };
	double		     v = m == TUI_M_IOPS ? fg->iops : fg->mbps, vals[3];
	char		     num[32], delta[48];
	int		     cx = x;

	rv.value = sp.value = NAN;
	sp.comparable = false;
	if (fg->have && ref->loaded) {
		tui_ref_spec(ref, &fg->pt, m, &sp);
		tui_ref_review(ref, &fg->pt, m, &rv);
		mk.spec = sp.comparable ? sp.value : NAN;
		mk.review = rv.value;
	}
	vals[0] = v;
	vals[1] = mk.spec;
	vals[2] = mk.review;
	cx += tui_print(cb, cx, y, 5, UI_TITLE, 0, "%s", m == TUI_M_IOPS ? "IOPS" : "MB/s") + 1;
	chart_hbar(cb, cx, y, barw, v, chart_scale_max(vals, 3), &mk, NULL, t->g);
	cx += barw;
	tui_print_right(cb, cx + 10, y, UI_MEASURED, UI_BOLD,
			tui_metric_text(t, m, v, num, sizeof num));
	cx += 10;
	if (deltaw > 0) {
		fleet_delta(t, &sp, &rv, v, delta, sizeof delta);
		tui_print(cb, cx + 1, y, deltaw - 1, !isnan(rv.value) ? UI_REVIEW_REF : UI_SPEC_TARGET,
			  0, "%s", delta);
		cx += deltaw;
	}
	return cx - x;
}

/* A member's second row: IOPS and MB/s bars against its drive, the p99 of
 * the last point that ended ("p99 —" while a point runs). */
static void
fleet_row_bars(struct tui *t, struct cellbuf *cb, int y, size_t i, const struct fleet_member *m)
{
	const struct tui_sheet *ref = fleet_ref(&t->fleet, i);
	struct fleet_fig	fg;
	bool			wide = cb->w >= 120;
	int			deltaw = wide ? 10 : 0, fixed, barw, x = 5;
	char			num[32];

	fleet_figures(m, &fg);
	/* label 5, value 10, delta, twice; gaps 2 + 2; "p99 1,234.5 µs" 14. */
	fixed = x + 2 * (5 + 10 + deltaw) + 4 + 14;
	barw = (cb->w - 1 - fixed) / 2;
	if (barw < 6)
		barw = 6;
	x += fleet_bar(t, cb, x, y, barw, deltaw, ref, &fg, TUI_M_IOPS) + 2;
	x += fleet_bar(t, cb, x, y, barw, deltaw, ref, &fg, TUI_M_MBPS) + 2;
	if (isnan(fg.p99))
		snprintf(num, sizeof num, "%s", t->sym->dash);
	else
		fmt_number(fg.p99, 1, num, sizeof num);
	if (isnan(fg.p99))
		tui_print(cb, x, y, cb->w - x - 1, UI_DIM_TEXT, 0, "p99 %s", num);
	else
		tui_print(cb, x, y, cb->w - x - 1, UI_MEASURED, 0, "p99 %s %ss", num, t->sym->micro);
}

/* Text wrapped at blanks to w columns from (x, y), at most maxrows rows;
 * returns the rows used (an empty text uses one). */
static int
fleet_wrap(struct cellbuf *cb, int x, int y, int w, int maxrows, uint8_t role, uint8_t attr,
	   const char *s)
{
	int rows = 0;

	while (rows < maxrows && w > 0) {
		size_t len = strlen(s), cut = len;

		if (tui_cols(s) > w) {
			/* The last blank inside w columns (bytes ~ columns: the
			 * message is one sentence of mostly ASCII). */
			cut = (size_t)w < len ? (size_t)w : len;
			while (cut > 0 && s[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = (size_t)w < len ? (size_t)w : len;
		}
		tui_print(cb, x, y + rows, w, role, attr, "%.*s", (int)cut, s);
		rows++;
		s += cut;
		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
	}
	return rows > 0 ? rows : 1;
}

/* What the member is doing, in words, for its third row. */
static void
fleet_detail_text(struct tui *t, const struct fleet_member *m, char *buf, size_t len)
{
	const struct sweep_snapshot *sn = m->sn;
	char			     what[64], a[300], b[32];

	if (m->state == FLEET_WAITING && m->match.drive == NULL && m->host.drive[0])
		snprintf(buf, len, "drive %s: %s", m->host.drive, m->match.label);
	else if (m->state == FLEET_WAITING)
		snprintf(buf, len, "waiting%s%s", m->match.drive ? ": held against " : "",
			 m->match.drive ? m->match.label : "");
	else if (m->state == FLEET_CONNECTING)
		snprintf(buf, len, "connecting to the fio server at %s",
			 hosts_label_address(&m->host, a, sizeof a));
	else if (fleet_member_live(m) && sn != NULL && sn->current.bs > 0)
		snprintf(buf, len, "%s   IODepth %u %s NumJobs %u   %s s of %s s",
			 tui_point_label(&sn->current, what, sizeof what), sn->current.iodepth,
			 t->sym->times, sn->current.numjobs,
			 fmt_number(sn->point_progress * sn->current.runtime_s, 1, a, sizeof a),
			 fmt_number(sn->current.runtime_s, 1, b, sizeof b));
	else if (m->state == FLEET_CANCELLED)
		snprintf(buf, len, "stopped after %zu of %zu points", sn ? sn->nresults : 0,
			 m->plan.npoints);
	else if (m->judged && verdict_worst_row(&m->report) != NULL)
		snprintf(buf, len, "%s", verdict_worst_row(&m->report)->reason);
	else if (m->judged && m->report.summary[0] != '\0')
		snprintf(buf, len, "%s", m->report.summary);
	else
		snprintf(buf, len, "%zu points done", sn ? sn->nresults : 0);
}

/* A member's third row (and more for a failure's full sentence; the
 * verdict here when the first row has no column for it); returns the rows
 * used. */
static int
fleet_row_detail(struct tui *t, struct cellbuf *cb, int y, int maxrows,
		 const struct fleet_cols *c, const struct fleet_member *m)
{
	char buf[1024];

	if (m->state == FLEET_FAILED)
		return fleet_wrap(cb, 5, y, cb->w - 6, maxrows, UI_WARN, 0,
				  m->message[0] ? m->message : fleet_state_name(m));
	if (!c->verdict && m->judged) {
		int x = 5;

		fleet_verdict_text(t, m, buf, sizeof buf);
		x += tui_print(cb, x, y, cb->w - 6, fleet_verdict_role(m->report.overall), UI_BOLD,
			       "verdict %s", buf);
		fleet_detail_text(t, m, buf, sizeof buf);
		tui_print(cb, x, y, cb->w - 1 - x, UI_DIM_TEXT, 0, " %s %s", t->sym->dot, buf);
		return 1;
	}
	fleet_detail_text(t, m, buf, sizeof buf);
	tui_print(cb, 5, y, cb->w - 6, UI_DIM_TEXT, 0, "%s", buf);
	return 1;
}

/* The header rows: what the bars are, and the columns. */
static void
fleet_draw_header(struct tui *t, struct cellbuf *cb, int y, const struct fleet_cols *c)
{
	int x = 3;

	if (cb->w >= 120)
		tui_print(cb, 1, y, cb->w - 2, UI_DIM_TEXT, 0, "%s live IOPS and MB/s each second   "
			  "%s spec target   %s review   latency when each point ends (fio client)",
			  t->sym->measured, t->sym->spec, t->sym->review);
	else
		tui_print(cb, 1, y, cb->w - 2, UI_DIM_TEXT, 0, "%s live   %s spec   %s review   "
			  "latency when each point ends (fio client)", t->sym->measured,
			  t->sym->spec, t->sym->review);
	tui_print(cb, x, y + 1, c->label, UI_TITLE, UI_BOLD, "HOST");
	x += c->label + 1;
	tui_print(cb, x, y + 1, c->addr, UI_TITLE, UI_BOLD, "ADDRESS");
	x += c->addr + 1;
	tui_print(cb, x, y + 1, c->dev, UI_TITLE, UI_BOLD, "DEVICE");
	x += c->dev + 1;
	tui_print(cb, x, y + 1, c->drive, UI_TITLE, UI_BOLD, "DRIVE");
	x += c->drive + 1;
	tui_print(cb, x, y + 1, c->state, UI_TITLE, UI_BOLD, "STATE");
	x += c->state + 1;
	tui_print_right(cb, x + c->point, y + 1, UI_TITLE, UI_BOLD, "POINT");
	x += c->point + 1;
	tui_print_right(cb, x + c->eta, y + 1, UI_TITLE, UI_BOLD, "ETA");
	x += c->eta + 2;
	if (c->verdict)
		tui_print(cb, x, y + 1, -1, UI_TITLE, UI_BOLD, "VERDICT");
}

/* Rows member i takes (its failure's sentence may wrap: at most 4 rows). */
static int
fleet_member_rows(const struct cellbuf *cb, const struct fleet_member *m, bool compact)
{
	int w = cb->w - 6, cols;

	if (compact)
		return 1;
	if (m->state != FLEET_FAILED || w <= 0)
		return 3;
	cols = tui_cols(m->message);
	return 2 + (cols > 3 * w ? 4 : cols > 2 * w ? 3 : cols > w ? 2 : 1);
}

/* Scroll so the cursor's member is in the rows y .. end - 1. */
static void
fleet_scroll(struct tui_fleet *f, const struct cellbuf *cb, int rows, bool compact)
{
	size_t n = fleet_count(f);
	int    used = 0;

	if (f->sel >= n)
		f->sel = n > 0 ? n - 1 : 0;
	if (f->top > f->sel)
		f->top = f->sel;
	for (;;) {
		used = 0;
		for (size_t i = f->top; i <= f->sel && i < n; i++)
			used += fleet_member_rows(cb, fleet_at(f, i), compact);
		if (used <= rows || f->top >= f->sel)
			break;
		f->top++;
	}
}

/* The members from row y, ending before row end (compact: one row each). */
static void
fleet_draw_members(struct tui *t, struct cellbuf *cb, int y, int end, bool compact)
{
	struct tui_fleet	*f = &t->fleet;
	const struct fleet_cols *c = cb->w >= 120 ? &fleet_cols_wide : &fleet_cols_narrow;
	size_t			 n = fleet_count(f);
	int			 row = y;

	for (size_t i = 0; i < HOSTS_MAX; i++)
		f->row_y[i] = -1;
	fleet_scroll(f, cb, end - y, compact);
	for (size_t i = f->top; i < n && row < end; i++) {
		const struct fleet_member *m = fleet_at(f, i);

		if (i < HOSTS_MAX)
			f->row_y[i] = row;
		fleet_row_head(t, cb, row++, c, m, i == f->sel && !f->setup);
		if (compact)
			continue;
		if (row < end)
			fleet_row_bars(t, cb, row++, i, m);
		if (row < end)
			row += fleet_row_detail(t, cb, row, end - row, c, m);
	}
	if (n == 0)
		tui_print(cb, 3, y, cb->w - 4, UI_DIM_TEXT, 0, "no hosts");
}

/* The rack's line: "rack: 3 done, 1 lost · verdict FAIL". */
static void
fleet_draw_rack(struct tui *t, struct cellbuf *cb, int y)
{
	struct tui_fleet *f = &t->fleet;
	char		  tally[256];
	int		  x;

	x = 1 + tui_print(cb, 1, y, -1, UI_TITLE, UI_BOLD, "rack:");
	x += tui_print(cb, x, y, -1, UI_TEXT, 0, " %s", fleet_tally(f, tally, sizeof tally));
	if (f->fl == NULL || f->running) {
		if (f->fl == NULL)
			tui_print(cb, x, y, cb->w - x - 1, UI_DIM_TEXT, 0, " %s s starts the plan on "
				  "every host", t->sym->dot);
		return;
	}
	x += tui_print(cb, x, y, -1, UI_TEXT, 0, " %s verdict ", t->sym->dot);
	tui_print(cb, x, y, -1, fleet_verdict_role(fleet_verdict(f->fl)), UI_BOLD, "%s",
		  verdict_status_name(fleet_verdict(f->fl)));
}

/* The preset list under the hosts and the plan it makes. */
static void
fleet_draw_presets(struct tui *t, struct cellbuf *cb, int y, int end)
{
	struct tui_fleet *f = &t->fleet;
	struct dd_plan	  plan;
	struct dd_error	  err = { 0 };
	char		  eta[32];
	int		  row;

	tui_print(cb, 1, y, -1, UI_TITLE, UI_BOLD, "Preset   (Up/Down choose, s starts it)");
	row = tui_presets_draw(t, cb, y + 1, end - 1, f->preset_sel, &f->preset_top, true);
	if (row >= end)
		return;
	if (tui_plan_build(t, f->preset_sel, t->opts.allow_write, &plan, &err) < 0) {
		tui_print(cb, 1, row, cb->w - 2, UI_WARN, 0, "%s", err.msg);
		return;
	}
	tui_print(cb, 1, row, cb->w - 2, UI_TEXT, 0, "Plan %s: %zu point%s, about %s on each of "
		  "%zu hosts at once%s", plan.name, plan.npoints, plan.npoints == 1 ? "" : "s",
		  fmt_duration(plan_estimate_seconds(&plan), eta, sizeof eta), fleet_count(f),
		  t->opts.allow_write ? "; WRITES where each host's CONFIRM matches" :
		  "; read-only (--allow-write adds the write points)");
	plan_free(&plan);
}

/* Draw the Fleet screen. */
static void
fleet_draw(struct tui *t, struct cellbuf *cb, int y, int h)
{
	struct tui_fleet	*f = &t->fleet;
	const struct fleet_cols *c = cb->w >= 120 ? &fleet_cols_wide : &fleet_cols_narrow;
	size_t			 n = fleet_count(f);
	int			 end = y + h - 1, list_end;

	fleet_draw_header(t, cb, y, c);
	if (f->setup) {
		list_end = y + 2 + (int)n;
		if (list_end > y + h / 2)
			list_end = y + h / 2;
		fleet_draw_members(t, cb, y + 2, list_end, true);
		fleet_draw_presets(t, cb, list_end + 1, end);
	} else {
		fleet_draw_members(t, cb, y + 2, end, false);
	}
	fleet_draw_rack(t, cb, end);
}

/* ---- Keys and titles ---- */

/* Move the cursor (the preset's in the setup) by d rows. */
static void
fleet_move(struct tui *t, int d)
{
	struct tui_fleet *f = &t->fleet;
	size_t		  n = f->setup ? 0 : fleet_count(f), sel;

	if (f->setup)
		plan_presets(&n);
	if (n == 0)
		return;
	sel = f->setup ? f->preset_sel : f->sel;
	if (d < 0)
		sel = (size_t)-d > sel ? 0 : sel - (size_t)-d;
	else
		sel = sel + (size_t)d >= n ? n - 1 : sel + (size_t)d;
	if (f->setup)
		f->preset_sel = sel;
	else
		f->sel = sel;
}

/* A click: the member row under it becomes the cursor. */
static void
fleet_click(struct tui *t, const struct tui_event *ev)
{
	struct tui_fleet *f = &t->fleet;

	for (size_t i = 0; i < fleet_count(f) && i < HOSTS_MAX; i++)
		if (f->row_y[i] >= 0 && ev->y >= f->row_y[i] &&
		    (i + 1 >= HOSTS_MAX || f->row_y[i + 1] < 0 || ev->y < f->row_y[i + 1]))
			f->sel = i;
}

/* Handle a key on the Fleet screen. */
static int
fleet_key(struct tui *t, const struct tui_event *ev)
{
	struct tui_fleet *f = &t->fleet;

	switch (ev->key) {
	case TUI_KEY_UP: case 'k': case TUI_KEY_WHEEL_UP:
		fleet_move(t, -1);
		return 1;
	case TUI_KEY_DOWN: case 'j': case TUI_KEY_WHEEL_DOWN:
		fleet_move(t, 1);
		return 1;
	case TUI_KEY_PGUP: case TUI_KEY_PGDN:
		fleet_move(t, ev->key == TUI_KEY_PGUP ? -5 : 5);
		return 1;
	case TUI_KEY_HOME: case 'g': case TUI_KEY_END: case 'G':
		fleet_move(t, ev->key == TUI_KEY_HOME || ev->key == 'g' ? -HOSTS_MAX * 8 :
			   HOSTS_MAX * 8);
		return 1;
	case TUI_KEY_CLICK:
		if (!f->setup)
			fleet_click(t, ev);
		return 1;
	case 's':
		if (!tui_fleet_running(t))
			tui_fleet_start(t);
		return 1;
	case TUI_KEY_ENTER:
		if (f->setup)
			tui_fleet_start(t);
		else
			fleet_open(t);
		return 1;
	case 'e': case TUI_KEY_TAB:
		if (tui_fleet_running(t))
			tui_message(t, false, "the fleet is running: x stops it first");
		else if (f->fl != NULL)
			f->setup = !f->setup;
		return 1;
	case 'C':
		tui_nav_open(t, TUI_VIEW_COMPARE, NULL);
		return 1;
	}
	return 0;
}

/* The title: plan, hosts, progress. */
static void
fleet_title(struct tui *t, char *buf, size_t len)
{
	struct tui_fleet *f = &t->fleet;
	double		  el = 0, eta = 0;
	char		  a[32], b[32];

	if (f->fl == NULL) {
		snprintf(buf, len, "Fleet setup %s %zu host%s", t->sym->dot, fleet_count(f),
			 fleet_count(f) == 1 ? "" : "s");
		return;
	}
	for (size_t i = 0; i < fleet_count(f); i++) {
		const struct fleet_member *m = fleet_at(f, i);

		if (m->sn == NULL)
			continue;
		el = m->sn->elapsed_s > el ? m->sn->elapsed_s : el;
		if (fleet_member_live(m))
			eta = m->sn->eta_s > eta ? m->sn->eta_s : eta;
	}
	snprintf(buf, len, "Fleet %s %s %s %zu hosts %s %s elapsed %s ETA %s%s", t->sym->dot,
		 f->plan_name, t->sym->dot, fleet_count(f), t->sym->dot,
		 fmt_duration(el, a, sizeof a), t->sym->dot,
		 f->running ? fmt_duration(eta, b, sizeof b) : "-", f->running ? "" : " (ended)");
}

/* Key hints. */
static const char *
fleet_hints(struct tui *t)
{
	if (t->fleet.setup && t->fleet.fl != NULL)
		return "s\tstart on every host\tj/k\tpreset\tTab\tlast run\tEsc\tback\tt\ttheme\t"
		       "?\thelp\tq\tquit";
	if (t->fleet.setup)
		return "s\tstart on every host\tj/k\tpreset\tEsc\tback\tt\ttheme\t?\thelp\t"
		       "q\tquit";
	if (tui_fleet_running(t))
		return "x\tstop all\tj/k\thost\tEnter\tits sweep\tC\tcompare\t?\thelp\tq\tquit";
	return "j/k\thost\tEnter\tits run\ts\tagain\te\tpreset\tC\tcompare\t?\thelp\tq\tquit";
}

/* The screen opens: set up the first time; refused without a fleet. */
static int
fleet_view_enter(struct tui *t, const struct tui_pick *pick)
{
	(void)pick;
	if (t->opts.nhosts == 0) {
		tui_message(t, false, "no fleet: start the dashboard with --hosts FILE or --host SPEC");
		return -1;
	}
	if (t->fleet.fl == NULL && t->fleet.preview == NULL)
		tui_fleet_setup(t);
	return 0;
}

/* x: every host (the last view asked: it stops whatever runs). */
static bool
fleet_view_stop(struct tui *t)
{
	bool mine = tui_fleet_running(t);

	tui_fleet_stop(t);
	return mine;
}

/* The running members' wake fds. */
static size_t
fleet_view_pollfds(struct tui *t, struct pollfd *pfd, size_t max)
{
	return tui_fleet_pollfds(t, pfd, max);
}

/* Any member's news. */
static void
fleet_view_poll(struct tui *t, const struct pollfd *pfd, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (pfd[i].revents & (POLLIN | POLLERR | POLLHUP)) {
			tui_fleet_poll(t);
			return;
		}
}

const struct tui_view tui_view_fleet = {
	.name = "fleet",
	.title = fleet_title,
	.draw = fleet_draw,
	.key = fleet_key,
	.hints = fleet_hints,
	.enter = fleet_view_enter,
	.running = tui_fleet_running,
	.stop = fleet_view_stop,
	.pollfds = fleet_view_pollfds,
	.poll = fleet_view_poll,
	.cleanup = tui_fleet_cleanup,
};
