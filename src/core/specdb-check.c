/*
 * The specs database's consistency rules (specdb_check): what every row of
 * the SQL files in data/ and of a lab's overlay must keep, beyond what the schema's
 * CHECK and foreign-key constraints already refuse.
 *
 * The rules are one table, check_rules[]: a name a user reads and one SQL
 * query that returns a row (table, rowid, detail) for every row breaking the
 * rule, detail naming the row ("spec 84: solidigm-ps1010-7680 power_max 22
 * W").  specdb_check runs them all over everything loaded (the bundled
 * database and the overlay on top of it) and maps each row to the overlay
 * file and line that added it through specdb_origin (bundled rows have no
 * file).  Each rule catches a class of mistake found in the data once:
 * a dropped K in IOPS, an approximate range stored as exact, a binary
 * throughput in a decimal unit, a DLIO checkpoint index stored as a run
 * number, a merged table cell mapped by inference without saying so.
 * tests/unit/test-data.c holds the bundled database to zero issues and builds a
 * small bad database for each rule.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "compare.h"
#include "specdb-private.h"

/* A consistency rule: its name and the query returning (table, rowid, detail). */
struct check_rule {
	const char *name;
	const char *sql;
};

/* How a row of each table names itself in an issue's detail. */
#define CHECK_SPEC                                                                        \
	"printf('spec %d: %s %s %s%g %s', s.id, COALESCE(s.drive_id, s.family_id), "      \
	"s.metric_id, CASE WHEN s.value_hi IS NULL THEN '' ELSE s.qual || ' ' END, s.value, " \
	"s.unit_id)"
#define CHECK_MEAS                                                                        \
	"printf('measurement %d: %s %s %s %s%g %s', m.id, m.drive_id, m.benchmark, "      \
	"m.metric_id, CASE WHEN m.value_hi IS NULL THEN '' ELSE m.qual || ' ' END, m.value, " \
	"m.unit_id)"
/* A note that says its figure was worked out (inferred, a capacity not
 * stated, a merged cell taken to span) but does not end ": inferred". */
#define CHECK_INFERRED(col)                                                               \
	"(" col " LIKE '%inferred%' OR " col " LIKE '%capacity not stated%' OR " col       \
	" LIKE '%taken to span%' OR " col " LIKE '%mapped like%' OR " col " LIKE "         \
	"'%by inference%') AND " col " NOT LIKE '%: inferred'"
#define CHECK_TARGET                                                                      \
	"printf('target %d: %s %s %s %g %s', t.id, COALESCE(t.drive_id, t.family_id), "   \
	"t.metric_id, t.qual, t.value, t.unit_id)"

/* A note saying a figure is approximate: "approx", "etwa", "ca.", "about". */
#define CHECK_APPROX_NOTE(n)                                                              \
	"(" n " LIKE '%approx%' OR " n " LIKE '%etwa %' OR " n " LIKE '%ca. %' OR "      \
	n " LIKE '%about %' OR " n " LIKE '%environ %' OR " n " LIKE '%rund %')"

/* A note saying a decimal-looking figure is binary. */
#define CHECK_BINARY_NOTE(n) "(" n " LIKE '%binary%' OR " n " LIKE '%MiB/s%')"

static const struct check_rule check_rules[] = {
	{ "reference to a missing row",
	  "SELECT \"table\", rowid, \"table\" || ' row ' || rowid || ' refers to a missing ' "
	  "|| parent FROM pragma_foreign_key_check" },
	{ "spec figure on a drive of another family",
	  "SELECT 'spec', s.id, " CHECK_SPEC " || ' (the drive is ' || d.family_id || '''s)' "
	  "FROM spec s JOIN drive d ON d.id = s.drive_id WHERE d.family_id <> s.family_id" },
	{ "target on a drive of another family",
	  "SELECT 'target', t.id, " CHECK_TARGET " || ' (the drive is ' || d.family_id || '''s)' "
	  "FROM target t JOIN drive d ON d.id = t.drive_id WHERE d.family_id <> t.family_id" },
	{ "family without capacity points",
	  "SELECT 'family', f.rowid, 'family ' || f.id FROM family f WHERE f.has_spec_sheet = 1 "
	  "AND NOT EXISTS (SELECT 1 FROM drive d WHERE d.family_id = f.id)" },
	{ "drive id not family id + capacity",
	  "SELECT 'drive', rowid, 'drive ' || id || ' (' || family_id || ', ' || capacity_gb || "
	  "' GB)' FROM drive WHERE id NOT LIKE family_id || '-' || "
	  "CAST(CAST(capacity_gb AS INTEGER) AS TEXT) || '%'" },
	{ "capacity point without a source",
	  "SELECT 'drive', rowid, 'drive ' || id FROM drive WHERE source_id IS NULL" },
	{ "source without a name",
	  "SELECT 'source', rowid, 'source ' || id FROM source "
	  "WHERE name IS NULL OR trim(name) = ''" },
	{ "unit does not fit metric",
	  "SELECT 'spec', s.id, " CHECK_SPEC " FROM spec s JOIN metric mt ON mt.id = s.metric_id "
	  "JOIN unit u ON u.id = s.unit_id WHERE u.dimension <> mt.dimension "
	  "UNION ALL SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m "
	  "JOIN metric mt ON mt.id = m.metric_id JOIN unit u ON u.id = m.unit_id "
	  "WHERE u.dimension <> mt.dimension "
	  "UNION ALL SELECT 'target', t.id, " CHECK_TARGET " FROM target t "
	  "JOIN metric mt ON mt.id = t.metric_id JOIN unit u ON u.id = t.unit_id "
	  "WHERE u.dimension <> mt.dimension" },
	{ "range without an upper end above the lower",
	  "SELECT 'spec', s.id, " CHECK_SPEC " FROM spec s WHERE (s.qual = 'range' AND "
	  "s.value_hi IS NULL) OR s.value_hi <= s.value "
	  "UNION ALL SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m "
	  "WHERE (m.qual = 'range' AND m.value_hi IS NULL) OR m.value_hi <= m.value" },
	{ "upper end on a figure that is not a range",
	  "SELECT 'spec', s.id, " CHECK_SPEC " || ' (qual ' || s.qual || ')' FROM spec s "
	  "WHERE s.value_hi IS NOT NULL AND s.qual NOT IN ('range', 'approx') "
	  "UNION ALL SELECT 'measurement', m.id, " CHECK_MEAS " || ' (qual ' || m.qual || ')' "
	  "FROM measurement m WHERE m.value_hi IS NOT NULL AND m.qual NOT IN ('range', 'approx')" },
	{ "approximate range stored as exact",
	  "SELECT 'spec', s.id, " CHECK_SPEC " FROM spec s WHERE s.qual = 'range' AND "
	  CHECK_APPROX_NOTE("s.notes")
	  " UNION ALL SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m "
	  "WHERE m.qual = 'range' AND " CHECK_APPROX_NOTE("m.notes") },
	{ "negative figure",
	  "SELECT 'spec', s.id, " CHECK_SPEC " FROM spec s WHERE s.value < 0 AND "
	  "s.metric_id NOT LIKE 'temp%' "
	  "UNION ALL SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m "
	  "WHERE m.value < 0" },
	/* Transcription of printed figures (the reviews drop the K of K IOPS);
	 * a lab's own target may well be a few hundred IOPS (a QD1 sync write). */
	{ "IOPS below 1000 (dropped K?)",
	  "SELECT 'spec', s.id, " CHECK_SPEC " FROM spec s WHERE s.unit_id = 'IOPS' AND "
	  "s.value < 1000 "
	  "UNION ALL SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m "
	  "WHERE m.unit_id = 'IOPS' AND m.value < 1000" },
	{ "binary figure in a decimal unit",
	  "SELECT 'spec', s.id, " CHECK_SPEC " FROM spec s WHERE s.unit_id IN ('MB/s', 'GB/s') "
	  "AND " CHECK_BINARY_NOTE("s.notes")
	  " UNION ALL SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m "
	  "WHERE m.unit_id IN ('MB/s', 'GB/s') AND " CHECK_BINARY_NOTE("m.notes") },
	{ "inferred mapping not marked",
	  "SELECT 'spec', s.id, " CHECK_SPEC " FROM spec s WHERE (s.notes LIKE '%taken to%' OR "
	  "s.notes LIKE '%mapped like%' OR s.notes LIKE '%by inference%') AND "
	  "s.notes NOT LIKE '%inferred%'" },
	/* data/README.md's convention: a figure whose column, capacity or
	 * point is worked out says so at the end of its note, ": inferred". */
	{ "inferred figure's note not ending ': inferred'",
	  "SELECT 'spec', s.id, " CHECK_SPEC " FROM spec s WHERE " CHECK_INFERRED("s.notes")
	  " UNION ALL SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m WHERE "
	  CHECK_INFERRED("m.notes") },
	{ "fio point without a block size",
	  "SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m "
	  "WHERE m.benchmark = 'fio' AND m.block_size IS NULL" },
	{ "fio workload not a fio pattern",
	  "SELECT 'measurement', m.id, " CHECK_MEAS " || ' (' || m.workload || ')' "
	  "FROM measurement m WHERE m.benchmark = 'fio' AND m.workload NOT IN "
	  "('seqread', 'seqwrite', 'randread', 'randwrite', 'randrw')" },
	{ "run or checkpoint number on a figure that is not DLIO",
	  "SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m "
	  "WHERE m.benchmark <> 'dlio' AND (m.pass IS NOT NULL OR m.checkpoint IS NOT NULL)" },
	{ "DLIO run or checkpoint number below 1",
	  "SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m "
	  "WHERE m.pass < 1 OR m.checkpoint < 1" },
	{ "DLIO checkpoint index stored as a run number",
	  "SELECT 'measurement', m.id, " CHECK_MEAS " || ' (pass ' || m.pass || ')' "
	  "FROM measurement m WHERE m.benchmark = 'dlio' AND m.pass IS NOT NULL AND "
	  "m.checkpoint IS NULL AND (m.label LIKE '%per checkpoint%' OR "
	  "m.notes LIKE '%pass = checkpoint%')" },
	{ "DLIO run average with a checkpoint index",
	  "SELECT 'measurement', m.id, " CHECK_MEAS " || ' (checkpoint ' || m.checkpoint || ')' "
	  "FROM measurement m WHERE m.benchmark = 'dlio' AND m.checkpoint IS NOT NULL AND "
	  "(m.label LIKE '%average%' OR m.notes LIKE '%average%')" },
	{ "duplicate measurement",
	  "SELECT 'measurement', MAX(m.id), " CHECK_MEAS " FROM measurement m "
	  "GROUP BY m.source_id, m.drive_id, m.benchmark, m.phase, m.workload, m.block_size, "
	  "m.iodepth, m.numjobs, m.threads, m.read_pct, m.pass, m.checkpoint, m.metric_id, "
	  "m.qual, m.value, m.value_hi, m.unit_id, m.label HAVING COUNT(*) > 1" },
	{ "duplicate spec figure",
	  "SELECT 'spec', MAX(s.id), " CHECK_SPEC " FROM spec s "
	  "GROUP BY s.family_id, s.drive_id, s.metric_id, s.qual, s.value, s.value_hi, "
	  "s.unit_id, s.block_size, s.iodepth, s.numjobs, s.read_pct, s.conditions, "
	  "s.source_id HAVING COUNT(*) > 1" },
	{ "measurement from a source that is not a review",
	  "SELECT 'measurement', m.id, " CHECK_MEAS " || ' (source ' || so.id || ', ' || "
	  "so.kind || ')' FROM measurement m JOIN source so ON so.id = m.source_id "
	  "WHERE so.kind NOT IN ('review', 'lab')" },
	{ "not exactly one preferred figure per condition",
	  "SELECT 'spec', MIN(s.id), " CHECK_SPEC " || printf(' (%d of %d preferred)', "
	  "SUM(s.preferred), COUNT(*)) FROM spec s GROUP BY s.family_id, s.drive_id, "
	  "s.metric_id, s.block_size, s.iodepth, s.numjobs, s.read_pct, s.conditions "
	  "HAVING SUM(s.preferred) <> 1" },
	{ "target metric is not a performance metric",
	  "SELECT 'target', t.id, " CHECK_TARGET " FROM target t "
	  "WHERE dd_performance_metric(t.metric_id) = 0" },
	{ "target bound against the metric's direction",
	  "SELECT 'target', t.id, " CHECK_TARGET " FROM target t JOIN metric mt "
	  "ON mt.id = t.metric_id WHERE t.qual <> CASE mt.higher_is_better "
	  "WHEN 1 THEN 'ge' ELSE 'le' END" },
	/* data/README.md: a figure a review gives for its whole comparison
	 * group ("all drives had reached 600-1,400 us") is no drive's figure. */
	{ "group-wide figure stored as a drive's",
	  "SELECT 'measurement', m.id, " CHECK_MEAS " FROM measurement m WHERE "
	  "m.notes LIKE '%group-wide%' OR m.notes LIKE '%all drives%' OR "
	  "m.notes LIKE '%comparison group''s values%'" },
	/* One temperature rule for every family's MTTF (issue 27): where a
	 * sheet states it at several temperature ranges, the family's figure is
	 * the lowest, the one at the widest range (0-55 C over 0-50 C). */
	{ "family MTTF not its lowest stated figure",
	  "SELECT 'family', f.rowid, printf('family %s mttf_hours %d (stated: %s)', f.id, "
	  "f.mttf_hours, (SELECT group_concat(printf('%g h %s', s.value, "
	  "COALESCE(s.conditions, '')), '; ') FROM spec s WHERE s.family_id = f.id AND "
	  "s.drive_id IS NULL AND s.metric_id = 'mttf' AND s.preferred = 1)) FROM family f "
	  "WHERE f.mttf_hours IS NOT NULL AND (SELECT COUNT(*) FROM spec s WHERE s.family_id = "
	  "f.id AND s.drive_id IS NULL AND s.metric_id = 'mttf' AND s.preferred = 1) > 1 AND "
	  "f.mttf_hours <> (SELECT MIN(s.value) FROM spec s WHERE s.family_id = f.id AND "
	  "s.drive_id IS NULL AND s.metric_id = 'mttf' AND s.preferred = 1)" },
	{ "target not from the lab's own source",
	  "SELECT 'target', t.id, " CHECK_TARGET " || ' (source ' || so.id || ', ' || so.kind "
	  "|| ')' FROM target t JOIN source so ON so.id = t.source_id WHERE so.kind <> 'lab'" },
};

/* SQL function dd_performance_metric(id): 1 when compare.h compares the metric. */
static void
check_sql_performance_metric(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	sqlite3_result_int(ctx, compare_metric_known((const char *)sqlite3_value_text(argv[0])));
}

/* Register the SQL functions the rules call on db's connection. */
static int
check_register(struct specdb *db, struct dd_error *err)
{
	if (sqlite3_create_function(db->db, "dd_performance_metric", 1,
				    SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
				    check_sql_performance_metric, NULL, NULL) != SQLITE_OK)
		return dd_error_set(err, -EIO, "cannot register the consistency rules' functions: %s",
				    sqlite3_errmsg(db->db));
	return 0;
}

/* Append one issue for row (tbl, rowid) broken by rule r. */
static void
check_add(struct specdb *db, struct arena *a, const struct check_rule *r, const char *tbl,
	  long long rowid, const char *detail, struct spec_issue **out, size_t *n, size_t *cap)
{
	struct spec_issue *is;
	const char	  *file = NULL;
	int		   line = 0;

	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*out = arena_grow(a, *out, sizeof **out, *n, *cap);
	}
	is = &(*out)[(*n)++];
	is->rule = r->name;
	is->detail = arena_strdup(a, detail != NULL ? detail : "");
	is->file = NULL;
	is->line = 0;
	if (tbl != NULL && specdb_origin(db, tbl, rowid, &file, &line) > 0) {
		is->file = arena_strdup(a, file);
		is->line = line;
	}
}

/* Run one rule, appending an issue per row it returns. */
static int
check_run(struct specdb *db, struct arena *a, const struct check_rule *r,
	  struct spec_issue **out, size_t *n, size_t *cap, struct dd_error *err)
{
	sqlite3_stmt *st;
	int	      rc;

	if (sqlite3_prepare_v2(db->db, r->sql, -1, &st, NULL) != SQLITE_OK)
		return dd_error_set(err, -EIO, "consistency rule \"%s\": %s", r->name,
				    sqlite3_errmsg(db->db));
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		check_add(db, a, r, (const char *)sqlite3_column_text(st, 0),
			  sqlite3_column_int64(st, 1), (const char *)sqlite3_column_text(st, 2),
			  out, n, cap);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return dd_error_set(err, -EIO, "consistency rule \"%s\": %s", r->name,
				    sqlite3_errmsg(db->db));
	return 0;
}

/* Run every consistency rule over everything loaded. */
int
specdb_check(struct specdb *db, struct arena *a, struct spec_issue **out, size_t *n,
	     struct dd_error *err)
{
	size_t cap = 0;
	int    rc;

	*out = NULL;
	*n = 0;
	if ((rc = check_register(db, err)) < 0)
		return rc;
	for (size_t i = 0; i < sizeof check_rules / sizeof check_rules[0]; i++)
		if ((rc = check_run(db, a, &check_rules[i], out, n, &cap, err)) < 0)
			return rc;
	return 0;
}

/* The rules' names, in the order specdb_check runs them (for tests and docs). */
const char *
specdb_check_rule(size_t i)
{
	return i < sizeof check_rules / sizeof check_rules[0] ? check_rules[i].name : NULL;
}
