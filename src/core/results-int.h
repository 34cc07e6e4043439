/*
 * The results store's insides, shared by its files and by nothing else
 * (tests/unit/layers.sh: only results*.c may include sqlite): results.c
 * (the schema, the file checks, opening and migrating, provenance),
 * results-cols.c (the column tables and binding through them),
 * results-write.c (storing runs and points) and results-read.c (listing,
 * resolving and loading runs).  The data model on disk is in results.c's
 * opening comment.
 *
 * Data model in memory: a struct results is one sqlite connection with the
 * statements a writer reuses; a struct results_col ties one struct field to
 * one column (name, type, offset, size), and each stored struct has one
 * table of them (results_<struct>_cols, with its length in
 * results_<struct>_cols_n: NCOLS(table)).
 */
#ifndef DD_RESULTS_INT_H
#define DD_RESULTS_INT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "core/results.h"

enum results_ctype {
	RC_TEXT,	/* char array of size bytes */
	RC_BOOL,
	RC_INT,		/* int, and enums */
	RC_UINT,	/* unsigned */
	RC_U32,
	RC_I64,
	RC_U64,		/* stored as its int64 bit pattern */
	RC_SIZE,	/* size_t; SIZE_MAX round-trips as -1 */
	RC_DBL,		/* NAN is NULL */
	RC_PATTERN,	/* enum dd_pattern by name (dd_pattern_name) */
	RC_KIND,	/* enum dd_kind by name (dd_kind_name) */
};

struct results_col {
	const char	  *name;
	enum results_ctype type;
	size_t		   off, size;
};

#define RCOL(col, type, st, m) { col, type, offsetof(st, m), sizeof(((st *)0)->m) }

/* The number of columns of a column table (its _n companion). */
#define NCOLS(t) (t##_n)

extern const struct results_col results_prov_cols[];
extern const size_t results_prov_cols_n;
extern const struct results_col results_ref_cols[];
extern const size_t results_ref_cols_n;
extern const struct results_col results_verdict_cols[];
extern const size_t results_verdict_cols_n;
extern const struct results_col results_point_cols[];
extern const size_t results_point_cols_n;
extern const struct results_col results_sum_cols[];
extern const size_t results_sum_cols_n;
extern const struct results_col results_lat_cols[];
extern const size_t results_lat_cols_n;
extern const struct results_col results_interval_cols[];
extern const size_t results_interval_cols_n;
extern const struct results_col results_smart_cols[];
extern const size_t results_smart_cols_n;

/* The latency summaries of a result, by kind. */
extern const char *const results_lat_kinds[3];

/* The statements a writer reuses for every point. */
enum results_stmt {
	RS_POINT, RS_LAT, RS_PCT, RS_BIN, RS_DIR_BIN, RS_INTERVAL, RS_SMART, RS_NSTMTS,
};

struct results {
	sqlite3	     *db;
	char	      path[PATH_MAX];	/* what is open */
	char	      name[PATH_MAX];	/* what sentences name (a new store's
					 * final path while it is made) */
	int	      busy_ms;		/* how long a write waits for another */
	sqlite3_stmt *st[RS_NSTMTS];	/* prepared on first use */
};

/* ---- the connection (results.c) ---- */

/* Set err from the connection's last error, naming the file and the action. */
int results_fail(struct results *db, const char *what, struct dd_error *err);

/* Run SQL text without results; 0 or negative errno. */
int results_exec(struct results *db, const char *sql, const char *what, struct dd_error *err);

/* Prepare a statement (not cached). */
int results_prepare(struct results *db, const char *sql, sqlite3_stmt **st,
		    struct dd_error *err);

/* Begin a write transaction (waits for other writers up to the busy timeout). */
int results_begin(struct results *db, struct dd_error *err);

/* Commit, or roll back and keep the first error when rc < 0. */
int results_finish(struct results *db, int rc, const char *what, struct dd_error *err);

/* ---- binding and reading through column tables (results-cols.c) ---- */

/* A text column, "" for NULL (a crafted store may hold NULL anywhere). */
const char *results_col_text(sqlite3_stmt *st, int i);

/* A figure column: NAN for NULL, and for what no measurement can be (not
 * finite, or beyond RESULTS_MAX_FIGURE: a crafted store), so that nothing
 * downstream multiplies it past an integer's range. */
double results_col_figure(sqlite3_stmt *st, int i);

/* Bind n columns of base to parameters first, first+1, ...; sqlite code. */
int results_bind_cols(sqlite3_stmt *st, int first, const struct results_col *cols, size_t n,
		      const void *base);

/* Read n columns starting at result column first into base. */
void results_read_cols(sqlite3_stmt *st, int first, const struct results_col *cols, size_t n,
		       void *base);

/* Append ", name" for every column of a table to buf (prefix before each). */
void results_col_list(char *buf, size_t len, const char *prefix, const struct results_col *cols,
		      size_t n);

/* Append n ", ?" placeholders to buf. */
void results_marks(char *buf, size_t len, size_t n);

/* ---- writing (results-write.c) ---- */

/* Step an insert to its end; 0 or negative errno. */
int results_step_done(struct results *db, sqlite3_stmt *st, int bound, const char *what,
		      struct dd_error *err);

#endif
