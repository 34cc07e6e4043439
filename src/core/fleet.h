/*
 * A fleet: one plan on many hosts at once, through the fio client/server
 * backend (io/fio.h), each host its own sweep.
 *
 * A fleet is N members, one per hosts-file row (core/hosts.h).  Each member
 * is an ordinary measurement: a dd_target opened with dd_backend_fio, its
 * own copy of the plan resolved against that target, a struct sweep (its
 * own thread; the backend runs one `fio --client` subprocess at a time), a
 * recorder storing its points with the member's host, and, when the fleet
 * judges, the matched drive's sheet and a struct verdict_report made by the
 * same rule `check` uses (verdict_evaluate).  So the results store,
 * Compare, export and verdicts see a fleet member's run exactly like a
 * local one.  Members never wait for each other: a host that fails
 * (refused, timeout, lost mid-run, protocol, bad output) ends its own sweep
 * with a state and one sentence; the rest go on.
 *
 * Lifecycle (UI thread or CLI main thread; nothing here draws or prints):
 *   fleet_create  parse nothing, connect nothing: open every member's target,
 *                 match its drive, check the write rule for every member
 *                 before anything starts (a plan that writes needs
 *                 allow_write and each row's CONFIRM to match: any row that
 *                 fails makes the whole fleet an error naming the row, so
 *                 nothing is written anywhere), resolve and check the plan
 *                 per member, begin each member's stored run.
 *   fleet_start   start every sweep (signals blocked by the caller).
 *   fleet_pollfds / fleet_update  the wake fds of the running sweeps; after
 *                 poll, fleet_update copies every new snapshot into the
 *                 members, moves their states, and when a member's sweep has
 *                 ended: joins it, records its end and (judge) its verdict.
 *   fleet_cancel  stop every sweep (from any thread; returns at once).
 *   fleet_destroy cancels, joins, ends the stored runs, closes the targets.
 */
#ifndef DD_FLEET_H
#define DD_FLEET_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

#include "lib/arena.h"
#include "lib/error.h"
#include "core/hosts.h"
#include "core/match.h"
#include "core/plan.h"
#include "core/record.h"
#include "core/specdb.h"
#include "core/sweep.h"
#include "core/verdict.h"
#include "io/backend.h"
#include "io/engine.h"

enum fleet_state {
	FLEET_WAITING,		/* not started */
	FLEET_CONNECTING,	/* running, no interval yet from this point */
	FLEET_RUNNING,		/* intervals arriving */
	FLEET_DONE,		/* every point ran */
	FLEET_FAILED,		/* stopped by a failure: status, message */
	FLEET_CANCELLED,	/* stopped by the user */
};

/* One host and target. */
struct fleet_member {
	struct fleet_host      host;
	struct dd_target       t;
	struct dd_plan	       plan;		/* this member's resolved copy */
	struct sweep	      *sw;
	struct record	      *rec;		/* NULL: not stored */
	struct sweep_snapshot *sn;		/* latest copy (heap) */
	uint64_t	       gen;
	enum fleet_state       state;
	int		       status;		/* negative errno of a failure */
	char		       state_name[16];	/* "running", "refused", "lost" ... */
	char		       message[512];	/* the one sentence; "" none */
	/* The drive it is judged against. */
	struct match_result    match;		/* rule MATCH_NONE: none */
	struct spec_sheet      sheet;
	bool		       have_sheet;
	struct spec_figure     figs[VERDICT_MAX];
	size_t		       nfigs;
	bool		       not_run;		/* stop_unknown: its drive matched
						 * nothing; DONE from the start, no
						 * sweep, no stored run, UNKNOWN */
	/* When it ended (judge): the verdict.  A member that did not end DONE
	 * is judged on the points that finished (none: no rows), its overall
	 * VERDICT_ERROR with the reason (verdict_not_measured). */
	bool		       judged;
	struct verdict_report  report;
	bool		       have_curve;	/* curve: it ran (some of) the curve */
	struct workload_curve  curve;
};

struct fleet_opts {
	const struct dd_plan	 *plan;		/* copied per member */
	bool			  allow_write;
	bool			  judge;	/* check: verdicts when members end */
	bool			  stop_unknown;	/* judge: a member whose drive matches
						 * nothing runs no sweep (UNKNOWN,
						 * "not run", not stored) */
	double			  tolerance;	/* verdict tolerance (fraction); 0: default */
	bool			  curve;	/* judge: the plan has a load curve
						 * (check --curve), judged with the rest */
	struct specdb		 *db;		/* for sheets; NULL: no matching */
	const struct spec_family *fams;
	size_t			  nfams;
	const struct record_opts *store;	/* NULL: nothing stored */
	const struct dd_backend_ops *backend;	/* NULL: dd_backend_fio (tests
						 * give tests/lib/fake-backend.c) */
};

struct fleet;

/* Create a fleet of n hosts (copied).  0, or a negative errno with err set
 * (nothing is left open, nothing ran). */
int fleet_create(struct fleet **out, const struct fleet_host *hosts, size_t n,
		 const struct fleet_opts *o, struct dd_error *err);

/* Start every member's sweep.  0, or a negative errno with err set (the
 * members that started are cancelled). */
int fleet_start(struct fleet *f, struct dd_error *err);

size_t fleet_size(const struct fleet *f);
struct fleet_member *fleet_member(struct fleet *f, size_t i);

/* Is member m measuring: its sweep started (m->sw) and not yet ended here
 * (CONNECTING or RUNNING)?  The one rule for what fleet_pollfds polls,
 * fleet_update copies, a close must end, and the dashboard draws live and
 * lends as running. */
bool fleet_member_live(const struct fleet_member *m);

/* Fill pfd (at most max) with the wake fds of the members still running;
 * returns how many. */
size_t fleet_pollfds(const struct fleet *f, struct pollfd *pfd, size_t max);

/* Copy new snapshots (ack the wake fds first), move states, end and judge
 * members whose sweep ended.  True when anything changed. */
bool fleet_update(struct fleet *f);

/* Is any member still running? */
bool fleet_running(const struct fleet *f);

/* Ask every running member to stop (any thread). */
void fleet_cancel(struct fleet *f);

/* The rack verdict: the worst member's by fleet_verdict_rank (PASS <
 * NOT_COMPARABLE < UNKNOWN < WARN < ERROR < FAIL): FAIL when a drive failed,
 * ERROR when none did but a host could not be measured.  NOT_COMPARABLE for
 * an empty fleet. */
enum verdict_status fleet_verdict(const struct fleet *f);

/* The rank of a verdict in that order, 0 (PASS) to 5 (FAIL); IMPLAUSIBLE
 * ranks as NOT_COMPARABLE. */
int fleet_verdict_rank(enum verdict_status v);

/* A member's verdict as the rack counts it: ERROR when it did not end DONE
 * (failed: refused, lost ...; cancelled; not started), NOT_COMPARABLE when
 * it was not judged, else its report's. */
enum verdict_status fleet_member_verdict(const struct fleet_member *m);

/* Did any point of a member's sweep finish without failing?  (A host never
 * reached measured nothing.) */
bool fleet_member_measured(const struct fleet_member *m);

/* The state's word: "waiting", "connecting", "running", "done", "not run"
 * (stop_unknown), and for failures dd_fio_state_name of the status
 * ("refused", "lost" ...). */
const char *fleet_state_name(const struct fleet_member *m);

/* Cancel, join, record the end of every run, close, free (NULL is fine). */
void fleet_destroy(struct fleet *f);

/* Match a host's drive: its detect model (at its capacity), else DRIVE as
 * session_match_text reads typed text (a model number, a drive id, or a
 * query naming one capacity point).  1 matched, 0 not (out->label says why). */
int fleet_match(const struct fleet_host *h, const struct spec_family *fams, size_t nfams,
		struct arena *a, struct match_result *out);

#endif
