/*
 * Tests for src/core/specdb-overlay.c: the one SQL file runner
 * (specdb_sql_run: statement and error lines, comments and strings holding
 * ';' and '--', going on past failures), and specdb_open_with on the built
 * database with overlay files in a temporary directory (rows added, their
 * origin by file and VALUES-row line, the file list, the bundled file left
 * as it was).
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "helpers.h"
#include <sqlite3.h>

#include "core/specdb-private.h"

static char tmpdir[256];

/* An in-memory database with one table t (a INTEGER CHECK (a > 0)). */
static sqlite3 *
mem_db(void)
{
	sqlite3 *db;

	assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "CREATE TABLE t (a INTEGER CHECK (a > 0), b TEXT)",
				      NULL, NULL, NULL), SQLITE_OK);
	return db;
}

/* Count the rows of t. */
static int
count_rows(sqlite3 *db)
{
	sqlite3_stmt *st;
	int	      n;

	assert_int_equal(sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM t", -1, &st, NULL),
			 SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* Statements with ';' and '--' inside strings and comments run whole; an
 * error names the line of the failing statement. */
static void
test_run_lines(void **state)
{
	static const char text[] =
		"-- a comment; with a semicolon\n"
		"INSERT INTO t VALUES (1, 'a;b -- not a comment');\n"
		"/* block;\n comment */ INSERT INTO t VALUES\n"
		"  (2, 'it''s');\n"
		"\n"
		"INSERT INTO t VALUES (0, 'bad');\n";
	struct dd_error err = { 0 };
	sqlite3	       *db = mem_db();

	(void)state;
	assert_true(specdb_sql_run(db, "f.sql", text, NULL, &err) < 0);
	assert_string_equal(err.msg, "f.sql:7: CHECK constraint failed: a > 0");
	assert_int_equal(count_rows(db), 2);
	sqlite3_close(db);
}

/* A syntax error names the line of the token at fault. */
static void
test_run_syntax_line(void **state)
{
	struct dd_error err = { 0 };
	sqlite3	       *db = mem_db();

	(void)state;
	assert_true(specdb_sql_run(db, "f.sql", "INSERT INTO t\n VALUES\n (1 2);\n", NULL,
				   &err) < 0);
	assert_non_null(strstr(err.msg, "f.sql:3: near \"2\": syntax error"));
	sqlite3_close(db);
}

/* The report hook's count. */
static void
count_report(void *arg, const struct dd_error *e)
{
	(void)e;
	(*(int *)arg)++;
}

/* With a report hook the runner goes on past every failure, the syntax
 * error's statement skipped to its ';'. */
static void
test_run_keep_going(void **state)
{
	static const char text[] =
		"INSERT INTO t VALUES (0, 'x');\n"
		"INSERT INTO t VALUES (1, 'ok');\n"
		"INSERT INTO t VALUES (1 'x;y');\n"
		"INSERT INTO t VALUES (2, 'ok');\n";
	struct specdb_sql_hooks h = { .report = count_report };
	struct dd_error		err = { 0 };
	sqlite3		       *db = mem_db();
	int			n = 0;

	(void)state;
	h.report_arg = &n;
	assert_int_equal(specdb_sql_run(db, "f.sql", text, &h, &err), 2);
	assert_int_equal(n, 2);
	assert_int_equal(count_rows(db), 2);
	sqlite3_close(db);
}

/* Open the built database with one overlay directory. */
static struct specdb *
open_with_dir(const char *dir, struct dd_error *err, int *rc)
{
	struct specdb_open_opts o = { .overlay_dir = dir };
	struct specdb	       *db = NULL;
	const char	       *path = getenv("DRIVEDASH_DB");

	assert_non_null(path);
	*rc = specdb_open_with(path, &o, &db, err);
	return db;
}

/* An overlay's rows load with their file and VALUES-row line; the bundled
 * rows have none; the file list is in name order. */
static void
test_open_with_overlay(void **state)
{
	struct dd_error	   err = { 0 };
	struct arena	   a = { 0 };
	struct spec_sheet  sh;
	struct specdb	  *db;
	const char *const *files;
	char		   p1[512], p2[512], want[600];
	size_t		   n;
	int		   rc;

	(void)state;
	test_write_file(tmpdir, "b.sql", "INSERT INTO family (id, vendor_id, name) VALUES\n"
			    "  ('kioxia-lab', 'kioxia', 'LAB');\n", p2, sizeof p2);
	test_write_file(tmpdir, "a.sql", "INSERT INTO drive (id, family_id, capacity_gb) VALUES\n"
			    "  ('kioxia-cd9p-r-1', 'kioxia-cd9p-r', 1),\n"
			    "  ('kioxia-cd9p-r-2', 'kioxia-cd9p-r', 2);\n", p1, sizeof p1);
	db = open_with_dir(tmpdir, &err, &rc);
	assert_int_equal(rc, 0);
	files = specdb_overlays(db, &n);
	assert_int_equal(n, 2);
	assert_string_equal(files[0], p1);
	assert_string_equal(files[1], p2);
	assert_int_equal(specdb_sheet(db, "kioxia-cd9p-r", NULL, &a, &sh, &err), 0);
	assert_null(sh.family.origin);
	for (size_t i = 0; i < sh.family.ndrives; i++) {
		const struct spec_drive *d = &sh.family.drives[i];

		if (d->capacity_gb == 2) {
			snprintf(want, sizeof want, "%s:3", p1);
			assert_string_equal(d->origin, want);
		} else if (d->capacity_gb > 2) {
			assert_null(d->origin);
		}
	}
	assert_int_equal(specdb_sheet(db, "kioxia-lab", NULL, &a, &sh, &err), 0);
	snprintf(want, sizeof want, "%s:2", p2);
	assert_string_equal(sh.family.origin, want);
	specdb_close(db);
	arena_free(&a);
	unlink(p1);
	unlink(p2);
}

/* A failed overlay fails the open with FILE:LINE; "" reads no overlay. */
static void
test_open_with_errors(void **state)
{
	struct dd_error err = { 0 };
	struct specdb  *db;
	char		p[512], want[600];
	int		rc;

	(void)state;
	test_write_file(tmpdir, "c.sql", "\nINSERT INTO drive (id, family_id, capacity_gb) VALUES\n"
			    "  ('x-1', 'no-family', 1);\n", p, sizeof p);
	db = open_with_dir(tmpdir, &err, &rc);
	assert_null(db);
	assert_true(rc < 0);
	snprintf(want, sizeof want, "%s:3: drive.family_id 'no-family' names no family", p);
	assert_non_null(strstr(err.msg, want));
	db = open_with_dir("", &err, &rc);
	assert_int_equal(rc, 0);
	specdb_close(db);
	unlink(p);
}

/* A statement past its work budget is stopped and named at its line (the
 * budget lowered to 1,000 instructions and its one row's share: an IN list
 * of 20,000 literals takes more); the same file loads with the default. */
static void
test_open_work_budget(void **state)
{
	struct specdb_open_opts o = { .overlay_dir = tmpdir, .work_budget = 1 };
	struct dd_error		err = { 0 };
	struct specdb	       *db = NULL;
	size_t			cap = 200000, n;
	char		       *sql = malloc(cap), p[512], want[600];

	(void)state;
	assert_non_null(sql);
	n = (size_t)snprintf(sql, cap, "-- a long IN list\n"
			     "INSERT INTO vendor (id, name) VALUES\n  ('lab-in', CASE WHEN 0 IN (");
	for (int i = 1; i <= 20000; i++)
		n += (size_t)snprintf(sql + n, cap - n, "%s%d", i > 1 ? "," : "", i);
	snprintf(sql + n, cap - n, ") THEN 'x' ELSE 'y' END);\n");
	test_write_file(tmpdir, "d.sql", sql, p, sizeof p);
	assert_true(specdb_open_with(getenv("DRIVEDASH_DB"), &o, &db, &err) < 0);
	assert_null(db);
	snprintf(want, sizeof want, "%s:2: this statement does more work than an overlay "
		 "statement may", p);
	assert_non_null(strstr(err.msg, want));
	o.work_budget = 0;
	assert_int_equal(specdb_open_with(getenv("DRIVEDASH_DB"), &o, &db, &err), 0);
	specdb_close(db);
	unlink(p);
	free(sql);
}

static int
setup(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/dd-overlay-XXXXXX");
	return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	(void)state;
	return rmdir(tmpdir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_lines),
		cmocka_unit_test(test_run_syntax_line),
		cmocka_unit_test(test_run_keep_going),
		cmocka_unit_test(test_open_with_overlay),
		cmocka_unit_test(test_open_with_errors),
		cmocka_unit_test(test_open_work_budget),
	};

	if (getenv("DRIVEDASH_DB") == NULL) {
		printf("1..0 # SKIP DRIVEDASH_DB is not set (run through make check)\n");
		return 0;
	}
	return cmocka_run_group_tests_name("overlay", tests, setup, teardown);
}
