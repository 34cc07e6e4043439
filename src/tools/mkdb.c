/*
 * drivedash-mkdb: build the specs database from the SQL text in data/.
 *
 * Usage: drivedash-mkdb OUT.db FILE.sql...
 * Statements run one by one with foreign keys on, so an error names the file
 * and line of the statement that failed.  The database is written to a
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

#include "core/specdb.h"

/* Read a whole file into a malloc'd, NUL-terminated buffer. */
static char *
slurp(const char *path)
{
	FILE  *f = fopen(path, "rb");
	char  *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (f == NULL)
		return NULL;
	do {
		if (cap - len < 65536) {
			char *nb = realloc(buf, cap + 65536 + 1);

			if (nb == NULL) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
			cap += 65536;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* Line number of position p in text. */
static int
line_of(const char *text, const char *p)
{
	int line = 1;

	for (; text < p; text++)
		if (*text == '\n')
			line++;
	return line;
}

/* Run every statement of one SQL file. */
static int
load_file(sqlite3 *db, const char *path)
{
	char	   *text = slurp(path);
	const char *p, *tail;
	int	    rc = 0;

	if (text == NULL) {
		fprintf(stderr, "drivedash-mkdb: cannot read %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	for (p = text; *p != '\0'; p = tail) {
		sqlite3_stmt *st = NULL;
		int	      s;

		if (sqlite3_prepare_v2(db, p, -1, &st, &tail) != SQLITE_OK) {
			fprintf(stderr, "%s:%d: %s\n", path, line_of(text, p),
				sqlite3_errmsg(db));
			rc = -1;
			break;
		}
		if (st == NULL)		/* whitespace or comments only */
			continue;
		while ((s = sqlite3_step(st)) == SQLITE_ROW)
			;
		if (s != SQLITE_DONE) {
			const char *q = p;

			while (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r')
				q++;
			fprintf(stderr, "%s:%d: %s\n", path, line_of(text, q),
				sqlite3_errmsg(db));
			sqlite3_finalize(st);
			rc = -1;
			break;
		}
		sqlite3_finalize(st);
	}
	free(text);
	return rc;
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
