/*
 * libFuzzer target: the lab's overlay loader (src/core/specdb-overlay.c) on
 * hostile overlay files.  Each input is written as an overlay file and
 * loaded through the real path, specdb_open_with on the bundled database
 * (data/drivedash.db, or $DRIVEDASH_DB): once as every command loads it
 * (the first error fails the open) and once as `db check` does (every
 * error reported, the load going on past it).  A database that opens is
 * then read as list, show and db check read it.  fuzz-specdb covers a
 * hostile database file; this one the SQL text an overlay may hold.
 *
 * Invariants: a file with a NUL byte never loads; every error of the load
 * names the file ("FILE:LINE: ..."), bar running out of memory; and no
 * statement, however it is written, runs unbounded (libFuzzer's timeout)
 * or allocates without bound (its RSS limit).
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/specdb.h"
#include "fuzz.h"

static const char *fuzz_db;	/* the bundled database */
static char	   fuzz_dir[4096];	/* the per-process overlay file's directory */
static char	   fuzz_file[4200];	/* the overlay file */

/* Remove this process's overlay file and its directory. */
static void
fuzz_cleanup(void)
{
	unlink(fuzz_file);
	rmdir(fuzz_dir);
}

/* Find the bundled database; make this process's directory ($TMPDIR). */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_db = getenv("DRIVEDASH_DB") ? getenv("DRIVEDASH_DB") : FUZZ_DB;
	snprintf(fuzz_dir, sizeof fuzz_dir, "%s/dd-fuzz-overlay-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (mkdtemp(fuzz_dir) == NULL)
		abort();
	snprintf(fuzz_file, sizeof fuzz_file, "%s/lab.sql", fuzz_dir);
	atexit(fuzz_cleanup);
	return 0;
}

/* Write the input as the overlay file. */
static void
fuzz_write_file(const uint8_t *data, size_t size)
{
	int fd = open(fuzz_file, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);

	if (fd < 0 || (size > 0 && write(fd, data, size) != (ssize_t)size))
		abort();
	close(fd);
}

/* Does an error of the load name the overlay file? */
static bool
fuzz_names_file(const struct dd_error *e)
{
	return strncmp(e->msg, fuzz_file, strlen(fuzz_file)) == 0 ||
	       strcmp(e->msg, "out of memory") == 0;
}

/* db check's report hook: every error names the file; count them. */
static void
fuzz_report(void *arg, const struct dd_error *e)
{
	if (!fuzz_names_file(e)) {
		fprintf(stderr, "an overlay error that does not name the file: %s\n", e->msg);
		FUZZ_CHECK(fuzz_names_file(e));
	}
	++*(size_t *)arg;
}

/* Read a database with the overlay loaded as list and show (check false) or
 * db check (check true) do. */
static void
fuzz_read_db(struct specdb *db, bool check)
{
	struct dd_error	    err = { 0 };
	struct arena	    a = { 0 };
	struct spec_family *fams;
	struct spec_issue  *is;
	struct spec_sheet   sh;
	size_t		    n, ni;

	if (check) {
		(void)specdb_check(db, &a, &is, &ni, &err);
	} else if (specdb_families(db, &a, &fams, &n, &err) == 0) {
		for (size_t i = 0; i < n; i++) {
			if (fams[i].id == NULL || fams[i].origin == NULL)
				continue;	/* the overlay's families only */
			(void)specdb_sheet(db, fams[i].id, NULL, &a, &sh, &err);
		}
	}
	arena_free(&a);
}

/* One input: an overlay file, loaded as a command and as db check load it. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *const	extra[] = { fuzz_file };
	struct specdb_open_opts o = { .overlay_dir = "", .extra = extra, .nextra = 1 };
	struct dd_error		err = { 0 };
	struct specdb	       *db = NULL;
	bool			nul = memchr(data, '\0', size) != NULL;
	size_t			problems = 0;
	int			rc;

	fuzz_write_file(data, size);
	rc = specdb_open_with(fuzz_db, &o, &db, &err);
	FUZZ_CHECK(!(rc == 0 && nul));
	if (rc < 0 && !fuzz_names_file(&err)) {
		fprintf(stderr, "an overlay error that does not name the file: %s\n", err.msg);
		FUZZ_CHECK(fuzz_names_file(&err));
	}
	if (rc == 0) {
		fuzz_read_db(db, false);
		specdb_close(db);
	}
	o.report = fuzz_report;
	o.report_arg = &problems;
	db = NULL;
	if (specdb_open_with(fuzz_db, &o, &db, &err) == 0) {
		FUZZ_CHECK(!nul || problems > 0);
		FUZZ_CHECK(rc == 0 || problems > 0);
		fuzz_read_db(db, true);
		specdb_close(db);
	}
	return 0;
}
