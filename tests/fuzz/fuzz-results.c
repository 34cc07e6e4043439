/*
 * libFuzzer target: a crafted results store.  The input's bytes are written
 * as a store file (nothing beside it: no -wal, no -shm) and read the ways a
 * user reads one: results_open read-only, results_list of every run,
 * results_run_load of the first eight, results_resolve of "last", then the
 * commands themselves through main()'s dispatch (src/main.c compiled in as
 * drivedash_main): `runs`, `runs --json` and `export last` in each format (json,
 * csv, fio-json, text) into a file of this process.  Refusals are fine; crashes, UB, leaks
 * and hangs are not, and the file must be byte for byte as it was (a read
 * never writes).  Seeds (corpus/results/) are small valid stores of every
 * schema version and stores with hostile values: NULL and wrong-typed
 * columns, out-of-range indexes, a view or trigger in place of a table.
 * stdin and stdout are /dev/null.
 */
#include "config.h"

#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>

#include "core/results.h"
#include "fuzz.h"

int drivedash_main(int argc, char **argv);

static char fuzz_store[4096], fuzz_out[4096];	/* this process's files */

/* Remove this process's files. */
static void
fuzz_cleanup(void)
{
	static const char *const sides[] = { "", "-wal", "-shm", "-journal" };
	char			 p[4200];

	for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
		snprintf(p, sizeof p, "%s%s", fuzz_store, sides[i]);
		unlink(p);
	}
	unlink(fuzz_out);
}

/* Pick the files ($TMPDIR), the specs database, /dev/null for stdio. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	int	    fd = open("/dev/null", O_RDWR);

	(void)argc, (void)argv;
	if (fd < 0 || dup2(fd, STDIN_FILENO) < 0 || dup2(fd, STDOUT_FILENO) < 0)
		abort();
	close(fd);
	setenv("DRIVEDASH_DB", FUZZ_DB, 0);
	snprintf(fuzz_store, sizeof fuzz_store, "%s/dd-fuzz-results-%d.db", tmp, (int)getpid());
	snprintf(fuzz_out, sizeof fuzz_out, "%s/dd-fuzz-results-%d.out", tmp, (int)getpid());
	atexit(fuzz_cleanup);
	return 0;
}

/* Read the store through the core: list, load, resolve. */
static void
fuzz_read_core(void)
{
	struct results	    *db;
	struct results_prov *list = NULL;
	struct results_run   run;
	struct dd_error	     err = { 0 };
	size_t		     n = 0;
	int64_t		     id;

	if (results_open(&db, fuzz_store, RESULTS_READ, &err) < 0)
		return;
	if (results_list(db, NULL, &list, &n, &err) == 0)
		for (size_t i = 0; i < n && i < 8; i++)
			if (results_run_load(db, list[i].id, &run, &err) == 0)
				results_run_free(&run);
	free(list);
	if (results_resolve(db, "last", &id, &err) == 0 &&
	    results_run_load(db, id, &run, &err) == 0)
		results_run_free(&run);
	results_close(db);
}

/* One command through main's dispatch. */
static void
fuzz_command(const char *const *args, int n)
{
	char *argv[16];

	for (int i = 0; i < n; i++)
		argv[i] = (char *)args[i];
	argv[n] = NULL;
	optind = 0;
	(void)drivedash_main(n, argv);
	unlink(fuzz_out);
}

/* One input: write it as the store, read it every way, check it unchanged. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *runs[] = { "drivedash", "runs", "--results", fuzz_store };
	const char *runs_json[] = { "drivedash", "runs", "--json", "--results", fuzz_store };
	const char *exp[] = { "drivedash", "export", "last", "--results", fuzz_store, "-o",
			      fuzz_out, "--format", "json" };
	static const char *const formats[] = { "json", "csv", "fio-json", "text" };
	uint8_t	   *back;
	int	    fd;

	fuzz_cleanup();
	fd = open(fuzz_store, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	fuzz_read_core();
	fuzz_command(runs, 4);
	fuzz_command(runs_json, 5);
	for (size_t i = 0; i < 4; i++) {
		exp[8] = formats[i];
		fuzz_command(exp, 9);
	}
	/* A read never writes the store. */
	back = malloc(size + 1);
	fd = open(fuzz_store, O_RDONLY);
	FUZZ_CHECK(back != NULL && fd >= 0);
	FUZZ_CHECK(read(fd, back, size + 1) == (ssize_t)size);
	FUZZ_CHECK(size == 0 || memcmp(back, data, size) == 0);
	close(fd);
	free(back);
	return 0;
}
