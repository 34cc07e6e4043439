/*
 * Storing in the results store (results.h): a run's provenance, its
 * references and verdict rows, and each finished point with its latency
 * summaries, percentiles, histogram bins (per direction for a mix), interval
 * series and SMART before and after, each write one transaction (BEGIN
 * IMMEDIATE under the store's busy timeout).  The statements used for every
 * point are prepared once per connection (struct results st[]); every
 * insert is built from the column tables (results-cols.c).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/format.h"
#include "core/results-int.h"
#include "lib/file.h"

/* ---- writing ---- */

/* Prepare (once) the cached statement k from its SQL text. */
static int
results_stmt(struct results *db, enum results_stmt k, sqlite3_stmt **out, struct dd_error *err)
{
	char sql[4096] = "";

	if (db->st[k] != NULL) {
		sqlite3_reset(db->st[k]);
		sqlite3_clear_bindings(db->st[k]);
		*out = db->st[k];
		return 0;
	}
	switch (k) {
	case RS_POINT:
		snprintf(sql, sizeof sql, "INSERT INTO points (run_id, idx, host, has_bins");
		results_col_list(sql, sizeof sql, "", results_point_cols, NCOLS(results_point_cols));
		results_col_list(sql, sizeof sql, "", results_sum_cols, NCOLS(results_sum_cols));
		strcat(sql, ") VALUES (?, ?, ?, ?");
		results_marks(sql, sizeof sql,
			      NCOLS(results_point_cols) + NCOLS(results_sum_cols));
		strcat(sql, ")");
		break;
	case RS_LAT:
		snprintf(sql, sizeof sql, "INSERT INTO latency (point_id, kind");
		results_col_list(sql, sizeof sql, "", results_lat_cols, NCOLS(results_lat_cols));
		strcat(sql, ") VALUES (?, ?");
		results_marks(sql, sizeof sql, NCOLS(results_lat_cols));
		strcat(sql, ")");
		break;
	case RS_PCT:
		snprintf(sql, sizeof sql, "INSERT INTO percentiles (point_id, kind, seq, pct, us) "
			 "VALUES (?, ?, ?, ?, ?)");
		break;
	case RS_BIN:
		snprintf(sql, sizeof sql, "INSERT INTO bins (point_id, idx, count) VALUES (?, ?, ?)");
		break;
	case RS_DIR_BIN:
		snprintf(sql, sizeof sql, "INSERT INTO dir_bins (point_id, dir, idx, count) "
			 "VALUES (?, ?, ?, ?)");
		break;
	case RS_INTERVAL:
		snprintf(sql, sizeof sql, "INSERT INTO intervals (point_id, seq");
		results_col_list(sql, sizeof sql, "", results_interval_cols,
				 NCOLS(results_interval_cols));
		strcat(sql, ") VALUES (?, ?");
		results_marks(sql, sizeof sql, NCOLS(results_interval_cols));
		strcat(sql, ")");
		break;
	case RS_SMART:
		snprintf(sql, sizeof sql, "INSERT INTO smart (point_id, phase");
		results_col_list(sql, sizeof sql, "", results_smart_cols, NCOLS(results_smart_cols));
		strcat(sql, ") VALUES (?, ?");
		results_marks(sql, sizeof sql, NCOLS(results_smart_cols));
		strcat(sql, ")");
		break;
	default:
		break;
	}
	if (results_prepare(db, sql, &db->st[k], err) < 0)
		return err ? err->code : -EIO;
	*out = db->st[k];
	return 0;
}

/* Step an insert to its end; 0 or negative errno. */
int
results_step_done(struct results *db, sqlite3_stmt *st, int bound, const char *what,
		  struct dd_error *err)
{
	if (bound != SQLITE_OK || sqlite3_step(st) != SQLITE_DONE) {
		int rc = results_fail(db, what, err);

		sqlite3_reset(st);
		return rc;
	}
	sqlite3_reset(st);
	return 0;
}

/* Insert or replace run p->id's run_refs row (its reference and verdict). */
static int
results_insert_refs(struct results *db, const struct results_prov *p, struct dd_error *err)
{
	char	      sql[1024] = "INSERT OR REPLACE INTO run_refs (run_id";
	sqlite3_stmt *st;
	int	      rc, bound;

	results_col_list(sql, sizeof sql, "", results_ref_cols, NCOLS(results_ref_cols));
	strcat(sql, ") VALUES (?");
	results_marks(sql, sizeof sql, NCOLS(results_ref_cols));
	strcat(sql, ")");
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	bound = sqlite3_bind_int64(st, 1, p->id) |
		results_bind_cols(st, 2, results_ref_cols, NCOLS(results_ref_cols), p);
	rc = results_step_done(db, st, bound, "store the run's reference", err);
	sqlite3_finalize(st);
	return rc;
}

/* Replace run's verdict rows with rows (inside a transaction). */
static int
results_insert_verdicts(struct results *db, int64_t run, const struct results_verdict *rows,
			size_t n, struct dd_error *err)
{
	char	      sql[1024] = "INSERT INTO verdicts (run_id, seq";
	sqlite3_stmt *st;
	int	      rc;

	if ((rc = results_prepare(db, "DELETE FROM verdicts WHERE run_id = ?", &st, err)) < 0)
		return rc;
	rc = results_step_done(db, st, sqlite3_bind_int64(st, 1, run), "store the verdicts", err);
	sqlite3_finalize(st);
	if (rc < 0 || n == 0)
		return rc;
	results_col_list(sql, sizeof sql, "", results_verdict_cols, NCOLS(results_verdict_cols));
	strcat(sql, ") VALUES (?, ?");
	results_marks(sql, sizeof sql, NCOLS(results_verdict_cols));
	strcat(sql, ")");
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	for (size_t i = 0; rc == 0 && i < n; i++) {
		int b = sqlite3_bind_int64(st, 1, run) | sqlite3_bind_int64(st, 2, (sqlite3_int64)i) |
			results_bind_cols(st, 3, results_verdict_cols, NCOLS(results_verdict_cols),
					  &rows[i]);

		rc = results_step_done(db, st, b, "store the verdicts", err);
	}
	sqlite3_finalize(st);
	return rc;
}

/* Insert a run's provenance row; sets p->id. */
static int
results_insert_run(struct results *db, struct results_prov *p, struct dd_error *err)
{
	char	      sql[4096] = "INSERT INTO runs (id";
	sqlite3_stmt *st;
	int	      rc, bound;

	results_col_list(sql, sizeof sql, "", results_prov_cols, NCOLS(results_prov_cols));
	strcat(sql, ") VALUES (NULL");
	results_marks(sql, sizeof sql, NCOLS(results_prov_cols));
	strcat(sql, ")");
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	bound = results_bind_cols(st, 1, results_prov_cols, NCOLS(results_prov_cols), p);
	rc = results_step_done(db, st, bound, "store the run", err);
	sqlite3_finalize(st);
	if (rc == 0)
		p->id = sqlite3_last_insert_rowid(db->db);
	if (rc == 0)
		rc = results_insert_refs(db, p, err);
	return rc;
}

/* Insert one latency summary and its percentiles. */
static int
results_insert_lat(struct results *db, int64_t pid, const char *kind,
		   const struct dd_latency *l, struct dd_error *err)
{
	sqlite3_stmt *st;
	int	      rc, b;

	if ((rc = results_stmt(db, RS_LAT, &st, err)) < 0)
		return rc;
	b = sqlite3_bind_int64(st, 1, pid) | sqlite3_bind_text(st, 2, kind, -1, SQLITE_STATIC) |
	    results_bind_cols(st, 3, results_lat_cols, NCOLS(results_lat_cols), l);
	if ((rc = results_step_done(db, st, b, "store a point", err)) < 0)
		return rc;
	for (int i = 0; i < HIST_NPCTS; i++) {
		if ((rc = results_stmt(db, RS_PCT, &st, err)) < 0)
			return rc;
		b = sqlite3_bind_int64(st, 1, pid) |
		    sqlite3_bind_text(st, 2, kind, -1, SQLITE_STATIC) |
		    sqlite3_bind_int(st, 3, i) | sqlite3_bind_double(st, 4, hist_default_pcts[i]) |
		    sqlite3_bind_double(st, 5, l->pct_us[i]);
		if ((rc = results_step_done(db, st, b, "store a point", err)) < 0)
			return rc;
	}
	return 0;
}

/* Insert a point's non-empty histogram bins (dir NULL: bins; else dir_bins
 * of that direction). */
static int
results_insert_bins(struct results *db, int64_t pid, const char *dir, const struct histogram *h,
		    struct dd_error *err)
{
	for (unsigned i = 0; i < HIST_NR; i++) {
		sqlite3_stmt *st;
		int	      rc, b, k = dir ? 3 : 2;

		if (h->bins[i] == 0)
			continue;
		if ((rc = results_stmt(db, dir ? RS_DIR_BIN : RS_BIN, &st, err)) < 0)
			return rc;
		b = sqlite3_bind_int64(st, 1, pid) | sqlite3_bind_int(st, k, (int)i) |
		    sqlite3_bind_int64(st, k + 1, (sqlite3_int64)h->bins[i]);
		if (dir)
			b |= sqlite3_bind_text(st, 2, dir, -1, SQLITE_STATIC);
		if ((rc = results_step_done(db, st, b, "store a point", err)) < 0)
			return rc;
	}
	return 0;
}

/* Does a direction's histogram need rows of its own (some of the point's
 * I/Os, not none and not all of them)? */
static bool
results_dir_kept(const struct histogram *all, const struct histogram *dir)
{
	uint64_t n = hist_count(dir);

	return n > 0 && memcmp(all, dir, sizeof *all) != 0;
}

/* Insert the bins of a point: all, then each direction that needs its own. */
static int
results_insert_all_bins(struct results *db, int64_t pid, const struct dd_result *r,
			struct dd_error *err)
{
	int rc = results_insert_bins(db, pid, NULL, &r->hist, err);

	if (rc == 0 && results_dir_kept(&r->hist, &r->read_hist))
		rc = results_insert_bins(db, pid, "read", &r->read_hist, err);
	if (rc == 0 && results_dir_kept(&r->hist, &r->write_hist))
		rc = results_insert_bins(db, pid, "write", &r->write_hist, err);
	return rc;
}

/* Insert a point's interval series. */
static int
results_insert_intervals(struct results *db, int64_t pid, const struct dd_result *r,
			 struct dd_error *err)
{
	size_t n = r->nintervals < DD_INTERVALS_MAX ? r->nintervals : DD_INTERVALS_MAX;

	for (size_t i = 0; i < n; i++) {
		sqlite3_stmt *st;
		int	      rc, b;

		if ((rc = results_stmt(db, RS_INTERVAL, &st, err)) < 0)
			return rc;
		b = sqlite3_bind_int64(st, 1, pid) | sqlite3_bind_int64(st, 2, (sqlite3_int64)i) |
		    results_bind_cols(st, 3, results_interval_cols, NCOLS(results_interval_cols),
				      &r->intervals[i]);
		if ((rc = results_step_done(db, st, b, "store a point", err)) < 0)
			return rc;
	}
	return 0;
}

/* Insert one SMART log (nothing when it was not read). */
static int
results_insert_smart(struct results *db, int64_t pid, const char *phase,
		     const struct nvmeinfo_smart *s, struct dd_error *err)
{
	sqlite3_stmt *st;
	int	      rc, b;

	if (!s->valid)
		return 0;
	if ((rc = results_stmt(db, RS_SMART, &st, err)) < 0)
		return rc;
	b = sqlite3_bind_int64(st, 1, pid) | sqlite3_bind_text(st, 2, phase, -1, SQLITE_STATIC) |
	    results_bind_cols(st, 3, results_smart_cols, NCOLS(results_smart_cols), s);
	return results_step_done(db, st, b, "store a point", err);
}

/* Insert a point and everything under it (inside a transaction). */
static int
results_insert_point(struct results *db, int64_t run, struct results_point *pt,
		     struct dd_error *err)
{
	const struct dd_result *r = pt->r;
	const struct dd_latency *lat[] = { &r->lat, &r->read_lat, &r->write_lat };
	sqlite3_stmt	       *st;
	int64_t			pid;
	int			rc, b;

	if ((rc = results_stmt(db, RS_POINT, &st, err)) < 0)
		return rc;
	b = sqlite3_bind_int64(st, 1, run) | sqlite3_bind_int64(st, 2, (sqlite3_int64)pt->index) |
	    sqlite3_bind_text(st, 3, pt->host, -1, SQLITE_TRANSIENT) |
	    sqlite3_bind_int(st, 4, pt->has_bins) |
	    results_bind_cols(st, 5, results_point_cols, NCOLS(results_point_cols), r) |
	    results_bind_cols(st, 5 + (int)NCOLS(results_point_cols), results_sum_cols,
			      NCOLS(results_sum_cols), &pt->sum);
	if ((rc = results_step_done(db, st, b, "store a point", err)) < 0)
		return rc;
	pid = sqlite3_last_insert_rowid(db->db);
	for (size_t k = 0; rc == 0 && k < 3; k++)
		rc = results_insert_lat(db, pid, results_lat_kinds[k], lat[k], err);
	if (rc == 0 && pt->has_bins)
		rc = results_insert_all_bins(db, pid, r, err);
	if (rc == 0)
		rc = results_insert_intervals(db, pid, r, err);
	if (rc == 0)
		rc = results_insert_smart(db, pid, "before", &pt->smart_before, err);
	if (rc == 0)
		rc = results_insert_smart(db, pid, "after", &pt->smart_after, err);
	if (rc == 0)
		pt->id = pid;
	return rc;
}

/* Store a run's provenance. */
int
results_run_begin(struct results *db, struct results_prov *p, struct dd_error *err)
{
	int rc;

	if (p->state[0] == '\0')
		dd_strlcpy(p->state, "running", sizeof p->state);
	if ((rc = results_begin(db, err)) < 0)
		return rc;
	rc = results_insert_run(db, p, err);
	return results_finish(db, rc, "store the run", err);
}

/* Store one finished point in its own transaction. */
int
results_point_add(struct results *db, int64_t run, struct results_point *pt,
		  struct dd_error *err)
{
	int rc;

	if ((rc = results_begin(db, err)) < 0)
		return rc;
	rc = results_insert_point(db, run, pt, err);
	rc = results_finish(db, rc, "store a point", err);
	if (rc < 0)
		pt->id = 0;
	return rc;
}

/* Record how a run ended. */
int
results_run_end(struct results *db, const struct results_prov *p, struct dd_error *err)
{
	static const char sql[] =
		"UPDATE runs SET end_unix = ?, end_utc = ?, end_local = ?, state = ?, "
		"stopped_by = ?, why = ?, steady = ? WHERE id = ?";
	sqlite3_stmt *st;
	int	      rc, b;

	if ((rc = results_begin(db, err)) < 0)
		return rc;
	if ((rc = results_prepare(db, sql, &st, err)) == 0) {
		b = sqlite3_bind_int64(st, 1, p->end_unix) |
		    sqlite3_bind_text(st, 2, p->end_utc, -1, SQLITE_STATIC) |
		    sqlite3_bind_text(st, 3, p->end_local, -1, SQLITE_STATIC) |
		    sqlite3_bind_text(st, 4, p->state, -1, SQLITE_STATIC) |
		    sqlite3_bind_text(st, 5, p->stopped_by, -1, SQLITE_STATIC) |
		    sqlite3_bind_text(st, 6, p->why, -1, SQLITE_STATIC) |
		    sqlite3_bind_text(st, 7, p->steady, -1, SQLITE_STATIC) |
		    sqlite3_bind_int64(st, 8, p->id);
		rc = results_step_done(db, st, b, "record the end of the run", err);
		sqlite3_finalize(st);
	}
	return results_finish(db, rc, "record the end of the run", err);
}

/* Store a run's judgement in one transaction. */
int
results_verdicts_store(struct results *db, const struct results_prov *p,
		       const struct results_verdict *rows, size_t n, struct dd_error *err)
{
	int rc;

	if ((rc = results_begin(db, err)) < 0)
		return rc;
	/* The query stays as the run stored it. */
	rc = results_insert_refs(db, p, err);
	if (rc == 0)
		rc = results_insert_verdicts(db, p->id, rows, n, err);
	return results_finish(db, rc, "store the verdicts", err);
}

/* Store a whole run in one transaction. */
int
results_run_store(struct results *db, struct results_run *run, struct dd_error *err)
{
	int rc;

	if (run->prov.state[0] == '\0')
		dd_strlcpy(run->prov.state, "imported", sizeof run->prov.state);
	if ((rc = results_begin(db, err)) < 0)
		return rc;
	rc = results_insert_run(db, &run->prov, err);
	for (size_t i = 0; rc == 0 && i < run->n; i++)
		rc = results_insert_point(db, run->prov.id, &run->pts[i], err);
	if (rc == 0 && run->nverdicts > 0)
		rc = results_insert_verdicts(db, run->prov.id, run->verdicts, run->nverdicts, err);
	rc = results_finish(db, rc, "store the run", err);
	if (rc < 0)
		run->prov.id = 0;
	return rc;
}
