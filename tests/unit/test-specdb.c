/*
 * Tests for src/core/specdb.c on a small fixture database that the test
 * builds from the real schema plus a few rows, so search rules and error
 * paths are checked against known contents.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "core/specdb.h"

static char tmpdir[256];
static char fixture[300];

static const char fixture_sql[] =
	"INSERT INTO source (id, kind, title) VALUES"
	" ('t-sheet', 'spec-sheet', 'fixture sheet'),"
	" ('t-list', 'list', 'fixture list'),"
	" ('t-review', 'review', 'fixture review');"
	"INSERT INTO family (id, vendor_id, name, series, variant, aliases, pcie_gen,"
	"  pcie_lanes, source_id) VALUES"
	" ('kioxia-cd9p-r', 'kioxia', 'CD9P-R', 'CD9P', 'R', NULL, 5, 4, 't-sheet'),"
	" ('kioxia-cd9p-v', 'kioxia', 'CD9P-V', 'CD9P', 'V', NULL, 5, 4, 't-sheet'),"
	" ('micron-9550-max', 'micron', '9550 MAX', '9550', 'MAX', NULL, 5, 4, 't-sheet'),"
	" ('micron-9550-pro', 'micron', '9550 PRO', '9550', 'PRO', NULL, 5, 4, 't-sheet'),"
	" ('phison-x200p', 'phison', 'Pascari X200P', 'Pascari', NULL, 'X200P;X200', 5, 4, 't-sheet');"
	"INSERT INTO drive (id, family_id, capacity_gb) VALUES"
	" ('kioxia-cd9p-r-7680', 'kioxia-cd9p-r', 7680),"
	" ('kioxia-cd9p-r-15360', 'kioxia-cd9p-r', 15360),"
	" ('kioxia-cd9p-v-6400', 'kioxia-cd9p-v', 6400),"
	" ('micron-9550-max-12800', 'micron-9550-max', 12800),"
	" ('micron-9550-pro-7680', 'micron-9550-pro', 7680),"
	" ('phison-x200p-7680', 'phison-x200p', 7680);"
	"INSERT INTO sku (model, drive_id, kind, option, status, source_id) VALUES"
	" ('KCD9XPJE7T68', 'kioxia-cd9p-r-7680', 'part-number', 'SIE', 'published', 't-sheet'),"
	" ('KCD9DPJE7T68', 'kioxia-cd9p-r-7680', 'part-number', 'SED', 'published', 't-sheet'),"
	" ('KCD9XPJE15T3', 'kioxia-cd9p-r-15360', 'part-number', 'SIE', 'published', 't-sheet');"
	"INSERT INTO spec (family_id, drive_id, metric_id, value, unit_id, block_size,"
	"  source_id, confidence, preferred) VALUES"
	" ('kioxia-cd9p-r', 'kioxia-cd9p-r-7680', 'seq_read', 14800, 'MB/s', 131072, 't-sheet', 'A', 1),"
	" ('kioxia-cd9p-r', 'kioxia-cd9p-r-15360', 'seq_read', 14800, 'MB/s', 131072, 't-sheet', 'A', 1),"
	" ('kioxia-cd9p-r', 'kioxia-cd9p-r-7680', 'rand_read', 2600000, 'IOPS', 4096, 't-sheet', 'A', 1),"
	" ('kioxia-cd9p-r', 'kioxia-cd9p-r-7680', 'rand_read', 3000000, 'IOPS', 4096, 't-list', 'C', 0),"
	" ('kioxia-cd9p-r', NULL, 'dwpd', 1, 'DWPD', NULL, 't-sheet', 'A', 1),"
	" ('micron-9550-max', 'micron-9550-max-12800', 'seq_read', 14, 'GB/s', 131072, 't-sheet', 'A', 1);"
	"INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size,"
	"  iodepth, numjobs, metric_id, value, unit_id) VALUES"
	" ('t-review', 'kioxia-cd9p-r-7680', 'fio', 'randread', 4096, 32, 16, 'iops', 2165000, 'IOPS'),"
	" ('t-review', 'kioxia-cd9p-r-7680', 'fio', 'randread', 4096, 1, 1, 'iops', 32300, 'IOPS'),"
	" ('t-review', 'micron-9550-max-12800', 'fio', 'randread', 4096, 32, 16, 'iops', 2164800, 'IOPS');"
	"INSERT INTO meta (key, value) VALUES ('schema_version', '2');";

/* Read a source file relative to the top source directory. */
static char *
read_src(const char *rel)
{
	char  path[1024];
	FILE *f;
	char *buf;
	long  n;

	snprintf(path, sizeof path, "%s/%s", TOP_SRCDIR, rel);
	f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, (size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return buf;
}

/* Run SQL on a new database file, failing the test on error. */
static void
make_db(const char *path, const char *sql_a, const char *sql_b, const char *sql_c)
{
	sqlite3 *db;
	char	*msg = NULL;

	unlink(path);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	if (sql_a && sqlite3_exec(db, sql_a, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("fixture: %s", msg);
	if (sql_b && sqlite3_exec(db, sql_b, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("fixture: %s", msg);
	if (sql_c && sqlite3_exec(db, sql_c, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("fixture: %s", msg);
	sqlite3_close(db);
}

static int
setup(void **state)
{
	char *schema, *units;

	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/dd-specdb-XXXXXX");
	if (mkdtemp(tmpdir) == NULL)
		return -1;
	snprintf(fixture, sizeof fixture, "%s/fixture.db", tmpdir);
	schema = read_src("data/schema.sql");
	units = read_src("data/units.sql");
	make_db(fixture, schema, units, fixture_sql);
	free(schema);
	free(units);
	return 0;
}

static int
teardown(void **state)
{
	char cmd[400];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Open the fixture. */
static struct specdb *
open_fixture(void)
{
	struct dd_error err = { 0 };
	struct specdb  *db = NULL;

	assert_int_equal(specdb_open(fixture, &db, &err), 0);
	return db;
}

/* Search and return the result (arena owned by caller). */
static struct spec_search
search(struct specdb *db, struct arena *a, const char *q)
{
	struct dd_error	   err = { 0 };
	struct spec_search s;

	assert_int_equal(specdb_search(db, q, a, &s, &err), 0);
	return s;
}

static void
test_search_family_substring(void **state)
{
	struct specdb	  *db = open_fixture();
	struct arena	   a = { 0 };
	struct spec_search s;

	(void)state;
	s = search(db, &a, "9550 max");
	assert_int_equal(s.nfamilies, 1);
	assert_string_equal(s.hits[0].family_id, "micron-9550-max");
	assert_null(s.hits[0].drive_id);

	s = search(db, &a, "X200P");		/* by alias, any case */
	assert_int_equal(s.nfamilies, 1);
	assert_string_equal(s.hits[0].family_id, "phison-x200p");

	s = search(db, &a, "micron 9550-MAX");	/* spacing and hyphens ignored */
	assert_int_equal(s.nfamilies, 1);
	arena_free(&a);
	specdb_close(db);
}

static void
test_search_ambiguous(void **state)
{
	struct specdb	  *db = open_fixture();
	struct arena	   a = { 0 };
	struct spec_search s;

	(void)state;
	s = search(db, &a, "9550");
	assert_int_equal(s.nfamilies, 2);
	s = search(db, &a, "cd9p");
	assert_int_equal(s.nfamilies, 2);
	s = search(db, &a, "kioxia");
	assert_int_equal(s.nfamilies, 2);
	arena_free(&a);
	specdb_close(db);
}

static void
test_search_sku(void **state)
{
	struct specdb	  *db = open_fixture();
	struct arena	   a = { 0 };
	struct spec_search s;

	(void)state;
	s = search(db, &a, "kcd9xpje7t68");
	assert_int_equal(s.nhits, 1);
	assert_string_equal(s.hits[0].drive_id, "kioxia-cd9p-r-7680");
	assert_string_equal(s.hits[0].matched, "KCD9XPJE7T68");
	assert_string_equal(s.hits[0].label, "KIOXIA CD9P-R 7.68 TB");

	/* A model string with the vendor prefix a drive reports. */
	s = search(db, &a, "KIOXIA KCD9XPJE15T3");
	assert_int_equal(s.nhits, 1);
	assert_string_equal(s.hits[0].drive_id, "kioxia-cd9p-r-15360");

	/* A partial SKU that covers several capacities names their family
	 * (issue 14: one candidate, not one hit per capacity point). */
	s = search(db, &a, "KCD9");
	assert_int_equal(s.nfamilies, 1);
	assert_int_equal(s.nhits, 1);
	assert_null(s.hits[0].drive_id);
	arena_free(&a);
	specdb_close(db);
}

static void
test_search_capacity_point(void **state)
{
	struct specdb	  *db = open_fixture();
	struct arena	   a = { 0 };
	struct spec_search s;

	(void)state;
	s = search(db, &a, "cd9p-r 15.36");
	assert_int_equal(s.nhits, 1);
	assert_string_equal(s.hits[0].drive_id, "kioxia-cd9p-r-15360");
	arena_free(&a);
	specdb_close(db);
}

static void
test_search_none_and_bad(void **state)
{
	struct specdb	  *db = open_fixture();
	struct arena	   a = { 0 };
	struct spec_search s;
	struct dd_error	   err = { 0 };

	(void)state;
	s = search(db, &a, "no such drive");
	assert_int_equal(s.nhits, 0);
	assert_int_equal(specdb_search(db, " -- ", &a, &s, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "no letters or digits"));
	arena_free(&a);
	specdb_close(db);
}

static void
test_sheet(void **state)
{
	struct specdb	 *db = open_fixture();
	struct arena	  a = { 0 };
	struct dd_error	  err = { 0 };
	struct spec_sheet sh;
	int		  preferred = 0, alternatives = 0;

	(void)state;
	assert_int_equal(specdb_sheet(db, "kioxia-cd9p-r", NULL, &a, &sh, &err), 0);
	assert_int_equal(sh.family.ndrives, 2);
	assert_int_equal(sh.nfigures, 5);
	assert_int_equal(sh.nmeasurements, 2);
	assert_int_equal(sh.nsources, 3);
	for (size_t i = 0; i < sh.nfigures; i++) {
		if (strcmp(sh.figures[i].metric_id, "rand_read") != 0)
			continue;
		if (sh.figures[i].preferred)
			preferred++;
		else
			alternatives++;
	}
	assert_int_equal(preferred, 1);
	assert_int_equal(alternatives, 1);
	/* SKUs hang off their capacity point. */
	assert_int_equal(sh.family.drives[0].nskus, 2);
	assert_int_equal(sh.family.drives[1].nskus, 1);

	/* Narrowed to 15.36 TB: its figure plus the family-wide one. */
	assert_int_equal(specdb_sheet(db, "kioxia-cd9p-r", "kioxia-cd9p-r-15360", &a,
				      &sh, &err), 0);
	assert_int_equal(sh.nfigures, 2);
	assert_int_equal(sh.nmeasurements, 0);

	assert_int_equal(specdb_sheet(db, "nope", NULL, &a, &sh, &err), -ENOENT);
	assert_int_equal(specdb_sheet(db, "kioxia-cd9p-r", "nope", &a, &sh, &err), -ENOENT);
	arena_free(&a);
	specdb_close(db);
}

static void
test_families_best(void **state)
{
	struct specdb	   *db = open_fixture();
	struct arena	    a = { 0 };
	struct dd_error	    err = { 0 };
	struct spec_family *fam;
	size_t		    n;

	(void)state;
	assert_int_equal(specdb_families(db, &a, &fam, &n, &err), 0);
	assert_int_equal(n, 5);
	/* Ordered by vendor name, then family name. */
	assert_string_equal(fam[0].id, "kioxia-cd9p-r");
	assert_string_equal(fam[4].id, "phison-x200p");
	/* Preferred figures only: 2.6M, not the alternative 3.0M. */
	assert_true(fam[0].best_rand_read == 2600000);
	assert_true(fam[0].best_seq_read == 14800);
	assert_int_equal(fam[0].nmeasurements, 2);
	/* GB/s converts to MB/s. */
	assert_true(fam[2].best_seq_read == 14000);
	assert_true(isnan(fam[4].best_seq_read));
	arena_free(&a);
	specdb_close(db);
}

/* Headline figures per capacity point (issue 27): a point shows its own
 * figures, else the family-wide ones, never another point's; a family whose
 * figures are all family-wide has no headline point. */
static void
test_headline_points(void **state)
{
	static const char extra_sql[] =
		"INSERT INTO spec (family_id, drive_id, metric_id, value, unit_id, block_size,"
		"  conditions, source_id, confidence, preferred) VALUES"
		" ('micron-9550-pro', NULL, 'seq_read', 14000, 'MB/s', 131072, 'family maximum',"
		"  't-list', 'B', 1),"
		" ('micron-9550-pro', NULL, 'rand_read', 3300000, 'IOPS', 4096, 'family maximum',"
		"  't-list', 'B', 1);";
	struct arena	    a = { 0 };
	struct dd_error	    err = { 0 };
	struct spec_family *fam;
	struct specdb	   *db = NULL;
	char		    path[400], *schema = read_src("data/schema.sql");
	char		   *units = read_src("data/units.sql");
	sqlite3		   *raw;
	size_t		    n;

	(void)state;
	snprintf(path, sizeof path, "%s/heads.db", tmpdir);
	make_db(path, schema, units, fixture_sql);
	free(schema);
	free(units);
	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	assert_int_equal(sqlite3_exec(raw, extra_sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(raw);
	assert_int_equal(specdb_open(path, &db, &err), 0);
	assert_int_equal(specdb_families(db, &a, &fam, &n, &err), 0);
	assert_string_equal(fam[0].id, "kioxia-cd9p-r");
	assert_string_equal(fam[0].drives[0].id, "kioxia-cd9p-r-7680");
	/* The 7.68 TB: its own 14,800 and 2.6M. */
	assert_true(fam[0].drives[0].head[SPEC_HEAD_SEQ_READ].value == 14800);
	assert_string_equal(fam[0].drives[0].head[SPEC_HEAD_SEQ_READ].drive_id,
			    "kioxia-cd9p-r-7680");
	assert_string_equal(fam[0].drives[0].head[SPEC_HEAD_SEQ_READ].qual, "eq");
	/* The 15.36 TB: its own 14,800, and no random read: the 7.68 TB's
	 * 2.6M is not its. */
	assert_true(fam[0].drives[1].head[SPEC_HEAD_SEQ_READ].value == 14800);
	assert_string_equal(fam[0].drives[1].head[SPEC_HEAD_SEQ_READ].drive_id,
			    "kioxia-cd9p-r-15360");
	assert_true(isnan(fam[0].drives[1].head[SPEC_HEAD_RAND_READ].value));
	/* The family's headline: the 7.68 TB (two figures), every one its own. */
	assert_non_null(fam[0].headline);
	assert_string_equal(fam[0].headline->id, "kioxia-cd9p-r-7680");
	assert_string_equal(fam[0].head[SPEC_HEAD_RAND_READ].drive_id, "kioxia-cd9p-r-7680");
	/* 9550 PRO: family-wide rows only, so no headline point; its 7.68 TB
	 * shows them as family-wide (drive_id NULL). */
	assert_string_equal(fam[3].id, "micron-9550-pro");
	assert_null(fam[3].headline);
	assert_true(fam[3].best_seq_read == 14000);
	assert_null(fam[3].head[SPEC_HEAD_SEQ_READ].drive_id);
	assert_true(fam[3].drives[0].head[SPEC_HEAD_RAND_READ].value == 3300000);
	assert_null(fam[3].drives[0].head[SPEC_HEAD_RAND_READ].drive_id);
	arena_free(&a);
	specdb_close(db);
}

static void
test_open_errors(void **state)
{
	struct dd_error err = { 0 };
	struct specdb  *db = NULL;
	char		path[400];
	FILE	       *f;

	(void)state;
	snprintf(path, sizeof path, "%s/missing.db", tmpdir);
	assert_int_equal(specdb_open(path, &db, &err), -ENOENT);
	assert_null(db);
	assert_non_null(strstr(err.msg, "missing.db"));

	snprintf(path, sizeof path, "%s/garbage.db", tmpdir);
	f = fopen(path, "wb");
	assert_non_null(f);
	for (int i = 0; i < 4096; i++)
		fputc((i * 7919) & 0xff, f);
	fclose(f);
	assert_int_equal(specdb_open(path, &db, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "not a valid database"));

	snprintf(path, sizeof path, "%s/other.db", tmpdir);
	make_db(path, "CREATE TABLE t (x)", NULL, NULL);
	assert_int_equal(specdb_open(path, &db, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "not a drivedash specs database"));

	snprintf(path, sizeof path, "%s/future.db", tmpdir);
	make_db(path, "CREATE TABLE meta (key TEXT, value TEXT);"
		      "INSERT INTO meta VALUES ('schema_version', '99')", NULL, NULL);
	assert_int_equal(specdb_open(path, &db, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "version 99"));

	snprintf(path, sizeof path, "%s/empty.db", tmpdir);
	f = fopen(path, "wb");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(specdb_open(path, &db, &err), -EINVAL);
}

/* Acceptance targets load into sheet.targets: units converted, tolerance a
 * fraction, narrowed to a capacity point like figures, their source listed. */
static void
test_sheet_targets(void **state)
{
	static const char targets_sql[] =
		"INSERT INTO source (id, kind, title) VALUES ('t-lab', 'lab', 'lab criteria');"
		"INSERT INTO target (family_id, drive_id, metric_id, qual, value, unit_id,"
		"  tolerance_pct, block_size, iodepth, numjobs, runtime_s, source_id) VALUES"
		" ('kioxia-cd9p-r', NULL, 'rand_read', 'ge', 2200000, 'IOPS', 5, 4096, 32, 16, 60, 't-lab'),"
		" ('kioxia-cd9p-r', 'kioxia-cd9p-r-15360', 'seq_read', 'ge', 14, 'GB/s', 0, 131072,"
		"  32, 1, 30, 't-lab');";
	struct arena	  a = { 0 };
	struct dd_error	  err = { 0 };
	struct spec_sheet sh;
	struct specdb	 *db = NULL;
	char		  path[400], *schema = read_src("data/schema.sql");
	char		 *units = read_src("data/units.sql");
	sqlite3		 *raw;
	bool		  lab = false;

	(void)state;
	snprintf(path, sizeof path, "%s/targets.db", tmpdir);
	make_db(path, schema, units, fixture_sql);
	free(schema);
	free(units);
	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	assert_int_equal(sqlite3_exec(raw, targets_sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(raw);
	assert_int_equal(specdb_open(path, &db, &err), 0);

	/* The 7.68 TB point: the family-wide target only. */
	assert_int_equal(specdb_sheet(db, "kioxia-cd9p-r", "kioxia-cd9p-r-7680", &a, &sh, &err), 0);
	assert_int_equal(sh.ntargets, 1);
	assert_true(sh.targets[0].is_target);
	assert_string_equal(sh.targets[0].metric_id, "rand_read");
	assert_string_equal(sh.targets[0].qual, "ge");
	assert_true(fabs(sh.targets[0].base - 2.2e6) < 1e-3);
	assert_true(fabs(sh.targets[0].tolerance - 0.05) < 1e-12);
	assert_int_equal(sh.targets[0].runtime_s, 60);
	assert_int_equal(sh.targets[0].iodepth, 32);
	assert_int_equal(sh.targets[0].numjobs, 16);
	assert_null(sh.targets[0].confidence);
	for (size_t i = 0; i < sh.nsources; i++)
		lab |= strcmp(sh.sources[i].id, "t-lab") == 0;
	assert_true(lab);
	/* The 15.36 TB point: its own target too, 14 GB/s in MB/s. */
	assert_int_equal(specdb_sheet(db, "kioxia-cd9p-r", "kioxia-cd9p-r-15360", &a, &sh, &err),
			 0);
	assert_int_equal(sh.ntargets, 2);
	assert_string_equal(sh.targets[0].metric_id, "seq_read");
	assert_true(fabs(sh.targets[0].base - 14000) < 1e-6);
	assert_string_equal(sh.targets[0].dimension, "throughput");
	/* Another family has none. */
	assert_int_equal(specdb_sheet(db, "micron-9550-max", NULL, &a, &sh, &err), 0);
	assert_int_equal(sh.ntargets, 0);
	arena_free(&a);
	specdb_close(db);
}

static void
test_locate(void **state)
{
	struct dd_error err = { 0 };
	char	       *p;

	(void)state;
	p = specdb_locate("/x/y.db", &err);
	assert_string_equal(p, "/x/y.db");
	free(p);
	setenv("DRIVEDASH_DB", "/from/env.db", 1);
	p = specdb_locate(NULL, &err);
	assert_string_equal(p, "/from/env.db");
	free(p);
	unsetenv("DRIVEDASH_DB");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_search_family_substring),
		cmocka_unit_test(test_search_ambiguous),
		cmocka_unit_test(test_search_sku),
		cmocka_unit_test(test_search_capacity_point),
		cmocka_unit_test(test_search_none_and_bad),
		cmocka_unit_test(test_sheet),
		cmocka_unit_test(test_families_best),
		cmocka_unit_test(test_headline_points),
		cmocka_unit_test(test_open_errors),
		cmocka_unit_test(test_locate),
		cmocka_unit_test(test_sheet_targets),
	};

	return cmocka_run_group_tests_name("specdb", tests, setup, teardown);
}
