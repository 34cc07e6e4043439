/*
 * The sweep controller: the dashboard's own sweep from setup to cleanup, a
 * sweep lent by its owner (a fleet member's), the finished runs kept for
 * Compare and the recorder that stores every sweep.  The Sweep screen
 * (view-sweep.c) draws and takes keys; this file is what it, the Fleet and
 * History screens and the loop (through the Sweep view's hooks at the end)
 * call to change the sweep.  It calls no view.
 *
 * struct tui_sweep (view-sweep.h) is the model: the setup's choices (a
 * target from struct tui_target, a preset), and once started the plan, the
 * open target, the struct sweep and the latest snapshot copied out of it.
 * The sweep thread owns everything it measures; this file only starts it,
 * cancels it, and copies snapshots when the wake fd says there is a new one
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
 * overridden with --force --confirm SERIAL.
 *
 * Every sweep is stored through the recorder (src/core/record.h, source
 * "ui"): record_begin before the start, record_start (the recorder
 * attached before the sweep starts, so the sweep thread commits each
 * finished point), record_end after the join.  A store that cannot be used
 * is said on the setup and the message line and the sweep runs unsaved.  A
 * stored run (History) becomes a finished sweep (tui_sweep_show,
 * sweep_create_finished), so the screen draws it as any other.
 * UI thread only.
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
			 fmt_size((double)st.st_size, size, sizeof size));
	} else {
		tg->size = t->opts.size;
		snprintf(tg->label, sizeof tg->label, "scratch file %.80s (%s, %s)", tg->path,
			 fmt_size((double)t->opts.size, size, sizeof size),
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
				 fmt_size((double)tg->size, size, sizeof size),
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
	plan_override(plan, &t->opts.times);
	return 0;
}

/* Build the plan for a target: the preset, then the points of the
 * reference's acceptance targets (as `check` appends them; *ntarget says how
 * many); *writes_ok says whether write points were allowed. */
int
tui_sweep_build_plan(struct tui *t, const struct tui_target *tg, struct dd_plan *plan,
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
	struct nvmeinfo_written	 wr;

	/* What the device tells of what its figures can be: the verdicts
	 * against the lab's targets hold it, as check's do. */
	s->ev_known = id != NULL;
	if (id != NULL) {
		nvmeinfo_written(NULL, id->bdev, id->ns, &wr);
		check_evidence_local(id->ctrl, &wr, &s->plan, &s->ev);
	}
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
	    (rc = tui_sweep_build_plan(t, tg, &s->plan, &writes_ok, &ntarget, &err)) < 0 ||
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
	s->ev_known = false;
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
	if (record_prov(rec) != NULL)	/* Compare's column label */
		snprintf(r->host, sizeof r->host, "%.63s", record_prov(rec)->host);
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

/* The cursor's result index: fin_sel, else the newest; -1 when none. */
int
tui_sweep_cursor(const struct tui_sweep *s)
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
	return tui_sweep_cursor(&t->sweep);
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


/* ---- What the Sweep and Fleet setups share ---- */

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

/* ---- The Sweep screen's hooks for the frame (tui_view_sweep) ---- */

/* The screen opens: its setup with pick as the reference; a key (pick
 * NULL) opens the setup only when nothing was set up yet, with the Drives
 * screen's selection. */
int
tui_sweep_enter(struct tui *t, const struct tui_pick *pick)
{
	if (pick != NULL)
		tui_sweep_setup(t, *pick);
	if (t->sweep.sw == NULL && t->sweep.ntargets == 0)
		tui_sweep_setup(t, tui_nav_selected(t));
	return 0;
}

/* x: the sweep shown (a fleet host's lent one too). */
bool
tui_sweep_stop_hook(struct tui *t)
{
	bool mine = tui_sweep_running(t) || t->sweep.borrowed;

	tui_sweep_stop(t);
	return mine;
}

/* The wake fd of our own running sweep, then the recorder's. */
size_t
tui_sweep_pollfds(struct tui *t, struct pollfd *pfd, size_t max)
{
	size_t n = 0;

	if (n < max && t->sweep.sw != NULL && t->sweep.running && !t->sweep.borrowed)
		pfd[n++] = (struct pollfd){ .fd = sweep_wake_fd(t->sweep.sw), .events = POLLIN };
	if (n < max && tui_sweep_store_fd(t) >= 0)
		pfd[n++] = (struct pollfd){ .fd = tui_sweep_store_fd(t), .events = POLLIN };
	return n;
}

/* A new snapshot, then the recorder's news (the fds read before either). */
void
tui_sweep_poll_hook(struct tui *t, const struct pollfd *pfd, size_t n)
{
	int  wake = t->sweep.sw != NULL && t->sweep.running && !t->sweep.borrowed ?
		    sweep_wake_fd(t->sweep.sw) : -1;
	int  store = tui_sweep_store_fd(t);
	bool woke = false, stored = false;

	for (size_t i = 0; i < n; i++) {
		if (!(pfd[i].revents & POLLIN))
			continue;
		woke |= pfd[i].fd == wake && wake >= 0;
		stored |= pfd[i].fd == store && store >= 0;
	}
	if (woke)
		tui_sweep_poll(t);
	if (stored)
		tui_sweep_store_poll(t);
}
