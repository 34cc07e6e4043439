/*
 * The Sweep screen and the sweep it drives.
 *
 * struct tui_sweep (tui.h) is the model: the setup's choices (a target from
 * struct tui_target, a preset), and once started the plan, the open target,
 * the struct sweep and the latest snapshot copied out of it.  The sweep
 * thread owns everything it measures; this file only starts it, cancels it,
 * and copies snapshots when the wake fd says there is a new one
 * (tui_sweep_poll, called by the loop), so the UI never makes the sweep wait.
 * When a snapshot shows a final state the thread is joined and the finished
 * points are kept as a struct tui_run for the Compare screen.
 *
 * The default target is a scratch file ("$TMPDIR/drivedash-scratch-UID.dat",
 * or --target when it is a file path that does not exist): every start goes
 * through the one measurement path (src/core/session.h), so the dashboard
 * resolves, refuses and preconditions exactly as `run` does.  A scratch file
 * we created may be written freely and is removed on exit unless --keep; an
 * existing file or a device gets the read-only variant of the preset unless
 * --allow-write, and a device must also pass the write-safety check or be
 * overridden with --force --confirm SERIAL.  The setup screen says what each
 * target really is (device, filesystem, mount point) before anything runs.
 *
 * Two modes: SETUP (pick target and preset) and LIVE (the running point
 * with its bars against the spec and the review, latency, a time graph, the
 * IODepth x NumJobs heat map filling as points finish and the finished list).
 * Once the sweep has ended, LIVE is the finished view: a cursor on the
 * finished list (fin_sel) chooses the point the bars, the latency line and
 * the time graph show (its whole interval series from the full result), w
 * steps the heat map through the plan's workloads (heat_shape), and Enter
 * opens the point's drill-down (view-point.c).
 *
 * Every sweep is stored through the recorder (src/core/record.h, source
 * "ui"): record_begin before the start, record_start (the recorder
 * attached before the sweep starts, so the sweep thread commits each
 * finished point), record_end after the join.  A store that
 * cannot be used is said on the setup and the message line and the sweep
 * runs unsaved.  A stored run (History) is shown by the same drawing code:
 * tui_sweep_show builds a finished sweep from its results
 * (sweep_create_finished), so nothing here knows where a run came from
 * except the title.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
#include "ui/tui.h"

#define HEAT_MAX 8
#define HEAT_SHAPES_MAX 64	/* workloads the heat map steps through */

/* The default scratch file path. */
static void
sweep_default_scratch(char *buf, size_t len)
{
	const char *dir = getenv("TMPDIR");

	if (dir == NULL || dir[0] != '/')
		dir = "/tmp";
	snprintf(buf, len, "%s/drivedash-scratch-%u.dat", dir, (unsigned)getuid());
}

/* Is a sweep running? */
bool
tui_sweep_running(const struct tui *t)
{
	return t->sweep.sw != NULL && t->sweep.running;
}

/* What a target really is, or why it cannot be measured. */
static void
sweep_resolve_target(struct tui_target *tg)
{
	struct session_target st;
	struct dd_error	      err = { 0 };

	tg->bad = session_resolve_path(tg->path, false, false, &st, &err) < 0;
	snprintf(tg->what, sizeof tg->what, "%s", tg->bad ? err.msg : st.description);
}

/* Fill the target list: the file target first, then the devices. */
void
tui_sweep_targets(struct tui *t)
{
	struct tui_sweep *s = &t->sweep;
	struct tui_target *tg;
	struct stat	   st;
	char		   size[32];

	free(s->targets);
	s->ntargets = 0;
	s->targets = calloc(t->ndevs + 1, sizeof *s->targets);
	if (s->targets == NULL)
		return;
	tg = &s->targets[s->ntargets++];
	if (t->opts.target != NULL)
		snprintf(tg->path, sizeof tg->path, "%s", t->opts.target);
	else
		sweep_default_scratch(tg->path, sizeof tg->path);
	sweep_resolve_target(tg);
	if (tg->bad) {
		snprintf(tg->label, sizeof tg->label, "%.100s: cannot be measured", tg->path);
	} else if (stat(tg->path, &st) == 0 && S_ISBLK(st.st_mode)) {
		tg->device = true;
		snprintf(tg->label, sizeof tg->label, "device %.100s", tg->path);
	} else if (stat(tg->path, &st) == 0 && strcmp(tg->path, s->scratch) != 0 &&
		   t->opts.target != NULL) {
		tg->size = (uint64_t)st.st_size;
		snprintf(tg->label, sizeof tg->label, "file %.80s (%s, existing: kept)", tg->path,
			 fmt_capacity((double)st.st_size / 1e9, size, sizeof size));
	} else {
		tg->size = t->opts.size;
		snprintf(tg->label, sizeof tg->label, "scratch file %.80s (%s MB, %s)", tg->path,
			 fmt_number((double)t->opts.size / 1e6, 0, size, sizeof size),
			 t->opts.keep ? "kept on exit" : "removed on exit");
	}
	for (size_t i = 0; i < t->ndevs; i++) {
		const struct tui_device *d = &t->devs[i];

		if (d->path == NULL || (t->opts.target != NULL && strcmp(d->path, t->opts.target) == 0))
			continue;
		tg = &s->targets[s->ntargets++];
		snprintf(tg->path, sizeof tg->path, "%s", d->path);
		tg->device = true;
		tg->size = d->bdev != NULL ? d->bdev->size_bytes : 0;
		sweep_resolve_target(tg);
		if (d->ctrl != NULL)
			snprintf(tg->label, sizeof tg->label, "%.24s  %.40s %s %.50s%s", d->path,
				 d->ctrl->model ? d->ctrl->model : "?", t->sym->arrow, d->match.label,
				 d->root ? "  [ROOT FS]" : d->mounted ? "  [MOUNTED]" : "");
		else
			snprintf(tg->label, sizeof tg->label, "%s  %s %s%s", d->path,
				 d->bdev != NULL ? d->bdev->kind : "",
				 fmt_capacity((double)tg->size / 1e9, size, sizeof size),
				 d->root ? "  [ROOT FS]" : d->mounted ? "  [MOUNTED]" : "");
	}
}

/* The store's state for the setup screen: where sweeps are saved, or why
 * they are not (a store that exists but cannot be used).  Never creates it. */
static void
sweep_store_probe(struct tui *t)
{
	struct tui_sweep *s = &t->sweep;
	struct results	 *db = NULL;
	struct dd_error	  err = { 0 };
	char		  path[PATH_MAX];
	int		  rc;

	s->store_note[0] = '\0';
	if (t->opts.no_save) {
		snprintf(s->store_note, sizeof s->store_note, "not saved (--no-save)");
		return;
	}
	if (t->opts.results_path != NULL)
		snprintf(path, sizeof path, "%s", t->opts.results_path);
	else if (results_default_path(path, sizeof path, &err) < 0) {
		snprintf(s->store_note, sizeof s->store_note, "not saved: %s", err.msg);
		return;
	}
	rc = results_open(&db, path, RESULTS_READ, &err);
	results_close(db);
	if (rc < 0 && rc != -ENOENT)
		snprintf(s->store_note, sizeof s->store_note, "not saved: %s", err.msg);
}

/* Open the setup with p as the reference. */
void
tui_sweep_setup(struct tui *t, struct tui_pick p)
{
	struct tui_sweep *s = &t->sweep;
	struct dd_error	  err = { 0 };
	size_t		  n;
	const struct dd_preset_info *pi = plan_presets(&n);

	tui_sweep_return(t);
	if (s->ntargets == 0) {
		tui_sweep_targets(t);
		for (size_t i = 0; i < n; i++)
			if (strcmp(pi[i].name, t->opts.preset ? t->opts.preset : "spot") == 0)
				s->preset_sel = i;
	}
	if (p.fam != NULL && !tui_sweep_running(t) &&
	    (!s->ref.loaded || s->ref.pick.fam != p.fam || s->ref.pick.drive != p.drive)) {
		if (tui_sheet_load(&s->ref, t->db, p, &err) < 0)
			tui_message(t, true, "%s", err.msg);
	}
	if (!tui_sweep_running(t)) {
		s->mode = TUI_SWEEP_SETUP;
		sweep_store_probe(t);
	}
	t->dirty = true;
}

/* Is path our scratch file (created by us, or the default name)? */
static bool
sweep_is_ours(const struct tui *t, const char *path)
{
	char def[PATH_MAX];

	sweep_default_scratch(def, sizeof def);
	return (t->sweep.scratch[0] != '\0' && strcmp(path, t->sweep.scratch) == 0) ||
	       (t->opts.target == NULL && strcmp(path, def) == 0);
}

/* The session a start on tg walks (src/core/session.h).  The dashboard
 * removes its scratch file itself on exit, so the session keeps it. */
static void
sweep_session(const struct tui *t, const struct tui_target *tg, struct session *ses)
{
	memset(ses, 0, sizeof *ses);
	ses->o = (struct session_opts){ .target = tg->path, .size = t->opts.size, .keep = true,
					.owned = sweep_is_ours(t, tg->path),
					.allow_write = t->opts.allow_write, .force = t->opts.force,
					.confirm = t->opts.confirm };
}

/* May the plan on tg write?  --allow-write, or a scratch file of ours. */
static bool
sweep_writes_ok(const struct tui *t, const struct tui_target *tg)
{
	struct session	ses;
	struct dd_error err = { 0 };

	sweep_session(t, tg, &ses);
	return t->opts.allow_write || (session_resolve(&ses, &err) == 0 &&
				       session_writes_free(&ses));
}

/* The plan of preset number preset (plan_presets order) with the
 * dashboard's --time-scale, --runtime and --ramp; write points only when
 * writes is true. */
int
tui_plan_build(const struct tui *t, size_t preset, bool writes, struct dd_plan *plan,
	       struct dd_error *err)
{
	struct dd_preset_opts	     po = { 0 };
	size_t			     n;
	const struct dd_preset_info *pi = plan_presets(&n);
	int			     rc;

	po.time_scale = t->opts.time_scale;
	po.allow_write = writes;
	rc = plan_preset(pi[preset < n ? preset : 0].name, &po, plan, err);
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < plan->npoints; i++) {
		if (t->opts.runtime_s > 0 && plan->points[i].bytes == 0)
			plan->points[i].runtime_s = t->opts.runtime_s;
		if (t->opts.ramp_s >= 0)
			plan->points[i].ramp_s = t->opts.ramp_s;
	}
	return 0;
}

/* The plan's time on a target in words: byte budgets (cliff, dlio) on a
 * device at the reference drive's spec sequential speeds over its size, or
 * said to be unknown (plan_estimate_say; a scratch file's speed is its
 * filesystem's, not the reference's). */
static const char *
sweep_estimate(struct tui *t, const struct tui_target *tg, const struct dd_plan *plan,
	       char *buf, size_t len)
{
	const struct spec_figure *w = tg->device ? tui_ref_figure(&t->sweep.ref, "seq_write", 0)
						 : NULL;
	const struct spec_figure *r = tg->device ? tui_ref_figure(&t->sweep.ref, "seq_read", 0)
						 : NULL;

	return plan_estimate_say(plan, tg->size, w != NULL ? w->base : NAN,
				 r != NULL ? r->base : NAN, buf, len);
}

/* Build the plan for a target: the preset, then the points of the
 * reference's acceptance targets (as `check` appends them; *ntarget says how
 * many); *writes_ok says whether write points were allowed. */
static int
sweep_build_plan(struct tui *t, const struct tui_target *tg, struct dd_plan *plan,
		 bool *writes_ok, int *ntarget, struct dd_error *err)
{
	int rc;

	*ntarget = 0;
	*writes_ok = sweep_writes_ok(t, tg);
	if ((rc = tui_plan_build(t, t->sweep.preset_sel, *writes_ok, plan, err)) < 0)
		return rc;
	rc = tui_ref_append_targets(&t->sweep.ref, plan, *writes_ok, t->opts.time_scale, err);
	if (rc < 0) {
		plan_free(plan);
		return rc;
	}
	*ntarget = rc;
	return 0;
}

/* Free the sweep, the target and the plan (the sweep must have ended).  A
 * run the store did not take (still busy, or a write failed) is kept in a
 * store of its own and said (the message line, which tui_message also puts
 * on stderr: the log, or the terminal at exit); true then. */
static bool
sweep_release(struct tui *t)
{
	struct tui_sweep *s = &t->sweep;
	struct dd_error	  err = { 0 };
	char		  kept[PATH_MAX];
	int		  rc = 0;

	sweep_destroy(s->sw);
	s->sw = NULL;
	s->running = false;
	if (s->rec != NULL && (rc = record_status(s->rec, &err)) < 0) {
		struct dd_error serr = { 0 };
		const char     *why = rc == -EBUSY ? "its store stayed busy" : err.msg;

		rc = record_spill(s->rec, kept, sizeof kept, &serr);
		if (rc > 0)
			tui_message(t, true, "the last sweep was not stored (%s); it is kept in %s: "
				    "drivedash export last --results %s", why, kept, kept);
		else
			tui_message(t, true, "the last sweep was not stored (%s)%s%s", why,
				    rc < 0 ? "; nor could it be kept beside the store: " : "",
				    rc < 0 ? serr.msg : "");
		rc = 1;
	}
	s->store_pending = s->store_busy = false;
	record_free(s->rec);
	s->rec = NULL;
	if (s->tgt.fd >= 0)
		engine_target_close(&s->tgt);
	s->tgt.fd = -1;
	plan_free(&s->plan);
	return rc != 0;
}

/* The discovery's identity of a block device target, and the drive the
 * sweep is compared against: the reference on screen (picked on Drives or
 * cycled with r), else the discovered device's match.  label holds the
 * reference's name for rm. */
static struct session_identity *
sweep_identity(struct tui *t, const struct session *ses, struct record_match *rm, bool *matched,
	       char *label, size_t len)
{
	const struct tui_sheet	*ref = &t->sweep.ref;
	struct session_identity *id;

	*matched = false;
	if (ref->loaded && ref->pick.fam != NULL && ref->pick.drive != NULL) {
		rm->drive_id = ref->pick.drive->id;
		rm->drive_label = tui_pick_label(ref->pick, true, label, len);
		*matched = true;
	}
	if (ses->tgt.kind != SESSION_BLOCK || (id = calloc(1, sizeof *id)) == NULL)
		return NULL;
	session_find(ses->tgt.disk, &t->info, &id->ctrl, &id->ns, &id->bdev);
	id->model = id->ctrl != NULL ? id->ctrl->model : NULL;
	for (size_t i = 0; i < t->ndevs && !*matched; i++) {
		const struct tui_device *d = &t->devs[i];

		if (d->path == NULL || strcmp(d->path, ses->tgt.path) != 0 || !d->matched ||
		    d->match.drive == NULL)
			continue;
		rm->drive_id = d->match.drive->id;
		rm->drive_label = d->match.label;
		*matched = true;
	}
	return id;
}

/* Store the run about to start (record_begin, source "ui").  A store that
 * cannot be used is said on the message line and the setup screen; the
 * sweep runs unsaved. */
static void
sweep_record_begin(struct tui *t, const struct session *ses)
{
	struct tui_sweep	*s = &t->sweep;
	struct record_opts	 ro = { .path = t->opts.results_path, .no_save = t->opts.no_save,
					.source = "ui", .utf8 = t->utf8 };
	struct record_match	 rm = { 0 };
	struct dd_error		 err = { 0 };
	bool			 matched;
	char			 label[160];
	struct session_identity *id = sweep_identity(t, ses, &rm, &matched, label, sizeof label);

	s->rec = NULL;
	s->store_busy = s->store_pending = false;
	if (record_begin(&s->rec, &ro, ses, id, matched ? &rm : NULL, &s->plan, &s->tgt,
			 &err) < 0)
		snprintf(s->store_note, sizeof s->store_note, "not saved: %s", err.msg);
	else if (s->rec != NULL)
		s->store_note[0] = '\0';
	free(id);
}

/* Record how the sweep ended (after the join) and say so if the store
 * failed on the way or is still busy (then true); the recorder stays until
 * the run is kept (and its writer keeps retrying a busy store meanwhile). */
static bool
sweep_record_end(struct tui *t, enum sweep_state st, const char *why)
{
	struct tui_sweep *s = &t->sweep;
	struct dd_error	  err = { 0 };
	int		  rc;

	if (s->rec == NULL)
		return false;
	rc = record_end(s->rec, st, st == SWEEP_CANCELLED ?
			(t->quit_signal ? record_signal_name(t->quit_signal) : "user") :
			st == SWEEP_FAILED ? "error" : "", why, &err);
	if (rc == 0)
		return false;
	if (rc == -EBUSY) {
		s->store_pending = true;
		snprintf(s->store_note, sizeof s->store_note, "not stored yet: store busy, "
			 "retrying (%s)", err.msg);
		tui_message(t, true, "sweep ended: %zu point%s shown, not stored yet: store busy, "
			    "retrying (another process holds the write lock of %s)",
			    sweep_nresults(s->sw), sweep_nresults(s->sw) == 1 ? "" : "s",
			    record_path(s->rec));
		return true;
	}
	snprintf(s->store_note, sizeof s->store_note, "not all saved: %s", err.msg);
	tui_message(t, true, "the results store failed: %s (%zu points stored)", err.msg,
		    record_points(s->rec));
	return true;
}

/* Start a sweep along the measurement path.  UI thread only. */
int
tui_sweep_start(struct tui *t)
{
	struct tui_sweep  *s = &t->sweep;
	struct tui_target *tg;
	struct dd_error	   err = { 0 };
	struct session	   ses;
	bool		   writes_ok, spilled;
	int		   ntarget, rc;

	if (tui_sweep_running(t) || s->borrowed)
		return -EBUSY;
	if (s->ntargets == 0)
		tui_sweep_targets(t);
	if (s->ntargets == 0)
		return -ENOMEM;
	tg = &s->targets[s->target_sel < s->ntargets ? s->target_sel : 0];
	spilled = sweep_release(t);
	if (s->sn == NULL && (s->sn = calloc(1, sizeof *s->sn)) == NULL)
		return -ENOMEM;
	sweep_session(t, tg, &ses);
	if ((rc = session_resolve(&ses, &err)) < 0 ||
	    (rc = sweep_build_plan(t, tg, &s->plan, &writes_ok, &ntarget, &err)) < 0 ||
	    (rc = session_open(&ses, &s->plan, &s->tgt, &err)) < 0)
		goto fail;
	if (ses.created || (ses.tgt.kind == SESSION_FILE && ses.o.owned))
		snprintf(s->scratch, sizeof s->scratch, "%s", tg->path);
	if (s->scratch[0] != '\0' && !t->opts.keep)
		signals_unlink_on_fault(s->scratch);	/* a crash removes it too */
	snprintf(s->what, sizeof s->what, "%s", ses.tgt.description);
	sweep_record_begin(t, &ses);
	rc = record_start(s->rec, &s->tgt, &s->plan, &s->sw, &err);
	if (rc < 0) {
		sweep_record_end(t, SWEEP_FAILED, err.msg);
		goto fail;
	}
	memset(s->sn, 0, sizeof *s->sn);
	s->sn->state = SWEEP_RUNNING;
	snprintf(s->sn->plan_name, sizeof s->sn->plan_name, "%s", s->plan.name);
	s->sn->npoints = s->plan.npoints;
	s->gen = 0;
	s->running = true;
	s->mode = TUI_SWEEP_LIVE;
	s->fin_top = 0;
	s->fin_sel = s->heat_shape = -1;
	s->drill = false;
	s->stored_id = 0;
	s->stored_name[0] = s->stored_drive[0] = '\0';
	s->start_unix = (int64_t)time(NULL);
	fprintf(stderr, "drivedash: sweep %s on %s (%s) started (%zu points%s)\n", s->plan.name,
		tg->path, ses.tgt.description, s->plan.npoints, writes_ok ? "" : ", read-only");
	if (spilled)
		;	/* where the last sweep went stays on the message line */
	else if (s->store_note[0] != '\0' && !t->opts.no_save)
		tui_message(t, true, "the sweep runs unsaved, %s", s->store_note);
	else if (!writes_ok && !tg->device)
		tui_message(t, false, "read-only plan: %s is not our scratch file "
			    "(--allow-write adds the write points)", tg->path);
	else if (!writes_ok)
		tui_message(t, false, "read-only plan on a device (--allow-write adds the write points)");
	t->dirty = true;
	return 0;
fail:
	tui_message(t, true, "%s", err.msg[0] ? err.msg : strerror(-rc));
	fprintf(stderr, "drivedash: %s\n", err.msg[0] ? err.msg : strerror(-rc));
	sweep_release(t);
	s->mode = TUI_SWEEP_SETUP;
	return rc;
}

/* The sweep state a stored run's state string stands for. */
static enum sweep_state
sweep_state_of(const char *state)
{
	if (strcmp(state, "failed") == 0)
		return SWEEP_FAILED;
	if (strcmp(state, "done") == 0 || strcmp(state, "imported") == 0)
		return SWEEP_DONE;
	return SWEEP_CANCELLED;		/* "cancelled", or "running": killed */
}

/* Does any interval of a stored run carry a temperature? */
static bool
sweep_run_has_temp(const struct results_run *run)
{
	for (size_t i = 0; i < run->n; i++)
		for (size_t k = 0; run->pts[i].r != NULL && k < run->pts[i].r->nintervals; k++)
			if (!isnan(run->pts[i].r->intervals[k].temp_c))
				return true;
	return false;
}

/* The stored run's plan and target into s (its points, in order). */
static int
sweep_show_plan(struct tui_sweep *s, const struct results_run *run, struct dd_result **res,
		struct sweep_summary *sums, struct dd_error *err)
{
	int rc;

	plan_init(&s->plan, run->prov.plan_name);
	for (size_t i = 0; i < run->n; i++) {
		if (run->pts[i].r == NULL)
			return dd_error_set(err, -EINVAL, "run #%lld: point %zu has no result",
					    (long long)run->prov.id, i + 1);
		if ((rc = plan_append(&s->plan, &run->pts[i].r->point, err)) < 0)
			return rc;
		res[i] = run->pts[i].r;
		sums[i] = run->pts[i].sum;
	}
	memset(&s->tgt, 0, sizeof s->tgt);
	s->tgt.fd = -1;
	snprintf(s->tgt.path, sizeof s->tgt.path, "%s", run->prov.target_path);
	return 0;
}

/* Show a stored run in the Sweep screen as a finished sweep (its results
 * are taken from run).  UI thread only; not while a sweep runs. */
int
tui_sweep_show(struct tui *t, struct results_run *run, struct dd_error *err)
{
	struct tui_sweep     *s = &t->sweep;
	struct dd_result    **res = calloc(run->n + 1, sizeof *res);
	struct sweep_summary *sums = calloc(run->n + 1, sizeof *sums);
	int		      rc;

	tui_sweep_return(t);
	if (tui_sweep_running(t))
		rc = dd_error_set(err, -EBUSY, "a sweep is running: x stops it first");
	else if (res == NULL || sums == NULL ||
		 (s->sn == NULL && (s->sn = calloc(1, sizeof *s->sn)) == NULL))
		rc = dd_error_set(err, -ENOMEM, "out of memory");
	else
		rc = 0;
	if (rc == 0) {
		sweep_release(t);
		rc = sweep_show_plan(s, run, res, sums, err);
	}
	if (rc == 0)
		rc = sweep_create_finished(&s->sw, &s->tgt, &s->plan, res, sums, run->n,
					   sweep_state_of(run->prov.state),
					   sweep_run_has_temp(run) ? "stored intervals" : NULL, err);
	free(res);
	free(sums);
	if (rc < 0) {
		if (rc != -EBUSY)
			sweep_release(t);
		return rc;
	}
	for (size_t i = 0; i < run->n; i++)
		run->pts[i].r = NULL;		/* the sweep frees them now */
	sweep_snapshot(s->sw, s->sn, 0);
	s->gen = s->sn->generation;
	s->mode = TUI_SWEEP_LIVE;
	s->running = false;
	s->fin_top = 0;
	s->fin_sel = 0;
	s->heat_shape = -1;
	s->drill = false;
	s->stored_id = run->prov.id;
	snprintf(s->stored_name, sizeof s->stored_name, "%s", run->prov.name);
	snprintf(s->stored_drive, sizeof s->stored_drive, "%s", run->prov.drive_id);
	snprintf(s->what, sizeof s->what, "%s", run->prov.target_desc);
	t->dirty = true;
	return 0;
}

/* Ask the sweep to stop.  UI thread only (sweep_cancel is safe anywhere). */
void
tui_sweep_stop(struct tui *t)
{
	if (!tui_sweep_running(t))
		return;
	sweep_cancel(t->sweep.sw);
	tui_message(t, false, "stopping after the current interval...");
}

/* Show a sweep lent by its owner; the screen's own state is set aside. */
int
tui_sweep_borrow(struct tui *t, const struct tui_sweep_loan *l)
{
	struct tui_sweep *s = &t->sweep, *home;
	struct dd_error	  err = { 0 };

	tui_sweep_return(t);
	if (tui_sweep_running(t)) {
		tui_message(t, false, "a sweep runs on this machine: x stops it first");
		return -EBUSY;
	}
	if ((home = malloc(sizeof *home)) == NULL)
		return -ENOMEM;
	*home = *s;
	memset(s, 0, sizeof *s);
	s->home = home;
	s->borrowed = true;
	s->sw = l->sw;
	s->plan = *l->plan;
	s->tgt = *l->tgt;
	s->sn = l->sn;
	s->gen = l->gen;
	s->running = l->running;
	s->start_unix = l->started;
	s->mode = TUI_SWEEP_LIVE;
	s->fin_sel = s->heat_shape = -1;
	s->preset_sel = home->preset_sel;
	snprintf(s->what, sizeof s->what, "%s", l->what != NULL ? l->what : "");
	snprintf(s->stored_name, sizeof s->stored_name, "%s", l->label != NULL ? l->label : "");
	if (l->ref.fam != NULL && tui_sheet_load(&s->ref, t->db, l->ref, &err) < 0)
		tui_message(t, true, "%s", err.msg);
	t->dirty = true;
	return 0;
}

/* The owner's news for the sweep on loan. */
void
tui_sweep_loan_sync(struct tui *t, const struct sweep *sw, struct sweep_snapshot *sn,
		    uint64_t gen, bool running)
{
	struct tui_sweep *s = &t->sweep;

	if (!s->borrowed || s->sw != sw)
		return;
	if (s->gen != gen || s->sn != sn || s->running != running)
		t->dirty = true;
	s->sn = sn;
	s->gen = gen;
	s->running = running;
}

/* Give the lent sweep back: the screen's own state returns. */
void
tui_sweep_return(struct tui *t)
{
	struct tui_sweep *s = &t->sweep, *home = s->home;

	if (!s->borrowed || home == NULL)
		return;
	tui_sheet_free(&s->ref);
	*s = *home;
	free(home);
	t->dirty = true;
}

/* A slot for a new finished run in t->runs, the oldest dropped when full. */
struct tui_run *
tui_runs_slot(struct tui *t)
{
	struct tui_run *r;

	if (t->nruns == TUI_RUNS_MAX) {
		free(t->runs[0].pts);
		memmove(&t->runs[0], &t->runs[1], (TUI_RUNS_MAX - 1) * sizeof t->runs[0]);
		t->nruns--;
	}
	r = &t->runs[t->nruns++];
	memset(r, 0, sizeof *r);
	return r;
}

/* The running sweep's name: the stored run's, else results_run_name of
 * what the dashboard knows (the target, the plan, the start). */
static void
sweep_run_label(struct tui *t, char *buf, size_t len)
{
	struct tui_sweep    *s = &t->sweep;
	struct results_prov *p;

	if (s->rec != NULL && record_name(s->rec)[0] != '\0') {
		snprintf(buf, len, "%s", record_name(s->rec));
		return;
	}
	p = calloc(1, sizeof *p);
	if (p == NULL) {
		snprintf(buf, len, "%s", s->plan.name);
		return;
	}
	snprintf(p->target_path, sizeof p->target_path, "%s", s->tgt.path);
	snprintf(p->target_kind, sizeof p->target_kind, "%s", s->tgt.is_blockdev ? "block" : "file");
	snprintf(p->plan_name, sizeof p->plan_name, "%s", s->plan.name);
	results_prov_time(p, true, s->start_unix);
	results_run_name(p, t->utf8, buf, len);
	free(p);
}

/* Keep a finished sweep's points as a run for Compare.  UI thread, after
 * sweep_join: the full results are ours to read then.  rec may be NULL
 * (not stored); label names the run. */
void
tui_runs_keep(struct tui *t, const struct sweep *sw, const char *plan, enum sweep_state st,
	      struct tui_pick ref, const struct record *rec, int64_t started, const char *label)
{
	struct tui_run *r;
	size_t		n = sweep_nresults(sw);

	if (n == 0)
		return;
	r = tui_runs_slot(t);
	r->pts = calloc(n, sizeof *r->pts);
	if (r->pts == NULL) {
		t->nruns--;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		r->pts[i].pt = sweep_result(sw, i)->point;
		r->pts[i].sum = *sweep_result_summary(sw, i);
		/* The log keeps every result (bench/tui-overhead.sh reads it). */
		fprintf(stderr, "drivedash: result %s | %s | iops=%.1f mbps=%.3f mean_us=%.2f "
			"p99_us=%.2f status=%d\n", plan, r->pts[i].sum.name,
			r->pts[i].sum.iops, r->pts[i].sum.mbps, r->pts[i].sum.mean_us,
			r->pts[i].sum.p99_us, r->pts[i].sum.status);
	}
	r->n = n;
	r->state = st;
	r->ref = ref;
	r->stored_id = record_run_id(rec);
	r->started = started;
	if (record_prov(rec) != NULL)	/* Compare's drift, as the CLI's */
		results_drift_key(record_prov(rec), r->serial, sizeof r->serial);
	snprintf(r->plan, sizeof r->plan, "%s", plan);
	snprintf(r->label, sizeof r->label, "%s", label);
}

/* Keep the finished sweep's points as a run for Compare. */
static void
sweep_record_run(struct tui *t)
{
	struct tui_sweep *s = &t->sweep;
	char		  label[sizeof t->runs[0].label];

	if (sweep_nresults(s->sw) == 0)
		return;
	sweep_run_label(t, label, sizeof label);
	tui_runs_keep(t, s->sw, s->plan.name, s->sn->state, s->ref.pick, s->rec, s->start_unix,
		      label);
}

/* Take a new snapshot; on a final state join the thread and keep the run.
 * UI thread only: the wake fd said a snapshot is there, so nothing blocks. */
void
tui_sweep_poll(struct tui *t)
{
	struct tui_sweep *s = &t->sweep;
	enum sweep_state  st;
	bool		  store_failed;

	if (s->sw == NULL || s->borrowed)	/* a lent sweep: its owner polls it */
		return;
	sweep_ack(s->sw);
	if (!sweep_snapshot(s->sw, s->sn, s->gen))
		return;
	s->gen = s->sn->generation;
	t->dirty = true;
	st = s->sn->state;
	if (!s->running || st == SWEEP_RUNNING || st == SWEEP_IDLE)
		return;
	s->running = false;
	sweep_join(s->sw);
	store_failed = sweep_record_end(t, st, st == SWEEP_FAILED ? s->sn->message : NULL);
	sweep_record_run(t);
	s->stored_id = 0;
	if (st == SWEEP_DONE && store_failed)
		;	/* the store's failure stays on the message line */
	else if (st == SWEEP_DONE && s->rec != NULL)
		tui_message(t, false, "sweep done: %zu point%s, stored as run #%lld (5 lists the "
			    "runs); Enter opens a point, C compares", sweep_nresults(s->sw),
			    sweep_nresults(s->sw) == 1 ? "" : "s", (long long)record_run_id(s->rec));
	else if (st == SWEEP_DONE)
		tui_message(t, false, "sweep done: %zu point%s (not saved); Enter opens a point, "
			    "C compares", sweep_nresults(s->sw), sweep_nresults(s->sw) == 1 ? "" : "s");
	else if (st == SWEEP_CANCELLED)
		tui_message(t, false, "sweep stopped after %zu of %zu points", sweep_nresults(s->sw),
			    s->plan.npoints);
	else
		tui_message(t, true, "sweep failed: %s", s->sn->message);
	fprintf(stderr, "drivedash: sweep ended (%s)\n", st == SWEEP_DONE ? "done" :
		st == SWEEP_CANCELLED ? "stopped" : s->sn->message);
}

/* The recorder's wake fd (-1: none). */
int
tui_sweep_store_fd(struct tui *t)
{
	return t->sweep.borrowed ? -1 : record_wake_fd(t->sweep.rec);
}

/* Say what the recorder's writer is doing about a busy store. */
void
tui_sweep_store_poll(struct tui *t)
{
	struct tui_sweep *s = &t->sweep;
	struct dd_error	  err = { 0 };
	bool		  busy;

	record_ack(s->rec);
	busy = record_busy(s->rec);
	if (busy && !s->store_busy)
		tui_message(t, true, "store busy, retrying: another process holds the write lock "
			    "of %s; the sweep goes on", record_path(s->rec));
	if (!busy && s->store_busy && !s->store_pending && s->running)
		tui_message(t, false, "the results store is free again: the sweep is stored");
	s->store_busy = busy;
	if (s->store_pending && record_status(s->rec, &err) != -EBUSY) {
		s->store_pending = false;
		s->store_note[0] = '\0';
		if (err.code == 0)
			tui_message(t, false, "stored as run #%lld once the results store was free",
				    (long long)record_run_id(s->rec));
		else
			tui_message(t, true, "the results store failed: %s", err.msg);
	}
	t->dirty = true;
}

/* Stop, join and free the sweep; remove our scratch file unless --keep. */
void
tui_sweep_cleanup(struct tui *t)
{
	struct tui_sweep *s = &t->sweep;

	tui_sweep_return(t);
	if (s->sw != NULL && s->running) {
		sweep_cancel(s->sw);
		sweep_join(s->sw);
		sweep_record_end(t, SWEEP_CANCELLED, t->quit_signal ?
				 "the dashboard ended on a signal while it ran" :
				 "the dashboard quit while it ran");
	}
	sweep_release(t);
	if (s->scratch[0] != '\0' && !t->opts.keep)
		unlink(s->scratch);
	signals_unlink_on_fault(NULL);
	s->scratch[0] = '\0';
	free(s->sn);
	s->sn = NULL;
	free(s->targets);
	s->targets = NULL;
	s->ntargets = 0;
	tui_sheet_free(&s->ref);
}

/* ---- Drawing: setup ---- */

/* Scroll a preset list (n presets, rows shown) so the cursor sel is in view. */
static void
sweep_preset_scroll(size_t sel, size_t *top, size_t n, int rows)
{
	size_t r = rows > 0 ? (size_t)rows : 1;

	if (sel < *top)
		*top = sel;
	if (sel >= *top + r)
		*top = sel - r + 1;
	if (*top + r > n)
		*top = n > r ? n - r : 0;
}

/* "3-12 of 20 presets" for a list that does not fit. */
static const char *
sweep_preset_more(size_t top, size_t n, size_t shown, char *buf, size_t len)
{
	snprintf(buf, len, "%zu-%zu of %zu presets (Up/Down scroll)", top + 1, top + shown, n);
	return buf;
}

/* The preset list from row y, ending before row end: name and summary,
 * the cursor sel highlighted (focus: as the field being chosen), scrolled
 * by *top so it is in view, "3-12 of 20 presets" on row y - 1 when the
 * list does not fit; returns the row after it. */
int
tui_presets_draw(struct tui *t, struct cellbuf *cb, int y, int end, size_t sel, size_t *top,
		 bool focus)
{
	size_t			     n;
	const struct dd_preset_info *pi = plan_presets(&n);
	char			     more[96];
	int			     row = y, namew = 10;

	for (size_t i = 0; i < n; i++)
		if ((int)strlen(pi[i].name) > namew)
			namew = (int)strlen(pi[i].name);
	namew = namew > 24 ? 24 : namew;
	sweep_preset_scroll(sel, top, n, end - row);
	for (size_t i = *top; i < n && row < end; i++, row++) {
		bool	is = i == sel;
		uint8_t role = is && focus ? UI_SELECTED : UI_TEXT;

		if (is)
			cellbuf_fill(cb, 1, row, cb->w - 2, 1, ' ', focus ? UI_SELECTED : UI_DEFAULT,
				     0);
		cellbuf_put_str(cb, 2, row, 1, is ? t->sym->cursor : " ", is ? role : UI_KEY,
				UI_BOLD);
		tui_print(cb, 4, row, namew, role, is ? UI_BOLD : 0, "%s", pi[i].name);
		tui_print(cb, 5 + namew, row, cb->w - 7 - namew, is ? role : UI_DIM_TEXT, 0, "%s",
			  pi[i].summary);
	}
	if (*top > 0 || *top + (size_t)(row - y) < n)
		tui_print_right(cb, cb->w - 1, y - 1, UI_DIM_TEXT, 0,
				sweep_preset_more(*top, n, (size_t)(row - y), more, sizeof more));
	return row;
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
		} else if (sweep_build_plan(t, tg, &plan, &writes_ok, &ntarget, &err) == 0) {
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

/* The cursor's result index: fin_sel, else the newest; -1 when none. */
static int
sweep_selected(const struct tui_sweep *s)
{
	size_t n = s->sn != NULL && s->sw != NULL ? s->sn->nresults : 0;

	if (n == 0)
		return -1;
	return s->fin_sel >= 0 && (size_t)s->fin_sel < n ? s->fin_sel : (int)n - 1;
}

/* The finished point the cursor is on. */
int
tui_sweep_selected(const struct tui *t)
{
	return sweep_selected(&t->sweep);
}

/* Move the cursor by d points (clamped); past the newest it follows again. */
static void
sweep_move(struct tui_sweep *s, int d)
{
	int n = s->sn != NULL && s->sw != NULL ? (int)s->sn->nresults : 0;
	int sel = sweep_selected(s) + d;

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
	sel = sweep_selected(s);
	if (sel < 0 || (size_t)sel >= s->plan.npoints)
		return;
	f->pt = s->plan.points[sel];
	f->have = true;
	f->res = sweep_result_published(s->sw, (size_t)sel);
	focus_figures(f, sweep_summary_published(s->sw, (size_t)sel));
	f->progress = 1;
}

/* The role of a verdict word on the dashboard. */
static uint8_t
sweep_verdict_role(enum verdict_status st)
{
	return st == VERDICT_PASS ? UI_OK : st == VERDICT_WARN ? UI_WARN
		: st == VERDICT_FAIL ? UI_FAIL : UI_DIM_TEXT;
}

/* A lab target's line (a bar's second row, the drill-down's reference
 * line): see tui.h. */
void
tui_sweep_target_line(struct tui *t, struct cellbuf *cb, int x, int y, double value,
		      const struct tui_refval *tg, const struct dd_result *res, enum tui_metric m)
{
	struct verdict v;
	char	       ref[32], pct[32], src[160], more[2][96];
	int	       tx, n;

	if (!tg->comparable) {
		tui_print(cb, x, y, cb->w - x - 1, UI_DIM_TEXT, 0, "%s", tg->note);
		return;
	}
	tx = x + tui_print(cb, x, y, -1, UI_SPEC_TARGET, UI_BOLD, "%s target %s %s %s ",
			   t->sym->spec, tg->fig->qual && strcmp(tg->fig->qual, "le") == 0 ?
			   "<=" : ">=", m == TUI_M_IOPS ? fmt_count(tg->value, ref, sizeof ref) :
			   fmt_number(tg->value, 0, ref, sizeof ref), m == TUI_M_IOPS ? "IOPS" : "MB/s");
	if (!isnan(value))
		tx += tui_print(cb, tx, y, -1, UI_TEXT, 0, "(%s) ",
				chart_pct_delta(value, tg->value, t->g, pct, sizeof pct));
	if (tui_ref_target_verdict(&t->sweep.ref, res, m, &v))
		tx += tui_print(cb, tx, y, -1, sweep_verdict_role(v.status), UI_BOLD, "%s ",
				verdict_status_name(v.status));
	/* The source, then the rest, each whole or not at all. */
	specdb_sheet_source_label(&t->sweep.ref.sheet, tg->fig->source_id, src, sizeof src);
	if ((n = tui_print_whole(cb, tx, y, UI_DIM_TEXT, 0, src)) == 0)
		return;
	tx += n;
	more[0][0] = more[1][0] = '\0';
	if (tg->derived)
		snprintf(more[0], sizeof more[0], "; from %s", tg->from);
	if (tg->fig->tolerance > 0)
		snprintf(more[1], sizeof more[1], "; tolerance %g%%", tg->fig->tolerance * 100);
	for (int i = 0; i < 2; i++)
		if (more[i][0] != '\0')
			tx += tui_print_whole(cb, tx, y, UI_DIM_TEXT, 0, more[i]);
}

/* A bar and its note: the bar with markers, the value and the review on the
 * first row; the lab's target (first) or the spec comparison (or why there is
 * none) on the second. */
static int
sweep_bar(struct tui *t, struct cellbuf *cb, int y, const char *label, double value,
	  const struct dd_point *pt, const struct dd_result *res, enum tui_metric m)
{
	struct tui_refval    sp, rv, tg;
	bool		     target;
	struct chart_markers mk;
	double		     vals[3], max;
	int		     x = 8, barw = cb->w - 8 - 50, tx;
	char		     num[32], ref[32], pct[32];

	if (barw < 16)
		barw = 16;
	tui_ref_spec(&t->sweep.ref, pt, m, &sp);
	tui_ref_review(&t->sweep.ref, pt, m, &rv);
	target = tui_ref_target(&t->sweep.ref, pt, m, &tg) != NULL;
	mk.spec = target ? tg.value : sp.comparable ? sp.value : NAN;
	mk.review = rv.value;
	vals[0] = value;
	vals[1] = mk.spec;
	vals[2] = mk.review;
	max = chart_scale_max(vals, 3);
	tui_print(cb, 1, y, 7, UI_TITLE, UI_BOLD, "%s", label);
	chart_hbar(cb, x, y, barw, value, max, &mk, NULL, t->g);
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
		tui_sweep_target_line(t, cb, x, y + 1, value, &tg, res, m);
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
	sel = sweep_selected(s);
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
	chart_graph(cb, x + 8, row, gw, ih, ser.iops, n, chart_scale_max(ser.iops, n), UI_GRAPH,
		    t->g);
	if (n > 0)
		tui_print_right(cb, x + w, row + ih - 1, UI_MEASURED, 0,
				fmt_count(ser.iops[n - 1], num, sizeof num));
	row += ih;
	if (ph > 0) {
		tui_print(cb, x, row, 7, UI_TITLE, 0, "p99 %ss", t->sym->micro);
		chart_graph(cb, x + 8, row, gw, ph, ser.p99, n, chart_scale_max(ser.p99, n),
			    UI_WRITE, t->g);
		if (n > 0)
			tui_print_right(cb, x + w, row + ph - 1, UI_WRITE, 0,
					fmt_number(ser.p99[n - 1], 1, num, sizeof num));
		row += ph;
	}
	if (temp && row < y + h && gw > 0)
		sweep_temp_row(t, cb, x, row, w, gw, ser.temp, n, sn->temp_source);
}

/* The index of v in a set, or -1. */
static int
sweep_set_index(const unsigned *set, int n, unsigned v)
{
	for (int i = 0; i < n; i++)
		if (set[i] == v)
			return i;
	return -1;
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

/* The heat map's axes for a shape: the plan's IODepths and NumJobs of it. */
static void
sweep_heat_axes(const struct tui_sweep *s, enum dd_pattern pat, unsigned bs, unsigned *qds,
		int *nq, unsigned *njs, int *nj)
{
	*nq = *nj = 0;
	for (size_t i = 0; i < s->plan.npoints; i++)
		if (s->plan.points[i].pattern == pat && s->plan.points[i].bs == bs) {
			*nq = tui_set_add(qds, *nq, HEAT_MAX, s->plan.points[i].iodepth);
			*nj = tui_set_add(njs, *nj, HEAT_MAX, s->plan.points[i].numjobs);
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

/* The IODepth x NumJobs heat map of the plan's shape, filling as points finish. */
static void
sweep_heat(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h,
	   const struct sweep_focus *f)
{
	const struct tui_sweep	    *s = &t->sweep;
	const struct sweep_snapshot *sn = s->sn;
	unsigned		     qds[HEAT_MAX], njs[HEAT_MAX];
	int			     nq = 0, nj = 0;
	double			     grid[HEAT_MAX * HEAT_MAX];
	char			     rl[HEAT_MAX][16], cl[HEAT_MAX][16], title[160], what[64];
	const char		    *rlp[HEAT_MAX], *clp[HEAT_MAX];
	struct chart_heatmap	     hm = { 0 };
	enum dd_pattern		     pat;
	unsigned		     bs;
	bool			     rate_iops;
	size_t			     nf = sn->nfinished < SWEEP_FINISHED_MAX ? sn->nfinished :
					  SWEEP_FINISHED_MAX;

	enum dd_pattern		     pats[HEAT_SHAPES_MAX];
	unsigned		     bss[HEAT_SHAPES_MAX];
	size_t			     nshapes = tui_sweep_shapes(s, pats, bss, HEAT_SHAPES_MAX);
	size_t			     cur = 0;

	sweep_heat_shape(s, f, &pat, &bs);
	rate_iops = dd_pattern_random(pat);
	sweep_heat_axes(s, pat, bs, qds, &nq, njs, &nj);
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
			 cur + 1, nshapes, t->sym->dot, rate_iops ? "IOPS (K)" : "MB/s",
			 t->sym->times);
	else
		snprintf(title, sizeof title, "%s %s %s over IODepth %s NumJobs", what, t->sym->dot,
			 rate_iops ? "IOPS (K)" : "MB/s", t->sym->times);
	cellbuf_box(cb, x, y, w, h, t->g, UI_BORDER, title, UI_TITLE);
	if (nq == 0)
		return;
	for (int i = 0; i < nq * nj; i++)
		grid[i] = NAN;
	for (size_t k = 0; k < nf; k++) {
		const struct sweep_summary *sum = &sn->finished[k];
		const struct dd_point	   *p;
		int			    r, c;

		if (sum->index >= s->plan.npoints || sum->status != 0 || sum->cancelled)
			continue;
		p = &s->plan.points[sum->index];
		if (p->pattern != pat || p->bs != bs)
			continue;
		r = sweep_set_index(qds, nq, p->iodepth);
		c = sweep_set_index(njs, nj, p->numjobs);
		if (r >= 0 && c >= 0)
			grid[r * nj + c] = rate_iops ? sum->iops / 1e3 : sum->mbps;
	}
	hm.sel_row = hm.sel_col = -1;
	if (f->have && f->pt.pattern == pat && f->pt.bs == bs) {
		int r = sweep_set_index(qds, nq, f->pt.iodepth), c = sweep_set_index(njs, nj,
										   f->pt.numjobs);

		if (r >= 0 && c >= 0) {
			grid[r * nj + c] = rate_iops ? f->iops / 1e3 : f->mbps;
			hm.sel_row = r;
			hm.sel_col = c;
		}
	}
	for (int r = 0; r < nq; r++) {
		snprintf(rl[r], sizeof rl[r], "QD%u", qds[r]);
		rlp[r] = rl[r];
	}
	for (int c = 0; c < nj; c++) {
		snprintf(cl[c], sizeof cl[c], "NJ%u", njs[c]);
		clp[c] = cl[c];
	}
	hm.grid = grid;
	hm.rows = nq < h - 3 ? nq : h - 3;
	hm.cols = nj;
	hm.label_w = 6;
	hm.cell_w = (w - 4 - hm.label_w) / (nj > 0 ? nj : 1);
	if (hm.cell_w > 10)
		hm.cell_w = 10;
	hm.decimals = hm.cell_w >= 9 ? 1 : 0;
	hm.row_labels = rlp;
	hm.col_labels = clp;
	if (hm.rows > 0 && hm.cell_w >= 4)
		chart_heatmap(cb, x + 2, y + 1, &hm, t->g);
	if (nq > hm.rows && h > 2)
		tui_print(cb, x + 2, y + h - 2, w - 4, UI_DIM_TEXT, 0, "%d more rows below (taller "
			  "terminal)", nq - hm.rows);
	else if (hm.rows + 3 < h - 1 &&
		 chart_knee_text(grid, qds, nq, njs, nj, t->sym->times, title, sizeof title)[0])
		tui_print(cb, x + 2, y + h - 2, w - 4, UI_DIM_TEXT, 0, "%s", title);
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
/* A latency for the finished list: one decimal below 1,000 µs, whole
 * milliseconds from 10 ms (so mean/p99 fits its 13 columns). */
static char *
sweep_lat_text(double us, char *buf, size_t len)
{
	if (us >= 10000) {
		snprintf(buf, len, "%.0fms", us / 1000);
		return buf;
	}
	return fmt_number(us, us < 1000 ? 1 : 0, buf, len);
}

/* The first row of the finished list shown: the cursor's row in view. */
static int
sweep_finished_first(struct tui_sweep *s, size_t nf, int rows)
{
	int sel = sweep_selected(s), k_sel = (int)nf - 1, first;

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

/* One row of the finished list: name, rate, latency (mean/p99), review verdict. */
static void
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
		return;
	}
	sweep_finished_lat(sum, num, sizeof num);
	tui_print_right(cb, cx + 13, row, sel ? role : UI_TEXT, 0, num);
	cx += 14;
	if (p->kind == DD_KIND_CURVE_STEP && sum->rate_iops > 0) {
		sweep_finished_target(t, cb, cx, row, x + w - 1 - cx, sum);
		return;
	}
	if (sum->index < s->sn->nresults &&
	    tui_ref_target_verdict(&s->ref, sweep_result_published(s->sw, sum->index),
				   seq ? TUI_M_MBPS : TUI_M_IOPS, &tv)) {
		/* The lab's target decides this point, as in `check`. */
		tui_print(cb, cx, row, x + w - 1 - cx, sweep_verdict_role(tv.status), UI_BOLD,
			  " %s target %s", t->sym->spec, verdict_status_name(tv.status));
		return;
	}
	tui_ref_review(&s->ref, p, seq ? TUI_M_MBPS : TUI_M_IOPS, &rv);
	if (isnan(rv.value) || cx + 12 > x + w - 1)
		return;
	if (seq)
		fmt_number(rv.value, 0, ref, sizeof ref);
	else
		fmt_count(rv.value, ref, sizeof ref);
	cx += tui_print(cb, cx, row, -1, UI_REVIEW_REF, 0, " %s %s ", t->sym->review, ref);
	sweep_review_mark(t, cb, cx, row, x + w - 1 - cx, v, rv.value);
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
	int			     rows = h - 2, first, row = y + 1, sel = sweep_selected(s);
	size_t			     done = 0;
	char			     title[96];

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
			sweep_finished_row(t, cb, x, row, w, sum,
					   sel >= 0 && sum->index == (size_t)sel &&
					   (!s->running || s->fin_sel >= 0));
	}
	if (nf == 0)
		tui_print(cb, x + 2, y + 1, w - 4, UI_DIM_TEXT, 0, "none yet");
}

/* The heat map's width: what its columns need (50 to 68 columns on a wide
 * screen, at most 55 % of a narrow one), the rest to the finished list. */
static int
sweep_heat_width(const struct tui_sweep *s, const struct sweep_focus *f, int w)
{
	unsigned	qds[HEAT_MAX], njs[HEAT_MAX];
	int		nq, nj, need;
	enum dd_pattern pat;
	unsigned	bs;

	sweep_heat_shape(s, f, &pat, &bs);
	sweep_heat_axes(s, pat, bs, qds, &nq, njs, &nj);
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
			fmt_bytes(f.progress * (double)f.pt.bytes, num, sizeof num);
			fmt_bytes((double)f.pt.bytes, tot, sizeof tot);
			x += tui_print(cb, x + 3, row, -1, UI_DIM_TEXT, 0, "%s of %s   ramp %s", num,
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
				  "Enter opens it)", sweep_selected(s) + 1, sn->npoints);
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
				  sweep_selected(s));
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
		tui_set_view(t, TUI_VIEW_FLEET);
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
			if (sweep_selected(s) < 0) {
				tui_message(t, false, "no point has finished yet");
				return 1;
			}
			s->drill = true;
			return 1;
		case 'w': case 'W':
			sweep_heat_step(t, ev->key == 'w' ? 1 : -1);
			return 1;
		case 'C':
			tui_set_view(t, TUI_VIEW_COMPARE);
			return 1;
		case 'r': case 'R':
			sweep_cycle_ref(t, ev->key == 'r' ? 1 : -1);
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

/* Is the reference on screen the stored run's own drive (or no run is
 * shown from the store)? */
static bool
sweep_ref_is_own(const struct tui_sweep *s)
{
	return s->stored_id == 0 || (s->stored_drive[0] != '\0' && s->ref.loaded &&
				     s->ref.pick.drive != NULL &&
				     strcmp(s->ref.pick.drive->id, s->stored_drive) == 0);
}

/* The reference as the screen names it: a stored run held against another
 * drive than its own says so ("against X (not this run's reference)"). */
char *
tui_sweep_ref_label(const struct tui *t, bool with_vendor, char *buf, size_t len)
{
	const struct tui_sweep *s = &t->sweep;
	char			name[128];

	if (!s->ref.loaded) {
		snprintf(buf, len, "no reference");
		return buf;
	}
	tui_pick_label(s->ref.pick, with_vendor, name, sizeof name);
	if (sweep_ref_is_own(s))
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "against %s (not this run's reference)", name);
	return buf;
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
};
