/*
 * Consistency of the bundled specs database (the one `make` builds from
 * the SQL in data/): references, units, duplicates, sources, preferred rows, and
 * the drives and figures the reviews are known to contain.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sqlite3.h>

static sqlite3 *db;

static int
setup(void **state)
{
	const char *path = getenv("DRIVEDASH_DB");

	(void)state;
	if (path == NULL || sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		fprintf(stderr, "# cannot open DRIVEDASH_DB=%s\n", path ? path : "(unset)");
		return -1;
	}
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	sqlite3_close(db);
	return 0;
}

/* Run a query that yields one integer. */
static long long
scalar(const char *sql)
{
	sqlite3_stmt *st;
	long long     v = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* Assert a query returns no rows; print the first few if it does. */
static void
assert_no_rows(const char *what, const char *sql)
{
	sqlite3_stmt *st;
	int	      n = 0;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (n < 5) {
			fprintf(stderr, "# %s:", what);
			for (int i = 0; i < sqlite3_column_count(st); i++)
				fprintf(stderr, " %s", sqlite3_column_text(st, i)
						     ? (const char *)sqlite3_column_text(st, i)
						     : "NULL");
			fputc('\n', stderr);
		}
		n++;
	}
	sqlite3_finalize(st);
	if (n > 0)
		fail_msg("%s: %d rows", what, n);
}

static void
test_references(void **state)
{
	(void)state;
	assert_no_rows("foreign key", "PRAGMA foreign_key_check");
	assert_no_rows("spec figure on a drive of another family",
		       "SELECT s.id FROM spec s JOIN drive d ON d.id = s.drive_id "
		       "WHERE d.family_id <> s.family_id");
	assert_no_rows("family without capacity points",
		       "SELECT id FROM family f WHERE has_spec_sheet = 1 AND NOT EXISTS "
		       "(SELECT 1 FROM drive d WHERE d.family_id = f.id)");
	assert_no_rows("drive id not family id + capacity",
		       "SELECT id FROM drive WHERE id NOT LIKE family_id || '-' || "
		       "CAST(CAST(capacity_gb AS INTEGER) AS TEXT) || '%'");
}

static void
test_units_and_metrics(void **state)
{
	(void)state;
	assert_no_rows("spec unit does not fit metric",
		       "SELECT s.id, s.metric_id, s.unit_id FROM spec s "
		       "JOIN metric m ON m.id = s.metric_id JOIN unit u ON u.id = s.unit_id "
		       "WHERE u.dimension <> m.dimension");
	assert_no_rows("measurement unit does not fit metric",
		       "SELECT s.id, s.metric_id, s.unit_id FROM measurement s "
		       "JOIN metric m ON m.id = s.metric_id JOIN unit u ON u.id = s.unit_id "
		       "WHERE u.dimension <> m.dimension");
	assert_no_rows("range without an upper end above the lower",
		       "SELECT id FROM measurement WHERE qual = 'range' AND value_hi <= value "
		       "UNION ALL SELECT id FROM spec WHERE qual = 'range' AND value_hi <= value");
	assert_no_rows("negative figure",
		       "SELECT id FROM measurement WHERE value < 0 "
		       "UNION ALL SELECT id FROM spec WHERE value < 0 AND metric_id NOT LIKE 'temp%'");
	/* The reviews drop the K of K IOPS; every stored IOPS figure of an
	 * NVMe drive is at least a thousand once it is restored. */
	assert_no_rows("IOPS below 1000 (dropped K?)",
		       "SELECT id, drive_id, value FROM measurement "
		       "WHERE unit_id = 'IOPS' AND value < 1000 "
		       "UNION ALL SELECT id, drive_id, value FROM spec "
		       "WHERE unit_id = 'IOPS' AND value < 1000");
	assert_no_rows("fio point without a block size",
		       "SELECT id FROM measurement WHERE benchmark = 'fio' AND block_size IS NULL");
	assert_no_rows("fio workload not a fio pattern",
		       "SELECT id, workload FROM measurement WHERE benchmark = 'fio' AND "
		       "workload NOT IN ('seqread','seqwrite','randread','randwrite','randrw')");
}

static void
test_no_duplicates(void **state)
{
	(void)state;
	assert_no_rows("duplicate measurement",
		       "SELECT source_id, drive_id, metric_id, value FROM measurement "
		       "GROUP BY source_id, drive_id, benchmark, phase, workload, block_size, "
		       "iodepth, numjobs, threads, read_pct, pass, metric_id, qual, value, "
		       "value_hi, unit_id, label HAVING COUNT(*) > 1");
	assert_no_rows("duplicate spec figure",
		       "SELECT family_id, drive_id, metric_id, value FROM spec "
		       "GROUP BY family_id, drive_id, metric_id, qual, value, value_hi, unit_id, "
		       "block_size, iodepth, numjobs, read_pct, conditions, source_id "
		       "HAVING COUNT(*) > 1");
}

static void
test_sources_and_preferred(void **state)
{
	(void)state;
	assert_no_rows("spec figure without a known source",
		       "SELECT id FROM spec WHERE source_id IS NULL OR source_id NOT IN "
		       "(SELECT id FROM source)");
	assert_no_rows("review measurement from a source that is not a review",
		       "SELECT m.id FROM measurement m JOIN source s ON s.id = m.source_id "
		       "WHERE s.kind <> 'review'");
	assert_no_rows("not exactly one preferred figure per condition",
		       "SELECT family_id, drive_id, metric_id, SUM(preferred) FROM spec "
		       "GROUP BY family_id, drive_id, metric_id, block_size, iodepth, numjobs, "
		       "read_pct, conditions HAVING SUM(preferred) <> 1");
	assert_no_rows("seed review without a test bed",
		       "SELECT id FROM source WHERE id LIKE 'seed-%' AND (testbed IS NULL "
		       "OR file IS NULL)");
}

static void
test_required_drives(void **state)
{
	static const char *const families[] = {
		"kioxia-cd9p-r", "kioxia-cm9-r", "kioxia-cm7-r", "kioxia-cd6",
		"kioxia-cd8p-r", "micron-9550-pro", "micron-9550-max",
		"micron-7600-max", "micron-7400-pro", "solidigm-ps1010",
		"solidigm-ps1030", "sandisk-sn861", "kingston-dc3000me",
		"phison-x200p", "samsung-pm1743", "samsung-pm9a3", "memblaze-7940",
		"memblaze-6920", "intel-p5510",
	};
	char sql[256];

	(void)state;
	for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
		snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM family WHERE id = '%s'",
			 families[i]);
		if (scalar(sql) != 1)
			fail_msg("family %s missing", families[i]);
	}
	/* All five E3.S CD9P-R and all five CD6 capacities, with both SKUs. */
	assert_int_equal(scalar("SELECT COUNT(DISTINCT capacity_gb) FROM drive WHERE "
				"family_id = 'kioxia-cd9p-r' AND capacity_gb BETWEEN 1920 AND 30720"), 5);
	assert_int_equal(scalar("SELECT COUNT(*) FROM sku s JOIN drive d ON d.id = s.drive_id "
				"WHERE d.family_id = 'kioxia-cd9p-r' AND s.option IN ('SIE','SED')"), 10);
	assert_int_equal(scalar("SELECT COUNT(*) FROM drive WHERE family_id = 'kioxia-cd6'"), 5);
	assert_int_equal(scalar("SELECT COUNT(*) FROM sku WHERE model = 'KCD9XPJE7T68' "
				"AND drive_id = 'kioxia-cd9p-r-7680'"), 1);
	assert_true(scalar("SELECT COUNT(*) FROM sku s JOIN drive d ON d.id = s.drive_id "
			   "WHERE d.family_id = 'kioxia-cm9-r' AND d.capacity_gb = 15360") >= 1);
	/* Every seed review contributes measurements (seed-004 duplicates 001). */
	for (int i = 0; i <= 3; i++) {
		snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM measurement "
			 "WHERE source_id = 'seed-%03d'", i);
		if (scalar(sql) < 40)
			fail_msg("seed-%03d has only %lld measurements", i, scalar(sql));
	}
}

static void
test_known_figures(void **state)
{
	(void)state;
	/* The examples the design names, straight from the reviews. */
	assert_int_equal(scalar("SELECT COUNT(*) FROM measurement WHERE drive_id = "
				"'kioxia-cd9p-r-7680' AND source_id = 'seed-000' AND "
				"workload = 'randread' AND block_size = 4096 AND iodepth = 32 "
				"AND numjobs = 16 AND metric_id = 'iops' AND value = 2165000"), 1);
	assert_int_equal(scalar("SELECT COUNT(*) FROM measurement WHERE drive_id = "
				"'kioxia-cm9-r-15360' AND workload = 'randwrite' AND "
				"block_size = 4096 AND iodepth = 1 AND metric_id = 'iops' "
				"AND value = 115800"), 1);
	assert_int_equal(scalar("SELECT COUNT(*) FROM measurement WHERE drive_id = "
				"'kioxia-cm9-r-15360' AND workload = 'randwrite' AND "
				"block_size = 4096 AND iodepth = 1 AND metric_id = 'lat_mean' "
				"AND value = 8.2 AND unit_id = 'us'"), 1);
	assert_int_equal(scalar("SELECT COUNT(*) FROM spec WHERE drive_id = "
				"'kioxia-cd9p-r-7680' AND metric_id = 'rand_read' AND "
				"value = 2600000 AND preferred = 1"), 1);
	assert_int_equal(scalar("SELECT COUNT(*) FROM spec WHERE family_id = 'kioxia-cm9-r' "
				"AND metric_id = 'lat_read' AND value = 65 AND unit_id = 'us'"), 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_references),
		cmocka_unit_test(test_units_and_metrics),
		cmocka_unit_test(test_no_duplicates),
		cmocka_unit_test(test_sources_and_preferred),
		cmocka_unit_test(test_required_drives),
		cmocka_unit_test(test_known_figures),
	};

	return cmocka_run_group_tests_name("data", tests, setup, teardown);
}
