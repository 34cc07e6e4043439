/*
 * A fleet (fleet.h): N members, each a hosts-file row measured as an
 * ordinary sweep through the fio client/server backend.
 *
 * struct fleet owns the members array (the public struct fleet_member, one
 * per row, in hosts-file order), a copy of the options, the backend every
 * member opens with, and an arena holding what matching and the sheets
 * allocate.  Each member owns its target, its resolved copy of the plan,
 * its sweep, its recorder and its latest snapshot (heap: a snapshot is
 * large).  A member's state only moves forward: WAITING -> CONNECTING <->
 * RUNNING -> DONE | FAILED | CANCELLED; the final state is set once, by
 * fleet_member_end, which joins the sweep, records the end and judges as
 * `check` does (core/check.h: check_judge, the load curve included).  With
 * stop_unknown (check) a member whose drive matches nothing is DONE from the
 * start, "not run": no sweep, no stored run, UNKNOWN (fleet_member_not_run).
 *
 * fleet_create does every check before anything can be half-done: the
 * write rule is applied to every row first (one row without --allow-write
 * or a matching CONFIRM refuses the whole fleet, so nothing is written
 * anywhere), then each member is opened, sized, resolved, checked, matched,
 * given the points of its drive's acceptance targets (check: each member
 * its own drive's, verdict_append_targets) and its run stored; any failure closes what was opened and names the row
 * ("node3 (line 3): ...").
 *
 * The rack verdict ranks PASS < NOT_COMPARABLE < UNKNOWN < WARN < ERROR <
 * FAIL (fleet_verdict_rank): a rack is PASS only when every drive was
 * measured, judged and passed; a drive that could not be judged (nothing
 * comparable, not in the database) is below a finding (WARN); a host that
 * could not be measured (refused, lost, stopped: ERROR) is above WARN, as
 * its drive might have failed, and below FAIL, a drive that did.  So the
 * rack's exit code tells "a drive failed" (FAIL) from "a host could not be
 * measured" (ERROR).  A host that ended early is judged on the points that
 * finished (their rows stay), its verdict ERROR (verdict_not_measured); one
 * that finished none has no rows.
 *
 * Threads: everything here runs in one front-end thread except
 * fleet_cancel, which only calls sweep_cancel (any thread).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/file.h"
#include "core/check.h"
#include "core/fleet.h"
#include "core/session.h"
#include "io/fio.h"

struct fleet {
	struct fleet_opts	     o;
	const struct dd_backend_ops *backend;
	struct arena		     a;		/* matches and sheets */
	struct fleet_member	    *m;
	size_t			     n;
};

/* The row's name in a sentence: "node3 (line 3)", or "node3" for --host. */
static const char *
fleet_row_name(const struct fleet_host *h, char *buf, size_t len)
{
	if (h->line > 0)
		snprintf(buf, len, "%.127s (line %u)", h->label, h->line);
	else
		snprintf(buf, len, "%.127s", h->label);
	return buf;
}

/* Set err to "ROW: " + why; returns code. */
static int
fleet_fail(struct dd_error *err, const struct fleet_host *h, int code, const char *why)
{
	char row[160];

	return dd_error_set(err, code, "%s: %.340s", fleet_row_name(h, row, sizeof row), why);
}

/* The write rule, for every row before anything opens. */
static int
fleet_check_writes(const struct fleet_host *hosts, size_t n, const struct fleet_opts *o,
		   struct dd_error *err)
{
	char why[400];

	if (!plan_writes(o->plan))
		return 0;
	for (size_t i = 0; i < n; i++) {
		const struct fleet_host *h = &hosts[i];

		if (!o->allow_write)
			return fleet_fail(err, h, -EPERM, "the plan writes to the drive: give "
					  "--allow-write (and each row's CONFIRM) to destroy its data");
		if (hosts_confirmed(h))
			continue;
		snprintf(why, sizeof why, "writes need CONFIRM on its line to be the %s '%.64s'%s "
			 "(drivedash cannot check a drive on another host)",
			 h->serial[0] ? "drive's serial" : "device's name",
			 h->serial[0] ? h->serial : file_base(h->device),
			 h->confirm[0] ? ", not what it says" : "");
		return fleet_fail(err, h, -EPERM, why);
	}
	return 0;
}

/* The one-word name of a state (failures: dd_fio_state_name of the status). */
static const char *
fleet_state_word(enum fleet_state st, int status)
{
	switch (st) {
	case FLEET_WAITING:
		return "waiting";
	case FLEET_CONNECTING:
		return "connecting";
	case FLEET_RUNNING:
		return "running";
	case FLEET_DONE:
		return "done";
	case FLEET_CANCELLED:
		return "cancelled";
	case FLEET_FAILED:
		break;
	}
	return dd_fio_state_name(status < 0 ? status : -EIO);
}

/* Move a member to state st (keeping state_name in step). */
static void
fleet_set_state(struct fleet_member *m, enum fleet_state st)
{
	m->state = st;
	dd_strlcpy(m->state_name, fleet_state_word(st, m->status), sizeof m->state_name);
}

/* The name of a member's state. */
const char *
fleet_state_name(const struct fleet_member *m)
{
	return m->not_run ? "not run" : fleet_state_word(m->state, m->status);
}

/* Open a member's target and give it the size the row knows. */
static int
fleet_member_open(struct fleet *f, struct fleet_member *m, struct dd_error *err)
{
	const struct fleet_host *h = &m->host;
	bool			 writable = plan_writes(f->o.plan) && f->o.allow_write;
	uint64_t		 size = h->size ? h->size : h->capacity;
	struct dd_error		 e = { 0 };

	if (dd_backend_open(f->backend, &m->t, h->url, writable, &e) < 0) {
		memset(&m->t, 0, sizeof m->t);
		return fleet_fail(err, h, e.code, e.msg);
	}
	if (f->backend == &dd_backend_fio && size > 0)
		dd_fio_set_size(&m->t, size);
	return 0;
}

/* Copy, resolve and check the plan against a member's target. */
static int
fleet_member_plan(struct fleet *f, struct fleet_member *m, struct dd_error *err)
{
	const struct fleet_host *h = &m->host;
	struct dd_error		 e = { 0 };
	char			 why[400];
	int			 rc;

	if ((rc = plan_copy(&m->plan, f->o.plan, err)) < 0)
		return rc;
	if ((rc = plan_resolve(&m->plan, m->t.size, false, &e)) < 0) {
		if (m->t.size > 0)
			return fleet_fail(err, h, rc, e.msg);
		snprintf(why, sizeof why, "the plan needs the size of %.200s, which fio cannot "
			 "tell: give size= (or detect=) on its line", h->device);
		return fleet_fail(err, h, rc, why);
	}
	if ((rc = session_check_points(&m->plan, &m->t, &e)) < 0)
		return fleet_fail(err, h, rc, e.msg);
	return 0;
}

/* Match a member's drive and load the sheet it is judged against. */
static void
fleet_member_match(struct fleet *f, struct fleet_member *m)
{
	memset(&m->match, 0, sizeof m->match);
	if (f->o.db == NULL) {
		snprintf(m->match.label, sizeof m->match.label, "no specs database");
		return;
	}
	if (fleet_match(&m->host, f->o.fams, f->o.nfams, &f->a, &m->match) != 1 ||
	    !f->o.judge)
		return;
	m->have_sheet = check_sheet(f->o.db, &m->match, &f->a, &m->sheet, m->figs, &m->nfigs);
}

/* Who a member is judged as (core/check.h): the drive it matched, else the
 * model or DRIVE text of its line (DRIVE is typed text; no line at all says
 * so). */
static void
fleet_member_subject(const struct fleet_member *m, struct verdict_subject *out)
{
	check_subject(&m->match, m->have_sheet ? &m->sheet : NULL, m->figs, m->nfigs,
		      m->host.model[0] ? m->host.model : m->host.drive,
		      m->host.drive[0] || !m->host.model[0], out);
}

/* What a check of f is asked (core/check.h). */
static struct check_params
fleet_check_params(const struct fleet *f)
{
	return (struct check_params){
		.tolerance = f->o.tolerance > 0 ? f->o.tolerance : VERDICT_DEFAULT_TOLERANCE,
		.time_scale = 1, .allow_write = f->o.allow_write,
		.sweep_unknown = !f->o.stop_unknown };
}

/* Append the acceptance targets' points of the drive a member matched to its
 * plan (at their stated runtime; writes only with allow_write), resolved and
 * checked against its target as the rest of the plan. */
static int
fleet_member_targets(struct fleet *f, struct fleet_member *m, struct dd_error *err)
{
	struct dd_error	    e = { 0 };
	struct check_params p = fleet_check_params(f);
	int		    rc;

	if (!m->have_sheet)
		return 0;
	rc = check_plan_add_targets(&m->plan, m->figs, m->nfigs, &p, &m->t, &e);
	return rc < 0 ? fleet_fail(err, &m->host, rc, e.msg) : 0;
}

/* Begin a member's stored run. */
static int
fleet_member_store(struct fleet *f, struct fleet_member *m, struct dd_error *err)
{
	const struct fleet_host *h = &m->host;
	char			 addr[300];
	bool			 matched = m->match.rule != MATCH_NONE;
	struct record_match	 rm = { .drive_id = matched ? m->match.drive->id : NULL,
					.drive_label = matched ? m->match.label : NULL };
	struct record_remote	 r = {
		.host = h->host, .address = addr, .device = h->device, .model = h->model,
		.serial = h->serial, .firmware = h->firmware, .capacity = h->capacity,
		.link_gen = h->link_gen, .link_width = h->link_width,
		.fio_version = f->backend == &dd_backend_fio ? dd_fio_client_version() : "",
	};

	if (f->o.store == NULL)
		return 0;
	snprintf(addr, sizeof addr, h->ipv6 ? "[%.256s]:%u" : "%.256s:%u", h->host, h->port);
	return record_begin_remote(&m->rec, f->o.store, &r, &rm, &m->plan, &m->t, err);
}

/* A member whose drive matches nothing (stop_unknown): no sweep, nothing
 * stored; DONE from the start, judged UNKNOWN as `check` does
 * (check_stop_unknown).  True when it does not run. */
static bool
fleet_member_not_run(struct fleet *f, struct fleet_member *m)
{
	struct check_params    p = fleet_check_params(f);
	struct verdict_subject s;

	fleet_member_subject(m, &s);
	if (!f->o.judge || !check_stop_unknown(&s, &p, &m->report))
		return false;
	m->not_run = true;
	fleet_set_state(m, FLEET_DONE);
	dd_strlcpy(m->state_name, "not run", sizeof m->state_name);
	m->judged = true;
	return true;
}

/* Set up member i of f from host h: open, plan, match, store. */
static int
fleet_member_create(struct fleet *f, size_t i, const struct fleet_host *h,
		    struct dd_error *err)
{
	struct fleet_member *m = &f->m[i];
	int		     rc;

	m->host = *h;
	fleet_set_state(m, FLEET_WAITING);
	m->sn = calloc(1, sizeof *m->sn);
	if (m->sn == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	if ((rc = fleet_member_open(f, m, err)) < 0 || (rc = fleet_member_plan(f, m, err)) < 0)
		return rc;
	fleet_member_match(f, m);
	if (fleet_member_not_run(f, m))
		return 0;
	if ((rc = fleet_member_targets(f, m, err)) < 0)
		return rc;
	return fleet_member_store(f, m, err);
}

/* Create a fleet of n hosts. */
int
fleet_create(struct fleet **out, const struct fleet_host *hosts, size_t n,
	     const struct fleet_opts *o, struct dd_error *err)
{
	struct fleet *f;
	int	      rc;

	*out = NULL;
	if (n == 0)
		return dd_error_set(err, -EINVAL, "a fleet needs at least one host");
	if (n > HOSTS_MAX)
		return dd_error_set(err, -E2BIG, "a fleet has at most %d hosts, not %zu",
				    HOSTS_MAX, n);
	if ((rc = fleet_check_writes(hosts, n, o, err)) < 0)
		return rc;
	f = calloc(1, sizeof *f);
	if (f == NULL || (f->m = calloc(n, sizeof *f->m)) == NULL) {
		free(f);
		return dd_error_set(err, -ENOMEM, "out of memory");
	}
	f->o = *o;
	f->backend = o->backend != NULL ? o->backend : &dd_backend_fio;
	for (size_t i = 0; i < n; i++, f->n++)
		if ((rc = fleet_member_create(f, i, &hosts[i], err)) < 0) {
			f->n++;		/* destroy what it opened too */
			fleet_destroy(f);
			return rc;
		}
	*out = f;
	return 0;
}

/* Start every member's sweep. */
int
fleet_start(struct fleet *f, struct dd_error *err)
{
	for (size_t i = 0; i < f->n; i++) {
		struct fleet_member *m = &f->m[i];
		int		     rc;

		if (m->not_run)
			continue;
		rc = record_start(m->rec, &m->t, &m->plan, &m->sw, err);

		if (rc < 0) {
			struct dd_error e = *err;

			fleet_cancel(f);
			return fleet_fail(err, &m->host, rc, e.msg);
		}
		fleet_set_state(m, FLEET_CONNECTING);
	}
	return 0;
}

/* How many members. */
size_t
fleet_size(const struct fleet *f)
{
	return f != NULL ? f->n : 0;
}

/* Member i (NULL past the end). */
struct fleet_member *
fleet_member(struct fleet *f, size_t i)
{
	return f != NULL && i < f->n ? &f->m[i] : NULL;
}

/* Is a member's sweep running (started, not yet ended here)? */
bool
fleet_member_live(const struct fleet_member *m)
{
	return m->sw != NULL && (m->state == FLEET_CONNECTING || m->state == FLEET_RUNNING);
}

/* The wake fds of the running members. */
size_t
fleet_pollfds(const struct fleet *f, struct pollfd *pfd, size_t max)
{
	size_t k = 0;

	for (size_t i = 0; i < f->n && k < max; i++)
		if (fleet_member_live(&f->m[i]))
			pfd[k++] = (struct pollfd){ .fd = sweep_wake_fd(f->m[i].sw),
						    .events = POLLIN };
	return k;
}

/* Judge an ended member as `check` does (check_judge): its load curve too;
 * plausible by the PCIe link its detect= file names (what was never
 * written is not known over fio, the zero buffers still count). */
static void
fleet_member_judge(struct fleet *f, struct fleet_member *m)
{
	size_t			 n = sweep_nresults(m->sw);
	const struct dd_result **res = calloc(n ? n : 1, sizeof *res);
	struct verdict_subject	 s;
	struct check_evidence	 ev = { .link = { .gen = m->host.link_gen,
						  .width = m->host.link_width },
					.written = { .share = NAN } };
	struct check_judging	 j = { .subject = &s,
				       .tolerance = fleet_check_params(f).tolerance,
				       .writes_ran = plan_writes(&m->plan),
				       .curve = m->have_curve ? &m->curve : NULL,
				       .evidence = &ev };
	size_t			 o;

	if (res == NULL)
		return;
	for (size_t i = 0; i < n; i++)
		res[i] = sweep_result(m->sw, i);
	fleet_member_subject(m, &s);
	check_judge(&j, res, n, &m->report);
	free(res);
	o = strlen(m->report.summary);
	snprintf(m->report.summary + o, sizeof m->report.summary - o,
		 "; SMART not read over fio");
	m->judged = true;
}

/* Who stopped a sweep, as the results store says it: for a host that
 * failed, its state ("refused", "lost", "timeout" ...). */
static const char *
fleet_stopped_by(const struct fleet_member *m, enum sweep_state st)
{
	if (st == SWEEP_FAILED)
		return fleet_state_name(m);
	return st == SWEEP_CANCELLED ? "user" : "";
}

/* Did any point of a member's sweep finish (not failed)? */
bool
fleet_member_measured(const struct fleet_member *m)
{
	for (size_t i = 0; i < sweep_nresults(m->sw); i++)
		if (sweep_result(m->sw, i)->status >= 0)
			return true;
	return false;
}

/* A member's sweep has ended: join it, set its final state, record the end
 * and (judge) its verdict. */
static void
fleet_member_end(struct fleet *f, struct fleet_member *m)
{
	enum sweep_state st = sweep_join(m->sw);
	struct dd_error	 e = { 0 };

	sweep_snapshot(m->sw, m->sn, 0);
	m->gen = m->sn->generation;
	m->status = st == SWEEP_FAILED ? (m->sn->status < 0 ? m->sn->status : -EIO) : 0;
	dd_strlcpy(m->message, m->sn->message, sizeof m->message);
	fleet_set_state(m, st == SWEEP_DONE     ? FLEET_DONE
			   : st == SWEEP_FAILED ? FLEET_FAILED
						: FLEET_CANCELLED);
	if (record_end(m->rec, st, fleet_stopped_by(m, st), m->message[0] ? m->message : NULL,
		       &e) < 0) {
		char kept[PATH_MAX];
		int  k = record_spill(m->rec, kept, sizeof kept, NULL);

		if (m->message[0] == '\0')
			snprintf(m->message, sizeof m->message, "the results store: %.250s%s%.200s",
				 e.msg, k > 0 ? "; the run is kept in " : "", k > 0 ? kept : "");
	}
	if (!f->o.judge)
		return;
	/* What finished is judged; a host that did not end is not measured. */
	m->have_curve = f->o.curve && check_curve(m->sw, &m->curve);
	if (st == SWEEP_DONE || fleet_member_measured(m))
		fleet_member_judge(f, m);
	if (st != SWEEP_DONE) {
		if (!m->judged)
			memset(&m->report, 0, sizeof m->report);
		m->report.tolerance = f->o.tolerance > 0 ? f->o.tolerance
							 : VERDICT_DEFAULT_TOLERANCE;
		verdict_not_measured(&m->report, st == SWEEP_CANCELLED ? "stopped by the user"
					 : m->message[0] ? m->message : fleet_state_name(m));
		m->judged = true;
	}
	if (f->o.judge)		/* judged once, stored with the host's run */
		record_verdict(m->rec, &m->report);
}

/* Copy a member's new snapshot, move its state; true when anything changed. */
static bool
fleet_member_update(struct fleet *f, struct fleet_member *m)
{
	bool changed;

	sweep_ack(m->sw);
	changed = sweep_snapshot(m->sw, m->sn, m->gen);
	if (!changed)
		return false;
	m->gen = m->sn->generation;
	if (m->sn->state == SWEEP_DONE || m->sn->state == SWEEP_FAILED ||
	    m->sn->state == SWEEP_CANCELLED)
		fleet_member_end(f, m);
	else
		fleet_set_state(m, m->sn->nlive == 0 ? FLEET_CONNECTING : FLEET_RUNNING);
	return true;
}

/* Copy new snapshots, move states, end and judge members whose sweep ended. */
bool
fleet_update(struct fleet *f)
{
	bool changed = false;

	for (size_t i = 0; i < f->n; i++)
		if (fleet_member_live(&f->m[i]))
			changed |= fleet_member_update(f, &f->m[i]);
	return changed;
}

/* Is any member still running? */
bool
fleet_running(const struct fleet *f)
{
	for (size_t i = 0; f != NULL && i < f->n; i++)
		if (fleet_member_live(&f->m[i]))
			return true;
	return false;
}

/* Ask every running member to stop. */
void
fleet_cancel(struct fleet *f)
{
	for (size_t i = 0; f != NULL && i < f->n; i++)
		if (f->m[i].sw != NULL)
			sweep_cancel(f->m[i].sw);
}

/* How bad a verdict is, for the worst of the rack. */
int
fleet_verdict_rank(enum verdict_status v)
{
	switch (v) {
	case VERDICT_PASS:
		return 0;
	case VERDICT_NOT_COMPARABLE:
	case VERDICT_IMPLAUSIBLE:
		return 1;
	case VERDICT_UNKNOWN:
		return 2;
	case VERDICT_WARN:
		return 3;
	case VERDICT_ERROR:
		return 4;
	case VERDICT_FAIL:
		break;
	}
	return 5;
}

/* A member's verdict: not ended DONE ERROR, unjudged NOT_COMPARABLE. */
enum verdict_status
fleet_member_verdict(const struct fleet_member *m)
{
	if (m->state != FLEET_DONE)
		return VERDICT_ERROR;
	if (!m->judged)
		return VERDICT_NOT_COMPARABLE;
	return m->report.overall;
}

/* The rack verdict: the worst member's (an empty rack: NOT_COMPARABLE). */
enum verdict_status
fleet_verdict(const struct fleet *f)
{
	enum verdict_status worst = VERDICT_PASS;

	if (f == NULL || f->n == 0)
		return VERDICT_NOT_COMPARABLE;
	for (size_t i = 0; i < f->n; i++) {
		enum verdict_status v = fleet_member_verdict(&f->m[i]);

		if (fleet_verdict_rank(v) > fleet_verdict_rank(worst))
			worst = v;
	}
	return worst;
}

/* Close one member: end a run still going, free what it holds. */
static void
fleet_member_close(struct fleet *f, struct fleet_member *m)
{
	if (fleet_member_live(m))
		fleet_member_end(f, m);
	else if (m->sw == NULL && m->rec != NULL)
		record_end(m->rec, SWEEP_CANCELLED, "user", "the fleet never started", NULL);
	sweep_destroy(m->sw);
	record_free(m->rec);
	plan_free(&m->plan);
	if (m->t.backend != NULL)
		dd_backend_of(&m->t)->close(&m->t);
	free(m->sn);
	m->sw = NULL;
	m->rec = NULL;
	m->sn = NULL;
}

/* Cancel, join, record the end of every run, close, free. */
void
fleet_destroy(struct fleet *f)
{
	if (f == NULL)
		return;
	fleet_cancel(f);
	for (size_t i = 0; i < f->n; i++)
		fleet_member_close(f, &f->m[i]);
	arena_free(&f->a);
	free(f->m);
	free(f);
}

/* Match a host's drive: detect model, else DRIVE as model, id or query. */
int
fleet_match(const struct fleet_host *h, const struct spec_family *fams, size_t nfams,
	    struct arena *a, struct match_result *out)
{
	uint64_t cap = h->capacity ? h->capacity : h->size;

	memset(out, 0, sizeof *out);
	if (h->model[0] != '\0' && match_model(fams, nfams, h->model, cap, out) == 1)
		return 1;
	if (h->drive[0] == '\0') {
		if (h->model[0] == '\0')
			snprintf(out->label, sizeof out->label, "no DRIVE and no detect= on its line");
		return 0;
	}
	return session_match_text(h->drive, cap, fams, nfams, a, out);
}
