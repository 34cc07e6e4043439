/*
 * The results store's column tables and the binding through them
 * (results-int.h): one table of struct results_col per stored struct
 * (provenance, references, verdict rows, a point's result and summary,
 * latency summaries, intervals, SMART), and the helpers that bind a
 * struct's fields to a statement's parameters, read them back from a row,
 * and write a table's column list and placeholders into SQL text.  Figures
 * read back are bounded (RESULTS_MAX_FIGURE, RESULTS_MAX_UNIX) and
 * version 3's enum numbers mapped to names (results_v3_patterns,
 * results_v3_kinds), so a crafted store cannot feed nonsense downstream.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/results-int.h"
#include "lib/file.h"

#define RESULTS_MAX_FIGURE 1e12	/* no figure read back is larger (else NAN) */
#define RESULTS_MAX_UNIX   253402300799LL	/* 9999-12-31T23:59:59Z */

/* Version 3's numbers of the patterns and kinds (frozen: never edit), as
 * results_migrate_v4 maps them; for stores read without upgrading. */
static const char *const results_v3_patterns[] = {
	"read", "write", "randread", "randwrite", "randrw", "rw",
};
static const char *const results_v3_kinds[] = {
	"point", "curve-max", "curve-step", "checkpoint", "threads", "cliff",
};
_Static_assert(sizeof(enum dd_pattern) == sizeof(int), "enums stored as int");
_Static_assert(sizeof(enum dd_spin) == sizeof(int), "enums stored as int");
_Static_assert(sizeof(enum dd_target_class) == sizeof(int), "enums stored as int");
_Static_assert(sizeof(enum dd_kind) == sizeof(int), "enums stored as int");

#define P(col, type, m) RCOL(col, type, struct results_prov, m)
const struct results_col results_prov_cols[] = {
	P("name", RC_TEXT, name), P("source", RC_TEXT, source),
	P("host", RC_TEXT, host), P("kernel", RC_TEXT, kernel),
	P("cpu_model", RC_TEXT, cpu_model), P("ncpus", RC_UINT, ncpus),
	P("version", RC_TEXT, version),
	P("start_unix", RC_I64, start_unix), P("end_unix", RC_I64, end_unix),
	P("start_utc", RC_TEXT, start_utc), P("start_local", RC_TEXT, start_local),
	P("end_utc", RC_TEXT, end_utc), P("end_local", RC_TEXT, end_local),
	P("target_path", RC_TEXT, target_path), P("target_kind", RC_TEXT, target_kind),
	P("target_desc", RC_TEXT, target_desc), P("device", RC_TEXT, device),
	P("model", RC_TEXT, model), P("serial", RC_TEXT, serial),
	P("firmware", RC_TEXT, firmware), P("capacity", RC_U64, capacity),
	P("lba_format", RC_TEXT, lba_format), P("pcie_link", RC_TEXT, pcie_link),
	P("temp_source", RC_TEXT, temp_source),
	P("drive_id", RC_TEXT, drive_id), P("drive_label", RC_TEXT, drive_label),
	P("plan_name", RC_TEXT, plan_name), P("repeat", RC_UINT, repeat),
	P("aggregate", RC_TEXT, aggregate), P("steady_state", RC_BOOL, steady_state),
	P("precondition_passes", RC_DBL, precondition_passes),
	P("engine", RC_TEXT, engine), P("precondition", RC_TEXT, precondition),
	P("steady", RC_TEXT, steady), P("state", RC_TEXT, state),
	P("stopped_by", RC_TEXT, stopped_by), P("why", RC_TEXT, why),
	P("imported_from", RC_TEXT, imported_from),
};
const size_t results_prov_cols_n = sizeof results_prov_cols / sizeof results_prov_cols[0];

/* The run_refs row of a run (version 4). */
const struct results_col results_ref_cols[] = {
	P("query", RC_TEXT, query), P("verdict", RC_TEXT, verdict),
	P("tolerance", RC_DBL, tolerance), P("rules", RC_UINT, rules),
	P("verdict_summary", RC_TEXT, verdict_summary),
};
const size_t results_ref_cols_n = sizeof results_ref_cols / sizeof results_ref_cols[0];
#undef P

#define V(col, type, m) RCOL(col, type, struct results_verdict, m)
const struct results_col results_verdict_cols[] = {
	V("metric", RC_TEXT, metric), V("metric_name", RC_TEXT, metric_name),
	V("status", RC_TEXT, status), V("unit", RC_TEXT, unit),
	V("reference", RC_DBL, reference), V("ref_source", RC_TEXT, ref_source),
	V("measured", RC_DBL, measured), V("ratio", RC_DBL, ratio),
	V("decided_by", RC_TEXT, decided_by), V("spec_value", RC_DBL, spec_value),
	V("spec_source", RC_TEXT, spec_source), V("review_value", RC_DBL, review_value),
	V("review_source", RC_TEXT, review_source), V("point", RC_TEXT, point),
	V("reason", RC_TEXT, reason),
	V("spec_qual", RC_TEXT, spec_qual), V("spec_lo", RC_DBL, spec_lo),
	V("spec_hi", RC_DBL, spec_hi), V("spec_inferred", RC_BOOL, spec_inferred),
	V("spec_unstated", RC_BOOL, spec_unstated), V("review_qual", RC_TEXT, review_qual),
};
const size_t results_verdict_cols_n = sizeof results_verdict_cols / sizeof results_verdict_cols[0];
#undef V

#define R(col, type, m) RCOL(col, type, struct dd_result, m)
const struct results_col results_point_cols[] = {
	R("name", RC_TEXT, point.name), R("pattern", RC_PATTERN, point.pattern),
	R("read_pct", RC_UINT, point.read_pct), R("bs", RC_UINT, point.bs),
	R("iodepth", RC_UINT, point.iodepth), R("numjobs", RC_UINT, point.numjobs),
	R("ramp_s", RC_DBL, point.ramp_s), R("runtime_s", RC_DBL, point.runtime_s),
	R("budget_bytes", RC_U64, point.bytes), R("region_offset", RC_U64, point.offset),
	R("region_size", RC_U64, point.size), R("iopoll", RC_BOOL, point.iopoll),
	R("interval_ms", RC_UINT, point.interval_ms), R("batch_asked", RC_UINT, point.batch),
	R("spin", RC_INT, point.spin), R("spin_us", RC_UINT, point.spin_us),
	R("status", RC_INT, status), R("message", RC_TEXT, message),
	R("cancelled", RC_BOOL, cancelled), R("iopoll_used", RC_BOOL, iopoll_used),
	R("iopoll_fallback", RC_BOOL, iopoll_fallback), R("spin_used", RC_BOOL, spin_used),
	R("iowq", RC_BOOL, iowq), R("force_async", RC_BOOL, force_async),
	R("tclass", RC_INT, tclass), R("idle_cpus", RC_DBL, idle_cpus),
	R("batch", RC_UINT, batch), R("elapsed_s", RC_DBL, elapsed_s),
	R("ios", RC_U64, ios), R("bytes", RC_U64, bytes), R("read_ios", RC_U64, read_ios),
	R("write_ios", RC_U64, write_ios), R("read_bytes", RC_U64, read_bytes),
	R("write_bytes", RC_U64, write_bytes), R("iops", RC_DBL, iops),
	R("mbps", RC_DBL, mbps), R("cpu_user_s", RC_DBL, cpu_user_s),
	R("cpu_sys_s", RC_DBL, cpu_sys_s), R("cpu_us_per_io", RC_DBL, cpu_us_per_io),
	R("proc_user_s", RC_DBL, proc_user_s), R("proc_sys_s", RC_DBL, proc_sys_s),
	R("proc_us_per_io", RC_DBL, proc_us_per_io),
	R("kind", RC_KIND, point.kind), R("rate_iops", RC_DBL, point.rate_iops),
	R("rate_pct", RC_DBL, point.rate_pct), R("region_pct", RC_UINT, point.region_pct),
	R("end_fsync", RC_BOOL, point.end_fsync), R("grp", RC_UINT, point.group),
	R("pass", RC_UINT, point.pass), R("seq", RC_UINT, point.seq),
	R("profile", RC_TEXT, point.profile), R("flush_s", RC_DBL, flush_s),
	R("rate_spread", RC_DBL, rate_spread),
};
const size_t results_point_cols_n = sizeof results_point_cols / sizeof results_point_cols[0];
#undef R

#define S(col, type, m) RCOL(col, type, struct sweep_summary, m)
const struct results_col results_sum_cols[] = {
	S("sum_name", RC_TEXT, name), S("sum_index", RC_SIZE, index),
	S("sum_status", RC_INT, status), S("sum_cancelled", RC_BOOL, cancelled),
	S("sum_iops", RC_DBL, iops), S("sum_mbps", RC_DBL, mbps),
	S("sum_elapsed_s", RC_DBL, elapsed_s), S("sum_mean_us", RC_DBL, mean_us),
	S("sum_p50_us", RC_DBL, p50_us), S("sum_p99_us", RC_DBL, p99_us),
	S("sum_p999_us", RC_DBL, p999_us), S("sum_max_us", RC_DBL, max_us),
	S("sum_cpu_us_per_io", RC_DBL, cpu_us_per_io), S("sum_runs", RC_UINT, runs),
	S("sum_rounds", RC_UINT, rounds), S("sum_steady", RC_BOOL, steady),
	S("sum_read_share", RC_DBL, read_share),
	S("sum_read_mean_us", RC_DBL, read_mean_us), S("sum_read_p99_us", RC_DBL, read_p99_us),
	S("sum_write_mean_us", RC_DBL, write_mean_us),
	S("sum_write_p99_us", RC_DBL, write_p99_us),
	S("sum_rate_iops", RC_DBL, rate_iops), S("sum_rate_spread", RC_DBL, rate_spread),
	S("sum_flush_s", RC_DBL, flush_s),
};
const size_t results_sum_cols_n = sizeof results_sum_cols / sizeof results_sum_cols[0];
#undef S

#define L(col, type, m) RCOL(col, type, struct dd_latency, m)
const struct results_col results_lat_cols[] = {
	L("n", RC_U64, n), L("min_us", RC_DBL, min_us), L("max_us", RC_DBL, max_us),
	L("mean_us", RC_DBL, mean_us), L("stdev_us", RC_DBL, stdev_us),
};
const size_t results_lat_cols_n = sizeof results_lat_cols / sizeof results_lat_cols[0];
#undef L

#define I(col, type, m) RCOL(col, type, struct dd_interval, m)
const struct results_col results_interval_cols[] = {
	I("t_s", RC_DBL, t_s), I("iops", RC_DBL, iops), I("mbps", RC_DBL, mbps),
	I("mean_us", RC_DBL, mean_us), I("p99_us", RC_DBL, p99_us),
	I("read_iops", RC_DBL, read_iops), I("write_iops", RC_DBL, write_iops),
	I("temp_c", RC_DBL, temp_c),
};
const size_t results_interval_cols_n = sizeof results_interval_cols / sizeof results_interval_cols[0];
#undef I

#define M(col, type, m) RCOL(col, type, struct nvmeinfo_smart, m)
const struct results_col results_smart_cols[] = {
	M("critical_warning", RC_INT, critical_warning),
	M("temperature_c", RC_INT, temperature_c),
	M("sensor1", RC_INT, sensor_c[0]), M("sensor2", RC_INT, sensor_c[1]),
	M("sensor3", RC_INT, sensor_c[2]), M("sensor4", RC_INT, sensor_c[3]),
	M("sensor5", RC_INT, sensor_c[4]), M("sensor6", RC_INT, sensor_c[5]),
	M("sensor7", RC_INT, sensor_c[6]), M("sensor8", RC_INT, sensor_c[7]),
	M("available_spare_pct", RC_INT, available_spare_pct),
	M("spare_threshold_pct", RC_INT, spare_threshold_pct),
	M("percentage_used", RC_INT, percentage_used),
	M("data_units_read", RC_U64, data_units_read),
	M("data_units_written", RC_U64, data_units_written),
	M("power_on_hours", RC_U64, power_on_hours), M("power_cycles", RC_U64, power_cycles),
	M("unsafe_shutdowns", RC_U64, unsafe_shutdowns),
	M("media_errors", RC_U64, media_errors),
	M("error_log_entries", RC_U64, error_log_entries),
	M("warning_temp_minutes", RC_U32, warning_temp_minutes),
	M("critical_temp_minutes", RC_U32, critical_temp_minutes),
	M("thermal_t1_transitions", RC_U32, thermal_t1_transitions),
	M("thermal_t2_transitions", RC_U32, thermal_t2_transitions),
	M("thermal_t1_seconds", RC_U32, thermal_t1_seconds),
	M("thermal_t2_seconds", RC_U32, thermal_t2_seconds),
};
const size_t results_smart_cols_n = sizeof results_smart_cols / sizeof results_smart_cols[0];
#undef M

/* The latency summaries of a result, by kind. */
const char *const results_lat_kinds[] = { "all", "read", "write" };

/* ---- binding and reading through column tables ---- */

/* A figure column: NAN for NULL, and for what no measurement can be (not
 * finite, or beyond RESULTS_MAX_FIGURE: a crafted store), so that nothing
 * downstream multiplies it past an integer's range. */
double
results_col_figure(sqlite3_stmt *st, int i)
{
	double v = sqlite3_column_double(st, i);

	if (sqlite3_column_type(st, i) == SQLITE_NULL || !isfinite(v) ||
	    fabs(v) > RESULTS_MAX_FIGURE)
		return NAN;
	return v;
}

/* A time column (unix seconds): 0 (unknown) outside 1970 to 9999. */
static int64_t
results_col_time(sqlite3_stmt *st, int i)
{
	int64_t v = sqlite3_column_int64(st, i);

	return v < 0 || v > RESULTS_MAX_UNIX ? 0 : v;
}

/* A text column, "" for NULL (a crafted store may hold NULL anywhere). */
const char *
results_col_text(sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, i);

	return t ? t : "";
}

/* Bind an enum's name (NULL: a value with no name, never stored). */
static int
results_bind_name(sqlite3_stmt *st, int i, const char *name)
{
	return name != NULL ? sqlite3_bind_text(st, i, name, -1, SQLITE_STATIC) : SQLITE_MISUSE;
}

/* An enum column by name, or version 3's number through its frozen names
 * (a store read without upgrading); -1 for a name this build does not know. */
static int
results_col_enum(sqlite3_stmt *st, int i, const char *const *v3, size_t nv3, bool pattern)
{
	const char     *name = results_col_text(st, i);
	enum dd_pattern p;
	enum dd_kind	k;

	if (sqlite3_column_type(st, i) == SQLITE_INTEGER) {
		int64_t n = sqlite3_column_int64(st, i);

		name = n >= 0 && (uint64_t)n < nv3 ? v3[n] : "";
	}
	if (pattern)
		return dd_pattern_parse(name, &p) == 0 ? (int)p : -1;
	return dd_kind_parse(name, &k) == 0 ? (int)k : -1;
}

/* Bind one column of a struct at base to parameter i. */
static int
results_bind_col(sqlite3_stmt *st, int i, const struct results_col *c, const void *base)
{
	const char *p = (const char *)base + c->off;

	switch (c->type) {
	case RC_TEXT:
		return sqlite3_bind_text(st, i, p, (int)strnlen(p, c->size), SQLITE_TRANSIENT);
	case RC_BOOL:
		return sqlite3_bind_int(st, i, *(const bool *)p);
	case RC_INT:
		return sqlite3_bind_int(st, i, *(const int *)p);
	case RC_UINT:
		return sqlite3_bind_int64(st, i, *(const unsigned *)p);
	case RC_U32:
		return sqlite3_bind_int64(st, i, *(const uint32_t *)p);
	case RC_I64:
		return sqlite3_bind_int64(st, i, *(const int64_t *)p);
	case RC_U64:
		return sqlite3_bind_int64(st, i, (sqlite3_int64)*(const uint64_t *)p);
	case RC_SIZE:
		return sqlite3_bind_int64(st, i, (sqlite3_int64)*(const size_t *)p);
	case RC_DBL:
		return sqlite3_bind_double(st, i, *(const double *)p);	/* NAN: NULL */
	case RC_PATTERN:
		return results_bind_name(st, i, dd_pattern_name(*(const enum dd_pattern *)p));
	case RC_KIND:
		return results_bind_name(st, i, dd_kind_name(*(const enum dd_kind *)p));
	}
	return SQLITE_MISUSE;
}

/* Bind n columns of base to parameters first, first+1, ...; sqlite code. */
int
results_bind_cols(sqlite3_stmt *st, int first, const struct results_col *cols, size_t n,
		  const void *base)
{
	for (size_t i = 0; i < n; i++) {
		int rc = results_bind_col(st, first + (int)i, &cols[i], base);

		if (rc != SQLITE_OK)
			return rc;
	}
	return SQLITE_OK;
}

/* Read one result column i into a struct field at base. */
static void
results_read_col(sqlite3_stmt *st, int i, const struct results_col *c, void *base)
{
	char *p = (char *)base + c->off;

	switch (c->type) {
	case RC_TEXT:
		dd_strlcpy(p, (const char *)sqlite3_column_text(st, i), c->size);
		break;
	case RC_BOOL:
		*(bool *)p = sqlite3_column_int(st, i) != 0;
		break;
	case RC_INT:
		*(int *)p = sqlite3_column_int(st, i);
		break;
	case RC_UINT:
		*(unsigned *)p = (unsigned)sqlite3_column_int64(st, i);
		break;
	case RC_U32:
		*(uint32_t *)p = (uint32_t)sqlite3_column_int64(st, i);
		break;
	case RC_I64:	/* the times of a run */
		*(int64_t *)p = results_col_time(st, i);
		break;
	case RC_U64:
		*(uint64_t *)p = (uint64_t)sqlite3_column_int64(st, i);
		break;
	case RC_SIZE:
		*(size_t *)p = (size_t)sqlite3_column_int64(st, i);
		break;
	case RC_DBL:
		*(double *)p = results_col_figure(st, i);
		break;
	case RC_PATTERN:
		*(int *)p = results_col_enum(st, i, results_v3_patterns,
					     sizeof results_v3_patterns / sizeof results_v3_patterns[0],
					     true);
		break;
	case RC_KIND:
		*(int *)p = results_col_enum(st, i, results_v3_kinds,
					     sizeof results_v3_kinds / sizeof results_v3_kinds[0],
					     false);
		break;
	}
}

/* Read n columns starting at result column first into base. */
void
results_read_cols(sqlite3_stmt *st, int first, const struct results_col *cols, size_t n,
		  void *base)
{
	for (size_t i = 0; i < n; i++)
		results_read_col(st, first + (int)i, &cols[i], base);
}

/* Append ", name" for every column of a table to buf (prefix before each). */
void
results_col_list(char *buf, size_t len, const char *prefix, const struct results_col *cols,
		 size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t o = strlen(buf);

		snprintf(buf + o, len - o, ", %s%s", prefix, cols[i].name);
	}
}

/* Append n ", ?" placeholders to buf. */
void
results_marks(char *buf, size_t len, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t o = strlen(buf);

		snprintf(buf + o, len - o, ", ?");
	}
}
