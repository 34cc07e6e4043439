/*
 * The lab's overlay: its own drives, SKUs, spec figures and acceptance
 * targets, in SQL files under $XDG_CONFIG_HOME/drivedash/ (the same INSERT
 * statements as data/), loaded on top of the bundled database.
 *
 * Without overlay files the bundled file is opened read-only as before.  With
 * them, the bundled database is copied into a private in-memory database and
 * each file's statements run there one by one (specdb_sql_run, the runner
 * drivedash-mkdb builds data/ with), with foreign keys on and the schema's
 * CHECKs.  An error names FILE:LINE: the line of the VALUES row that broke a
 * constraint when it can be told, else the statement's.
 *
 * An overlay is a file anyone may be handed, loaded by every command, so
 * what one of its statements may do is bounded: it may INSERT VALUES rows
 * of literal values into the data tables and nothing else (overlay_before
 * refuses a SELECT, the authorizer a function call, recursion and any other
 * statement); the connection is defensive with extensions off; sqlite's
 * limits are small while the files load (a value of 1 MB, an expression 64
 * deep); a progress handler stops a statement past its budget of work (a
 * base plus a share per VALUES row); a NUL byte is an error at its line,
 * not the end of the file; and each figure column must hold a finite
 * number, 0 or more but for temperatures.
 *
 * Data model of the map from a row to where it came from: temp.dd_files
 * (n, path), one row per overlay file in load order (n indexes
 * specdb->overlays), and temp.dd_origin (tbl, rid, fileno, line), one row
 * per overlay row, written by a temporary AFTER INSERT trigger on each data
 * table that asks the running load (two SQL functions) for the file and the
 * line of the VALUES row being inserted.  Both tables exist on every open
 * (empty without an overlay) so the loaders' SPECDB_ORIGIN_SQL always runs.
 *
 * Also here: specdb_dump, which writes a family's rows as overlay SQL.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "lib/file.h"
#include "specdb-private.h"

/* An overlay file may be this large (a lab's file is a few KiB). */
#define OVERLAY_MAX_BYTES (16u << 20)

/* The work budget of one overlay statement, in calls of the progress
 * handler (one per OVERLAY_TICK virtual machine instructions): a base, and
 * a share per VALUES row.  A row costs about a hundred instructions (the
 * insert, its index, foreign key and origin updates), so the share is far
 * above what a row needs and far below what a loop does. */
#define OVERLAY_TICK	      1000
#define OVERLAY_BUDGET_BASE   1000
#define OVERLAY_BUDGET_ROW    10

/* sqlite's limits while overlay statements run (restored after), each far
 * above what a file of literal rows needs. */
static const struct {
	int id, value;
} overlay_limits[] = {
	{ SQLITE_LIMIT_LENGTH, 1000000 },	/* a string, BLOB or row */
	{ SQLITE_LIMIT_SQL_LENGTH, OVERLAY_MAX_BYTES },
	{ SQLITE_LIMIT_EXPR_DEPTH, 64 },
	{ SQLITE_LIMIT_COMPOUND_SELECT, 16 },	/* VALUES lists are not counted */
	{ SQLITE_LIMIT_FUNCTION_ARG, 8 },
	{ SQLITE_LIMIT_ATTACHED, 0 },
	{ SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 64 },
	{ SQLITE_LIMIT_TRIGGER_DEPTH, 1 },
	{ SQLITE_LIMIT_WORKER_THREADS, 0 },
};
#define OVERLAY_NLIMITS (sizeof overlay_limits / sizeof overlay_limits[0])

/* The figure columns of the tables: a number, finite, and 0 or more unless
 * the row's neg condition holds (a temperature), checked as each overlay row
 * is inserted (the schema's CHECKs come first). */
static const struct {
	const char *table, *column, *neg;
} overlay_figures[] = {
	{ "family", "pcie_gen", NULL }, { "family", "pcie_lanes", NULL },
	{ "family", "dwpd", NULL }, { "family", "warranty_years", NULL },
	{ "family", "mttf_hours", NULL },
	{ "drive", "capacity_gb", NULL }, { "drive", "dwpd", NULL },
	{ "spec", "value", "new.metric_id LIKE 'temp%'" },
	{ "spec", "value_hi", "new.metric_id LIKE 'temp%'" },
	{ "spec", "block_size", NULL }, { "spec", "iodepth", NULL }, { "spec", "numjobs", NULL },
	{ "measurement", "value", NULL }, { "measurement", "value_hi", NULL },
	{ "measurement", "block_size", NULL }, { "measurement", "iodepth", NULL },
	{ "measurement", "numjobs", NULL }, { "measurement", "threads", NULL },
	{ "measurement", "pass", NULL }, { "measurement", "checkpoint", NULL },
	{ "target", "value", NULL }, { "target", "block_size", NULL },
	{ "target", "iodepth", NULL }, { "target", "numjobs", NULL },
	{ "target", "runtime_s", NULL },
};

/* The tables an overlay may add rows to. */
static const char *const overlay_tables[] = {
	"vendor", "source", "family", "drive", "sku", "spec", "measurement", "target",
};
#define OVERLAY_NTABLES (sizeof overlay_tables / sizeof overlay_tables[0])

/* One token of SQL text. */
enum sql_tok { SQL_END, SQL_WORD, SQL_OTHER };

/* A lexer over SQL text: comments and quoted strings and names skipped,
 * lines counted. */
struct sql_lex {
	const char *s, *end;
	int	    line;
	const char *tok;	/* the last token and its length */
	size_t	    len;
	int	    tok_line;
};

/* Skip a quoted string or name starting at l->s (quote q, closing c). */
static void
sql_lex_quoted(struct sql_lex *l, char c)
{
	for (l->s++; l->s < l->end; l->s++) {
		if (*l->s == '\n')
			l->line++;
		if (*l->s != c)
			continue;
		if (c != ']' && l->s + 1 < l->end && l->s[1] == c) {
			l->s++;		/* a doubled quote stands for itself */
			continue;
		}
		l->s++;
		return;
	}
}

/* Skip white space and comments; true when text remains. */
static bool
sql_lex_space(struct sql_lex *l)
{
	while (l->s < l->end) {
		if (*l->s == '\n') {
			l->line++;
			l->s++;
		} else if (isspace((unsigned char)*l->s)) {
			l->s++;
		} else if (l->s[0] == '-' && l->s + 1 < l->end && l->s[1] == '-') {
			while (l->s < l->end && *l->s != '\n')
				l->s++;
		} else if (l->s[0] == '/' && l->s + 1 < l->end && l->s[1] == '*') {
			for (l->s += 2; l->s < l->end; l->s++) {
				if (*l->s == '\n')
					l->line++;
				if (l->s[0] == '*' && l->s + 1 < l->end && l->s[1] == '/') {
					l->s += 2;
					break;
				}
			}
		} else {
			return true;
		}
	}
	return false;
}

/* The next token: a bare word, or one other character (a string or quoted
 * name is one SQL_OTHER token). */
static enum sql_tok
sql_lex_next(struct sql_lex *l)
{
	if (!sql_lex_space(l))
		return SQL_END;
	l->tok = l->s;
	l->tok_line = l->line;
	if (isalpha((unsigned char)*l->s) || *l->s == '_') {
		while (l->s < l->end && (isalnum((unsigned char)*l->s) || *l->s == '_' ||
					 *l->s == '$'))
			l->s++;
		l->len = (size_t)(l->s - l->tok);
		return SQL_WORD;
	}
	if (*l->s == '\'' || *l->s == '"' || *l->s == '`' || *l->s == '[')
		sql_lex_quoted(l, *l->s == '[' ? ']' : *l->s);
	else
		l->s++;
	l->len = (size_t)(l->s - l->tok);
	return SQL_OTHER;
}

/* Is the last token the word w (any case)? */
static bool
sql_lex_is(const struct sql_lex *l, const char *w)
{
	return strlen(w) == l->len && strncasecmp(l->tok, w, l->len) == 0;
}

/* Lines up to position p of text from line 'line' at text. */
static int
sql_line_at(const char *text, const char *p, int line)
{
	for (; text < p; text++)
		if (*text == '\n')
			line++;
	return line;
}

/* The end of the statement starting at p: past its ';' at the top level
 * (or the end of the text), for going on after one that failed. */
static const char *
sql_stmt_end(const char *p)
{
	struct sql_lex l = { .s = p, .end = p + strlen(p), .line = 1 };
	enum sql_tok   t;

	while ((t = sql_lex_next(&l)) != SQL_END)
		if (t == SQL_OTHER && l.len == 1 && *l.tok == ';')
			break;
	return l.s;
}

/* One failed statement: the hook's sentence or sqlite's at line. */
static int
sql_failure(sqlite3 *db, const char *path, const struct specdb_sql_hooks *h,
	    sqlite3_stmt *st, int line, struct dd_error *err)
{
	int rc = h->failed != NULL ? h->failed(h->arg, st, line, err) : 0;

	if (rc == 0)
		rc = dd_error_set(err, -EINVAL, "%s:%d: %s", path, line, sqlite3_errmsg(db));
	return rc;
}

/* Prepare and run the one statement at *p (starting on line *line); moves
 * *p and *line past it.  0 or a negative errno with e set. */
static int
sql_run_one(sqlite3 *db, const char *path, const struct specdb_sql_hooks *h,
	    const char **p, int *line, struct dd_error *e)
{
	sqlite3_stmt *st = NULL;
	const char   *tail = NULL;
	int	      rc, s;

	if (sqlite3_prepare_v2(db, *p, -1, &st, &tail) != SQLITE_OK) {
		int off = sqlite3_error_offset(db);
		int at = off >= 0 ? sql_line_at(*p, *p + off, *line) : *line;

		rc = sql_failure(db, path, h, NULL, at, e);
		tail = sql_stmt_end(*p);
	} else if (st == NULL) {
		rc = 0;		/* comments only */
	} else if (h->before != NULL &&
		   (rc = h->before(h->arg, *p, (size_t)(tail - *p), *line, e)) < 0) {
		;
	} else {
		while ((s = sqlite3_step(st)) == SQLITE_ROW)
			;
		rc = s == SQLITE_DONE ? 0 : sql_failure(db, path, h, st, *line, e);
	}
	sqlite3_finalize(st);
	*line = sql_line_at(*p, tail, *line);
	*p = tail;
	return rc;
}

/* Run every statement of an SQL text (see specdb-private.h). */
int
specdb_sql_run(sqlite3 *db, const char *path, const char *text,
	       const struct specdb_sql_hooks *h, struct dd_error *err)
{
	static const struct specdb_sql_hooks none;
	struct sql_lex			     l = { .s = text, .end = text + strlen(text),
						   .line = 1 };
	int				     nfail = 0;

	if (h == NULL)
		h = &none;
	while (sql_lex_space(&l)) {
		struct dd_error e = { 0 };
		const char     *p = l.s;
		int		rc = sql_run_one(db, path, h, &p, &l.line, &e);

		l.s = p;
		if (rc == 0)
			continue;
		if (h->report == NULL) {
			if (err != NULL)
				*err = e;
			return rc;
		}
		h->report(h->report_arg, &e);
		nfail++;
	}
	return nfail;
}

/* The load of one overlay file: what the authorizer, the hooks and the two
 * SQL functions the origin triggers call share. */
struct overlay_run {
	struct specdb	*db;
	const char	*path;
	int		 fileno;
	bool		 own;		/* our own statements: the authorizer allows all */
	char		 why[256];	/* why the authorizer refused a statement */
	unsigned long	 ticks, budget;	/* progress handler calls: so far, allowed */
	unsigned long	 budget_base;	/* of every statement, before its rows' share */
	bool		 over_budget;	/* the progress handler stopped the statement */
	int		 saved_limits[OVERLAY_NLIMITS];
	bool		 bound;		/* overlay_bound is in force */
	int		*rows;		/* the line of each VALUES row of the statement */
	size_t		 nrows, rowcap;
	size_t		 next;		/* rows the statement inserted so far */
	int		 stmt_line;
};

/* Is tbl one of the tables an overlay may add rows to? */
static bool
overlay_table_ok(const char *tbl)
{
	for (size_t i = 0; tbl != NULL && i < OVERLAY_NTABLES; i++)
		if (strcmp(tbl, overlay_tables[i]) == 0)
			return true;
	return false;
}

/* What a refused authorizer action would have done, in words. */
static void
overlay_action_words(int action, const char *a3, const char *a4, char *buf, size_t len)
{
	const char *what = a3 != NULL ? a3 : a4 != NULL ? a4 : "";

	switch (action) {
	case SQLITE_UPDATE:
		snprintf(buf, len, "UPDATE %s", what);
		break;
	case SQLITE_DELETE:
		snprintf(buf, len, "DELETE from %s", what);
		break;
	case SQLITE_ATTACH:
		snprintf(buf, len, "ATTACH a database");
		break;
	case SQLITE_DETACH:
		snprintf(buf, len, "DETACH a database");
		break;
	case SQLITE_PRAGMA:
		snprintf(buf, len, "set PRAGMA %s", what);
		break;
	case SQLITE_TRANSACTION:
	case SQLITE_SAVEPOINT:
		snprintf(buf, len, "begin or end a transaction");
		break;
	case SQLITE_FUNCTION:
		snprintf(buf, len, "call %s()", what);
		break;
	default:
		if ((action >= SQLITE_CREATE_INDEX && action <= SQLITE_DROP_VIEW) ||
		    action == SQLITE_INSERT /* into sqlite_schema */ ||
		    action == SQLITE_ALTER_TABLE || action == SQLITE_CREATE_VTABLE ||
		    action == SQLITE_DROP_VTABLE)
			snprintf(buf, len, "change the schema (%s)", what);
		else
			snprintf(buf, len, "do something else (sqlite action %d)", action);
	}
}

/* The authorizer of overlay statements: INSERT of literal values into the
 * data tables, nothing else.  A multi-row VALUES list is a SELECT to
 * sqlite, and foreign keys compile reads of the tables a row refers to (and
 * of those that refer to its table), so SELECT and reading main's tables
 * are allowed (overlay_before refuses a SELECT the file wrote); calling a
 * function, reading the temporary tables and recursion are not.  The origin
 * triggers (dd_*) do as they need. */
static int
overlay_authorize(void *arg, int action, const char *a3, const char *a4,
		  const char *dbname, const char *trigger)
{
	struct overlay_run *r = arg;
	char		    what[128];

	if (r->own || action == SQLITE_SELECT ||
	    (trigger != NULL && strncmp(trigger, "dd_", 3) == 0))
		return SQLITE_OK;
	if (action == SQLITE_INSERT && strncmp(a3, "sqlite_", 7) != 0) {
		if (dbname != NULL && strcmp(dbname, "main") == 0 && overlay_table_ok(a3))
			return SQLITE_OK;
		snprintf(r->why, sizeof r->why,
			 "an overlay adds rows to vendor, source, family, drive, sku, spec, "
			 "measurement and target only, not to %s", a3);
		return SQLITE_DENY;
	}
	if (action == SQLITE_READ && dbname != NULL && strcmp(dbname, "main") == 0 &&
	    a3 != NULL && strncmp(a3, "sqlite_", 7) != 0)
		return SQLITE_OK;
	if (action == SQLITE_FUNCTION || action == SQLITE_READ || action == SQLITE_RECURSIVE) {
		const char *name = action == SQLITE_FUNCTION ? a4 : a3;

		snprintf(r->why, sizeof r->why,
			 "an overlay's values are literals (numbers, 'text', NULL); this "
			 "statement would %s%s%s",
			 action == SQLITE_FUNCTION ? "call " : action == SQLITE_READ ? "read " :
			 "use a recursive WITH", action == SQLITE_RECURSIVE || name == NULL ? "" :
			 name, action == SQLITE_FUNCTION ? "()" : "");
		return SQLITE_DENY;
	}
	overlay_action_words(action, a3, a4, what, sizeof what);
	snprintf(r->why, sizeof r->why,
		 "an overlay holds INSERT statements only; this statement would %s", what);
	return SQLITE_DENY;
}

/* The progress handler of overlay statements: stop one past its budget. */
static int
overlay_progress(void *arg)
{
	struct overlay_run *r = arg;

	if (r->own || ++r->ticks <= r->budget)
		return 0;
	r->over_budget = true;
	return 1;
}

/* Remember the line of a VALUES row of the statement. */
static int
overlay_add_row(struct overlay_run *r, int line)
{
	if (r->nrows == r->rowcap) {
		size_t n = r->rowcap ? r->rowcap * 2 : 64;
		int   *p = realloc(r->rows, n * sizeof *p);

		if (p == NULL)
			return -ENOMEM;
		r->rows = p;
		r->rowcap = n;
	}
	r->rows[r->nrows++] = line;
	return 0;
}

/* Before an overlay statement runs: it must be a plain INSERT INTO (not
 * REPLACE, INSERT OR ..., or an upsert, which would change or skip bundled
 * rows) of VALUES rows (no SELECT: nothing read, joined or sorted, no
 * RETURNING); note the line of each of its VALUES rows. */
static int
overlay_before(void *arg, const char *sql, size_t len, int line, struct dd_error *err)
{
	struct overlay_run *r = arg;
	struct sql_lex	    l = { .s = sql, .end = sql + len, .line = line };
	enum sql_tok	    t;
	int		    n = 0, depth = 0;
	bool		    values = false, on = false;

	r->stmt_line = line;
	r->nrows = r->next = 0;
	r->ticks = 0;
	r->over_budget = false;
	while ((t = sql_lex_next(&l)) != SQL_END) {
		n++;
		if ((n == 1 && !sql_lex_is(&l, "INSERT")) || (n == 2 && !sql_lex_is(&l, "INTO")))
			return dd_error_set(err, -EPERM,
					    "%s:%d: an overlay holds plain INSERT INTO statements "
					    "only (no REPLACE, INSERT OR ..., WITH)", r->path, line);
		if (t == SQL_WORD && depth == 0) {
			if (on && sql_lex_is(&l, "CONFLICT"))
				return dd_error_set(err, -EPERM,
						    "%s:%d: an overlay cannot use ON CONFLICT: a "
						    "row it adds must be new", r->path, l.tok_line);
			values = values || sql_lex_is(&l, "VALUES");
		}
		if (t == SQL_WORD && (sql_lex_is(&l, "SELECT") || sql_lex_is(&l, "RETURNING")))
			return dd_error_set(err, -EPERM,
					    "%s:%d: an overlay adds VALUES rows of literal values; "
					    "this statement has a %.*s", r->path, l.tok_line,
					    (int)l.len, l.tok);
		on = t == SQL_WORD && sql_lex_is(&l, "ON");
		if (t == SQL_OTHER && *l.tok == '(' && depth++ == 0 && values &&
		    overlay_add_row(r, l.tok_line) < 0)
			return dd_error_set(err, -ENOMEM, "out of memory");
		if (t == SQL_OTHER && *l.tok == ')')
			depth--;
	}
	r->budget = r->budget_base + OVERLAY_BUDGET_ROW * (unsigned long)r->nrows;
	return 0;
}

/* The line of the row being inserted (origin triggers): the next VALUES
 * row's, else the statement's. */
static void
overlay_fn_line(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct overlay_run *r = sqlite3_user_data(ctx);

	(void)argc, (void)argv;
	if (r->path == NULL) {
		sqlite3_result_null(ctx);
		return;
	}
	sqlite3_result_int(ctx, r->next < r->nrows ? r->rows[r->next] : r->stmt_line);
	r->next++;
}

/* The overlay file being loaded (origin triggers). */
static void
overlay_fn_file(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct overlay_run *r = sqlite3_user_data(ctx);

	(void)argc, (void)argv;
	if (r->path == NULL)
		sqlite3_result_null(ctx);
	else
		sqlite3_result_int(ctx, r->fileno);
}

/* Run our own SQL on the overlay database, authorizer bypassed. */
static int
overlay_exec(struct overlay_run *r, const char *sql)
{
	bool own = r->own;
	int  rc;

	r->own = true;
	rc = sqlite3_exec(r->db->db, sql, NULL, NULL, NULL);
	r->own = own;
	return rc;
}

/* One text column of a one-row query with up to two bound values; into buf
 * ("" when there is no row). */
static void
overlay_query_text(sqlite3 *h, const char *sql, const char *t1, long long i2, char *buf,
		   size_t len)
{
	sqlite3_stmt *st;

	buf[0] = '\0';
	if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK)
		return;
	sqlite3_bind_text(st, 1, t1, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, i2);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0) != NULL)
		snprintf(buf, len, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
}

/* With the failed statement run again under deferred foreign keys: the row
 * that refers to a missing one, as "sku.drive_id 'x' names no drive", and
 * its line. */
static void
overlay_fk_describe(struct overlay_run *r, int *line, char *msg, size_t len)
{
	sqlite3	     *h = r->db->db;
	sqlite3_stmt *st;
	char	      tbl[64], parent[64], col[64], val[128], sql[256], ln[16];
	long long     rid;
	int	      fkid;

	if (sqlite3_prepare_v2(h, "PRAGMA foreign_key_check", -1, &st, NULL) != SQLITE_OK)
		return;
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		return;
	}
	snprintf(tbl, sizeof tbl, "%s", (const char *)sqlite3_column_text(st, 0));
	rid = sqlite3_column_int64(st, 1);
	snprintf(parent, sizeof parent, "%s", (const char *)sqlite3_column_text(st, 2));
	fkid = sqlite3_column_int(st, 3);
	sqlite3_finalize(st);
	overlay_query_text(h, "SELECT line FROM temp.dd_origin WHERE tbl = ?1 AND rid = ?2",
			   tbl, rid, ln, sizeof ln);
	if (ln[0] != '\0')
		*line = atoi(ln);
	overlay_query_text(h, "SELECT \"from\" FROM pragma_foreign_key_list(?1) WHERE id = ?2",
			   tbl, fkid, col, sizeof col);
	if (col[0] == '\0')
		return;
	snprintf(sql, sizeof sql, "SELECT \"%s\" FROM main.\"%s\" WHERE rowid = ?2",
		 col, tbl);
	overlay_query_text(h, sql, NULL, rid, val, sizeof val);
	snprintf(msg, len, "%s.%s '%s' names no %s", tbl, col, val, parent);
}

/* A foreign-key failure: find the row and the reference it got wrong by
 * running the statement again inside a savepoint that is rolled back. */
static int
overlay_explain_fk(struct overlay_run *r, sqlite3_stmt *st, int line, struct dd_error *err)
{
	char msg[400] = "";
	bool done;

	if (overlay_exec(r, "SAVEPOINT dd_fk; PRAGMA defer_foreign_keys = ON") == SQLITE_OK) {
		r->next = 0;
		r->ticks = 0;		/* the same budget as the first run */
		sqlite3_reset(st);
		done = sqlite3_step(st) == SQLITE_DONE;
		r->own = true;		/* the pragmas below are ours */
		if (done)
			overlay_fk_describe(r, &line, msg, sizeof msg);
		sqlite3_reset(st);
		overlay_exec(r, "ROLLBACK TO dd_fk; RELEASE dd_fk; PRAGMA defer_foreign_keys = OFF");
	}
	r->own = false;
	if (msg[0] == '\0')
		return dd_error_set(err, -EINVAL, "%s:%d: a row refers to a missing one "
				    "(FOREIGN KEY constraint failed)", r->path, line);
	return dd_error_set(err, -EINVAL, "%s:%d: %s (FOREIGN KEY constraint failed)", r->path,
			    line, msg);
}

/* A failed overlay statement in words, at the line of the row at fault. */
static int
overlay_failed(void *arg, sqlite3_stmt *st, int line, struct dd_error *err)
{
	struct overlay_run *r = arg;
	sqlite3		   *h = r->db->db;
	int		    ext = sqlite3_extended_errcode(h);

	if (r->why[0] != '\0') {
		dd_error_set(err, -EPERM, "%s:%d: %s", r->path, line, r->why);
		r->why[0] = '\0';
		return -EPERM;
	}
	if (st == NULL)
		return 0;
	if (r->over_budget)
		return dd_error_set(err, -E2BIG, "%s:%d: this statement does more work than an "
				    "overlay statement may (%lu thousand steps for %zu VALUES "
				    "rows): an overlay adds rows of literal values", r->path,
				    line, r->budget, r->nrows);
	if (ext == SQLITE_CONSTRAINT_FOREIGNKEY)
		return overlay_explain_fk(r, st, line, err);
	if (r->next < r->nrows)
		line = r->rows[r->next];
	if (ext == SQLITE_CONSTRAINT_PRIMARYKEY || ext == SQLITE_CONSTRAINT_UNIQUE)
		return dd_error_set(err, -EEXIST, "%s:%d: %s: that row exists already (in the "
				    "bundled database or an earlier overlay row); give yours an "
				    "id of its own", r->path, line, sqlite3_errmsg(h));
	return dd_error_set(err, -EINVAL, "%s:%d: %s", r->path, line, sqlite3_errmsg(h));
}

/* The temporary tables of the origin map (every open: see the top). */
static int
overlay_temp_tables(struct specdb *db, struct dd_error *err)
{
	static const char sql[] =
		"PRAGMA temp_store = MEMORY;"
		"CREATE TEMP TABLE dd_files (n INTEGER PRIMARY KEY, path TEXT NOT NULL);"
		"CREATE TEMP TABLE dd_origin (tbl TEXT NOT NULL, rid INTEGER NOT NULL,"
		" fileno INTEGER NOT NULL, line INTEGER NOT NULL, PRIMARY KEY (tbl, rid));";

	if (sqlite3_exec(db->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return dd_error_set(err, -EIO, "cannot set up %s: %s", db->path,
				    sqlite3_errmsg(db->db));
	return 0;
}

/* Copy the bundled database into a private in-memory one. */
static int
overlay_to_memory(struct specdb *db, struct dd_error *err)
{
	sqlite3	       *mem = NULL;
	sqlite3_backup *b;
	int		rc;

	if (sqlite3_open_v2(":memory:", &mem, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
			    NULL) != SQLITE_OK) {
		sqlite3_close(mem);
		return dd_error_set(err, -ENOMEM, "cannot open an in-memory database");
	}
	/* No extension, no pointer from fts3_tokenizer(), no writable schema:
	 * the authorizer refuses them too, this is the second lock. */
	sqlite3_db_config(mem, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(mem, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
	sqlite3_db_config(mem, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, NULL);
	b = sqlite3_backup_init(mem, "main", db->db, "main");
	rc = b == NULL ? sqlite3_errcode(mem) : sqlite3_backup_step(b, -1);
	if (b != NULL && sqlite3_backup_finish(b) != SQLITE_OK && rc == SQLITE_DONE)
		rc = sqlite3_errcode(mem);
	if (rc != SQLITE_DONE) {
		dd_error_set(err, -EIO, "cannot copy %s into memory: %s", db->path,
			     sqlite3_errmsg(mem));
		sqlite3_close(mem);
		return -EIO;
	}
	sqlite3_close(db->db);
	db->db = mem;
	return 0;
}

/* The origin trigger of table i into sql: the range checks of its figure
 * columns (see the top), then the row's file and line into dd_origin; 0, or
 * -ENOSPC when sql is too small. */
static int
overlay_trigger_sql(size_t i, char *sql, size_t len)
{
	const char *t = overlay_tables[i];
	size_t	    n = (size_t)snprintf(sql, len, "CREATE TEMP TRIGGER dd_origin_%s AFTER INSERT "
					 "ON main.%s BEGIN ", t, t);

	for (size_t f = 0; f < sizeof overlay_figures / sizeof overlay_figures[0]; f++) {
		const char *c = overlay_figures[f].column, *neg = overlay_figures[f].neg;

		if (strcmp(overlay_figures[f].table, t) != 0 || n >= len)
			continue;
		n += (size_t)snprintf(sql + n, len - n,
				      "SELECT RAISE(ABORT, '%s.%s must be a finite number') WHERE "
				      "new.%s IS NOT NULL AND NOT (new.%s BETWEEN -1e308 AND 1e308); "
				      "SELECT RAISE(ABORT, '%s.%s must be 0 or more%s') WHERE "
				      "new.%s < 0 AND NOT (%s); ",
				      t, c, c, c, t, c, neg != NULL ? " (but for a temperature)" : "",
				      c, neg != NULL ? neg : "0");
	}
	if (n < len)
		n += (size_t)snprintf(sql + n, len - n, "INSERT INTO dd_origin (tbl, rid, fileno, "
				      "line) VALUES ('%s', new.rowid, dd_overlay_file(), "
				      "dd_overlay_line()); END", t);
	return n < len ? 0 : -ENOSPC;
}

/* Bound what overlay statements may do (see the top), or with on false
 * give the connection its limits back. */
static void
overlay_bound(struct specdb *db, struct overlay_run *r, bool on)
{
	for (size_t i = 0; i < OVERLAY_NLIMITS; i++) {
		if (on)
			r->saved_limits[i] = sqlite3_limit(db->db, overlay_limits[i].id,
							   overlay_limits[i].value);
		else
			sqlite3_limit(db->db, overlay_limits[i].id, r->saved_limits[i]);
	}
	if (on) {
		sqlite3_progress_handler(db->db, OVERLAY_TICK, overlay_progress, r);
		sqlite3_set_authorizer(db->db, overlay_authorize, r);
	} else {
		sqlite3_progress_handler(db->db, 0, NULL, NULL);
		sqlite3_set_authorizer(db->db, NULL, NULL);
	}
}

/* The origin triggers, the SQL functions they call and the file list. */
static int
overlay_prepare(struct specdb *db, struct overlay_run *r, struct dd_error *err)
{
	char	      sql[4096];
	sqlite3_stmt *st = NULL;
	int	      rc = sqlite3_exec(db->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);

	if (rc == SQLITE_OK)
		rc = sqlite3_create_function(db->db, "dd_overlay_line", 0, SQLITE_UTF8, r,
					     overlay_fn_line, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_create_function(db->db, "dd_overlay_file", 0, SQLITE_UTF8, r,
					     overlay_fn_file, NULL, NULL);
	for (size_t i = 0; rc == SQLITE_OK && i < OVERLAY_NTABLES; i++) {
		rc = overlay_trigger_sql(i, sql, sizeof sql) < 0 ? SQLITE_TOOBIG :
		     sqlite3_exec(db->db, sql, NULL, NULL, NULL);
	}
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(db->db, "INSERT INTO temp.dd_files (n, path) VALUES (?1, ?2)",
					-1, &st, NULL);
	for (size_t i = 0; rc == SQLITE_OK && i < db->noverlays; i++) {
		sqlite3_bind_int64(st, 1, (sqlite3_int64)i);
		sqlite3_bind_text(st, 2, db->overlays[i], -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_OK)
		return dd_error_set(err, -EIO, "cannot prepare the overlay: %s",
				    sqlite3_errmsg(db->db));
	overlay_bound(db, r, true);
	r->bound = true;
	return 0;
}

/* Drop the origin triggers and their functions once the load is over. */
static void
overlay_finish(struct specdb *db, struct overlay_run *r)
{
	char sql[128];

	if (r->bound)
		overlay_bound(db, r, false);
	for (size_t i = 0; i < OVERLAY_NTABLES; i++) {
		snprintf(sql, sizeof sql, "DROP TRIGGER IF EXISTS temp.dd_origin_%s",
			 overlay_tables[i]);
		sqlite3_exec(db->db, sql, NULL, NULL, NULL);
	}
	sqlite3_create_function(db->db, "dd_overlay_line", 0, SQLITE_UTF8, NULL, NULL, NULL,
				NULL);
	sqlite3_create_function(db->db, "dd_overlay_file", 0, SQLITE_UTF8, NULL, NULL, NULL,
				NULL);
}

/* Load one overlay file (index i); 0, a negative errno, or with a report
 * hook the count of failed statements. */
static int
overlay_load_file(struct overlay_run *r, size_t i, const struct specdb_open_opts *o,
		  struct dd_error *err)
{
	struct specdb_sql_hooks h = {
		.before = overlay_before, .failed = overlay_failed, .arg = r,
		.report = o != NULL ? o->report : NULL,
		.report_arg = o != NULL ? o->report_arg : NULL,
	};
	char		       *text = NULL;
	const char	       *nul;
	size_t			len = 0;
	int			rc;

	r->path = r->db->overlays[i];
	r->fileno = (int)i;
	r->why[0] = '\0';
	rc = file_read_all("overlay file", r->path, OVERLAY_MAX_BYTES, &text, &len, err);
	if (rc == 0 && (nul = memchr(text, '\0', len)) != NULL)
		rc = dd_error_set(err, -EINVAL, "%s:%d: a NUL byte: an overlay file is SQL text",
				  r->path, sql_line_at(text, nul, 1));
	if (rc == 0)
		rc = specdb_sql_run(r->db->db, r->path, text, &h, err);
	free(text);
	r->path = NULL;
	return rc;
}

/* Load every overlay file in order; with a report hook every error goes
 * there and the load goes on. */
static int
overlay_load_all(struct specdb *db, const struct specdb_open_opts *o, struct dd_error *err)
{
	struct overlay_run r = {
		.db = db, .budget_base = o != NULL && o->work_budget > 0 ? o->work_budget
									  : OVERLAY_BUDGET_BASE,
	};
	struct dd_error	   e = { 0 };
	bool		   report = o != NULL && o->report != NULL;
	int		   rc = overlay_to_memory(db, &e);

	if (rc == 0)
		rc = overlay_temp_tables(db, &e);
	if (rc == 0)
		rc = overlay_prepare(db, &r, &e);
	for (size_t i = 0; rc == 0 && i < db->noverlays; i++) {
		rc = overlay_load_file(&r, i, o, &e);
		if (report && rc < 0)
			o->report(o->report_arg, &e);
		if (report)
			rc = 0;
	}
	overlay_finish(db, &r);
	free(r.rows);
	if (rc < 0 && err != NULL)
		*err = e;
	return rc < 0 ? rc : 0;
}

/* Is name an overlay file's: *.sql, not hidden (an editor's temporary)? */
static bool
overlay_name_ok(const char *name)
{
	size_t n = strlen(name);

	return name[0] != '.' && n > 4 && strcmp(name + n - 4, ".sql") == 0;
}

/* Order two paths by byte value, whatever the locale. */
static int
overlay_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The overlay directory to read (NULL: none): the option's, none when
 * DRIVEDASH_NO_OVERLAY is set, else $XDG_CONFIG_HOME/drivedash. */
static const char *
overlay_dir(const struct specdb_open_opts *o, char *buf, size_t len)
{
	const char *env = getenv("DRIVEDASH_NO_OVERLAY");

	if (o != NULL && o->overlay_dir != NULL)
		return o->overlay_dir[0] != '\0' ? o->overlay_dir : NULL;
	if (env != NULL && env[0] != '\0' && strcmp(env, "0") != 0)
		return NULL;
	if (file_xdg_path("XDG_CONFIG_HOME", ".config", "drivedash", buf, len) < 0)
		return NULL;
	return buf;
}

/* Append dir/name (dir NULL: name) to a malloc'd list of paths. */
static int
overlay_list_add(char ***v, size_t *n, const char *dir, const char *name)
{
	size_t len = (dir ? strlen(dir) + 1 : 0) + strlen(name) + 1;
	char **nv = realloc(*v, (*n + 1) * sizeof **v);
	char  *p = malloc(len);

	if (nv != NULL)
		*v = nv;
	if (nv == NULL || p == NULL) {
		free(p);
		return -ENOMEM;
	}
	snprintf(p, len, "%s%s%s", dir ? dir : "", dir ? "/" : "", name);
	(*v)[(*n)++] = p;
	return 0;
}

/* Free a list of paths. */
static void
overlay_list_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The overlay directory's *.sql files in name order (none when it does not
 * exist). */
static int
overlay_list_dir(const char *dir, char ***v, size_t *n, struct dd_error *err)
{
	struct dirent *e;
	DIR	      *d = opendir(dir);
	int	       rc = 0;

	if (d == NULL && errno == ENOENT)
		return 0;
	if (d == NULL) {
		rc = -errno;
		return dd_error_set(err, rc, "cannot read the overlay directory %s: %s", dir,
				    strerror(-rc));
	}
	while (rc == 0 && (e = readdir(d)) != NULL)
		if (overlay_name_ok(e->d_name))
			rc = overlay_list_add(v, n, dir, e->d_name);
	closedir(d);
	if (rc < 0)
		return dd_error_set(err, rc, "out of memory");
	if (*n > 1)	/* *v is NULL when the directory holds no overlay file */
		qsort(*v, *n, sizeof **v, overlay_cmp);
	return 0;
}

/* Is path one of the files listed already (db check of an installed file:
 * loaded once)? */
static bool
overlay_listed(char **v, size_t n, const char *path)
{
	char *rp = realpath(path, NULL);
	bool  found = false;

	for (size_t i = 0; rp != NULL && !found && i < n; i++) {
		char *ri = realpath(v[i], NULL);

		found = ri != NULL && strcmp(ri, rp) == 0;
		free(ri);
	}
	free(rp);
	return found;
}

/* Every overlay file to load: the directory's, then o->extra. */
static int
overlay_list(const struct specdb_open_opts *o, char ***v, size_t *n, struct dd_error *err)
{
	char	    buf[4096];
	const char *dir = overlay_dir(o, buf, sizeof buf);
	int	    rc = 0;

	*v = NULL;
	*n = 0;
	if (dir != NULL)
		rc = overlay_list_dir(dir, v, n, err);
	for (size_t i = 0; rc == 0 && o != NULL && i < o->nextra; i++)
		if (!overlay_listed(*v, *n, o->extra[i]) &&
		    overlay_list_add(v, n, NULL, o->extra[i]) < 0)
			rc = dd_error_set(err, -ENOMEM, "out of memory");
	if (rc < 0) {
		overlay_list_free(*v, *n);
		*v = NULL;
		*n = 0;
	}
	return rc;
}

/* Open the bundled database and load the lab's overlay on top. */
int
specdb_open_with(const char *path, const struct specdb_open_opts *o, struct specdb **out,
		 struct dd_error *err)
{
	struct specdb *db;
	char	     **files;
	size_t	       nfiles;
	int	       rc;

	*out = NULL;
	if ((rc = overlay_list(o, &files, &nfiles, err)) < 0)
		return rc;
	if ((rc = specdb_open_bundled(path, &db, err)) < 0) {
		overlay_list_free(files, nfiles);
		return rc;
	}
	db->overlays = files;
	db->noverlays = nfiles;
	rc = nfiles == 0 ? overlay_temp_tables(db, err) : overlay_load_all(db, o, err);
	if (rc < 0) {
		specdb_close(db);
		return rc;
	}
	*out = db;
	return 0;
}

/* Open with the default overlay. */
int
specdb_open(const char *path, struct specdb **out, struct dd_error *err)
{
	return specdb_open_with(path, NULL, out, err);
}

/* The overlay files loaded. */
const char *const *
specdb_overlays(const struct specdb *db, size_t *n)
{
	*n = db->noverlays;
	return (const char *const *)db->overlays;
}

/* Where an overlay row comes from (see specdb-private.h). */
int
specdb_origin(struct specdb *db, const char *tbl, long long rowid, const char **file, int *line)
{
	sqlite3_stmt *st;
	int	      found = 0;

	*file = NULL;
	*line = 0;
	if (db->noverlays == 0 ||
	    sqlite3_prepare_v2(db->db, "SELECT fileno, line FROM temp.dd_origin "
				       "WHERE tbl = ?1 AND rid = ?2", -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(st, 1, tbl, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, rowid);
	if (sqlite3_step(st) == SQLITE_ROW) {
		sqlite3_int64 n = sqlite3_column_int64(st, 0);

		if (n >= 0 && (size_t)n < db->noverlays) {
			*file = db->overlays[n];
			*line = sqlite3_column_int(st, 1);
			found = 1;
		}
	}
	sqlite3_finalize(st);
	return found;
}

/* A real as SQL text that reads back to the same double. */
static void
dump_real(FILE *out, double v)
{
	char buf[40];

	snprintf(buf, sizeof buf, "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof buf, "%.17g", v);
	fputs(buf, out);
}

/* One column of a row as an SQL literal. */
static void
dump_value(FILE *out, sqlite3_stmt *st, int i)
{
	const unsigned char *t;

	switch (sqlite3_column_type(st, i)) {
	case SQLITE_NULL:
		fputs("NULL", out);
		break;
	case SQLITE_INTEGER:
		fprintf(out, "%lld", (long long)sqlite3_column_int64(st, i));
		break;
	case SQLITE_FLOAT:
		dump_real(out, sqlite3_column_double(st, i));
		break;
	default:
		fputc('\'', out);
		for (t = sqlite3_column_text(st, i); t != NULL && *t != '\0'; t++) {
			if (*t == '\'')
				fputc('\'', out);
			fputc(*t, out);
		}
		fputc('\'', out);
	}
}

/* The columns of a table a dump writes: every one but an INTEGER PRIMARY
 * KEY id (spec, measurement, target), which the loading database assigns. */
static bool
dump_column_kept(sqlite3_stmt *st, int i, const char *table)
{
	return strcmp(sqlite3_column_name(st, i), "id") != 0 ||
	       (strcmp(table, "spec") != 0 && strcmp(table, "target") != 0 &&
		strcmp(table, "measurement") != 0);
}

/* One row's VALUES tuple. */
static void
dump_tuple(FILE *out, sqlite3_stmt *st, const char *table, bool first)
{
	bool sep = false;

	fputs(first ? "  (" : ",\n  (", out);
	for (int i = 0; i < sqlite3_column_count(st); i++) {
		if (!dump_column_kept(st, i, table))
			continue;
		fputs(sep ? ", " : "", out);
		dump_value(out, st, i);
		sep = true;
	}
	fputc(')', out);
}

/* The INSERT statement head: table and column list. */
static void
dump_head(FILE *out, sqlite3_stmt *st, const char *table, const char *comment)
{
	bool sep = false;

	fprintf(out, "\n-- %s\nINSERT INTO %s (", comment, table);
	for (int i = 0; i < sqlite3_column_count(st); i++) {
		if (!dump_column_kept(st, i, table))
			continue;
		fprintf(out, "%s%s", sep ? ", " : "", sqlite3_column_name(st, i));
		sep = true;
	}
	fputs(") VALUES\n", out);
}

/* The rows of table that `where` selects (?1 the family, ?2 the capacity
 * point or NULL) as one INSERT; nothing when there are none. */
static int
dump_table(struct specdb *db, FILE *out, const char *table, const char *where,
	   const char *family_id, const char *drive_id, const char *comment,
	   struct dd_error *err)
{
	char	      sql[2048];
	sqlite3_stmt *st;
	int	      rc, n = 0;

	if ((size_t)snprintf(sql, sizeof sql, "SELECT * FROM main.%s WHERE %s ORDER BY rowid",
			     table, where) >= sizeof sql ||
	    sqlite3_prepare_v2(db->db, sql, -1, &st, NULL) != SQLITE_OK)
		return dd_error_set(err, -EIO, "cannot dump %s: %s", table,
				    sqlite3_errmsg(db->db));
	sqlite3_bind_text(st, 1, family_id, -1, SQLITE_STATIC);
	if (drive_id != NULL)
		sqlite3_bind_text(st, 2, drive_id, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n == 0)
			dump_head(out, st, table, comment);
		dump_tuple(out, st, table, n++ == 0);
	}
	if (n > 0)
		fputs(";\n", out);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return dd_error_set(err, -EIO, "cannot dump %s: %s", table,
				    sqlite3_errmsg(db->db));
	return 0;
}

/* The rows a family's dump cites: vendor and sources that an overlay added
 * (the bundled ones are in every database). */
#define DUMP_CITED_SOURCES						\
	"id IN (SELECT source_id FROM family WHERE id = ?1"		\
	" UNION SELECT source_id FROM drive WHERE family_id = ?1"	\
	"  AND (?2 IS NULL OR id = ?2)"					\
	" UNION SELECT s.source_id FROM sku s JOIN drive d ON d.id = s.drive_id" \
	"  WHERE d.family_id = ?1 AND (?2 IS NULL OR d.id = ?2)"	\
	" UNION SELECT source_id FROM spec WHERE family_id = ?1"	\
	"  AND (?2 IS NULL OR drive_id IS NULL OR drive_id = ?2)"	\
	" UNION SELECT source_id FROM target WHERE family_id = ?1"	\
	"  AND (?2 IS NULL OR drive_id IS NULL OR drive_id = ?2))"	\
	" AND rowid IN (SELECT rid FROM temp.dd_origin WHERE tbl = 'source')"

/* The commented example of a lab source and two acceptance targets. */
static void
dump_target_example(struct specdb *db, FILE *out, const char *family_id,
		    const char *drive_id)
{
	sqlite3_stmt *st;
	const char   *did = drive_id;
	double	      rr = 1000000, sr = 10000;

	if (did == NULL &&
	    sqlite3_prepare_v2(db->db, "SELECT id FROM drive WHERE family_id = ?1 "
					"ORDER BY capacity_gb DESC LIMIT 1", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, family_id, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW)
			fprintf(out, "\n-- capacity point of the example below: %s\n",
				(const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
	}
	if (sqlite3_prepare_v2(db->db,
			       "SELECT metric_id, MAX(value * u.to_base) FROM spec s JOIN unit u "
			       "ON u.id = s.unit_id WHERE family_id = ?1 AND preferred = 1 AND "
			       "metric_id IN ('rand_read', 'seq_read') AND (?2 IS NULL OR "
			       "drive_id IS NULL OR drive_id = ?2) GROUP BY metric_id",
			       -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, family_id, -1, SQLITE_STATIC);
		if (drive_id != NULL)
			sqlite3_bind_text(st, 2, drive_id, -1, SQLITE_STATIC);
		while (sqlite3_step(st) == SQLITE_ROW)
			*(strcmp((const char *)sqlite3_column_text(st, 0), "rand_read") == 0
				  ? &rr : &sr) = sqlite3_column_double(st, 1);
		sqlite3_finalize(st);
	}
	fprintf(out,
		"\n-- Acceptance targets: the lab's own pass criteria at stated conditions\n"
		"-- (block size in bytes, depth, jobs, runtime in s), judged before the spec.\n"
		"-- INSERT INTO source (id, kind, title, name) VALUES\n"
		"--   ('lab-acceptance', 'lab', 'Acceptance criteria, rev 1', 'acceptance criteria');\n"
		"-- INSERT INTO target (family_id, drive_id, metric_id, qual, value, unit_id,\n"
		"--                     tolerance_pct, block_size, iodepth, numjobs, runtime_s,\n"
		"--                     source_id) VALUES\n"
		"--   ('%s', %s%s%s, 'rand_read', 'ge', %.0f, 'IOPS', 5, 4096, 32, 16, 60,"
		" 'lab-acceptance'),\n"
		"--   ('%s', NULL, 'seq_read', 'ge', %.0f, 'MB/s', 5, 131072, 32, 1, 60,"
		" 'lab-acceptance');\n",
		family_id, did ? "'" : "", did ? did : "NULL", did ? "'" : "", rr, family_id, sr);
}

/* Write a family's rows (or one capacity point's) as overlay SQL. */
int
specdb_dump(struct specdb *db, const char *family_id, const char *drive_id, FILE *out,
	    struct dd_error *err)
{
	static const struct {
		const char *table, *where, *comment;
	} parts[] = {
		{ "vendor", "id IN (SELECT vendor_id FROM family WHERE id = ?1) AND rowid IN "
			    "(SELECT rid FROM temp.dd_origin WHERE tbl = 'vendor')",
		  "The vendor (an overlay's own: not in the bundled database)" },
		{ "source", DUMP_CITED_SOURCES,
		  "Sources the rows cite that an overlay added" },
		{ "family", "id = ?1", "The family" },
		{ "drive", "family_id = ?1 AND (?2 IS NULL OR id = ?2)",
		  "Capacity points" },
		{ "sku", "drive_id IN (SELECT id FROM drive WHERE family_id = ?1 AND "
			 "(?2 IS NULL OR id = ?2))", "Part numbers and model strings" },
		{ "spec", "family_id = ?1 AND (?2 IS NULL OR drive_id IS NULL OR drive_id = ?2)",
		  "Spec-sheet figures (drive_id NULL: the whole family)" },
		{ "target", "family_id = ?1 AND (?2 IS NULL OR drive_id IS NULL OR drive_id = ?2)",
		  "Acceptance targets" },
	};
	int rc = 0;

	fprintf(out,
		"-- drivedash overlay: %s%s%s, written by drivedash db dump.\n"
		"-- A starting point for the lab's own file: give the family, its capacity\n"
		"-- points and every row an id of its own (these ids are taken), save it as\n"
		"-- $XDG_CONFIG_HOME/drivedash/NAME.sql and check it with\n"
		"-- 'drivedash db check FILE'.  INSERT statements only (see drivedash(1)).\n",
		family_id, drive_id ? ", capacity point " : "", drive_id ? drive_id : "");
	for (size_t i = 0; rc == 0 && i < sizeof parts / sizeof parts[0]; i++)
		rc = dump_table(db, out, parts[i].table, parts[i].where, family_id, drive_id,
				parts[i].comment, err);
	if (rc == 0)
		dump_target_example(db, out, family_id, drive_id);
	if (rc == 0 && (fflush(out) != 0 || ferror(out)))
		rc = dd_error_set(err, -EIO, "cannot write the dump: %s", strerror(errno));
	return rc;
}
