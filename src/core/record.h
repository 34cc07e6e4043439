/*
 * The recorder: how a sweep gets into the results store (src/core/results.h).
 * One path for every front end (`run`, `check`, the dashboard), walked after
 * session_open and around the sweep:
 *
 *   record_begin    opens the store (--results PATH, or the default), builds
 *                   the provenance from the session, its identity, the
 *                   matched drive and the plan, and queues the run to be
 *                   stored.  A store that cannot be opened (a garbage file,
 *                   a newer schema, a damaged one, no permission, a
 *                   read-only or full filesystem) fails here, before any
 *                   I/O, with one sentence; one another process holds the
 *                   write lock of is not an error (see below).  --no-save
 *                   gives a NULL recorder and every call below accepts NULL
 *                   and does nothing; --no-save with o->memory gives one
 *                   whose store is in memory (results_open_memory): the run
 *                   is kept for a summary (record_run_load), never written.
 *   record_attach   before sweep_start: the sweep thread hands each finished
 *                   point (with SMART before and after when the target has
 *                   an NVMe controller) to the recorder's writer thread and
 *                   goes on; the writer commits it through its own
 *                   connection, in its own transaction.  A failed write is
 *                   remembered (record_error), never stops the sweep.
 *   record_end      after sweep_join: end time, state, who stopped it, why;
 *                   waits for the writer (a busy store: up to wait_ms).
 *   record_verdict  after judging (`check`): the report's rows, overall
 *                   verdict, tolerance and the rules' version are stored
 *                   with the run, through the same writer, so a stored run
 *                   is never judged again.
 *
 * The run's reference is stored at record_begin: the database drive it was
 * matched to or swept against (struct record_match), and the text the user
 * typed to name it (--model, a session identity's model_source "option") as
 * the query, never as the drive's model.
 *
 * A busy store (another process holds its write lock) never blocks the
 * front end or the sweep: the writer retries it in the background for as
 * long as the recorder lives, says so (record_busy, on_busy, the wake fd),
 * and record_end / record_status say what is not stored yet (-EBUSY).
 *
 * The engine and the sweep know nothing of sqlite: the sweep calls a plain
 * hook (struct sweep_sink in src/core/sweep.h).
 */
#ifndef DD_RECORD_H
#define DD_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/error.h"
#include "core/plan.h"
#include "core/results.h"
#include "core/session.h"
#include "core/sweep.h"
#include "core/verdict.h"

struct record;

/* What the front end was asked for. */
struct record_opts {
	const char *path;	/* --results PATH; NULL: results_default_path */
	bool	    no_save;	/* --no-save */
	bool	    memory;	/* with no_save: keep the run in a store in memory
				 * (record_run_load reads it back; nothing is
				 * written to disk, record_run_id stays 0) */
	const char *source;	/* "run", "check", "ui" */
	bool	    utf8;	/* the run's name with "·" (else ASCII) */
	int	    wait_ms;	/* how long record_end waits for a busy store */
	/* Called once when the store is first found busy, in the front end's
	 * thread: from record_poll (after the wake fd) or while record_end
	 * waits (NULL: nobody is told; poll record_busy or the wake fd). */
	void	  (*on_busy)(void *arg, const char *path);
	void	   *on_busy_arg;
};

/* What was matched to the target (all may be NULL). */
struct record_match {
	const char *drive_id;		/* database drive id */
	const char *drive_label;	/* "KIOXIA CD9P-R 7.68 TB" */
};

/*
 * Open the store and store the run's provenance.  id may be NULL (files,
 * scratch targets, a device not identified), m may be NULL.  *out is NULL
 * with 0 returned for --no-save.  Negative errno with err set when the store
 * cannot be used; nothing has been measured yet then.
 */
int record_begin(struct record **out, const struct record_opts *o, const struct session *s,
		 const struct session_identity *id, const struct record_match *m,
		 const struct dd_plan *plan, const struct dd_target *t, struct dd_error *err);

/* A target on another host (a fleet member, core/fleet.h): what its
 * provenance says instead of the local session's.  Strings may be "". */
struct record_remote {
	const char *host;		/* the far host: fio's hostname=, else the address */
	const char *address;		/* "HOST:PORT" as fio was given it */
	const char *device;		/* the path on that host */
	const char *model, *serial, *firmware;	/* identity (detect=), "" unknown */
	int	    link_gen, link_width;	/* its PCIe link (detect=); 0 unknown */
	uint64_t    capacity;		/* bytes; 0 unknown */
	const char *fio_version;	/* the client's ("fio-3.33") */
};

/* record_begin for a remote target: prov.host is r->host, target_kind
 * "remote", target_desc "fio server HOST:PORT, DEVICE", engine "fio
 * client/server (fio-3.33)", and every point's host r->host.  The
 * recorder stores has_bins from whether the result's histogram holds
 * samples (terse output has none).  A failed point of a remote target is not
 * stored (fio gives it no figures): a host never reached is a run with no
 * points, its state and sentence in how it ended (record_end). */
int record_begin_remote(struct record **out, const struct record_opts *o,
			const struct record_remote *r, const struct record_match *m,
			const struct dd_plan *plan, const struct dd_target *t,
			struct dd_error *err);

/* Make sw commit its finished points through rec (before sweep_start). */
void record_attach(struct record *rec, struct sweep *sw);

/* Step 7 of the session with the recorder: create the sweep of plan on t,
 * attach rec to it (record_attach; rec NULL: nothing is stored) and start
 * it (session_start_with).  0 with *out running, or negative errno. */
int record_start(struct record *rec, const struct dd_target *t, const struct dd_plan *plan,
		 struct sweep **out, struct dd_error *err);

/* Store the judgement of the run (queued to the writer like a point, so it
 * never waits for the store): every row of r (metric, the reference figure
 * that decided and its source, measured, ratio, verdict, reason,
 * decided_by), the overall verdict, the tolerance and
 * VERDICT_RULES_VERSION.  Nothing for NULL. */
void record_verdict(struct record *rec, const struct verdict_report *r);

/* Record how the run ended; stopped_by "" / "user" / "SIGINT" ... and why
 * may be NULL.  Waits for the writer (a busy store: up to o->wait_ms), then
 * as record_status. */
int record_end(struct record *rec, enum sweep_state st, const char *stopped_by,
	       const char *why, struct dd_error *err);

/* 0 when everything handed to the recorder is stored, -EBUSY while some of
 * it waits for a busy store (err says so), or the first error (err set). */
int record_status(struct record *rec, struct dd_error *err);

/* Wait for the writer as record_end does (a busy store: up to wait_ms in
 * all, over every call), so what follows reads the stored run's id. */
void record_sync(struct record *rec);

/* The store's path ("" for NULL). */
const char *record_path(const struct record *rec);

/* Is the writer retrying a busy store right now? */
bool record_busy(struct record *rec);

/* An fd that is readable after the writer's state changed (busy, a job
 * done); -1 for NULL.  record_ack clears it.  For a poll() loop. */
int record_wake_fd(const struct record *rec);
void record_ack(struct record *rec);

/* record_ack, then on_busy if the store has turned busy and nobody was
 * told yet.  The front end's thread. */
void record_poll(struct record *rec);

/* Read the run back as the store holds it (results_run_free it), after
 * waiting for the writer as record_end does: the stored run, or the one a
 * memory recorder keeps.  -ENOENT for NULL or a run not stored (yet). */
int record_run_load(struct record *rec, struct results_run *out, struct dd_error *err);

/* The stored run's id (0 for NULL, or not stored yet) and name ("" for NULL). */
int64_t record_run_id(const struct record *rec);
const char *record_name(const struct record *rec);

/* The name stored as who stopped a run for a signal: "SIGINT", "SIGTERM",
 * "SIGHUP", "SIGQUIT", else "signal". */
const char *record_signal_name(int signo);

/* The stored run's provenance (serial, start, ...); NULL for NULL. */
const struct results_prov *record_prov(const struct record *rec);

/* Points stored so far, and the first write error (NULL: none). */
size_t record_points(const struct record *rec);
const char *record_error(const struct record *rec);

/*
 * Keep a run the store did not take: when part of it still waits for a busy
 * store, or a write failed (a full disk), stop the writer and store the
 * whole run (provenance, every point handed over, how it ended) in a new
 * store of its own beside the results store, named
 * "unsaved-YYYYMMDD-HHMMSS-PID[-N].db" (`drivedash export last --results
 * THAT` reads it).  1 with its path in out, 0 when everything was stored
 * (or rec is NULL), negative errno with err when the new store could not
 * be written (then out names what it holds, if anything).  The recorder
 * takes no more work after it; record_free as always.
 */
int record_spill(struct record *rec, char *out, size_t len, struct dd_error *err);

/* Close the store and free the recorder (NULL is fine): waits while the
 * writer makes progress, drops what a busy store still holds back (see
 * record_spill). */
void record_free(struct record *rec);

#endif
