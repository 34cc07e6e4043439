/*
 * libFuzzer target: the specs database reader (src/core/specdb.c) on a
 * database whose contents are hostile.  Each input is SQL run against a
 * fresh copy of the bundled database (data/drivedash.db, or $DRIVEDASH_DB):
 * it may update, delete or insert rows with any values and types, drop or
 * alter tables.  The copy is then read as `list` and `show` read it:
 * specdb_open, specdb_families, specdb_sheet for the first eight families and their first
 * capacity point, specdb_units and specdb_search with the input's first line
 * as the query.  Errors are fine; crashes, UB and leaks are not.  SQL that
 * could reach another file (ATTACH, VACUUM INTO, extensions) is refused, and
 * a progress handler bounds each statement.
 */
#include "config.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <strings.h>
#include <unistd.h>

#include "core/specdb.h"
#include "fuzz.h"

static char   *fuzz_base;	/* the bundled database's bytes */
static size_t  fuzz_base_len;
static char    fuzz_path[4096];	/* the per-process copy */

/* Refuse statements that reach outside the copy. */
static int
fuzz_authorize(void *u, int action, const char *a, const char *b, const char *c,
	       const char *d)
{
	(void)u, (void)a, (void)b, (void)c, (void)d;
	return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
}

/* Stop a statement after a bounded amount of work. */
static int
fuzz_progress(void *u)
{
	return ++*(int *)u > 2000;
}

/* Remove this process's copy. */
static void
fuzz_cleanup(void)
{
	unlink(fuzz_path);
}

/* Read the bundled database once; pick this process's copy path ($TMPDIR). */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *db = getenv("DRIVEDASH_DB") ? getenv("DRIVEDASH_DB") : FUZZ_DB;
	FILE	   *f = fopen(db, "rb");
	long	    n;

	(void)argc, (void)argv;
	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) <= 0)
		abort();
	rewind(f);
	fuzz_base = malloc((size_t)n);
	if (fuzz_base == NULL || fread(fuzz_base, 1, (size_t)n, f) != (size_t)n)
		abort();
	fclose(f);
	fuzz_base_len = (size_t)n;
	snprintf(fuzz_path, sizeof fuzz_path, "%s/dd-fuzz-specdb-%d.db",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
	atexit(fuzz_cleanup);
	return 0;
}

/* Write a fresh copy of the database and run the input's SQL on it. */
static int
fuzz_prepare_db(const char *sql)
{
	sqlite3 *db;
	int	 fd, steps = 0;

	fd = open(fuzz_path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
	if (fd < 0 || write(fd, fuzz_base, fuzz_base_len) != (ssize_t)fuzz_base_len)
		abort();
	close(fd);
	if (sqlite3_open_v2(fuzz_path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
		abort();
	(void)sqlite3_exec(db, "PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY;",
			   NULL, NULL, NULL);
	sqlite3_set_authorizer(db, fuzz_authorize, NULL);
	sqlite3_progress_handler(db, 1000, fuzz_progress, &steps);
	sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 20);
	(void)sqlite3_exec(db, sql, NULL, NULL, NULL);
	sqlite3_close(db);
	return 0;
}

/* Read the copy the way list and show do. */
static void
fuzz_read_db(const char *query)
{
	struct dd_error	    err = { 0 };
	struct arena	    a = { 0 };
	struct specdb	   *db;
	struct spec_family *fams;
	struct spec_unit   *units;
	struct spec_search  s;
	struct spec_answer  ans;
	struct spec_sheet   sh;
	size_t		    n, nu;

	if (specdb_open(fuzz_path, &db, &err) < 0)
		return;
	if (specdb_families(db, &a, &fams, &n, &err) == 0) {
		for (size_t i = 0; i < n && i < 8; i++) {
			if (fams[i].id == NULL)
				continue;
			(void)specdb_sheet(db, fams[i].id, NULL, &a, &sh, &err);
			if (fams[i].ndrives > 0 && fams[i].drives[0].id != NULL)
				(void)specdb_sheet(db, fams[i].id, fams[i].drives[0].id, &a, &sh,
						   &err);
		}
	}
	(void)specdb_units(db, &a, &units, &nu, &err);
	(void)specdb_search(db, query, &a, &s, &err);
	(void)specdb_search(db, "kioxia", &a, &s, &err);
	(void)specdb_query(db, query, &a, &ans, &err);
	(void)specdb_query(db, "cd9p 7.68", &a, &ans, &err);
	(void)specdb_query(db, "gen5", &a, &ans, &err);
	arena_free(&a);
	specdb_close(db);
}

/* One input: SQL on a fresh copy, then read it. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *sql = fuzz_strndup(data, size);
	char  query[128];

	if (strcasestr(sql, "vacuum") || strcasestr(sql, "attach") ||
	    strcasestr(sql, "extension") || strcasestr(sql, "pragma")) {
		free(sql);
		return 0;
	}
	snprintf(query, sizeof query, "%.*s", (int)strcspn(sql, "\n"), sql);
	fuzz_prepare_db(sql);
	fuzz_read_db(query);
	free(sql);
	return 0;
}
