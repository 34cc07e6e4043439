/*
 * drivedash-mkdb: build the specs database from the SQL text in data/.
 *
 * Usage: drivedash-mkdb OUT.db FILE.sql...
 * Statements run one by one with foreign keys on (specdb_sql_run, the runner
 * the lab's overlay files go through too), so an error names the file and
 * line of the statement that failed.  The database is written to a
 * temporary name and renamed over OUT only when every file loaded and the
 * foreign-key check is clean, so a failed build never leaves a half database.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "core/specdb-private.h"
#include "lib/file.h"

/* The largest data file read (rivals.sql is a few hundred KiB). */
#define MKDB_MAX_BYTES (64u << 20)

/* Run every statement of one SQL file (the runner the overlay uses too). */
static int
load_file(sqlite3 *db, const char *path)
{
	struct dd_error err = { 0 };
	char	       *text = NULL;
	int		rc;

	rc = file_read_all("data file", path, MKDB_MAX_BYTES, &text, NULL, &err);
	if (rc == 0)
		rc = specdb_sql_run(db, path, text, NULL, &err);
	free(text);
	if (rc < 0)
		fprintf(stderr, "drivedash-mkdb: %s\n", err.msg);
	return rc < 0 ? -1 : 0;
}

/* Exec a statement, reporting failure. */
static int
exec(sqlite3 *db, const char *sql)
{
	char *msg = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "drivedash-mkdb: %s: %s\n", sql, msg);
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* Print foreign-key violations; returns how many. */
static int
fk_check(sqlite3 *db)
{
	sqlite3_stmt *st;
	int	      n = 0;

	if (sqlite3_prepare_v2(db, "PRAGMA foreign_key_check", -1, &st, NULL) != SQLITE_OK)
		return -1;
	while (sqlite3_step(st) == SQLITE_ROW) {
		fprintf(stderr, "drivedash-mkdb: row %lld of %s refers to a missing %s\n",
			(long long)sqlite3_column_int64(st, 1),
			sqlite3_column_text(st, 0), sqlite3_column_text(st, 2));
		n++;
	}
	sqlite3_finalize(st);
	return n;
}

int
main(int argc, char **argv)
{
	sqlite3 *db = NULL;
	char	 tmp[4096], meta[256];
	int	 rc = 1;

	if (argc < 3) {
		fprintf(stderr, "usage: drivedash-mkdb OUT.db FILE.sql...\n");
		return 2;
	}
	snprintf(tmp, sizeof tmp, "%s.tmp%ld", argv[1], (long)getpid());
	unlink(tmp);
	if (sqlite3_open(tmp, &db) != SQLITE_OK) {
		fprintf(stderr, "drivedash-mkdb: cannot create %s: %s\n", tmp,
			sqlite3_errmsg(db));
		goto out;
	}
	if (exec(db, "PRAGMA foreign_keys = ON; PRAGMA journal_mode = OFF; "
		     "BEGIN") < 0)
		goto out;
	for (int i = 2; i < argc; i++)
		if (load_file(db, argv[i]) < 0)
			goto out;
	snprintf(meta, sizeof meta,
		 "INSERT INTO meta (key, value) VALUES ('schema_version', '%d'),"
		 " ('package_version', '" PACKAGE_VERSION "')",
		 SPECDB_SCHEMA_VERSION);
	if (exec(db, meta) < 0)
		goto out;
	if (fk_check(db) != 0)
		goto out;
	if (exec(db, "COMMIT") < 0 || exec(db, "VACUUM") < 0)
		goto out;
	if (sqlite3_close(db) != SQLITE_OK) {
		fprintf(stderr, "drivedash-mkdb: cannot write %s\n", tmp);
		db = NULL;
		goto out;
	}
	db = NULL;
	if (rename(tmp, argv[1]) != 0) {
		fprintf(stderr, "drivedash-mkdb: cannot rename %s to %s: %s\n", tmp,
			argv[1], strerror(errno));
		goto out;
	}
	rc = 0;
out:
	if (db != NULL)
		sqlite3_close(db);
	if (rc != 0)
		unlink(tmp);
	return rc;
}
