/*
 * The results store: every measured run, with where and how it was
 * measured, kept in a sqlite database of its own (WAL journal), separate
 * from the bundled, read-only specs database.
 *
 * Data model (plain data, no sqlite types leak out of results.c):
 *
 *   struct results_prov   one run's provenance: the host (name, kernel, CPU
 *                         model and count), drivedash's version, the start
 *                         and end time (ISO 8601, UTC and local), the target
 *                         and what it really is (device, model, serial,
 *                         firmware, capacity, LBA format, PCIe link, matched
 *                         database drive), the plan and engine options,
 *                         preconditioning and steady state, how it ended
 *                         (state, who stopped it, why), and for imports the
 *                         file it came from.
 *   struct results_point  one finished point: the full struct dd_result
 *                         (figures, latency summaries with percentiles, the
 *                         histogram bins, the interval series), its
 *                         summary, and SMART before and after (when the
 *                         target has an NVMe controller).
 *   struct results_verdict one verdict row of a check, as it was judged:
 *                         the metric, the reference figure it was held
 *                         against and that figure's source, what was
 *                         measured, the ratio, the verdict, the reason and
 *                         which reference decided, with the reference's
 *                         marks (qualifier, range, inferred, conditions not
 *                         stated: results_verdict_ref_text).  The run's reference
 *                         (the drive, the typed query, the tolerance, the
 *                         rules' version) and overall verdict are in its
 *                         provenance.  Stored once, never judged again: a
 *                         stored run reads the same verdict every day.
 *   struct results_run    a provenance, its points and its verdict rows, as
 *                         results_run_load reads it back: a stored run is
 *                         shown, compared and exported from this, exactly
 *                         like a live one.
 *
 * Writing: results_run_begin stores the provenance (state "running"),
 * results_point_add commits each finished point in its own transaction,
 * results_run_end records how the run ended.  A process killed between
 * those calls leaves every committed point and a database that passes
 * PRAGMA integrity_check; the run still reads "running" and lists as
 * interrupted.  Imports store a whole run at once (results_run_store).
 *
 * The schema is versioned with PRAGMA user_version and migrated forward on
 * open (every earlier version has a tested migration).  A file that is not
 * a drivedash results database (garbage, truncated, another sqlite
 * database, a newer schema, a damaged one opened for writing) is an error
 * with one sentence and is never overwritten.  Several processes may write
 * at once (WAL and a busy timeout: no "database is locked" failure within
 * it; a store still busy after it is -EBUSY).
 *
 * Threads: a struct results is one connection, used by one thread at a
 * time.  The sweep's recorder (src/core/record.h) writes from the sweep
 * thread through a connection of its own.
 */
#ifndef DD_RESULTS_H
#define DD_RESULTS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "core/plan.h"
#include "core/sweep.h"
#include "io/engine.h"
#include "io/nvme.h"

/* One run's provenance (see the data model above). */
struct results_prov {
	int64_t	 id;			/* run id; 0 until stored */
	char	 name[256];		/* results_run_name(): how lists show it */
	char	 source[16];		/* "run", "check", "ui", "import" */

	/* where */
	char	 host[256];		/* gethostname */
	char	 kernel[256];		/* uname -r and -v */
	char	 cpu_model[256];	/* /proc/cpuinfo "model name" */
	unsigned ncpus;			/* online */
	char	 version[64];		/* "drivedash 0.x", or "fio-3.33" for imports */

	/* when: seconds since the epoch and ISO 8601 text */
	int64_t	 start_unix, end_unix;	/* end 0: not ended (still running, or killed) */
	char	 start_utc[32], start_local[40];	/* "2026-12-01T14:03:07Z",
							 * "2026-12-01T15:03:07+01:00" */
	char	 end_utc[32], end_local[40];

	/* what was measured */
	char	 target_path[PATH_MAX];	/* as given */
	char	 target_kind[16];	/* session_kind_name(): "block", "file", "scratch";
					 * "remote" for a fleet member (host is
					 * then the far host) */
	char	 target_desc[512];	/* session's description */
	char	 device[64];		/* "nvme0n1"; for files the filesystem's device */
	char	 model[128], serial[64], firmware[64];
	uint64_t capacity;		/* bytes; 0 unknown */
	char	 lba_format[64];	/* "4096 + 0"; "" unknown */
	char	 pcie_link[64];		/* "Gen5 x4 (max Gen5 x4)"; "" unknown */
	char	 temp_source[64];	/* the intervals' temp_c sensor: "hwmon of
					 * nvme0", "SMART log of nvme0"; "" none */
	char	 drive_id[128];		/* matched database drive id; "" none */
	char	 drive_label[128];	/* "KIOXIA CD9P-R 7.68 TB"; "" none */

	/* the reference it was judged against (results_verdicts_store) */
	char	 query[128];		/* what was typed to name the drive
					 * (check --model "cd9p 7.68"); "" none */
	char	 verdict[16];		/* overall: "PASS" ... "NOT_COMPARABLE";
					 * "" not judged */
	double	 tolerance;		/* fraction it was judged with; NAN none */
	unsigned rules;			/* the verdict rules' version; 0 none */
	char	 verdict_summary[768];	/* the report's summary; "" none */

	/* how */
	char	 plan_name[PLAN_NAME_MAX];	/* preset or plan file name */
	unsigned repeat;
	char	 aggregate[8];		/* plan_aggregate_name() */
	bool	 steady_state;
	double	 precondition_passes;
	char	 engine[256];		/* "spin=off iopoll=off batch=auto" */
	char	 precondition[256];	/* what preconditioning did; "none" */
	char	 steady[256];		/* steady-state outcome; "" not asked */

	/* how it ended */
	char	 state[16];		/* "running" (or killed), "done",
					 * "cancelled", "failed", "imported" */
	char	 stopped_by[64];	/* "", "user", "SIGINT", "SIGTERM", "error" */
	char	 why[512];

	char	 imported_from[PATH_MAX];	/* import: the file; "" otherwise */

	/* filled by results_list and results_run_load, ignored on store */
	size_t	 npoints;
	double	 best_iops, best_mbps;	/* headline figures; NAN none */
	double	 qd1_mean_us;		/* best 4K random read QD1x1 mean; NAN none */
};

/* One stored point. */
struct results_point {
	int64_t		     id;	/* 0 until stored */
	size_t		     index;	/* in the plan */
	struct dd_result    *r;		/* heap (results_run_free frees it) */
	struct sweep_summary sum;
	bool		     has_bins;	/* r->hist holds real bins (our runs, fio
					 * json+); false for fio json, whose
					 * percentiles are in r->lat only */
	char		     host[256];	/* client/server imports: the job's
					 * host; "" the run's */
	struct nvmeinfo_smart smart_before, smart_after;	/* .valid false: none */
};

/* One stored verdict row (see the data model above); strings "" and
 * figures NAN when none. */
struct results_verdict {
	char	metric[32];		/* "seq_read" ... "health", "curve_iops" */
	char	metric_name[64];	/* "sequential read" */
	char	status[16];		/* "PASS" ... "IMPLAUSIBLE" */
	char	unit[8];		/* "MB/s", "IOPS", "us"; "" health */
	double	reference;		/* the figure that decided (spec, target or
					 * review) */
	char	ref_source[160];	/* where it comes from ("KIOXIA CD9P-R
					 * datasheet", "StorageReview ...") */
	double	measured, ratio;	/* ratio: measured / reference */
	char	decided_by[16];		/* "target", "spec", "rated max", "review" */
	double	spec_value;		/* the spec (or target) figure */
	char	spec_source[128];
	double	review_value;		/* the review at the compared point */
	char	review_source[128];
	char	point[DD_POINT_NAME_MAX];	/* the point compared; "" none */
	char	reason[320];
	/* The marks of the figures (version 5; an older store reads "" and
	 * NAN, no marks): */
	char	spec_qual[8];		/* the spec figure's qualifier: "approx",
					 * "range", "le", "ge", "lt", "gt"; "" or
					 * "eq" none */
	double	spec_lo, spec_hi;	/* a range's ends in unit (qual "range", an
					 * approximate range); NAN not a range */
	bool	spec_inferred;		/* worked out, not printed as such
					 * (specdb_figure_inferred) */
	bool	spec_unstated;		/* its source states no conditions
					 * (SPECDB_NO_CONDITIONS) */
	char	review_qual[8];		/* the review figure's qualifier; "" none */
};

/* The qualifier of a stored row's reference: the review's when the review
 * decided, else the spec figure's; "eq" when it has none (a store before
 * version 5) or an unknown one. */
const char *results_verdict_ref_qual(const struct results_verdict *v);

/* The ends of a stored row's reference when it is a range (the spec
 * figure's, unless the review decided): true and *lo, *hi in its unit;
 * false and both NAN when it is one figure. */
bool results_verdict_ref_range(const struct results_verdict *v, double *lo, double *hi);

/* The reference of a stored row as a user reads it, through the one
 * qualifier formatter (fmt_qualify): "~30 us", "6,800–6,900 MB/s" (a range
 * shows both ends; utf8 false: "-"), "<= 100 us", then the spec figure's
 * marks: " (i)" when it was inferred, ", conditions not stated" when its
 * source states none; numbers with up to decimals decimals (fmt_number);
 * "-" when there is no reference.  export and the report print it. */
char *results_verdict_ref_text(const struct results_verdict *v, int decimals, bool utf8,
			       char *buf, size_t len);

/* A run with its points (and its verdict rows, when it was judged). */
struct results_run {
	struct results_prov    prov;
	struct results_point  *pts;
	size_t		       n, cap;
	struct results_verdict *verdicts;	/* heap; NULL none */
	size_t		       nverdicts;
};

/* What results_list returns; fields NULL or empty match everything. */
struct results_query {
	const char *text;	/* free words, each must match one of: drive
				 * label or id, model, serial, host, plan name,
				 * run name; "serial:X", "host:X", "drive:X",
				 * "since:YYYY-MM-DD", "until:YYYY-MM-DD" narrow
				 * to one field */
	size_t	    limit;	/* 0: all */
};

struct results;

enum results_mode {
	RESULTS_READ,		/* must exist; nothing is written, not even an
				 * older schema's upgrade (it is read as it is);
				 * on read-only media too */
	RESULTS_WRITE,		/* created (with its directory) when missing;
				 * an existing one must pass quick_check */
};

/* The default location: $XDG_DATA_HOME/drivedash/results.db, else
 * $HOME/.local/share/drivedash/results.db.  0 or negative errno, err set. */
int results_default_path(char *buf, size_t len, struct dd_error *err);

/* Open (and for RESULTS_WRITE create, then migrate) the store at path;
 * writes wait up to 30 s for another writer. */
int results_open(struct results **out, const char *path, enum results_mode mode,
		 struct dd_error *err);

/* results_open with writes waiting up to busy_ms for another writer (0: not
 * at all); a store another writer holds is -EBUSY with err saying so. */
int results_open_wait(struct results **out, const char *path, enum results_mode mode,
		      int busy_ms, struct dd_error *err);

/* A store in memory, private to its one connection (nothing on disk):
 * the schema and no run yet.  For a run kept but not stored (record.h:
 * --no-save), read back as results_run_load reads any store. */
int results_open_memory(struct results **out, struct dd_error *err);

/* Remove a store file and what sqlite keeps beside it (-wal, -shm,
 * -journal): for a store this process made and found empty. */
void results_remove(const char *path);

/* Close a store (NULL is fine). */
void results_close(struct results *db);

/* The path a store was opened at. */
const char *results_path(const struct results *db);

/* Fill the host part of a provenance (host, kernel, CPU, version). */
void results_prov_host(struct results_prov *p);

/* Set start (end when !start) to the time t: unix seconds and ISO text. */
void results_prov_time(struct results_prov *p, bool start, int64_t t);

/* Name a run: "CD9P-R 7.68 TB SN1234 · spot · 2026-12-01 14:03", or for a
 * file "dd.dat on /dev/vda1 · spot · ...", for a remote target without an
 * identity "nvme0n1 on node3 · spot · ...".  utf8 false: ASCII separators. */
void results_run_name(const struct results_prov *p, bool utf8, char *buf, size_t len);

/* What a run drifts by in a comparison (runs of one key compare against the
 * first of them): the drive's serial; for a target without one (a file, a
 * loop device) its path on its device; into buf, which it returns. */
#define RESULTS_DRIFT_KEY_MAX (PATH_MAX + 128)
const char *results_drift_key(const struct results_prov *p, char *buf, size_t len);

/* Store a run's provenance (state "running"); sets p->id. */
int results_run_begin(struct results *db, struct results_prov *p, struct dd_error *err);

/* Store one finished point of run in its own transaction; sets pt->id. */
int results_point_add(struct results *db, int64_t run, struct results_point *pt,
		      struct dd_error *err);

/* Record how run p->id ended (end time, state, stopped_by, why, and the
 * steady-state outcome). */
int results_run_end(struct results *db, const struct results_prov *p, struct dd_error *err);

/* Store run p->id's judgement in one transaction: p's verdict, tolerance,
 * rules and verdict_summary, and rows (replacing rows stored before). */
int results_verdicts_store(struct results *db, const struct results_prov *p,
			   const struct results_verdict *rows, size_t n, struct dd_error *err);

/* Store a whole run (provenance, points and verdict rows) in one
 * transaction: imports. */
int results_run_store(struct results *db, struct results_run *run, struct dd_error *err);

/* Runs matching q, newest first, into a malloc'd array (free()). */
int results_list(struct results *db, const struct results_query *q,
		 struct results_prov **out, size_t *n, struct dd_error *err);

/* How a run ended as a user reads it: its state ("done", "cancelled",
 * "imported" ...), or "interrupted" for one still marked running that never
 * ended (its process was killed). */
const char *results_prov_state(const struct results_prov *p);

/* A run id from what a user types: "12", "#12", "last", "last:SERIAL"
 * (the newest run of that serial).  -ENOENT with err saying so. */
int results_resolve(struct results *db, const char *spec, int64_t *id, struct dd_error *err);

/* results_resolve for the n-th of several runs a command names (compare,
 * report): -EEXIST, with err naming both, when it is a run one of
 * seen[0..nseen) already is ("last" and "#12" can be one run), whose names
 * were specs[0..nseen). */
int results_resolve_distinct(struct results *db, const char *spec, const char *const *specs,
			     const int64_t *seen, size_t nseen, int64_t *id, struct dd_error *err);

/* Load a run and all its points. */
int results_run_load(struct results *db, int64_t id, struct results_run *out,
		     struct dd_error *err);

/* Append a point (a copy of *pt; pt->r is taken over) to an in-memory run. */
int results_run_add(struct results_run *run, struct results_point *pt, struct dd_error *err);

/* Free what a loaded or built run holds. */
void results_run_free(struct results_run *run);

/* Delete a run and its points. */
int results_run_delete(struct results *db, int64_t id, struct dd_error *err);

#endif
