/*
 * Reading the results store (results.h): the list of runs with their
 * headline figures, filtered by words (a drive, a host, a date, a state),
 * resolving a run named by id, name or prefix, and loading a run whole:
 * provenance, verdict rows and every point with its latency summaries,
 * bins, interval series and SMART, through the column tables
 * (results-cols.c).  Deleting a run is here too: it and its rows go
 * together (ON DELETE CASCADE).  And a stored verdict row's reference as a
 * user reads it, with its marks (results_verdict_ref_text), which export
 * and the report print.
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
#include "core/specdb.h"
#include "lib/file.h"

/* ---- reading ---- */

/* The SELECT of runs with their headline figures; WHERE/ORDER appended. */
static void
results_runs_select(char *sql, size_t len)
{
	snprintf(sql, len, "SELECT r.id");
	results_col_list(sql, len, "r.", results_prov_cols, NCOLS(results_prov_cols));
	results_col_list(sql, len, "f.", results_ref_cols, NCOLS(results_ref_cols));
	/* randread by name; 2 in a version-3 store read as it is. */
	strncat(sql,
		", (SELECT count(*) FROM points p WHERE p.run_id = r.id)"
		", (SELECT max(iops) FROM points p WHERE p.run_id = r.id AND p.status = 0)"
		", (SELECT max(mbps) FROM points p WHERE p.run_id = r.id AND p.status = 0)"
		", (SELECT min(sum_mean_us) FROM points p WHERE p.run_id = r.id AND p.status = 0"
		" AND p.pattern IN ('randread', 2) AND p.bs = 4096 AND p.iodepth = 1"
		" AND p.numjobs = 1)"
		" FROM runs r LEFT JOIN run_refs f ON f.run_id = r.id", len - strlen(sql) - 1);
}

/* Read a runs row of results_runs_select into p. */
static void
results_read_prov(sqlite3_stmt *st, struct results_prov *p)
{
	int k = 1 + (int)NCOLS(results_prov_cols) + (int)NCOLS(results_ref_cols);

	memset(p, 0, sizeof *p);
	p->id = sqlite3_column_int64(st, 0);
	results_read_cols(st, 1, results_prov_cols, NCOLS(results_prov_cols), p);
	results_read_cols(st, 1 + (int)NCOLS(results_prov_cols), results_ref_cols,
			  NCOLS(results_ref_cols), p);
	p->npoints = (size_t)sqlite3_column_int64(st, k);
	p->best_iops = results_col_figure(st, k + 1);
	p->best_mbps = results_col_figure(st, k + 2);
	p->qd1_mean_us = results_col_figure(st, k + 3);
}

/* Is s a date, YYYY-MM-DD? */
static bool
results_is_date(const char *s)
{
	static const char shape[] = "dddd-dd-dd";

	for (size_t i = 0; i < sizeof shape - 1; i++)
		if (shape[i] == 'd' ? (s[i] < '0' || s[i] > '9') : s[i] != '-')
			return false;
	return s[10] == '\0';
}

/* The SQL condition of one query word (its value bound as ?1); *like says
 * whether the value is a LIKE pattern (else a date). */
static const char *
results_word_sql(const char *word, const char **value, bool *like)
{
	static const struct {
		const char *prefix, *sql;
		bool	    like;
	} fields[] = {
		{ "serial:", "r.serial LIKE ? ESCAPE '\\'", true },
		{ "host:", "r.host LIKE ? ESCAPE '\\'", true },
		{ "drive:", "(r.drive_label LIKE ?1 ESCAPE '\\' OR r.drive_id LIKE ?1 ESCAPE '\\'"
			    " OR r.model LIKE ?1 ESCAPE '\\')", true },
		{ "since:", "substr(r.start_local, 1, 10) >= ?", false },
		{ "until:", "substr(r.start_local, 1, 10) <= ?", false },
	};

	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (strncmp(word, fields[i].prefix, strlen(fields[i].prefix)) == 0) {
			*value = word + strlen(fields[i].prefix);
			*like = fields[i].like;
			return fields[i].sql;
		}
	*value = word;
	*like = true;
	return "(r.drive_label LIKE ?1 ESCAPE '\\' OR r.drive_id LIKE ?1 ESCAPE '\\'"
		  " OR r.model LIKE ?1 ESCAPE '\\' OR r.serial LIKE ?1 ESCAPE '\\'"
		  " OR r.host LIKE ?1 ESCAPE '\\' OR r.plan_name LIKE ?1 ESCAPE '\\'"
		  " OR r.name LIKE ?1 ESCAPE '\\')";
}

/* "%word%" with LIKE's wildcards escaped. */
static void
results_like_pattern(const char *v, char *buf, size_t len)
{
	size_t o = 0;

	buf[o++] = '%';
	for (; *v && o + 3 < len; v++) {
		if (*v == '%' || *v == '_' || *v == '\\')
			buf[o++] = '\\';
		buf[o++] = *v;
	}
	buf[o++] = '%';
	buf[o] = '\0';
}

/* Run one query word against the runs in the temporary id set. */
static int
results_filter_word(struct results *db, const char *word, struct dd_error *err)
{
	const char   *value, *cond;
	char	      sql[1024], pat[600];
	bool	      like;
	sqlite3_stmt *st;
	int	      rc;

	cond = results_word_sql(word, &value, &like);
	if (!like && !results_is_date(value))
		return dd_error_set(err, -EINVAL, "'%s': a date is YYYY-MM-DD", word);
	snprintf(sql, sizeof sql, "DELETE FROM temp.results_pick WHERE id NOT IN "
		 "(SELECT r.id FROM runs r WHERE %s)", cond);
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	if (like)
		results_like_pattern(value, pat, sizeof pat);
	else
		dd_strlcpy(pat, value, sizeof pat);
	rc = results_step_done(db, st, sqlite3_bind_text(st, 1, pat, -1, SQLITE_STATIC),
			       "list runs", err);
	sqlite3_finalize(st);
	return rc;
}

/* Narrow the temporary id set by every word of text. */
static int
results_filter(struct results *db, const char *text, struct dd_error *err)
{
	char *copy = strdup(text ? text : ""), *save = NULL;
	int   rc = 0;

	if (copy == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	for (char *w = strtok_r(copy, " \t", &save); rc == 0 && w; w = strtok_r(NULL, " \t", &save))
		rc = results_filter_word(db, w, err);
	free(copy);
	return rc;
}

/* Append a row to a growing array of provenances. */
static int
results_list_push(struct results_prov **arr, size_t *n, size_t *cap, sqlite3_stmt *st)
{
	if (*n == *cap) {
		size_t		     ncap = *cap ? *cap * 2 : 16;
		struct results_prov *p = realloc(*arr, ncap * sizeof *p);

		if (p == NULL)
			return -ENOMEM;
		*arr = p;
		*cap = ncap;
	}
	results_read_prov(st, &(*arr)[(*n)++]);
	return 0;
}

/* Runs matching q, newest first. */
int
results_list(struct results *db, const struct results_query *q, struct results_prov **out,
	     size_t *n, struct dd_error *err)
{
	char	      sql[4096];
	sqlite3_stmt *st;
	size_t	      cap = 0;
	int	      rc, step;

	*out = NULL;
	*n = 0;
	/* Candidate ids in a temporary table, narrowed one word at a time. */
	rc = results_exec(db, "CREATE TEMP TABLE IF NOT EXISTS results_pick (id INTEGER PRIMARY KEY);"
			  "DELETE FROM temp.results_pick;"
			  "INSERT INTO temp.results_pick SELECT id FROM runs", "list runs", err);
	if (rc == 0 && q != NULL)
		rc = results_filter(db, q->text, err);
	if (rc < 0)
		return rc;
	results_runs_select(sql, sizeof sql);
	snprintf(sql + strlen(sql), sizeof sql - strlen(sql),
		 " WHERE r.id IN temp.results_pick ORDER BY r.start_unix DESC, r.id DESC LIMIT %lld",
		 q && q->limit ? (long long)q->limit : -1LL);
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if (results_list_push(out, n, &cap, st) < 0) {
			rc = dd_error_set(err, -ENOMEM, "out of memory");
			break;
		}
	if (rc == 0 && step != SQLITE_DONE)
		rc = results_fail(db, "list runs", err);
	sqlite3_finalize(st);
	if (rc < 0) {
		free(*out);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

/* The id of the first row a one-parameter query returns; -ENOENT if none. */
static int
results_find_id(struct results *db, const char *sql, const char *text, int64_t num,
		int64_t *id, struct dd_error *err)
{
	sqlite3_stmt *st;
	int	      rc, step;

	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	if (text != NULL)
		sqlite3_bind_text(st, 1, text, -1, SQLITE_STATIC);
	else if (strchr(sql, '?') != NULL)
		sqlite3_bind_int64(st, 1, num);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	else
		rc = step == SQLITE_DONE ? -ENOENT : results_fail(db, "find the run", err);
	sqlite3_finalize(st);
	return rc;
}

/* How a run ended (results.h). */
const char *
results_prov_state(const struct results_prov *p)
{
	if (strcmp(p->state, "running") == 0 && p->end_unix == 0)
		return "interrupted";
	return p->state;
}

/* A run id from what a user types. */
int
results_resolve(struct results *db, const char *spec, int64_t *id, struct dd_error *err)
{
	const char *s = spec[0] == '#' ? spec + 1 : spec;
	char	   *end;
	long long   num;
	int	    rc;

	if (strcmp(s, "last") == 0) {
		rc = results_find_id(db, "SELECT id FROM runs ORDER BY start_unix DESC, id DESC "
				     "LIMIT 1", NULL, 0, id, err);
		return rc == -ENOENT ? dd_error_set(err, rc, "there are no stored runs in %s",
						    db->path) : rc;
	}
	if (strncmp(s, "last:", 5) == 0) {
		rc = results_find_id(db, "SELECT id FROM runs WHERE serial = ? COLLATE NOCASE "
				     "ORDER BY start_unix DESC, id DESC LIMIT 1", s + 5, 0, id, err);
		return rc == -ENOENT ? dd_error_set(err, rc, "no stored run of serial %s", s + 5)
				     : rc;
	}
	errno = 0;
	num = strtoll(s, &end, 10);
	if (s[0] < '0' || s[0] > '9' || *end != '\0' || errno != 0 || num <= 0)
		return dd_error_set(err, -EINVAL, "'%s' is not a run: give its number (12 or #12), "
				    "last, or last:SERIAL", spec);
	rc = results_find_id(db, "SELECT id FROM runs WHERE id = ?", NULL, num, id, err);
	return rc == -ENOENT ? dd_error_set(err, rc, "there is no run %lld in %s", num, db->path)
			     : rc;
}

/* A run id no earlier operand named (results.h). */
int
results_resolve_distinct(struct results *db, const char *spec, const char *const *specs,
			 const int64_t *seen, size_t nseen, int64_t *id, struct dd_error *err)
{
	int rc = results_resolve(db, spec, id, err);

	if (rc < 0)
		return rc;
	for (size_t i = 0; i < nseen; i++)
		if (seen[i] == *id)
			return strcmp(specs[i], spec) == 0
			       ? dd_error_set(err, -EEXIST, "run #%lld is named twice",
					      (long long)*id)
			       : dd_error_set(err, -EEXIST, "'%s' is run #%lld, named already as "
					      "'%s'", spec, (long long)*id, specs[i]);
	return 0;
}

/* Load the latency summaries and percentiles of point pid into r. */
static int
results_load_lat(struct results *db, int64_t pid, struct dd_result *r, struct dd_error *err)
{
	struct dd_latency *lat[] = { &r->lat, &r->read_lat, &r->write_lat };
	char		   sql[1024] = "SELECT kind";
	sqlite3_stmt	  *st;
	int		   rc, step;

	results_col_list(sql, sizeof sql, "", results_lat_cols, NCOLS(results_lat_cols));
	strcat(sql, " FROM latency WHERE point_id = ?");
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, pid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		for (size_t k = 0; k < 3; k++)
			if (strcmp(results_col_text(st, 0), results_lat_kinds[k]) == 0)
				results_read_cols(st, 1, results_lat_cols, NCOLS(results_lat_cols),
						  lat[k]);
	sqlite3_finalize(st);
	if (step != SQLITE_DONE)
		return results_fail(db, "load a point", err);
	if ((rc = results_prepare(db, "SELECT kind, seq, us FROM percentiles WHERE point_id = ?",
				  &st, err)) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, pid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int seq = sqlite3_column_int(st, 1);

		for (size_t k = 0; k < 3 && seq >= 0 && seq < HIST_NPCTS; k++)
			if (strcmp(results_col_text(st, 0), results_lat_kinds[k]) == 0)
				lat[k]->pct_us[seq] = results_col_figure(st, 2);
	}
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : results_fail(db, "load a point", err);
}

/* Load the bins of point pid into r: all, and each direction from its own
 * rows, or from all when every I/O went that way. */
static int
results_load_bins(struct results *db, int64_t pid, struct dd_result *r, struct dd_error *err)
{
	static const char sql[] = "SELECT '', idx, count FROM bins WHERE point_id = ?1 "
				  "UNION ALL SELECT dir, idx, count FROM dir_bins WHERE point_id = ?1";
	sqlite3_stmt *st;
	int	      rc, step;
	bool	      own_read = false, own_write = false;

	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, pid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		const char	 *dir = results_col_text(st, 0);
		int		  i = sqlite3_column_int(st, 1);
		struct histogram *h = strcmp(dir, "read") == 0 ? (own_read = true, &r->read_hist)
				      : strcmp(dir, "write") == 0 ? (own_write = true, &r->write_hist)
				      : &r->hist;

		if (i >= 0 && (unsigned)i < HIST_NR)
			h->bins[i] = (uint64_t)sqlite3_column_int64(st, 2);
	}
	sqlite3_finalize(st);
	if (step != SQLITE_DONE)
		return results_fail(db, "load a point", err);
	if (!own_read && r->read_ios > 0 && r->write_ios == 0)
		r->read_hist = r->hist;
	if (!own_write && r->write_ios > 0 && r->read_ios == 0)
		r->write_hist = r->hist;
	return 0;
}

/* Load the bins and intervals of point pid into r. */
static int
results_load_series(struct results *db, int64_t pid, struct dd_result *r, struct dd_error *err)
{
	char	      sql[1024] = "SELECT seq";
	sqlite3_stmt *st;
	int	      rc, step;

	if ((rc = results_load_bins(db, pid, r, err)) < 0)
		return rc;
	results_col_list(sql, sizeof sql, "", results_interval_cols, NCOLS(results_interval_cols));
	strcat(sql, " FROM intervals WHERE point_id = ? ORDER BY seq");
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, pid);
	while ((step = sqlite3_step(st)) == SQLITE_ROW && r->nintervals < DD_INTERVALS_MAX)
		results_read_cols(st, 1, results_interval_cols, NCOLS(results_interval_cols),
				  &r->intervals[r->nintervals++]);
	sqlite3_finalize(st);
	return step == SQLITE_DONE || step == SQLITE_ROW ? 0 : results_fail(db, "load a point", err);
}

/* Load the SMART logs of a point. */
static int
results_load_smart(struct results *db, struct results_point *pt, struct dd_error *err)
{
	char	      sql[2048] = "SELECT phase";
	sqlite3_stmt *st;
	int	      rc, step;

	results_col_list(sql, sizeof sql, "", results_smart_cols, NCOLS(results_smart_cols));
	strcat(sql, " FROM smart WHERE point_id = ?");
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, pt->id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		bool		       before = strcmp(results_col_text(st, 0),
						       "before") == 0;
		struct nvmeinfo_smart *s = before ? &pt->smart_before : &pt->smart_after;

		results_read_cols(st, 1, results_smart_cols, NCOLS(results_smart_cols), s);
		s->valid = true;
	}
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : results_fail(db, "load a point", err);
}

/* The column of a points row of results_point_cols named col. */
static int
results_point_col(const char *col)
{
	for (size_t i = 0; i < NCOLS(results_point_cols); i++)
		if (strcmp(results_point_cols[i].name, col) == 0)
			return 4 + (int)i;
	return -1;
}

/* The sentence for a point whose pattern or kind this build does not know
 * (a newer drivedash's, or a crafted store). */
static int
results_unknown_label(struct results *db, sqlite3_stmt *st, const struct results_point *pt,
		      struct dd_error *err)
{
	bool pattern = (int)pt->r->point.pattern < 0;
	int  col = results_point_col(pattern ? "pattern" : "kind");

	return dd_error_set(err, -EINVAL, "%s: point %zu has the %s '%.40s', which this "
			    "drivedash does not know (a newer one wrote it?)", db->name,
			    pt->index + 1, pattern ? "pattern" : "kind",
			    col < 0 ? "?" : results_col_text(st, col));
}

/* Read a points row (id, idx, host, has_bins, point cols, summary cols) and
 * everything under it into pt (pt->r allocated here). */
static int
results_load_point(struct results *db, sqlite3_stmt *st, struct results_point *pt,
		   struct dd_error *err)
{
	int rc;

	memset(pt, 0, sizeof *pt);
	pt->r = calloc(1, sizeof *pt->r);
	if (pt->r == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	pt->r->rate_held_pct = pt->r->rate_late_pct = NAN;	/* not kept in the store */
	pt->id = sqlite3_column_int64(st, 0);
	pt->index = (size_t)sqlite3_column_int64(st, 1);
	dd_strlcpy(pt->host, (const char *)sqlite3_column_text(st, 2), sizeof pt->host);
	pt->has_bins = sqlite3_column_int(st, 3) != 0;
	results_read_cols(st, 4, results_point_cols, NCOLS(results_point_cols), pt->r);
	results_read_cols(st, 4 + (int)NCOLS(results_point_cols), results_sum_cols,
			  NCOLS(results_sum_cols), &pt->sum);
	if ((int)pt->r->point.pattern < 0 || (int)pt->r->point.kind < 0)
		return results_unknown_label(db, st, pt, err);
	rc = results_load_lat(db, pt->id, pt->r, err);
	if (rc == 0)
		rc = results_load_series(db, pt->id, pt->r, err);
	if (rc == 0)
		rc = results_load_smart(db, pt, err);
	return rc;
}

/* Load the provenance of run id into p. */
static int
results_load_prov(struct results *db, int64_t id, struct results_prov *p, struct dd_error *err)
{
	char	      sql[4096];
	sqlite3_stmt *st;
	int	      rc, step;

	results_runs_select(sql, sizeof sql);
	strncat(sql, " WHERE r.id = ?", sizeof sql - strlen(sql) - 1);
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		results_read_prov(st, p);
	else
		rc = step == SQLITE_DONE ? dd_error_set(err, -ENOENT, "there is no run %lld in %s",
							(long long)id, db->path)
					 : results_fail(db, "load the run", err);
	sqlite3_finalize(st);
	return rc;
}

/* Load run id's verdict rows, in order, into out. */
static int
results_load_verdicts(struct results *db, int64_t id, struct results_run *out,
		      struct dd_error *err)
{
	char	      sql[1024] = "SELECT seq";
	sqlite3_stmt *st;
	int	      rc, step;

	results_col_list(sql, sizeof sql, "", results_verdict_cols, NCOLS(results_verdict_cols));
	strcat(sql, " FROM verdicts WHERE run_id = ? ORDER BY seq");
	if ((rc = results_prepare(db, sql, &st, err)) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		struct results_verdict *v = realloc(out->verdicts,
						    (out->nverdicts + 1) * sizeof *v);

		if (v == NULL) {
			sqlite3_finalize(st);
			return dd_error_set(err, -ENOMEM, "out of memory");
		}
		out->verdicts = v;
		v = &out->verdicts[out->nverdicts++];
		memset(v, 0, sizeof *v);
		results_read_cols(st, 1, results_verdict_cols, NCOLS(results_verdict_cols), v);
	}
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : results_fail(db, "load the verdicts", err);
}

/* ---- a stored row's reference, as a user reads it ---- */

/* Is q a qualifier the figures use?  (A crafted store's other text reads
 * as none.) */
static bool
results_qual_known(const char *q)
{
	static const char *const known[] = { "approx", "range", "lt", "le", "gt", "ge" };

	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strcmp(q, known[i]) == 0)
			return true;
	return false;
}

/* Did the review decide the row (its reference is the review's figure)? */
static bool
results_verdict_by_review(const struct results_verdict *v)
{
	return strcmp(v->decided_by, "review") == 0;
}

/* The qualifier of a stored row's reference. */
const char *
results_verdict_ref_qual(const struct results_verdict *v)
{
	const char *q = results_verdict_by_review(v) ? v->review_qual : v->spec_qual;

	return results_qual_known(q) ? q : "eq";
}

/* The ends of a stored row's reference when it is a range. */
bool
results_verdict_ref_range(const struct results_verdict *v, double *lo, double *hi)
{
	bool range = !results_verdict_by_review(v) && isfinite(v->reference) &&
		     isfinite(v->spec_lo) && isfinite(v->spec_hi);

	*lo = range ? v->spec_lo : NAN;
	*hi = range ? v->spec_hi : NAN;
	return range;
}

/* A stored row's reference with its marks: "~30 us", "6,800–6,900 MB/s (i)". */
char *
results_verdict_ref_text(const struct results_verdict *v, int decimals, bool utf8, char *buf,
			 size_t len)
{
	bool   spec = !results_verdict_by_review(v);
	double a, b;
	bool   range = results_verdict_ref_range(v, &a, &b);
	char   lo[48], hi[48], num[112];

	if (!isfinite(v->reference)) {
		snprintf(buf, len, "-");
		return buf;
	}
	fmt_number(range ? a : v->reference, decimals, lo, sizeof lo);
	if (range)
		fmt_number(b, decimals, hi, sizeof hi);
	fmt_qualify(results_verdict_ref_qual(v), lo, range ? hi : NULL, utf8, num, sizeof num);
	snprintf(buf, len, "%s%s%s%s%s", num, v->unit[0] ? " " : "", v->unit,
		 spec && v->spec_inferred ? " " SPECDB_INFERRED_MARK : "",
		 spec && v->spec_unstated ? ", " SPECDB_NO_CONDITIONS : "");
	return buf;
}

/* Load a run and all its points. */
int
results_run_load(struct results *db, int64_t id, struct results_run *out, struct dd_error *err)
{
	char	      sql[4096] = "SELECT id, idx, host, has_bins";
	sqlite3_stmt *st;
	int	      rc, step;

	memset(out, 0, sizeof *out);
	/* One read transaction: the run and its points as of one moment. */
	if ((rc = results_exec(db, "BEGIN", "load the run", err)) < 0)
		return rc;
	rc = results_load_prov(db, id, &out->prov, err);
	results_col_list(sql, sizeof sql, "", results_point_cols, NCOLS(results_point_cols));
	results_col_list(sql, sizeof sql, "", results_sum_cols, NCOLS(results_sum_cols));
	strcat(sql, " FROM points WHERE run_id = ? ORDER BY idx, id");
	if (rc == 0)
		rc = results_prepare(db, sql, &st, err);
	if (rc == 0) {
		sqlite3_bind_int64(st, 1, id);
		while (rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW) {
			struct results_point pt;

			rc = results_load_point(db, st, &pt, err);
			if (rc == 0)
				rc = results_run_add(out, &pt, err);
			else
				free(pt.r);
		}
		if (rc == 0 && step != SQLITE_DONE)
			rc = results_fail(db, "load the run", err);
		sqlite3_finalize(st);
	}
	if (rc == 0)
		rc = results_load_verdicts(db, id, out, err);
	sqlite3_exec(db->db, "COMMIT", NULL, NULL, NULL);
	if (rc < 0)
		results_run_free(out);
	return rc;
}

/* Append a point to an in-memory run. */
int
results_run_add(struct results_run *run, struct results_point *pt, struct dd_error *err)
{
	if (run->n == run->cap) {
		size_t		      ncap = run->cap ? run->cap * 2 : 8;
		struct results_point *p = realloc(run->pts, ncap * sizeof *p);

		if (p == NULL)
			return dd_error_set(err, -ENOMEM, "out of memory");
		run->pts = p;
		run->cap = ncap;
	}
	run->pts[run->n++] = *pt;
	return 0;
}

/* Free what a run holds. */
void
results_run_free(struct results_run *run)
{
	if (run == NULL)
		return;
	for (size_t i = 0; i < run->n; i++)
		free(run->pts[i].r);
	free(run->pts);
	run->pts = NULL;
	run->n = run->cap = 0;
	free(run->verdicts);
	run->verdicts = NULL;
	run->nverdicts = 0;
}

/* Delete a run and its points. */
int
results_run_delete(struct results *db, int64_t id, struct dd_error *err)
{
	sqlite3_stmt *st;
	int	      rc;

	if ((rc = results_begin(db, err)) < 0)
		return rc;
	if ((rc = results_prepare(db, "DELETE FROM runs WHERE id = ?", &st, err)) == 0) {
		rc = results_step_done(db, st, sqlite3_bind_int64(st, 1, id), "delete the run", err);
		sqlite3_finalize(st);
	}
	if (rc == 0 && sqlite3_changes(db->db) == 0)
		rc = dd_error_set(err, -ENOENT, "there is no run %lld in %s", (long long)id,
				  db->path);
	return results_finish(db, rc, "delete the run", err);
}
