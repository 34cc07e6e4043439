/*
 * A minimal specdb_check for the overlay branch alone: three of the
 * consistency rules (a figure's unit fits its metric, a range's upper end
 * lies above its lower, a target's unit fits its metric), each issue located
 * through specdb_origin.  The data part's core/specdb-check.c holds the full
 * rule set; when both are merged this file goes (the link says so: two
 * definitions of specdb_check).
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "specdb-private.h"	/* sqlite3.h */

/* One rule: a query yielding (table, rowid, detail) for each row broken. */
struct check_rule {
	const char *name, *sql;
};

static const struct check_rule check_rules[] = {
	{ "spec unit does not fit metric",
	  "SELECT 'spec', s.rowid, 'spec: ' || s.family_id || ' ' || s.metric_id || ' ' || "
	  "s.value || ' ' || s.unit_id FROM spec s JOIN metric m ON m.id = s.metric_id "
	  "JOIN unit u ON u.id = s.unit_id WHERE m.dimension <> u.dimension" },
	{ "measurement unit does not fit metric",
	  "SELECT 'measurement', s.rowid, 'measurement: ' || s.drive_id || ' ' || "
	  "s.metric_id || ' ' || s.value || ' ' || s.unit_id FROM measurement s "
	  "JOIN metric m ON m.id = s.metric_id JOIN unit u ON u.id = s.unit_id "
	  "WHERE m.dimension <> u.dimension" },
	{ "target unit does not fit metric",
	  "SELECT 'target', s.rowid, 'target: ' || s.family_id || ' ' || s.metric_id || ' ' || "
	  "s.value || ' ' || s.unit_id FROM target s JOIN metric m ON m.id = s.metric_id "
	  "JOIN unit u ON u.id = s.unit_id WHERE m.dimension <> u.dimension" },
	{ "range upper end below its lower end",
	  "SELECT 'spec', rowid, 'spec: ' || family_id || ' ' || metric_id || ' ' || value || "
	  "'-' || value_hi FROM spec WHERE value_hi IS NOT NULL AND value_hi < value" },
};

/* Run one rule, appending its issues. */
static int
check_rule_run(struct specdb *db, const struct check_rule *r, struct arena *a,
	       struct spec_issue **out, size_t *n, size_t *cap, struct dd_error *err)
{
	sqlite3_stmt *st;
	int	      rc;

	if (sqlite3_prepare_v2(db->db, r->sql, -1, &st, NULL) != SQLITE_OK)
		return dd_error_set(err, -EIO, "cannot check %s: %s", db->path,
				    sqlite3_errmsg(db->db));
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct spec_issue *is;
		const char	  *file;
		int		   line;

		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 16;
			*out = arena_grow(a, *out, sizeof **out, *n, *cap);
		}
		is = &(*out)[(*n)++];
		specdb_origin(db, (const char *)sqlite3_column_text(st, 0),
			      sqlite3_column_int64(st, 1), &file, &line);
		is->rule = r->name;
		is->file = arena_strdup(a, file);
		is->line = line;
		is->detail = arena_strdup(a, (const char *)sqlite3_column_text(st, 2));
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return dd_error_set(err, -EIO, "cannot check %s: %s", db->path,
				    sqlite3_errmsg(db->db));
	return 0;
}

/* Run the consistency rules over everything loaded. */
int
specdb_check(struct specdb *db, struct arena *a, struct spec_issue **out, size_t *n,
	     struct dd_error *err)
{
	size_t cap = 0;
	int    rc = 0;

	*out = NULL;
	*n = 0;
	for (size_t i = 0; rc == 0 && i < sizeof check_rules / sizeof check_rules[0]; i++)
		rc = check_rule_run(db, &check_rules[i], a, out, n, &cap, err);
	return rc;
}
