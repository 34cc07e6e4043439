/*
 * The specs database's private parts, shared by the files that speak SQL to
 * it (core/specdb.c: open and queries; core/specdb-overlay.c: the lab's
 * overlay, dump; core/specdb-check.c: the consistency rules; and
 * core/specdb-query.c: typed queries).  Nothing outside src/core/specdb*.c
 * includes it (tests/unit/layers.sh keeps sqlite there), bar src/tools/mkdb.c for
 * the one SQL file runner (specdb_sql_run).
 */
#ifndef DD_SPECDB_PRIVATE_H
#define DD_SPECDB_PRIVATE_H

#include <sqlite3.h>

#include "specdb.h"

struct specdb {
	sqlite3	 *db;
	char	 *path;
	char	**overlays;	/* overlay files loaded, in order (malloc'd) */
	size_t	  noverlays;
};

/* Where an overlay row comes from: the file and line of the statement that
 * inserted row rowid of table tbl.  Returns 1 and sets *file and *line for an
 * overlay row, 0 for a bundled one (core/specdb-overlay.c keeps the map). */
int specdb_origin(struct specdb *db, const char *tbl, long long rowid, const char **file,
		  int *line);

/*
 * The overlay's map from a row to the file and line that added it lives in
 * two temporary tables every open creates (empty without an overlay):
 * temp.dd_files (n, path) and temp.dd_origin (tbl, rid, fileno, line).
 * SPECDB_ORIGIN_SQL(tbl, alias) is a column expression, for a loader's
 * SELECT, that reads "FILE:LINE" for an overlay row and NULL for a bundled
 * one: SPECDB_ORIGIN_SQL("drive", "d") with "FROM drive d".
 */
#define SPECDB_ORIGIN_SQL(tbl, alias)					\
	"(SELECT dd_f.path || ':' || dd_o.line FROM temp.dd_origin dd_o " \
	"JOIN temp.dd_files dd_f ON dd_f.n = dd_o.fileno "		\
	"WHERE dd_o.tbl = '" tbl "' AND dd_o.rid = " alias ".rowid)"

/* Open and validate the bundled database file read-only (no overlay). */
int specdb_open_bundled(const char *path, struct specdb **out, struct dd_error *err);

/* Hooks of specdb_sql_run, all optional. */
struct specdb_sql_hooks {
	/* Before each prepared statement runs: its text (len bytes) and the
	 * line it starts on; a negative return (err set) fails the file. */
	int	(*before)(void *arg, const char *sql, size_t len, int line,
			  struct dd_error *err);
	/* After a statement failed to prepare (st NULL) or to run: fill err
	 * with "FILE:LINE: ..." and return negative, or return 0 for the
	 * default sentence (sqlite's message at the statement's line). */
	int	(*failed)(void *arg, sqlite3_stmt *st, int line, struct dd_error *err);
	void	 *arg;
	/* Keep going past a failed statement: report each through report
	 * (with report_arg) and return the count of failures at the end. */
	void	(*report)(void *report_arg, const struct dd_error *err);
	void	 *report_arg;
};

/*
 * Run every statement of an SQL text one by one (path names it in errors):
 * the one runner of drivedash-mkdb (data/) and of the lab's overlay files.
 * An error is "PATH:LINE: message", LINE the line of the statement (of the
 * token a syntax error is at).  Returns 0, a negative errno on the first
 * failure, or with h->report the number of failed statements.
 */
int specdb_sql_run(sqlite3 *db, const char *path, const char *text,
		   const struct specdb_sql_hooks *h, struct dd_error *err);

#endif
