/*
 * The results store (results.h): runs, their points and everything a point
 * measured, in a sqlite database of its own.
 *
 * Data model on disk (schema version RESULTS_SCHEMA_VERSION, one table per
 * kind of row; a run's rows go with it, ON DELETE CASCADE; version 1 had no
 * runs.temp_source, version 2 none of the kinds' columns and no dir_bins;
 * their points read back as DD_KIND_POINT with NAN per-direction summaries;
 * up to version 3 a point's pattern and kind were enum numbers, from
 * version 4 on they are names):
 *
 *   runs         one row per run: every field of struct results_prov that
 *                is stored (the headline figures are computed by queries)
 *   points       one row per finished point: the struct dd_point it ran,
 *                every scalar of struct dd_result and of its struct
 *                sweep_summary, has_bins and the job's host (imports)
 *   latency      three rows per point (kind "all", "read", "write"): the
 *                struct dd_latency summary
 *   percentiles  a row per percentile of each latency summary (seq is the
 *                index into hist_default_pcts, pct the percent itself)
 *   bins         the point's non-empty histogram buckets (idx, count), so
 *                percentiles can be recomputed exactly
 *   dir_bins     the same per direction (dir "read"/"write": read_hist,
 *                write_hist), kept only for a direction that holds some but
 *                not all of the I/Os (a mix); a point whose I/Os all went
 *                one way reads that direction's bins from bins (version 3)
 *   intervals    the interval series, in order
 *   smart        SMART before and after the point (phase "before"/"after")
 *   run_refs     one row per run (version 4): what the run was judged
 *                against besides the drive in runs (the typed query, the
 *                tolerance, the rules' version) and its overall verdict
 *   verdicts     the run's verdict rows in order (struct results_verdict);
 *                from version 5 with the marks of their figures (the
 *                spec's qualifier, range, inferred, conditions not stated;
 *                the review's qualifier)
 *
 * Names, not numbers: a point's pattern and kind are stored as their names
 * (dd_pattern_name, dd_kind_name), so reordering the enums changes nothing
 * stored.  Version 4's upgrade maps version 3's numbers to names once; a
 * store read without upgrading (RESULTS_READ) maps them on read through
 * the same frozen table (results_v3_patterns, results_v3_kinds).
 *
 * Struct fields and columns are tied together by column tables (struct
 * results_col: name, type, offset), one per struct; inserts and selects are
 * built from them, so a field added to a table is stored and loaded in one
 * place.  The schema itself is frozen SQL text per version: migrations[v]
 * takes a database from version v to v + 1 (migrations[0] creates it), and
 * tests/unit/test-results.c keeps a copy of every earlier version's schema.
 *
 * Safety of the file: before sqlite ever opens a path, results_file_check
 * reads its first 100 bytes itself and refuses anything that is not one of
 * ours (garbage, truncated, another program's sqlite database, a newer
 * schema), a FIFO, a directory, or a link to a file of another user.  The
 * connection then checks again through sqlite (the header on disk may be
 * stale while the WAL holds newer pages) with checkpoint-on-close off, so a
 * database refused there is not touched either; a store opened for writing
 * must also pass PRAGMA quick_check (a damaged one is refused, untouched).
 * A symbolic link at the path is followed only when it is ours and names a
 * file of ours; an empty file of another user is never made a store.
 *
 * A new store is made whole under a temporary name beside the final one
 * (".NAME.new-XXXXXX": schema, WAL checkpointed away) and linked into place
 * with link(2), which never replaces a store another process made meanwhile;
 * on failure (a full filesystem) the temporary files are removed, so no
 * half-made store is left.  Every connection is defensive
 * (SQLITE_DBCONFIG_DEFENSIVE, no untrusted schema functions, bounded
 * lengths).  A read-only open never writes: SQLITE_OPEN_READONLY, on
 * read-only media immutable=1, and an older schema is read through TEMP
 * views that add the later versions' columns at their defaults instead of
 * being upgraded.  Every write is BEGIN IMMEDIATE under the busy timeout
 * the store was opened with (results_open: 30 s, two writers queue; the
 * recorder's writer a short one it retries itself, src/core/record.c).
 *
 * This file is the schema, the file's checks, opening and migrating, and
 * provenance; the column tables are in results-cols.c, storing in
 * results-write.c, reading in results-read.c (shared: results-int.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "core/format.h"
#include "core/results-int.h"
#include "io/safety.h"
#include "lib/file.h"

#define RESULTS_APP_ID	   0x44447273	/* "DDrs" in the header's application_id */
#define RESULTS_BUSY_MS	   30000	/* how long a writer waits for another */
#define RESULTS_SQLITE_HDR 100		/* bytes of the sqlite file header */
#define RESULTS_MAX_LENGTH (16 << 20)	/* the longest string or blob a store may hold */

/* ---- the schema, one frozen text per version ---- */

/* Version 1: runs, points, latency, percentiles, bins, intervals, smart. */
static const char results_schema_v1[] =
	"CREATE TABLE runs (\n"
	" id INTEGER PRIMARY KEY, name TEXT NOT NULL, source TEXT NOT NULL,\n"
	" host TEXT, kernel TEXT, cpu_model TEXT, ncpus INTEGER, version TEXT,\n"
	" start_unix INTEGER, end_unix INTEGER, start_utc TEXT, start_local TEXT,\n"
	" end_utc TEXT, end_local TEXT,\n"
	" target_path TEXT, target_kind TEXT, target_desc TEXT, device TEXT,\n"
	" model TEXT, serial TEXT, firmware TEXT, capacity INTEGER, lba_format TEXT,\n"
	" pcie_link TEXT, drive_id TEXT, drive_label TEXT,\n"
	" plan_name TEXT, repeat INTEGER, aggregate TEXT, steady_state INTEGER,\n"
	" precondition_passes REAL, engine TEXT, precondition TEXT, steady TEXT,\n"
	" state TEXT NOT NULL, stopped_by TEXT, why TEXT, imported_from TEXT);\n"
	"CREATE INDEX runs_start ON runs(start_unix);\n"
	"CREATE INDEX runs_serial ON runs(serial);\n"
	"CREATE TABLE points (\n"
	" id INTEGER PRIMARY KEY,\n"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n"
	" idx INTEGER NOT NULL, host TEXT, has_bins INTEGER NOT NULL,\n"
	" name TEXT, pattern INTEGER, read_pct INTEGER, bs INTEGER, iodepth INTEGER,\n"
	" numjobs INTEGER, ramp_s REAL, runtime_s REAL, budget_bytes INTEGER,\n"
	" region_offset INTEGER, region_size INTEGER, iopoll INTEGER,\n"
	" interval_ms INTEGER, batch_asked INTEGER, spin INTEGER, spin_us INTEGER,\n"
	" status INTEGER, message TEXT, cancelled INTEGER, iopoll_used INTEGER,\n"
	" iopoll_fallback INTEGER, spin_used INTEGER, iowq INTEGER,\n"
	" force_async INTEGER, tclass INTEGER, idle_cpus REAL, batch INTEGER,\n"
	" elapsed_s REAL, ios INTEGER, bytes INTEGER, read_ios INTEGER,\n"
	" write_ios INTEGER, read_bytes INTEGER, write_bytes INTEGER,\n"
	" iops REAL, mbps REAL, cpu_user_s REAL, cpu_sys_s REAL,\n"
	" cpu_us_per_io REAL, proc_user_s REAL, proc_sys_s REAL,\n"
	" proc_us_per_io REAL,\n"
	" sum_name TEXT, sum_index INTEGER, sum_status INTEGER,\n"
	" sum_cancelled INTEGER, sum_iops REAL, sum_mbps REAL, sum_elapsed_s REAL,\n"
	" sum_mean_us REAL, sum_p50_us REAL, sum_p99_us REAL, sum_p999_us REAL,\n"
	" sum_max_us REAL, sum_cpu_us_per_io REAL, sum_runs INTEGER,\n"
	" sum_rounds INTEGER, sum_steady INTEGER);\n"
	"CREATE INDEX points_run ON points(run_id, idx);\n"
	"CREATE TABLE latency (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" kind TEXT NOT NULL, n INTEGER, min_us REAL, max_us REAL, mean_us REAL,\n"
	" stdev_us REAL, PRIMARY KEY (point_id, kind)) WITHOUT ROWID;\n"
	"CREATE TABLE percentiles (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" kind TEXT NOT NULL, seq INTEGER NOT NULL, pct REAL, us REAL,\n"
	" PRIMARY KEY (point_id, kind, seq)) WITHOUT ROWID;\n"
	"CREATE TABLE bins (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" idx INTEGER NOT NULL, count INTEGER NOT NULL,\n"
	" PRIMARY KEY (point_id, idx)) WITHOUT ROWID;\n"
	"CREATE TABLE intervals (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" seq INTEGER NOT NULL, t_s REAL, iops REAL, mbps REAL, mean_us REAL,\n"
	" p99_us REAL, read_iops REAL, write_iops REAL, temp_c REAL,\n"
	" PRIMARY KEY (point_id, seq)) WITHOUT ROWID;\n"
	"CREATE TABLE smart (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" phase TEXT NOT NULL, critical_warning INTEGER, temperature_c INTEGER,\n"
	" sensor1 INTEGER, sensor2 INTEGER, sensor3 INTEGER, sensor4 INTEGER,\n"
	" sensor5 INTEGER, sensor6 INTEGER, sensor7 INTEGER, sensor8 INTEGER,\n"
	" available_spare_pct INTEGER, spare_threshold_pct INTEGER,\n"
	" percentage_used INTEGER, data_units_read INTEGER,\n"
	" data_units_written INTEGER, power_on_hours INTEGER, power_cycles INTEGER,\n"
	" unsafe_shutdowns INTEGER, media_errors INTEGER, error_log_entries INTEGER,\n"
	" warning_temp_minutes INTEGER, critical_temp_minutes INTEGER,\n"
	" thermal_t1_transitions INTEGER, thermal_t2_transitions INTEGER,\n"
	" thermal_t1_seconds INTEGER, thermal_t2_seconds INTEGER,\n"
	" PRIMARY KEY (point_id, phase)) WITHOUT ROWID;\n";

/* Version 2: the sensor the intervals' temperatures come from. */
static const char results_migrate_v2[] =
	"ALTER TABLE runs ADD COLUMN temp_source TEXT;\n";

/* Version 3: the kinds beyond the FIO matrix (load curves, checkpoints,
 * thread scaling, the write cliff) and the per-direction summaries. */
static const char results_migrate_v3[] =
	"ALTER TABLE points ADD COLUMN kind INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN rate_iops REAL NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN rate_pct REAL NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN region_pct INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN end_fsync INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN grp INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN pass INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN profile TEXT NOT NULL DEFAULT '';\n"
	"ALTER TABLE points ADD COLUMN flush_s REAL NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN rate_spread REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_read_share REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_read_mean_us REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_read_p99_us REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_write_mean_us REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_write_p99_us REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_rate_iops REAL NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN sum_rate_spread REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_flush_s REAL NOT NULL DEFAULT 0;\n"
	"CREATE TABLE dir_bins (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" dir TEXT NOT NULL, idx INTEGER NOT NULL, count INTEGER NOT NULL,\n"
	" PRIMARY KEY (point_id, dir, idx)) WITHOUT ROWID;\n";

/* Version 4: pattern and kind by name (version 3's numbers mapped once),
 * the run's reference and its verdict rows. */
static const char results_migrate_v4[] =
	"UPDATE points SET pattern = CASE pattern WHEN 0 THEN 'read' WHEN 1 THEN 'write'\n"
	" WHEN 2 THEN 'randread' WHEN 3 THEN 'randwrite' WHEN 4 THEN 'randrw' WHEN 5 THEN 'rw'\n"
	" ELSE pattern END,\n"
	" kind = CASE kind WHEN 0 THEN 'point' WHEN 1 THEN 'curve-max' WHEN 2 THEN 'curve-step'\n"
	" WHEN 3 THEN 'checkpoint' WHEN 4 THEN 'threads' WHEN 5 THEN 'cliff' ELSE kind END;\n"
	"CREATE TABLE run_refs (\n"
	" run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,\n"
	" query TEXT, verdict TEXT, tolerance REAL, rules INTEGER, verdict_summary TEXT);\n"
	"CREATE TABLE verdicts (\n"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n"
	" seq INTEGER NOT NULL, metric TEXT, metric_name TEXT, status TEXT, unit TEXT,\n"
	" reference REAL, ref_source TEXT, measured REAL, ratio REAL, decided_by TEXT,\n"
	" spec_value REAL, spec_source TEXT, review_value REAL, review_source TEXT,\n"
	" point TEXT, reason TEXT, PRIMARY KEY (run_id, seq)) WITHOUT ROWID;\n";

/* Version 5: the marks of a verdict row's figures (issue 27: "etwa 30 us"
 * stays approximate): the spec figure's qualifier, a range's ends, inferred
 * and conditions not stated, and the review figure's qualifier.  Rows of
 * earlier versions read as no marks. */
static const char results_migrate_v5[] =
	"ALTER TABLE verdicts ADD COLUMN spec_qual TEXT;\n"
	"ALTER TABLE verdicts ADD COLUMN spec_lo REAL;\n"
	"ALTER TABLE verdicts ADD COLUMN spec_hi REAL;\n"
	"ALTER TABLE verdicts ADD COLUMN spec_inferred INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE verdicts ADD COLUMN spec_unstated INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE verdicts ADD COLUMN review_qual TEXT;\n";

/* migrations[v]: the SQL that takes version v to v + 1. */
static const char *const results_migrations[] = {
	results_schema_v1,
	results_migrate_v2,
	results_migrate_v3,
	results_migrate_v4,
	results_migrate_v5,
};


#define RESULTS_SCHEMA_VERSION \
	((int)(sizeof results_migrations / sizeof results_migrations[0]))

/* Reading an older schema without writing it: read_shims[v] takes what a
 * read sees from version v to v + 1 with TEMP views (the temp schema is
 * searched before main, so the queries' plain table names find the views):
 * the columns the migration adds, at the defaults it gives them.  Each
 * shim covers tables no other shim touches, except verdicts: version 4's
 * shim makes it empty with every later column, so version 5's (IF NOT
 * EXISTS) adds its columns only to a real version 4 table. */
static const char results_shim_v2[] =
	"CREATE TEMP VIEW runs AS SELECT *, NULL AS temp_source FROM main.runs;\n";

static const char results_shim_v3[] =
	"CREATE TEMP VIEW points AS SELECT *, 0 AS kind, 0 AS rate_iops, 0 AS rate_pct,\n"
	" 0 AS region_pct, 0 AS end_fsync, 0 AS grp, 0 AS pass, 0 AS seq, '' AS profile,\n"
	" 0 AS flush_s, NULL AS rate_spread, NULL AS sum_read_share,\n"
	" NULL AS sum_read_mean_us, NULL AS sum_read_p99_us, NULL AS sum_write_mean_us,\n"
	" NULL AS sum_write_p99_us, 0 AS sum_rate_iops, NULL AS sum_rate_spread,\n"
	" 0 AS sum_flush_s FROM main.points;\n"
	"CREATE TEMP VIEW dir_bins AS SELECT NULL AS point_id, NULL AS dir, NULL AS idx,\n"
	" NULL AS count WHERE 0;\n";

/* (The numbers in points are mapped on read: results_col_enum.) */
static const char results_shim_v4[] =
	"CREATE TEMP VIEW run_refs AS SELECT NULL AS run_id, NULL AS query, NULL AS verdict,\n"
	" NULL AS tolerance, NULL AS rules, NULL AS verdict_summary WHERE 0;\n"
	"CREATE TEMP VIEW verdicts AS SELECT NULL AS run_id, NULL AS seq, NULL AS metric,\n"
	" NULL AS metric_name, NULL AS status, NULL AS unit, NULL AS reference,\n"
	" NULL AS ref_source, NULL AS measured, NULL AS ratio, NULL AS decided_by,\n"
	" NULL AS spec_value, NULL AS spec_source, NULL AS review_value,\n"
	" NULL AS review_source, NULL AS point, NULL AS reason, NULL AS spec_qual,\n"
	" NULL AS spec_lo, NULL AS spec_hi, 0 AS spec_inferred, 0 AS spec_unstated,\n"
	" NULL AS review_qual WHERE 0;\n";

static const char results_shim_v5[] =
	"CREATE TEMP VIEW IF NOT EXISTS verdicts AS SELECT *, NULL AS spec_qual,\n"
	" NULL AS spec_lo, NULL AS spec_hi, 0 AS spec_inferred, 0 AS spec_unstated,\n"
	" NULL AS review_qual FROM main.verdicts;\n";

static const char *const results_read_shims[] = {
	NULL,
	results_shim_v2,
	results_shim_v3,
	results_shim_v4,
	results_shim_v5,
};

_Static_assert(sizeof results_read_shims == sizeof results_migrations,
	       "a read shim for every migration after the first");

/* ---- the connection ---- */

/* The mount point of the filesystem that holds path (its directory when
 * path does not exist) into buf; false when it cannot be found. */
static bool
results_mount_of(const char *path, char *buf, size_t len)
{
	struct safety_mount m;
	char		    dir[PATH_MAX];
	char		   *slash;

	if (safety_file_mount(path, &m) < 0) {
		dd_strlcpy(dir, path, sizeof dir);
		slash = strrchr(dir, '/');
		if (slash == NULL)
			dd_strlcpy(dir, ".", sizeof dir);
		else
			slash[slash == dir ? 1 : 0] = '\0';
		if (safety_file_mount(dir, &m) < 0)
			return false;
	}
	dd_strlcpy(buf, m.mountpoint, len);
	return true;
}

/* The sentence for a store on a full filesystem (code -ENOSPC or -EDQUOT). */
static int
results_nospace(const char *path, int code, const char *what, struct dd_error *err)
{
	char mnt[1024];

	if (results_mount_of(path, mnt, sizeof mnt))
		return dd_error_set(err, code, "no %s left for the results store %s: the "
				    "filesystem mounted at %s is full (cannot %s)",
				    code == -EDQUOT ? "quota" : "space", path, mnt, what);
	return dd_error_set(err, code, "no %s left for the results store %s (cannot %s)",
			    code == -EDQUOT ? "quota" : "space", path, what);
}

/* The sentence for a store on a read-only filesystem. */
static int
results_rofs(const char *path, struct dd_error *err)
{
	char mnt[1024];

	if (results_mount_of(path, mnt, sizeof mnt))
		return dd_error_set(err, -EROFS, "the results store %s is on a read-only "
				    "filesystem (mounted at %s): runs cannot be stored there",
				    path, mnt);
	return dd_error_set(err, -EROFS, "the results store %s is on a read-only filesystem: "
			    "runs cannot be stored there", path);
}

/* Set err from the connection's last error, naming the file and the action. */
int
results_fail(struct results *db, const char *what, struct dd_error *err)
{
	int rc = sqlite3_errcode(db->db), sys = sqlite3_system_errno(db->db);
	int code = rc == SQLITE_FULL ? -ENOSPC : rc == SQLITE_READONLY ? -EROFS
		   : rc == SQLITE_BUSY ? -EBUSY : rc == SQLITE_NOTADB ? -EINVAL : -EIO;

	/* sqlite says "disk I/O error" when a write of the WAL or its index
	 * finds the filesystem full: the errno behind it tells. */
	if (rc == SQLITE_FULL || ((rc == SQLITE_IOERR || rc == SQLITE_CANTOPEN) &&
				  (sys == ENOSPC || sys == EDQUOT)))
		return results_nospace(db->name, sys == EDQUOT ? -EDQUOT : -ENOSPC, what, err);
	if ((rc == SQLITE_READONLY || rc == SQLITE_CANTOPEN || rc == SQLITE_IOERR) && sys == EROFS)
		return results_rofs(db->name, err);
	if (rc == SQLITE_BUSY)
		return dd_error_set(err, code, "the results store %s is busy (another process "
				    "holds its write lock): cannot %s", db->name, what);
	return dd_error_set(err, code, "results store %s: cannot %s: %s", db->name, what,
			    sqlite3_errmsg(db->db));
}

/* Run SQL text without results; 0 or negative errno. */
int
results_exec(struct results *db, const char *sql, const char *what, struct dd_error *err)
{
	if (sqlite3_exec(db->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return results_fail(db, what, err);
	return 0;
}

/* Prepare a statement (not cached). */
int
results_prepare(struct results *db, const char *sql, sqlite3_stmt **st, struct dd_error *err)
{
	if (sqlite3_prepare_v2(db->db, sql, -1, st, NULL) != SQLITE_OK)
		return results_fail(db, "prepare a query", err);
	return 0;
}

/* One integer from a query without parameters (a pragma); 0 or negative errno. */
static int
results_query_int(struct results *db, const char *sql, int64_t *out, struct dd_error *err)
{
	sqlite3_stmt *st;
	int	      rc;

	if (results_prepare(db, sql, &st, err) < 0)
		return err ? err->code : -EIO;
	rc = sqlite3_step(st);
	*out = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return results_fail(db, "read the file", err);
	return 0;
}

/* Begin a write transaction (waits for other writers up to the busy timeout). */
int
results_begin(struct results *db, struct dd_error *err)
{
	return results_exec(db, "BEGIN IMMEDIATE", "start a write", err);
}

/* Commit, or roll back and keep the first error when rc < 0. */
int
results_finish(struct results *db, int rc, const char *what, struct dd_error *err)
{
	if (rc < 0) {
		sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
		return rc;
	}
	if (sqlite3_exec(db->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		rc = results_fail(db, what, err);
		sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
	}
	return rc;
}

/* ---- the file itself: checked before sqlite opens it ---- */

/* A big-endian 32-bit field of the sqlite header. */
static uint32_t
results_hdr_u32(const unsigned char *h, size_t off)
{
	return (uint32_t)h[off] << 24 | (uint32_t)h[off + 1] << 16 |
	       (uint32_t)h[off + 2] << 8 | h[off + 3];
}

/* Does a non-empty WAL file sit beside path (the header may be stale)? */
static bool
results_has_wal(const char *path)
{
	char	    wal[PATH_MAX + 8];
	struct stat st;

	snprintf(wal, sizeof wal, "%s-wal", path);
	return lstat(wal, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
}

/* Judge the 100 header bytes of an existing file of size bytes at path. */
static int
results_header_check(const char *path, const unsigned char *h, off_t size,
		     struct dd_error *err)
{
	uint32_t app = results_hdr_u32(h, 68), ver = results_hdr_u32(h, 60);
	uint32_t psz = (uint32_t)h[16] << 8 | h[17], pages = results_hdr_u32(h, 28);
	bool	 wal = h[18] == 2 && results_has_wal(path);
	/* No id, no version, no schema yet (or newer pages in the WAL): a
	 * store another drivedash is creating right now, or an empty
	 * database; results_check_ours decides through sqlite. */
	bool	 unborn = app == 0 && ver == 0 && (results_hdr_u32(h, 40) == 0 || wal);

	if (memcmp(h, "SQLite format 3", 16) != 0)
		return dd_error_set(err, -EINVAL, "%s is not a drivedash results database (not an "
				    "SQLite file); it was left as it is", path);
	if (psz == 1)
		psz = 65536;
	/* The in-header size counts when its change counter is current. */
	if (!wal && results_hdr_u32(h, 24) == results_hdr_u32(h, 92) &&
	    (uint64_t)size < (uint64_t)pages * psz)
		return dd_error_set(err, -EINVAL, "%s is truncated (%lld bytes of a %llu-byte "
				    "results database); it was left as it is", path,
				    (long long)size, (unsigned long long)pages * psz);
	if (app != RESULTS_APP_ID && !unborn)
		return dd_error_set(err, -EINVAL, "%s is an SQLite database of another program "
				    "(application id 0x%08x), not a drivedash results store; it "
				    "was left as it is", path, app);
	if (ver > RESULTS_SCHEMA_VERSION)
		return dd_error_set(err, -EINVAL, "%s was written by a newer drivedash (results "
				    "schema %u, this one knows up to %d); it was left as it is",
				    path, ver, RESULTS_SCHEMA_VERSION);
	return 0;
}

/* Check an existing file at path before sqlite opens it; 0, 1 when it is
 * empty (a new store: only a file of ours), or negative errno with err set. */
static int
results_file_check(const char *path, struct dd_error *err)
{
	unsigned char h[RESULTS_SQLITE_HDR];
	struct stat   st;
	ssize_t	      got;
	int	      fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), rc;

	if (fd < 0)
		return dd_error_set(err, -errno, "cannot open the results store %s: %s", path,
				    strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return dd_error_set(err, -EINVAL, "%s is %s, not a results database", path,
				    file_kind(st.st_mode));
	}
	got = st.st_size == 0 ? 0 : pread(fd, h, sizeof h, 0);
	close(fd);
	if (st.st_size == 0 && st.st_uid != geteuid())
		return dd_error_set(err, -EPERM, "%s belongs to another user (uid %u) and is "
				    "empty: refusing to make it a results store", path,
				    (unsigned)st.st_uid);
	if (st.st_size == 0)
		return 1;
	if (got < 0)
		return dd_error_set(err, -errno, "cannot read the results store %s: %s", path,
				    strerror(errno));
	if (got < (ssize_t)sizeof h)
		return dd_error_set(err, -EINVAL, "%s is truncated (%zd bytes, not even an SQLite "
				    "header); it was left as it is", path, got);
	rc = results_header_check(path, h, st.st_size, err);
	return rc;
}

/*
 * Where to open: path itself, or for a symbolic link of ours the file it
 * names when that is ours too (a link another user planted, one into
 * another user's file, or a dangling one is refused: no store is made
 * through it).  *exists says whether there is a file.
 */
static int
results_resolve_link(const char *path, char *real, size_t len, bool *exists,
		     struct dd_error *err)
{
	struct stat ls, st;
	char	    buf[PATH_MAX];

	dd_strlcpy(real, path, len);
	*exists = lstat(path, &ls) == 0;
	if (!*exists) {
		if (errno != ENOENT)
			return dd_error_set(err, -errno, "cannot use the results store %s: %s",
					    path, strerror(errno));
		return 0;
	}
	if (!S_ISLNK(ls.st_mode))
		return 0;
	if (ls.st_uid != geteuid())
		return dd_error_set(err, -EPERM, "%s is a symbolic link of another user (uid %u); "
				    "refusing to follow it to a results store", path,
				    (unsigned)ls.st_uid);
	if (stat(path, &st) < 0 || realpath(path, buf) == NULL)
		return dd_error_set(err, -ENOENT, "%s is a symbolic link to nothing; refusing "
				    "to create a results store through it", path);
	if (st.st_uid != geteuid())
		return dd_error_set(err, -EPERM, "%s is a symbolic link to %s, which belongs to "
				    "another user; refusing to use it as the results store",
				    path, buf);
	dd_strlcpy(real, buf, len);
	return 0;
}

/* Is path (or, when it does not exist, its directory) on a read-only
 * filesystem? */
static bool
results_on_rofs(const char *path)
{
	struct statvfs vfs;
	char	       dir[PATH_MAX];
	char	      *slash;

	if (statvfs(path, &vfs) == 0)
		return (vfs.f_flag & ST_RDONLY) != 0;
	dd_strlcpy(dir, path, sizeof dir);
	slash = strrchr(dir, '/');
	if (slash == NULL)
		return statvfs(".", &vfs) == 0 && (vfs.f_flag & ST_RDONLY) != 0;
	slash[slash == dir ? 1 : 0] = '\0';
	return statvfs(dir, &vfs) == 0 && (vfs.f_flag & ST_RDONLY) != 0;
}

/* The sentence for a failed system call on the store's path. */
static int
results_sys_fail(const char *path, int e, const char *what, struct dd_error *err)
{
	if (e == ENOSPC || e == EDQUOT)
		return results_nospace(path, -e, what, err);
	if (e == EROFS)
		return results_rofs(path, err);
	return dd_error_set(err, -e, "cannot %s the results store %s: %s", what, path,
			    strerror(e));
}

/* Remove a store file and what sqlite keeps beside it. */
void
results_remove(const char *path)
{
	static const char *const sides[] = { "", "-wal", "-shm", "-journal" };
	char			 name[PATH_MAX + 16];

	for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
		snprintf(name, sizeof name, "%s%s", path, sides[i]);
		unlink(name);
	}
}

/* ---- open, check through sqlite, migrate ---- */

/* How many schema objects a store of ours never has: views and triggers
 * (a crafted store's queries could loop or write), and tables or indexes
 * of other names.  (Every version's names: a migration adds, never drops.) */
static const char results_foreign_objects[] =
	"SELECT count(*) FROM sqlite_master WHERE NOT ("
	"(type = 'table' AND name IN ('runs', 'points', 'latency', 'percentiles', 'bins',"
	" 'intervals', 'smart', 'dir_bins', 'run_refs', 'verdicts')) OR "
	"(type = 'index' AND (name IN ('runs_start', 'runs_serial', 'points_run') OR"
	" name LIKE 'sqlite\\_autoindex\\_%' ESCAPE '\\')) OR "
	"(type = 'table' AND name LIKE 'sqlite\\_stat%' ESCAPE '\\'))";

/* Is the open database ours (or empty, when fresh may be true)?  Reads
 * only; the caller holds a transaction, so the reads agree. */
static int
results_check_ours(struct results *db, bool *fresh, struct dd_error *err)
{
	int64_t app, ver, ntables, foreign;

	if (results_query_int(db, "SELECT count(*) FROM sqlite_master", &ntables, err) < 0 ||
	    results_query_int(db, "PRAGMA application_id", &app, err) < 0 ||
	    results_query_int(db, "PRAGMA user_version", &ver, err) < 0) {
		if (err && err->code == -EINVAL)
			dd_error_set(err, -EINVAL, "%s is not a drivedash results database; it was "
				     "left as it is", db->name);
		return err ? err->code : -EIO;
	}
	*fresh = app == 0 && ver == 0 && ntables == 0;
	if (results_query_int(db, results_foreign_objects, &foreign, err) < 0)
		return err ? err->code : -EIO;
	if (app == RESULTS_APP_ID && foreign > 0)
		return dd_error_set(err, -EINVAL, "%s holds a view, trigger or table that no "
				    "drivedash results store has (another program changed it); it "
				    "was left as it is", db->name);
	if (app != RESULTS_APP_ID && !*fresh)
		return dd_error_set(err, -EINVAL, "%s is an SQLite database of another program "
				    "(application id 0x%08x), not a drivedash results store; it "
				    "was left as it is", db->name, (unsigned)app);
	if (ver > RESULTS_SCHEMA_VERSION)
		return dd_error_set(err, -EINVAL, "%s was written by a newer drivedash (results "
				    "schema %lld, this one knows up to %d); it was left as it is",
				    db->name, (long long)ver, RESULTS_SCHEMA_VERSION);
	return 0;
}

/* PRAGMA quick_check of a store about to be written: a damaged one is
 * refused before anything is added to it. */
static int
results_quick_check(struct results *db, struct dd_error *err)
{
	sqlite3_stmt *st;
	char	      first[256] = "";
	int	      step;

	if (sqlite3_prepare_v2(db->db, "PRAGMA quick_check(1)", -1, &st, NULL) != SQLITE_OK)
		return results_fail(db, "check it", err);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		dd_strlcpy(first, (const char *)sqlite3_column_text(st, 0), sizeof first);
	sqlite3_finalize(st);
	if (step == SQLITE_ROW && strcmp(first, "ok") == 0)
		return 0;
	if (step != SQLITE_ROW && sqlite3_errcode(db->db) != SQLITE_CORRUPT &&
	    sqlite3_errcode(db->db) != SQLITE_NOTADB)
		return results_fail(db, "check it", err);
	return dd_error_set(err, -EIO, "%s is damaged (sqlite's quick_check: %s); it was left as "
			    "it is: read what `runs` still lists from it and store new runs in "
			    "another --results file", db->name,
			    first[0] ? first : sqlite3_errmsg(db->db));
}

/* Bring the schema to the current version, in one write transaction. */
static int
results_migrate(struct results *db, struct dd_error *err)
{
	int64_t ver;
	bool	fresh;
	char	sql[96];
	int	rc;

	if ((rc = results_begin(db, err)) < 0)
		return rc;
	/* Checked again under the write lock: another process may have
	 * created or upgraded it since. */
	rc = results_check_ours(db, &fresh, err);
	if (rc == 0)
		rc = results_query_int(db, "PRAGMA user_version", &ver, err);
	for (; rc == 0 && ver < RESULTS_SCHEMA_VERSION; ver++)
		rc = results_exec(db, results_migrations[ver], "upgrade the schema", err);
	if (rc == 0) {
		snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d",
			 RESULTS_APP_ID, RESULTS_SCHEMA_VERSION);
		rc = results_exec(db, sql, "upgrade the schema", err);
	}
	return results_finish(db, rc, "upgrade the schema", err);
}

/* Switch the store to WAL once.  Changing the journal mode takes a lock
 * sqlite does not wait for (no busy handler), so a writer that holds one
 * is waited for here, up to the busy timeout. */
static int
results_set_wal(struct results *db, struct dd_error *err)
{
	sqlite3_stmt *st;
	int	      rc = SQLITE_BUSY;
	bool	      wal;

	for (int waited = 0; waited <= db->busy_ms; waited += 10) {
		if (sqlite3_prepare_v2(db->db, "PRAGMA journal_mode = WAL", -1, &st, NULL) != SQLITE_OK)
			return results_fail(db, "set it up", err);
		rc = sqlite3_step(st);
		wal = rc == SQLITE_ROW &&
		      strcmp(results_col_text(st, 0), "wal") == 0;
		sqlite3_finalize(st);
		if (wal)
			return 0;
		if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED && rc != SQLITE_ROW)
			break;
		sqlite3_sleep(10);
	}
	return results_fail(db, "switch it to WAL", err);
}

/* Does the open store need a write (created, or an older schema)? */
static bool
results_needs_migration(struct results *db)
{
	int64_t ver = 0, app = 0;

	results_query_int(db, "PRAGMA user_version", &ver, NULL);
	results_query_int(db, "PRAGMA application_id", &app, NULL);
	return ver < RESULTS_SCHEMA_VERSION || app != RESULTS_APP_ID;
}

/* Make an older schema read as the current one, writing nothing: the
 * read shims from its version on. */
static int
results_shim(struct results *db, struct dd_error *err)
{
	int64_t ver = 0;
	int	rc = results_query_int(db, "PRAGMA user_version", &ver, err);

	for (; rc == 0 && ver >= 1 && ver < RESULTS_SCHEMA_VERSION; ver++)
		rc = results_exec(db, results_read_shims[ver], "read its older schema", err);
	return rc;
}

/* Defensive settings for a file that may be hostile: no writes to the
 * schema's internals, no functions with side effects from its schema (its
 * views and triggers), and bounded lengths.  (Triggers stay enabled:
 * foreign keys' ON DELETE CASCADE runs as one.) */
static void
results_harden(struct results *db)
{
	sqlite3_db_config(db->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(db->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_db_config(db->db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
	sqlite3_limit(db->db, SQLITE_LIMIT_LENGTH, RESULTS_MAX_LENGTH);
	sqlite3_limit(db->db, SQLITE_LIMIT_SQL_LENGTH, 1 << 20);
	sqlite3_limit(db->db, SQLITE_LIMIT_EXPR_DEPTH, 100);
	sqlite3_limit(db->db, SQLITE_LIMIT_COMPOUND_SELECT, 8);
	sqlite3_limit(db->db, SQLITE_LIMIT_ATTACHED, 0);
}

/* "file:PATH?immutable=1" with the URI's special characters escaped: how
 * a store on read-only media is read (sqlite needs no lock file there). */
static void
results_immutable_uri(const char *path, char *buf, size_t len)
{
	size_t o = (size_t)snprintf(buf, len, "file:");

	for (const unsigned char *c = (const unsigned char *)path; *c && o + 4 < len; c++)
		if (*c == '%' || *c == '?' || *c == '#' || *c < 0x20 || *c >= 0x7f)
			o += (size_t)snprintf(buf + o, len - o, "%%%02X", *c);
		else
			buf[o++] = (char)*c;
	buf[o] = '\0';
	dd_strlcpy(buf + o, "?immutable=1", len - o);
}

/* Open the sqlite connection on a checked path that exists (sqlite never
 * creates one) and set it up; a read-only open writes nothing. */
static int
results_connect(struct results *db, enum results_mode mode, struct dd_error *err)
{
	int  flags = mode == RESULTS_READ ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
	char uri[3 * PATH_MAX + 32];
	const char *name = db->path;
	bool fresh;
	int  rc;

#ifdef SQLITE_OPEN_NOFOLLOW
	flags |= SQLITE_OPEN_NOFOLLOW;
#endif
	if (mode == RESULTS_READ && results_on_rofs(db->path)) {
		results_immutable_uri(db->path, uri, sizeof uri);
		name = uri;
		flags |= SQLITE_OPEN_URI;
	}
	if (sqlite3_open_v2(name, &db->db, flags, NULL) != SQLITE_OK)
		return results_fail(db, "open it", err);
	results_harden(db);
	/* Nothing is written, not even a checkpoint, until it is known ours. */
	sqlite3_db_config(db->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
	sqlite3_busy_timeout(db->db, db->busy_ms);
	/* One read transaction: another process may be creating it now. */
	if ((rc = results_exec(db, "BEGIN", "read it", err)) < 0)
		return rc;
	rc = results_check_ours(db, &fresh, err);
	if (rc == 0 && mode != RESULTS_READ && !fresh)
		rc = results_quick_check(db, err);
	sqlite3_exec(db->db, "COMMIT", NULL, NULL, NULL);
	if (rc < 0)
		return rc;
	if (mode == RESULTS_READ && fresh)
		return dd_error_set(err, -ENOENT, "%s holds no results yet", db->name);
	if (mode == RESULTS_READ)
		return results_shim(db, err);
	sqlite3_db_config(db->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);
	if ((rc = results_exec(db, "PRAGMA foreign_keys = ON", "set it up", err)) < 0)
		return rc;
	if ((rc = results_set_wal(db, err)) < 0 ||
	    (rc = results_exec(db, "PRAGMA synchronous = FULL", "set it up", err)) < 0)
		return rc;
	return results_needs_migration(db) ? results_migrate(db, err) : 0;
}

/* A new, empty connection object for path (named as name in sentences). */
static struct results *
results_new(const char *path, const char *name, int busy_ms)
{
	struct results *db = calloc(1, sizeof *db);

	if (db == NULL)
		return NULL;
	dd_strlcpy(db->path, path, sizeof db->path);
	dd_strlcpy(db->name, name, sizeof db->name);
	db->busy_ms = busy_ms;
	return db;
}

/* Build a whole store at tmp (an empty file of ours): schema, WAL mode, and
 * the WAL checkpointed into the file and gone, so the file alone is the
 * store.  Sentences name path, the final name. */
static int
results_build_new(const char *tmp, const char *path, int busy_ms, struct dd_error *err)
{
	struct results *t = results_new(tmp, path, busy_ms);
	struct stat	st;
	char		wal[PATH_MAX + 8];
	int		rc, logged = -1, moved = -1;

	if (t == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	rc = results_connect(t, RESULTS_WRITE, err);
	if (rc == 0 && sqlite3_wal_checkpoint_v2(t->db, NULL, SQLITE_CHECKPOINT_TRUNCATE,
						 &logged, &moved) != SQLITE_OK)
		rc = results_fail(t, "create it", err);
	results_close(t);
	snprintf(wal, sizeof wal, "%s-wal", tmp);
	if (rc == 0 && (logged != moved || (lstat(wal, &st) == 0 && st.st_size > 0)))
		rc = dd_error_set(err, -EIO, "cannot create the results store %s: its "
				  "write-ahead log was not folded into it", path);
	return rc;
}

/* Make a new store at path atomically: built whole under a temporary name
 * in the same directory (0600, in directories made 0700), then linked to
 * path.  One another process made meanwhile wins and is checked instead.
 * No file is left behind on failure. */
static int
results_create_new(const char *path, int busy_ms, struct dd_error *err)
{
	char  dir[PATH_MAX], tmp[PATH_MAX];
	const char *base = file_base(path);
	int   fd, rc = file_mkdir_parents(path, 0700, dir, sizeof dir);

	if (rc < 0) {
		if (rc == -EROFS || rc == -ENOSPC || rc == -EDQUOT)
			return results_sys_fail(path, -rc, "create", err);
		return dd_error_set(err, rc, "cannot create the directory %s for the results "
				    "store: %s", dir, strerror(-rc));
	}
	if ((size_t)snprintf(tmp, sizeof tmp, "%.*s.%s.new-XXXXXX", (int)(base - path), path,
			     base) >= sizeof tmp)
		return dd_error_set(err, -ENAMETOOLONG, "the results store's path %s is too long",
				    path);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return results_sys_fail(path, errno, "create", err);
	close(fd);
	rc = results_build_new(tmp, path, busy_ms, err);
	if (rc == 0 && link(tmp, path) < 0) {
		int e = errno;

		rc = e == EEXIST ? results_file_check(path, err)
				 : results_sys_fail(path, e, "create", err);
		if (rc == 1)
			rc = 0;
	}
	results_remove(tmp);
	return rc;
}

/* Open (and for RESULTS_WRITE create, then migrate) the store at path,
 * waiting up to busy_ms for another writer. */
int
results_open_wait(struct results **out, const char *path, enum results_mode mode, int busy_ms,
		  struct dd_error *err)
{
	struct results *db;
	bool		exists;
	int		rc;

	*out = NULL;
	db = results_new(path, path, busy_ms);
	if (db == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	rc = results_resolve_link(path, db->path, sizeof db->path, &exists, err);
	if (rc == 0 && !exists && mode == RESULTS_READ)
		rc = dd_error_set(err, -ENOENT, "there is no results store at %s yet", path);
	if (rc == 0 && mode != RESULTS_READ && results_on_rofs(db->path))
		rc = results_rofs(path, err);
	if (rc == 0 && exists)
		rc = results_file_check(db->path, err);
	if (rc == 0 && !exists)
		rc = results_create_new(db->path, busy_ms, err);
	if (rc >= 0)
		rc = results_connect(db, mode, err);
	if (rc < 0) {
		results_close(db);
		return rc;
	}
	*out = db;
	return 0;
}

/* Open (and for RESULTS_WRITE create, then migrate) the store at path. */
int
results_open(struct results **out, const char *path, enum results_mode mode,
	     struct dd_error *err)
{
	return results_open_wait(out, path, mode, RESULTS_BUSY_MS, err);
}

/* A store in memory, private to its connection. */
int
results_open_memory(struct results **out, struct dd_error *err)
{
	struct results *db = results_new(":memory:", "the run kept in memory", 0);
	int		rc;

	*out = NULL;
	if (db == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	if (sqlite3_open_v2(":memory:", &db->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
			    NULL) != SQLITE_OK)
		rc = results_fail(db, "open it", err);
	else {
		results_harden(db);
		rc = results_exec(db, "PRAGMA foreign_keys = ON", "set it up", err);
	}
	if (rc == 0)
		rc = results_migrate(db, err);
	if (rc < 0) {
		results_close(db);
		return rc;
	}
	*out = db;
	return 0;
}

/* Close a store. */
void
results_close(struct results *db)
{
	if (db == NULL)
		return;
	for (int i = 0; i < RS_NSTMTS; i++)
		sqlite3_finalize(db->st[i]);
	sqlite3_close(db->db);
	free(db);
}

/* The path a store was opened at. */
const char *
results_path(const struct results *db)
{
	return db->path;
}

/* The default location of the store. */
int
results_default_path(char *buf, size_t len, struct dd_error *err)
{
	int rc = file_xdg_path("XDG_DATA_HOME", ".local/share", "drivedash/results.db", buf, len);

	if (rc == -ENOENT)
		return dd_error_set(err, rc, "neither XDG_DATA_HOME nor HOME is set to an "
				    "absolute path: give the results store with --results PATH");
	if (rc < 0)
		return dd_error_set(err, rc, "the results store's path is too long");
	return 0;
}

/* ---- provenance helpers ---- */

/* Fill the host part of a provenance. */
void
results_prov_host(struct results_prov *p)
{
	struct utsname u;
	long	       n = sysconf(_SC_NPROCESSORS_ONLN);

	if (gethostname(p->host, sizeof p->host) < 0)
		p->host[0] = '\0';
	p->host[sizeof p->host - 1] = '\0';
	if (uname(&u) == 0)
		snprintf(p->kernel, sizeof p->kernel, "%s %s", u.release, u.version);
	p->ncpus = n > 0 ? (unsigned)n : 0;
	snprintf(p->version, sizeof p->version, "drivedash %s", PACKAGE_VERSION);
	if (file_read_field("/proc/cpuinfo", "model name", p->cpu_model, sizeof p->cpu_model) < 0)
		p->cpu_model[0] = '\0';
}

/* Set the start (or end) time of a provenance. */
void
results_prov_time(struct results_prov *p, bool start, int64_t t)
{
	time_t	  tt = (time_t)t;
	struct tm utc, loc;
	char	 *iso_utc = start ? p->start_utc : p->end_utc;
	char	 *iso_loc = start ? p->start_local : p->end_local;
	char	  zone[8];
	size_t	  n;

	*(start ? &p->start_unix : &p->end_unix) = t;
	gmtime_r(&tt, &utc);
	localtime_r(&tt, &loc);
	strftime(iso_utc, sizeof p->start_utc, "%Y-%m-%dT%H:%M:%SZ", &utc);
	n = strftime(iso_loc, sizeof p->start_local, "%Y-%m-%dT%H:%M:%S", &loc);
	/* ISO 8601 wants the offset as +01:00, strftime gives +0100. */
	if (strftime(zone, sizeof zone, "%z", &loc) == 5)
		snprintf(iso_loc + n, sizeof p->start_local - n, "%.3s:%s", zone, zone + 3);
}

/* The short model label: the matched drive without its vendor, else the
 * model string with its capacity. */
static void
results_name_drive(const struct results_prov *p, char *buf, size_t len)
{
	const char *label = p->drive_label, *sp = strchr(label, ' ');
	char	    cap[32];

	if (label[0] != '\0') {
		dd_strlcpy(buf, sp && strchr(sp + 1, ' ') ? sp + 1 : label, len);
		return;
	}
	if (p->capacity > 0)
		snprintf(buf, len, "%s %s", p->model,
			 fmt_capacity((double)p->capacity / 1e9, cap, sizeof cap));
	else
		dd_strlcpy(buf, p->model, len);
}

/* Name a run. */
void
results_run_name(const struct results_prov *p, bool utf8, char *buf, size_t len)
{
	const char *dot = utf8 ? " \u00b7 " : " - ";
	const char *base = file_base(p->target_path);
	char	    what[384], when[20];

	/* A file is named by itself: the drive a dashboard swept it against is
	 * its reference, not what it is. */
	bool file = strcmp(p->target_kind, "file") == 0 || strcmp(p->target_kind, "scratch") == 0;

	if (p->model[0] != '\0' || (p->drive_label[0] != '\0' && !file)) {
		results_name_drive(p, what, sizeof what);
		if (p->serial[0] != '\0') {
			size_t o = strlen(what);

			snprintf(what + o, sizeof what - o, " SN%s", p->serial);
		}
	} else if (strcmp(p->target_kind, "remote") == 0) {
		snprintf(what, sizeof what, "%.120s on %.250s", p->device[0] ? p->device : base,
			 p->host);
	} else if (strcmp(p->target_kind, "block") != 0 && p->device[0] != '\0') {
		snprintf(what, sizeof what, "%.250s on %.63s", base, p->device);
	} else {
		dd_strlcpy(what, base, sizeof what);
	}
	/* "2026-12-01T15:03:07+01:00" -> "2026-12-01 15:03" */
	snprintf(when, sizeof when, "%.10s %.5s", p->start_local,
		 strlen(p->start_local) > 11 ? p->start_local + 11 : "");
	snprintf(buf, len, "%s%s%s%s%s", what, dot, p->plan_name, dot, when);
}

/* What a run drifts by. */
const char *
results_drift_key(const struct results_prov *p, char *buf, size_t len)
{
	if (p->serial[0] != '\0')
		snprintf(buf, len, "%s", p->serial);
	else
		snprintf(buf, len, "%s on %s", p->target_path, p->device);
	return buf;
}
