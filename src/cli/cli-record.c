/*
 * Storing the CLI's sweeps (`run`, `check`) through the recorder
 * (src/core/record.h): --results PATH and --no-save, the run's identity for
 * `run` (a block device is identified and matched to the specs database, as
 * `check` does), the line naming the stored run, and the JSON fields.
 *
 * Order, for every command: cli_session_open, then cli_record_begin (a store
 * that cannot be used is exit 2 before any I/O; --no-save keeps the run in
 * a store in memory, for the summary block alone), then the sweep with the
 * recorder attached (struct cli_sweep_hook's rec), then cli_record_end.  A
 * store that fails mid-sweep (a full disk) is one warning sentence at the
 * end; the sweep and its report go on.  A store another process holds the
 * write lock of is one line when it is first found busy (the recorder
 * retries it in the background) and, when it is still busy
 * CLI_STORE_WAIT_MS after the sweep, one warning that says what was not
 * stored.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/record.h"
#include "core/session.h"

/* Open the store and store the run about to start. */
int
cli_record_begin(const struct cli_store_opts *so, const char *source, const struct session *ses,
		 const struct session_identity *id, const struct match_result *m,
		 const struct dd_plan *plan, const struct dd_target *t, struct record **out)
{
	/* The name is stored in UTF-8 whatever the locale: cli_fprintf
	 * transliterates it where the terminal needs ASCII. */
	/* --no-save keeps the run in memory for the summary block. */
	struct record_opts  ro = { .path = so->path, .no_save = so->no_save,
				   .memory = so->no_save, .source = source, .utf8 = true,
				   .wait_ms = CLI_STORE_WAIT_MS, .on_busy = cli_record_busy };
	struct record_match rm = { 0 };
	struct dd_error	    err = { 0 };
	char		    label[192];

	if (m != NULL && m->rule != MATCH_NONE && m->drive != NULL) {
		/* The label without the capacity the name adds again. */
		dd_strlcpy(label, m->label, sizeof label);
		rm.drive_id = m->drive->id;
		rm.drive_label = label;
	}
	if (record_begin(out, &ro, ses, id, m ? &rm : NULL, plan, t, &err) < 0) {
		cli_error("%s; nothing was measured (--no-save runs without storing)", err.msg);
		return -1;
	}
	return 0;
}

/* Identify a block device target and match it to the specs database (a
 * missing database is no match), then cli_record_begin. */
int
cli_record_begin_run(struct cli_ctx *ctx, const struct cli_store_opts *so,
		     const struct session *ses, const struct dd_plan *plan,
		     const struct dd_target *t, struct record **out)
{
	struct arena		a = { 0 };
	struct session_identity id = { 0 };
	struct match_result	m = { .rule = MATCH_NONE };
	struct specdb	       *db = NULL;
	struct spec_family     *fams = NULL;
	size_t			nfams = 0;
	int			rc;

	*out = NULL;
	if (ses->tgt.kind != SESSION_BLOCK)
		return cli_record_begin(so, "run", ses, NULL, NULL, plan, t, out);
	session_identify(ses, NULL, &a, &id);
	if (id.model != NULL && cli_open_db_optional(ctx, &db) < 0) {
		arena_free(&a);
		return -1;
	}
	if (db != NULL && specdb_families(db, &a, &fams, &nfams, NULL) == 0)
		session_match(&id, t->size, fams, nfams, &a, &m);
	rc = cli_record_begin(so, "run", ses, &id, &m, plan, t, out);
	specdb_close(db);
	arena_free(&a);
	return rc;
}

/* The store was found busy: say so once (the recorder's writer thread). */
void
cli_record_busy(void *arg, const char *path)
{
	(void)arg;
	cli_fprintf(stderr, "drivedash: the results store %s is busy (another process holds its "
		    "write lock); the sweep goes on and its points are stored when the lock is "
		    "free (retrying)\n", path);
}

/* The store did not take the whole run: keep it in a store of its own;
 * what to add to the warning (starting "; "). */
static void
cli_record_spill(struct record *rec, char *out, size_t len)
{
	struct dd_error err = { 0 };
	char		path[PATH_MAX];
	int		rc = record_spill(rec, path, sizeof path, &err);

	if (rc > 0)
		snprintf(out, len, "; the whole run is kept in %s instead: drivedash export last "
			 "--results %s", path, path);
	else if (rc < 0 && path[0] != '\0')
		snprintf(out, len, "; part of the run is kept in %s (%s)", path, err.msg);
	else if (rc < 0)
		snprintf(out, len, "; nor could it be kept beside the store (%s)", err.msg);
	else
		out[0] = '\0';
}

/* Say that the store did not take all of the run (rc: record_end's, err its
 * sentence): what is stored and where the rest is kept, in one warning. */
static void
cli_record_warn(struct record *rec, int rc, const struct dd_error *err, size_t npoints)
{
	const char *path = record_path(rec);
	char	    kept[2 * PATH_MAX + 96];

	cli_record_spill(rec, kept, sizeof kept);
	if (rc == -EBUSY && record_run_id(rec) == 0)
		cli_error("warning: the results store %s is still busy after %d s (another "
			  "process holds its write lock): the run was not stored; its figures "
			  "are above%s%s", path, CLI_STORE_WAIT_MS / 1000,
			  npoints ? " (and in --json when given)" : "", kept);
	else if (rc == -EBUSY)
		cli_error("warning: the results store %s is still busy after %d s (another "
			  "process holds its write lock): %zu of %zu finished points are stored "
			  "as run %lld, its end is not recorded (it lists as interrupted)%s", path,
			  CLI_STORE_WAIT_MS / 1000, record_points(rec), npoints,
			  (long long)record_run_id(rec), kept);
	else if (record_run_id(rec) == 0)
		cli_error("warning: %s; the run was not stored%s", err->msg, kept);
	else
		cli_error("warning: %s; %zu of %zu finished points are stored as run %lld%s",
			  err->msg, record_points(rec), npoints, (long long)record_run_id(rec),
			  kept);
}

/* Record how the sweep ended; say where it is stored, or why not all of it. */
void
cli_record_end(struct record *rec, enum sweep_state st, int signo, const char *message,
	       size_t npoints, bool quiet)
{
	struct dd_error err = { 0 };
	const char     *by = "";
	char		why[512] = "";
	int		rc;

	if (rec == NULL)
		return;
	if (signo != 0) {
		by = record_signal_name(signo);
		snprintf(why, sizeof why, "stopped by %s", by);
	} else if (st == SWEEP_FAILED) {
		by = "error";
		dd_strlcpy(why, message, sizeof why);
	} else if (st == SWEEP_CANCELLED) {
		by = "error";
		dd_strlcpy(why, message && message[0] ? message : "the results file failed",
			   sizeof why);
	}
	rc = record_end(rec, st, by, why, &err);
	if (rc < 0)
		cli_record_warn(rec, rc, &err, npoints);
	else if (!quiet && record_run_id(rec) != 0)	/* 0: kept in memory (--no-save) */
		cli_fprintf(stderr, "drivedash: stored as run %lld: %s\n",
			    (long long)record_run_id(rec), record_name(rec));
}

/* Add "run_id" and "run_name" to a JSON document (null with --no-save). */
void
cli_json_record(json_t *o, const struct record *rec)
{
	/* A run a busy store has not taken (yet) has no id. */
	bool stored = record_run_id(rec) != 0;

	json_object_set_new(o, "run_id", stored ? json_integer((json_int_t)record_run_id(rec))
						: json_null());
	json_object_set_new(o, "run_name", stored ? json_string(record_name(rec)) : json_null());
}
