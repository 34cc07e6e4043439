/*
 * Unit tests for src/core/results.c, the results store, on databases in a
 * temporary directory:
 *
 *   round trip   a run with points whose every field holds a distinct
 *                value (figures, latency summaries, bins, intervals, SMART
 *                before/after) is stored and loaded back byte for byte;
 *                percentiles recomputed from the loaded bins equal the
 *                stored ones
 *   queries      results_list (headline figures, filter words, limit),
 *                results_resolve ("12", "#12", "last", "last:SERIAL"),
 *                results_run_delete, results_run_store (one transaction)
 *   naming       results_run_name for a matched drive, an unmatched device
 *                and a scratch file
 *   bad files    garbage, a truncated store, another program's sqlite
 *                database, a newer schema, a directory, a FIFO, a link to
 *                another user's file: one sentence naming the file, and
 *                its bytes unchanged
 *   migrations   every earlier schema version (its frozen SQL text below,
 *                with a row in every table) opens, migrates and loads
 *   writers      two processes storing runs at once, four creating one
 *                new store at once: every run lands, none fails
 *   recorder     src/core/record.c on the fake backend (local and remote
 *                targets, record_begin_remote): a sweep recorded
 *                through the sweep's sink, point for point, provenance and
 *                end; a failed sweep; --no-save's NULL recorder
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "core/record.h"
#include "core/results.h"
#include "fake-backend.h"
#include "lib/file.h"

static char tmpdir[64];

/* A path in the temporary directory. */
static const char *
tpath(const char *name)
{
	static char buf[4][PATH_MAX];
	static int  k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
	return buf[k];
}

/* Group setup: the temporary directory. */
static int
setup_dir(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "%s/dd-results-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	return mkdtemp(tmpdir) ? 0 : -1;
}

/* Group teardown: remove the temporary directory. */
static int
teardown_dir(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* A provenance with every field set. */
static void
make_prov(struct results_prov *p, const char *serial, int64_t start)
{
	memset(p, 0, sizeof *p);
	dd_strlcpy(p->source, "run", sizeof p->source);
	results_prov_host(p);
	results_prov_time(p, true, start);
	dd_strlcpy(p->target_path, "/dev/nvme0n1", sizeof p->target_path);
	dd_strlcpy(p->target_kind, "block", sizeof p->target_kind);
	dd_strlcpy(p->target_desc, "block device nvme0n1 (KIOXIA)", sizeof p->target_desc);
	dd_strlcpy(p->device, "nvme0n1", sizeof p->device);
	dd_strlcpy(p->model, "KIOXIA KCD9XPJE7T68", sizeof p->model);
	dd_strlcpy(p->serial, serial, sizeof p->serial);
	dd_strlcpy(p->firmware, "1TCRS104", sizeof p->firmware);
	p->capacity = 7680000000000ull;
	dd_strlcpy(p->lba_format, "4096 + 0", sizeof p->lba_format);
	dd_strlcpy(p->pcie_link, "Gen5 x4 (max Gen5 x4)", sizeof p->pcie_link);
	dd_strlcpy(p->temp_source, "hwmon of nvme0", sizeof p->temp_source);
	dd_strlcpy(p->drive_id, "kioxia-cd9p-r-7.68", sizeof p->drive_id);
	dd_strlcpy(p->drive_label, "KIOXIA CD9P-R 7.68 TB", sizeof p->drive_label);
	dd_strlcpy(p->plan_name, "spot", sizeof p->plan_name);
	p->repeat = 3;
	dd_strlcpy(p->aggregate, "best", sizeof p->aggregate);
	p->steady_state = true;
	p->precondition_passes = 1.5;
	dd_strlcpy(p->engine, "spin=off iopoll=off batch=auto", sizeof p->engine);
	dd_strlcpy(p->precondition, "1.5 passes", sizeof p->precondition);
	dd_strlcpy(p->steady, "attained", sizeof p->steady);
	dd_strlcpy(p->state, "running", sizeof p->state);
	results_run_name(p, true, p->name, sizeof p->name);
}

/* Fill a latency summary with values derived from seed. */
static void
make_lat(struct dd_latency *l, double seed)
{
	l->n = (uint64_t)seed * 1000 + 7;
	l->min_us = seed + 0.25;
	l->max_us = seed * 100 + 0.5;
	l->mean_us = seed * 3 + 0.125;
	l->stdev_us = seed / 7;
	for (int i = 0; i < HIST_NPCTS; i++)
		l->pct_us[i] = seed * 10 + i * 1.5;
}

/* A heap result whose every field holds a distinct value. */
static struct dd_result *
make_result(unsigned k)
{
	struct dd_result *r = calloc(1, sizeof *r);

	assert_non_null(r);
	snprintf(r->point.name, sizeof r->point.name, "4K randread QD%u x1", k);
	r->point.pattern = DD_RANDREAD;
	r->point.read_pct = 70;
	r->point.bs = 4096;
	r->point.iodepth = k;
	r->point.numjobs = 1;
	r->point.ramp_s = 0.5;
	r->point.runtime_s = 2.25;
	r->point.bytes = 1ull << 33;
	r->point.offset = 1ull << 20;
	r->point.size = 1ull << 36;
	r->point.iopoll = true;
	r->point.interval_ms = 200;
	r->point.batch = 4;
	r->point.spin = DD_SPIN_AUTO;
	r->point.spin_us = 300;
	r->status = -5;
	snprintf(r->message, sizeof r->message, "a note on point %u: \u00b5s", k);
	r->cancelled = true;
	r->iopoll_used = true;
	r->iopoll_fallback = true;
	r->spin_used = true;
	r->iowq = true;
	r->force_async = true;
	r->tclass = DD_TCLASS_BLK_BIO;
	r->idle_cpus = NAN;
	r->batch = 8;
	r->elapsed_s = 2.0 + k;
	r->ios = 1000000 + k;
	r->bytes = 4096ull * r->ios;
	r->read_ios = 700000;
	r->write_ios = 300000 + k;
	r->read_bytes = 4096ull * 700000;
	r->write_bytes = UINT64_MAX - k;	/* the top bit round-trips */
	r->iops = 500000.5 + k;
	r->mbps = 2048.25;
	make_lat(&r->lat, k);
	make_lat(&r->read_lat, k + 1);
	make_lat(&r->write_lat, k + 2);
	r->cpu_user_s = 0.1;
	r->cpu_sys_s = 0.2;
	r->cpu_us_per_io = 0.3;
	r->proc_user_s = 0.4;
	r->proc_sys_s = 0.5;
	r->proc_us_per_io = 0.6;
	/* Reads and writes in different buckets, all the sum of both. */
	for (unsigned i = 0; i < HIST_NR; i += 37) {
		r->read_hist.bins[i] = i % 2 ? i * 2 + k : 0;
		r->write_hist.bins[i] = i + (i % 3 ? k : 0);
		r->hist.bins[i] = r->read_hist.bins[i] + r->write_hist.bins[i];
	}
	r->point.kind = (enum dd_kind)(k % DD_KIND_COUNT);
	r->point.rate_iops = 12345.5 * k;
	r->point.rate_pct = 10.0 * k;
	r->point.region_pct = 25;
	r->point.end_fsync = true;
	r->point.group = k + 2;
	r->point.pass = k + 3;
	r->point.seq = k + 4;
	snprintf(r->point.profile, sizeof r->point.profile, "4K 70/30 \u00b5 %u", k);
	r->flush_s = 0.125 * k;
	r->rate_spread = k % 2 ? NAN : 0.0125 * k;
	/* Where a paced point's shortfall went is the live run's diagnostic
	 * (its JSON), not kept in the store: a loaded run reads NAN. */
	r->rate_held_pct = r->rate_late_pct = NAN;
	r->nintervals = 25;
	for (size_t i = 0; i < r->nintervals; i++)
		r->intervals[i] = (struct dd_interval){ .t_s = 0.2 * (i + 1), .iops = 1000.0 + i,
			.mbps = 4.0 + i, .mean_us = 10.0 + i, .p99_us = 20.0 + i,
			.read_iops = 600.0 + i, .write_iops = 400.0 + i,
			.temp_c = i % 5 ? 40.0 + i : NAN };
	return r;
}

/* A SMART log with every field set. */
static void
make_smart(struct nvmeinfo_smart *s, int base)
{
	memset(s, 0, sizeof *s);
	s->valid = true;
	s->critical_warning = 2;
	s->temperature_c = base;
	for (int i = 0; i < NVMEINFO_SENSORS; i++)
		s->sensor_c[i] = i < 3 ? base + i : NVMEINFO_TEMP_NONE;
	s->available_spare_pct = 100;
	s->spare_threshold_pct = 10;
	s->percentage_used = 3;
	s->data_units_read = 123456789ull + base;
	s->data_units_written = 987654321ull + base;
	s->power_on_hours = 4000;
	s->power_cycles = 40;
	s->unsafe_shutdowns = 4;
	s->media_errors = 0;
	s->error_log_entries = 12;
	s->warning_temp_minutes = 1;
	s->critical_temp_minutes = 2;
	s->thermal_t1_transitions = 3;
	s->thermal_t2_transitions = 4;
	s->thermal_t1_seconds = 5;
	s->thermal_t2_seconds = 6;
}

/* A point for index k (result, summary, SMART). */
static void
make_point(struct results_point *pt, unsigned k)
{
	memset(pt, 0, sizeof *pt);
	pt->index = k;
	pt->r = make_result(k + 1);
	sweep_summarize(pt->r, &pt->sum);
	pt->sum.index = k;
	pt->sum.runs = 3;
	pt->sum.rounds = 5;
	pt->sum.steady = true;
	pt->has_bins = true;
	dd_strlcpy(pt->host, k ? "" : "client-1", sizeof pt->host);
	make_smart(&pt->smart_before, 40);
	if (k == 0)
		make_smart(&pt->smart_after, 47);
}

/* Open a new store at name (removed first). */
static struct results *
open_new(const char *name)
{
	struct results *db;
	struct dd_error err = { 0 };
	char		cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof cmd, "rm -f '%s'*", tpath(name));
	assert_int_equal(system(cmd), 0);
	if (results_open(&db, tpath(name), RESULTS_WRITE, &err) != 0)
		fail_msg("results_open: %s", err.msg);
	return db;
}

/* Compare two results field by field through their bytes. */
static void
assert_result_equal(const struct dd_result *a, const struct dd_result *b)
{
	assert_string_equal(a->point.name, b->point.name);
	assert_string_equal(a->message, b->message);
	assert_int_equal(a->nintervals, b->nintervals);
	assert_memory_equal(&a->hist, &b->hist, sizeof a->hist);
	assert_memory_equal(&a->lat, &b->lat, sizeof a->lat);
	assert_memory_equal(&a->read_lat, &b->read_lat, sizeof a->read_lat);
	assert_memory_equal(&a->write_lat, &b->write_lat, sizeof a->write_lat);
	/* NAN is the same bit pattern on both sides (stored as NULL). */
	assert_memory_equal(a, b, sizeof *a);
}

/* Every field of a run survives store and load; bins give the percentiles. */
static void
test_round_trip(void **state)
{
	struct results	    *db = open_new("rt.db");
	struct results_prov  p;
	struct results_point pts[2];
	struct results_run   run;
	struct dd_error	     err = { 0 };

	(void)state;
	make_prov(&p, "SN0001", 1796133787);
	assert_int_equal(results_run_begin(db, &p, &err), 0);
	assert_true(p.id > 0);
	for (unsigned k = 0; k < 2; k++) {
		make_point(&pts[k], k);
		if (results_point_add(db, p.id, &pts[k], &err) != 0)
			fail_msg("point_add: %s", err.msg);
		assert_true(pts[k].id > 0);
	}
	results_prov_time(&p, false, 1796133887);
	dd_strlcpy(p.state, "cancelled", sizeof p.state);
	dd_strlcpy(p.stopped_by, "SIGINT", sizeof p.stopped_by);
	dd_strlcpy(p.why, "interrupted", sizeof p.why);
	assert_int_equal(results_run_end(db, &p, &err), 0);

	assert_int_equal(results_run_load(db, p.id, &run, &err), 0);
	assert_int_equal(run.n, 2);
	/* The provenance, headline figures aside, is what was stored. */
	p.npoints = run.prov.npoints;
	p.best_iops = run.prov.best_iops;
	p.best_mbps = run.prov.best_mbps;
	p.qd1_mean_us = run.prov.qd1_mean_us;
	assert_memory_equal(&p, &run.prov, sizeof p);
	assert_int_equal(run.prov.npoints, 2);
	for (unsigned k = 0; k < 2; k++) {
		double pct[HIST_NPCTS], want[HIST_NPCTS];

		assert_int_equal(run.pts[k].id, pts[k].id);
		assert_int_equal(run.pts[k].index, k);
		assert_true(run.pts[k].has_bins);
		assert_string_equal(run.pts[k].host, pts[k].host);
		assert_result_equal(pts[k].r, run.pts[k].r);
		assert_memory_equal(&pts[k].sum, &run.pts[k].sum, sizeof pts[k].sum);
		assert_memory_equal(&pts[k].smart_before, &run.pts[k].smart_before,
				    sizeof pts[k].smart_before);
		assert_memory_equal(&pts[k].smart_after, &run.pts[k].smart_after,
				    sizeof pts[k].smart_after);
		hist_percentiles(&pts[k].r->hist, hist_default_pcts, HIST_NPCTS, want);
		hist_percentiles(&run.pts[k].r->hist, hist_default_pcts, HIST_NPCTS, pct);
		assert_memory_equal(pct, want, sizeof pct);
		/* Each direction's percentiles come back from its own bins. */
		hist_percentiles(&pts[k].r->read_hist, hist_default_pcts, HIST_NPCTS, want);
		hist_percentiles(&run.pts[k].r->read_hist, hist_default_pcts, HIST_NPCTS, pct);
		assert_memory_equal(pct, want, sizeof pct);
		hist_percentiles(&pts[k].r->write_hist, hist_default_pcts, HIST_NPCTS, want);
		hist_percentiles(&run.pts[k].r->write_hist, hist_default_pcts, HIST_NPCTS, pct);
		assert_memory_equal(pct, want, sizeof pct);
		assert_false(isnan(run.pts[k].sum.read_mean_us));
		assert_int_equal(run.pts[k].r->point.kind, pts[k].r->point.kind);
		free(pts[k].r);
	}
	assert_false(run.pts[1].smart_after.valid);
	results_run_free(&run);
	results_close(db);
}

/* ---- queries ---- */

/* A plain successful point: pattern, bs, depth and jobs, its IOPS and mean. */
static void
make_plain_point(struct results_point *pt, size_t idx, enum dd_pattern pat, unsigned qd,
		 double iops, double mean_us)
{
	memset(pt, 0, sizeof *pt);
	pt->r = calloc(1, sizeof *pt->r);
	assert_non_null(pt->r);
	plan_point_defaults(&pt->r->point);
	pt->r->point.pattern = pat;
	pt->r->point.iodepth = qd;
	dd_point_autoname(&pt->r->point);
	pt->r->iops = iops;
	pt->r->mbps = iops * 4096 / 1e6;
	pt->r->lat.mean_us = mean_us;
	pt->index = idx;
	pt->has_bins = true;
	sweep_summarize(pt->r, &pt->sum);
	pt->sum.index = idx;
}

/* Store a run of serial with the given start and IOPS of its QD1 point. */
static int64_t
store_run(struct results *db, const char *serial, const char *host, int64_t start,
	  double qd1_iops)
{
	struct results_prov  p;
	struct results_point pt;
	struct dd_error	     err = { 0 };

	make_prov(&p, serial, start);
	dd_strlcpy(p.host, host, sizeof p.host);
	assert_int_equal(results_run_begin(db, &p, &err), 0);
	make_plain_point(&pt, 0, DD_RANDREAD, 1, qd1_iops, 1e6 / qd1_iops);
	assert_int_equal(results_point_add(db, p.id, &pt, &err), 0);
	free(pt.r);
	make_plain_point(&pt, 1, DD_RANDREAD, 32, qd1_iops * 20, 200);
	assert_int_equal(results_point_add(db, p.id, &pt, &err), 0);
	free(pt.r);
	/* A failed point counts in npoints, never in the headline figures. */
	make_plain_point(&pt, 2, DD_RANDWRITE, 32, 1e9, 1);
	pt.r->status = -EIO;
	assert_int_equal(results_point_add(db, p.id, &pt, &err), 0);
	free(pt.r);
	return p.id;
}

/* How many runs a query text lists. */
static size_t
count_listed(struct results *db, const char *text, size_t limit)
{
	struct results_query q = { .text = text, .limit = limit };
	struct results_prov *ps;
	struct dd_error	     err = { 0 };
	size_t		     n;

	if (results_list(db, &q, &ps, &n, &err) != 0)
		fail_msg("results_list '%s': %s", text, err.msg);
	free(ps);
	return n;
}

/* Rows of a table (for what a delete leaves). */
static int64_t
count_rows(const char *path, const char *table)
{
	sqlite3	     *s;
	sqlite3_stmt *st;
	char	      sql[128];
	int64_t	      n = -1;

	assert_int_equal(sqlite3_open_v2(path, &s, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", table);
	assert_int_equal(sqlite3_prepare_v2(s, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(s);
	return n;
}

/* List (headline figures, filters, limit), resolve and delete. */
static void
test_queries(void **state)
{
	struct results	    *db = open_new("q.db");
	struct results_prov *ps;
	struct dd_error	     err = { 0 };
	size_t		     n;
	int64_t		     a1, b, a2, id;

	(void)state;
	a1 = store_run(db, "SNA", "lab-1", 1793610000, 10000);	/* 2026-11-02 */
	b = store_run(db, "SNB", "lab-2", 1796133787, 20000);	/* 2026-12-01 */
	a2 = store_run(db, "SNA", "lab-1", 1796148000, 40000);	/* 2026-12-01, later */
	assert_int_equal(results_list(db, NULL, &ps, &n, &err), 0);
	assert_int_equal(n, 3);
	assert_int_equal(ps[0].id, a2);		/* newest first */
	assert_int_equal(ps[1].id, b);
	assert_int_equal(ps[2].id, a1);
	assert_int_equal(ps[0].npoints, 3);
	assert_float_equal(ps[0].best_iops, 800000, 1e-6);	/* not the failed 1e9 */
	assert_float_equal(ps[0].best_mbps, 800000 * 4096 / 1e6, 1e-6);
	assert_float_equal(ps[0].qd1_mean_us, 1e6 / 40000, 1e-9);
	assert_string_equal(ps[2].serial, "SNA");
	free(ps);

	assert_int_equal(count_listed(db, "serial:SNA", 0), 2);
	assert_int_equal(count_listed(db, "serial:sna", 0), 2);	/* LIKE: any case */
	assert_int_equal(count_listed(db, "host:lab-2", 0), 1);
	assert_int_equal(count_listed(db, "CD9P", 0), 3);		/* the drive label */
	assert_int_equal(count_listed(db, "CD9P SNB", 0), 1);	/* every word */
	assert_int_equal(count_listed(db, "drive:kioxia-cd9p", 0), 3);
	assert_int_equal(count_listed(db, "since:2026-12-01", 0), 2);
	assert_int_equal(count_listed(db, "until:2026-11-30", 0), 1);
	assert_int_equal(count_listed(db, "since:2026-11-02 until:2026-11-02", 0), 1);
	assert_int_equal(count_listed(db, "nothing-like-this", 0), 0);
	assert_int_equal(count_listed(db, "100%", 0), 0);		/* % is literal */
	assert_int_equal(count_listed(db, "", 2), 2);
	{
		struct results_query q = { .text = "since:12/01/2026" };

		assert_int_equal(results_list(db, &q, &ps, &n, &err), -EINVAL);
		assert_non_null(strstr(err.msg, "YYYY-MM-DD"));
	}

	assert_int_equal(results_resolve(db, "last", &id, &err), 0);
	assert_int_equal(id, a2);
	assert_int_equal(results_resolve(db, "last:SNB", &id, &err), 0);
	assert_int_equal(id, b);
	assert_int_equal(results_resolve(db, "last:sna", &id, &err), 0);
	assert_int_equal(id, a2);
	assert_int_equal(results_resolve(db, "#1", &id, &err), 0);
	assert_int_equal(id, a1);
	assert_int_equal(results_resolve(db, "2", &id, &err), 0);
	assert_int_equal(id, b);
	assert_int_equal(results_resolve(db, "99", &id, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "no run 99"));
	assert_int_equal(results_resolve(db, "last:NOPE", &id, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "NOPE"));
	assert_int_equal(results_resolve(db, "twelve", &id, &err), -EINVAL);
	assert_int_equal(results_resolve(db, "-3", &id, &err), -EINVAL);

	/* A read-only connection lists and filters the same. */
	{
		struct results *ro;

		assert_int_equal(results_open(&ro, tpath("q.db"), RESULTS_READ, &err), 0);
		assert_int_equal(count_listed(ro, "serial:SNA", 0), 2);
		assert_int_equal(results_run_delete(ro, a1, &err) < 0, 1);	/* read only */
		results_close(ro);
	}

	/* Deleting a run takes every row under it. */
	assert_int_equal(results_run_delete(db, b, &err), 0);
	assert_int_equal(count_listed(db, NULL, 0), 2);
	assert_int_equal(results_run_delete(db, b, &err), -ENOENT);
	{
		struct results_run run;

		assert_int_equal(results_run_load(db, b, &run, &err), -ENOENT);
	}
	results_close(db);
	assert_int_equal(count_rows(tpath("q.db"), "points"), 6);
	assert_int_equal(count_rows(tpath("q.db"), "latency"), 18);
	assert_int_equal(count_rows(tpath("q.db"), "percentiles"), 18 * HIST_NPCTS);
}

/* An import: a whole run in one transaction, loaded back. */
static void
test_run_store(void **state)
{
	struct results	  *db = open_new("store.db");
	struct results_run run = { 0 }, back;
	struct dd_error	   err = { 0 };

	(void)state;
	make_prov(&run.prov, "SNI", 1796133787);
	run.prov.state[0] = '\0';
	dd_strlcpy(run.prov.imported_from, "/tmp/fio.json", sizeof run.prov.imported_from);
	for (unsigned k = 0; k < 3; k++) {
		struct results_point pt;

		make_plain_point(&pt, k, DD_RANDREAD, 1u << k, 1000.0 * (k + 1), 10);
		pt.has_bins = false;
		assert_int_equal(results_run_add(&run, &pt, &err), 0);
	}
	assert_int_equal(results_run_store(db, &run, &err), 0);
	assert_true(run.prov.id > 0);
	assert_int_equal(results_run_load(db, run.prov.id, &back, &err), 0);
	assert_string_equal(back.prov.state, "imported");
	assert_string_equal(back.prov.imported_from, "/tmp/fio.json");
	assert_int_equal(back.n, 3);
	for (size_t k = 0; k < 3; k++) {
		assert_false(back.pts[k].has_bins);
		assert_float_equal(back.pts[k].r->iops, 1000.0 * (k + 1), 1e-9);
		assert_int_equal(hist_count(&back.pts[k].r->hist), 0);
	}
	results_run_free(&back);
	results_run_free(&run);
	results_close(db);
}

/* ---- names ---- */

/* A run is named by its drive, or its file and device. */
static void
test_names(void **state)
{
	struct results_prov p;
	char		    name[256];

	(void)state;
	make_prov(&p, "X2B0A01Y", 1796133787);
	results_run_name(&p, true, name, sizeof name);
	assert_string_equal(name, "CD9P-R 7.68 TB SNX2B0A01Y \u00b7 spot \u00b7 2026-12-01 14:03");
	results_run_name(&p, false, name, sizeof name);
	assert_string_equal(name, "CD9P-R 7.68 TB SNX2B0A01Y - spot - 2026-12-01 14:03");
	/* Not in the database: the model and its capacity. */
	p.drive_label[0] = '\0';
	dd_strlcpy(p.model, "QEMU NVMe Ctrl", sizeof p.model);
	p.capacity = 1073741824;
	results_run_name(&p, true, name, sizeof name);
	assert_string_equal(name, "QEMU NVMe Ctrl 1.1 GB SNX2B0A01Y \u00b7 spot \u00b7 2026-12-01 14:03");
	/* A block device with no model: its path's name. */
	p.model[0] = p.serial[0] = '\0';
	dd_strlcpy(p.target_path, "/dev/zram1", sizeof p.target_path);
	dd_strlcpy(p.device, "zram1", sizeof p.device);
	results_run_name(&p, true, name, sizeof name);
	assert_string_equal(name, "zram1 \u00b7 spot \u00b7 2026-12-01 14:03");
	/* A file: its name and the filesystem's device. */
	dd_strlcpy(p.target_path, "/srv/dd.dat", sizeof p.target_path);
	dd_strlcpy(p.target_kind, "file", sizeof p.target_kind);
	dd_strlcpy(p.device, "/dev/vda1", sizeof p.device);
	results_run_name(&p, true, name, sizeof name);
	assert_string_equal(name, "dd.dat on /dev/vda1 \u00b7 spot \u00b7 2026-12-01 14:03");
	/* Drift: by serial, else by the target's path on its device. */
	assert_string_equal(results_drift_key(&p, name, sizeof name), "/srv/dd.dat on /dev/vda1");
	dd_strlcpy(p.serial, "X2B0A01Y", sizeof p.serial);
	assert_string_equal(results_drift_key(&p, name, sizeof name), "X2B0A01Y");
	p.serial[0] = '\0';
	/* ISO 8601 times, UTC and local (TZ is UTC here). */
	assert_string_equal(p.start_utc, "2026-12-01T14:03:07Z");
	assert_string_equal(p.start_local, "2026-12-01T14:03:07+00:00");
}

/* ---- bad files ---- */

/* Read a whole file (test helper). */
static char *
slurp(const char *path, size_t *len)
{
	char *buf = NULL;

	assert_int_equal(file_read_all(NULL, path, 64 << 20, &buf, len, NULL), 0);
	return buf;
}

/* Write bytes to a file, replacing it. */
static void
spit(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* Run SQL on a file with plain sqlite (building test fixtures). */
static void
sql_on(const char *path, const char *sql)
{
	sqlite3 *s;
	char	*msg = NULL;

	assert_int_equal(sqlite3_open(path, &s), SQLITE_OK);
	if (sqlite3_exec(s, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("%s: %s", sql, msg);
	sqlite3_close(s);
}

/* Is there a file at path? */
static bool
exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* Opening path (either mode) fails naming it and `phrase`; its bytes and
 * its neighbours stay as they were. */
static void
assert_refused(const char *path, const char *phrase)
{
	struct results *db = NULL;
	struct dd_error err = { 0 };
	char		side[PATH_MAX + 16];
	size_t		len0, len1;
	char	       *before = slurp(path, &len0), *after;

	for (int mode = RESULTS_READ; mode <= RESULTS_WRITE; mode++) {
		dd_error_clear(&err);
		assert_true(results_open(&db, path, (enum results_mode)mode, &err) < 0);
		assert_null(db);
		if (strstr(err.msg, path) == NULL || strstr(err.msg, phrase) == NULL)
			fail_msg("'%s' does not name %s and '%s'", err.msg, path, phrase);
		assert_null(strchr(err.msg, '\n'));
	}
	after = slurp(path, &len1);
	assert_int_equal(len0, len1);
	assert_memory_equal(before, after, len0);
	snprintf(side, sizeof side, "%s-wal", path);
	assert_false(exists(side));
	snprintf(side, sizeof side, "%s-journal", path);
	assert_false(exists(side));
	free(before);
	free(after);
}

/* Garbage, truncated, foreign and newer files are refused, untouched. */
static void
test_bad_files(void **state)
{
	struct results *db;
	struct dd_error err = { 0 };
	unsigned char	junk[8192];
	char	       *good;
	size_t		len;

	(void)state;
	for (size_t i = 0; i < sizeof junk; i++)
		junk[i] = (unsigned char)(i * 131 + 7);
	spit(tpath("garbage.db"), junk, sizeof junk);
	assert_refused(tpath("garbage.db"), "not an SQLite file");

	/* A real store, cut in half and cut inside its header. */
	db = open_new("whole.db");
	store_run(db, "SNT", "lab", 1796133787, 1000);
	results_close(db);
	good = slurp(tpath("whole.db"), &len);
	assert_true(len > 8192);
	spit(tpath("half.db"), good, len / 2);
	assert_refused(tpath("half.db"), "truncated");
	spit(tpath("stub.db"), good, 50);
	assert_refused(tpath("stub.db"), "truncated");
	free(good);

	/* Another program's sqlite database, in rollback and in WAL mode. */
	sql_on(tpath("other.db"), "CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('x')");
	assert_refused(tpath("other.db"), "another program");
	sql_on(tpath("other-wal.db"), "PRAGMA journal_mode = WAL; CREATE TABLE t (x)");
	assert_refused(tpath("other-wal.db"), "another program");

	/* Ours, from a newer drivedash. */
	db = open_new("newer.db");
	results_close(db);
	sql_on(tpath("newer.db"), "PRAGMA user_version = 99");
	assert_refused(tpath("newer.db"), "newer drivedash");

	/* A directory and a FIFO at the path: refused, nothing created. */
	assert_int_equal(mkdir(tpath("dir.db"), 0700), 0);
	assert_int_equal(results_open(&db, tpath("dir.db"), RESULTS_WRITE, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "a directory"));
	assert_int_equal(mkfifo(tpath("fifo.db"), 0600), 0);
	assert_int_equal(results_open(&db, tpath("fifo.db"), RESULTS_WRITE, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "a FIFO"));
	assert_false(exists(tpath("fifo.db-wal")));

	/* A missing store: READ says so and creates nothing. */
	assert_int_equal(results_open(&db, tpath("none/x.db"), RESULTS_READ, &err), -ENOENT);
	assert_false(exists(tpath("none")));

	/* An empty file is a new store. */
	spit(tpath("empty.db"), "", 0);
	assert_int_equal(results_open(&db, tpath("empty.db"), RESULTS_WRITE, &err), 0);
	results_close(db);
}

/* A new store's directories are 0700 and the file 0600. */
static void
test_create_modes(void **state)
{
	struct results *db;
	struct dd_error err = { 0 };
	struct stat	st;

	(void)state;
	assert_int_equal(results_open(&db, tpath("a/b/results.db"), RESULTS_WRITE, &err), 0);
	assert_string_equal(results_path(db), tpath("a/b/results.db"));
	results_close(db);
	assert_int_equal(stat(tpath("a/b"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(stat(tpath("a"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(stat(tpath("a/b/results.db"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
}

/* A link to the user's own store is followed; to nothing, or to another
 * user's file, refused (and that file left alone). */
static void
test_symlinks(void **state)
{
	struct results *db;
	struct dd_error err = { 0 };
	const char     *theirs = "/etc/passwd";
	size_t		len0, len1;
	char	       *before, *after;

	(void)state;
	db = open_new("mine.db");
	results_close(db);
	assert_int_equal(symlink(tpath("mine.db"), tpath("link.db")), 0);
	assert_int_equal(results_open(&db, tpath("link.db"), RESULTS_WRITE, &err), 0);
	assert_string_equal(results_path(db), tpath("mine.db"));
	results_close(db);

	assert_int_equal(symlink(tpath("nowhere.db"), tpath("dangling.db")), 0);
	assert_int_equal(results_open(&db, tpath("dangling.db"), RESULTS_WRITE, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "symbolic link to nothing"));
	assert_false(exists(tpath("nowhere.db")));

	/* Root owns /etc/passwd; as root, a file given to nobody instead. */
	if (geteuid() == 0) {
		spit(tpath("nobody.db"), "not yours", 9);
		assert_int_equal(chown(tpath("nobody.db"), 65534, 65534), 0);
		theirs = tpath("nobody.db");
	}
	before = slurp(theirs, &len0);
	assert_int_equal(symlink(theirs, tpath("theirs.db")), 0);
	assert_int_equal(results_open(&db, tpath("theirs.db"), RESULTS_WRITE, &err), -EPERM);
	assert_non_null(strstr(err.msg, "another user"));
	after = slurp(theirs, &len1);
	assert_int_equal(len0, len1);
	assert_memory_equal(before, after, len0);
	free(before);
	free(after);
}

static int64_t count_on(const char *path, const char *sql);

/* ---- names, not numbers ---- */

/* A point's pattern and kind are stored by name: what a store holds reads
 * back by that name whatever number the enums give it, and what is stored
 * is the name (so reordering the enums changes no stored label). */
static void
test_stored_labels(void **state)
{
	static const struct {
		const char     *pattern, *kind;
		enum dd_pattern p;
		enum dd_kind	k;
	} cases[] = {
		{ "read", "point", DD_READ, DD_KIND_POINT },
		{ "write", "cliff", DD_WRITE, DD_KIND_CLIFF },
		{ "randread", "curve-max", DD_RANDREAD, DD_KIND_CURVE_MAX },
		{ "randwrite", "curve-step", DD_RANDWRITE, DD_KIND_CURVE_STEP },
		{ "randrw", "checkpoint", DD_RANDRW, DD_KIND_CHECKPOINT },
		{ "rw", "threads", DD_SEQRW, DD_KIND_THREADS },
	};
	struct results	    *db = open_new("labels.db");
	struct results_prov  p;
	struct results_run   run;
	struct dd_error	     err = { 0 };
	char		     sql[512];

	(void)state;
	make_prov(&p, "SNLABEL", 1796133787);
	assert_int_equal(results_run_begin(db, &p, &err), 0);
	for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct results_point pt;

		make_point(&pt, k);
		pt.r->point.pattern = cases[k].p;
		pt.r->point.kind = cases[k].k;
		assert_int_equal(results_point_add(db, p.id, &pt, &err), 0);
		free(pt.r);
	}
	results_close(db);
	/* The file holds the names. */
	for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		snprintf(sql, sizeof sql, "SELECT count(*) FROM points WHERE idx = %u AND "
			 "pattern = '%s' AND kind = '%s'", k, cases[k].pattern, cases[k].kind);
		assert_int_equal(count_on(tpath("labels.db"), sql), 1);
	}
	/* Names written into the file (as another build of drivedash, its
	 * enums in any order, would have) read back by name. */
	sql_on(tpath("labels.db"), "UPDATE points SET pattern = 'rw', kind = 'curve-step' "
	       "WHERE idx = 0;");
	assert_int_equal(results_open(&db, tpath("labels.db"), RESULTS_READ, &err), 0);
	assert_int_equal(results_run_load(db, p.id, &run, &err), 0);
	assert_int_equal(run.n, sizeof cases / sizeof cases[0]);
	assert_int_equal(run.pts[0].r->point.pattern, DD_SEQRW);
	assert_int_equal(run.pts[0].r->point.kind, DD_KIND_CURVE_STEP);
	for (unsigned k = 1; k < run.n; k++) {
		assert_int_equal(run.pts[k].r->point.pattern, cases[k].p);
		assert_int_equal(run.pts[k].r->point.kind, cases[k].k);
	}
	results_run_free(&run);
	results_close(db);
	/* A name this drivedash does not know is an error that says so. */
	sql_on(tpath("labels.db"), "UPDATE points SET pattern = 'zigzag' WHERE idx = 1;");
	assert_int_equal(results_open(&db, tpath("labels.db"), RESULTS_READ, &err), 0);
	assert_int_equal(results_run_load(db, p.id, &run, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "zigzag"));
	results_close(db);
}

/* ---- verdicts ---- */

/* A verdict row k with every field set. */
static void
make_verdict(struct results_verdict *v, unsigned k)
{
	memset(v, 0, sizeof *v);
	snprintf(v->metric, sizeof v->metric, k ? "rand_read" : "seq_read");
	snprintf(v->metric_name, sizeof v->metric_name, k ? "random read" : "sequential read");
	snprintf(v->status, sizeof v->status, k ? "FAIL" : "PASS");
	snprintf(v->unit, sizeof v->unit, k ? "IOPS" : "MB/s");
	v->reference = k ? 2000000 : 14800;
	snprintf(v->ref_source, sizeof v->ref_source, "KIOXIA CD9P-R datasheet %u", k);
	v->measured = k ? 1000000 : 14000.5;
	v->ratio = v->measured / v->reference;
	snprintf(v->decided_by, sizeof v->decided_by, k ? "rated max" : "spec");
	v->spec_value = v->reference;
	snprintf(v->spec_source, sizeof v->spec_source, "KIOXIA CD9P-R datasheet %u", k);
	v->review_value = k ? NAN : 14100;
	snprintf(v->review_source, sizeof v->review_source, k ? "" : "StorageReview");
	snprintf(v->point, sizeof v->point, k ? "4K randread QD256 x4" : "128K read QD64 x1");
	snprintf(v->reason, sizeof v->reason, "reason %u", k);
	/* The marks (version 5): "etwa 14,800", a range that was inferred and
	 * states no conditions. */
	snprintf(v->spec_qual, sizeof v->spec_qual, k ? "range" : "approx");
	v->spec_lo = k ? 2000000 : NAN;
	v->spec_hi = k ? 2200000 : NAN;
	v->spec_inferred = k;
	v->spec_unstated = k;
	snprintf(v->review_qual, sizeof v->review_qual, k ? "" : "approx");
}

/* A stored row's reference as a user reads it: the one qualifier
 * formatter's marks, a range's two ends, the spec's marks only when the
 * spec is the reference; an unknown qualifier reads as none. */
static void
test_verdict_ref_text(void **state)
{
	struct results_verdict v;
	char		       buf[192];
	double		       lo, hi;

	(void)state;
	make_verdict(&v, 0);
	assert_string_equal(results_verdict_ref_qual(&v), "approx");
	assert_string_equal(results_verdict_ref_text(&v, 1, true, buf, sizeof buf), "~14,800 MB/s");
	assert_false(results_verdict_ref_range(&v, &lo, &hi));
	assert_true(isnan(lo) && isnan(hi));
	make_verdict(&v, 1);
	assert_true(results_verdict_ref_range(&v, &lo, &hi));
	assert_float_equal(lo, 2000000, 0);
	assert_float_equal(hi, 2200000, 0);
	assert_string_equal(results_verdict_ref_text(&v, 0, true, buf, sizeof buf),
			    "2,000,000\u20132,200,000 IOPS (i), conditions not stated");
	assert_string_equal(results_verdict_ref_text(&v, 0, false, buf, sizeof buf),
			    "2,000,000-2,200,000 IOPS (i), conditions not stated");
	/* The review decided: its own qualifier, none of the spec's marks. */
	snprintf(v.decided_by, sizeof v.decided_by, "review");
	v.reference = 1500000;
	snprintf(v.review_qual, sizeof v.review_qual, "lt");
	assert_string_equal(results_verdict_ref_qual(&v), "lt");
	assert_string_equal(results_verdict_ref_text(&v, 0, true, buf, sizeof buf),
			    "< 1,500,000 IOPS");
	/* A crafted store's qualifier, an old store's none, no reference. */
	snprintf(v.review_qual, sizeof v.review_qual, "%%s\x1b");
	assert_string_equal(results_verdict_ref_qual(&v), "eq");
	v.review_qual[0] = '\0';
	assert_string_equal(results_verdict_ref_text(&v, 0, true, buf, sizeof buf), "1,500,000 IOPS");
	v.reference = NAN;
	assert_string_equal(results_verdict_ref_text(&v, 0, true, buf, sizeof buf), "-");
}

/* A run's reference and verdict rows are stored once and read back as they
 * were judged, by load and list; they go with the run. */
static void
test_verdicts(void **state)
{
	struct results	       *db = open_new("verdicts.db");
	struct results_prov     p, *list = NULL;
	struct results_verdict  rows[2];
	struct results_run      run;
	struct dd_error	        err = { 0 };
	size_t		        n = 0;

	(void)state;
	make_prov(&p, "SNVERDICT", 1796133787);
	dd_strlcpy(p.query, "cd9p 7.68", sizeof p.query);
	assert_int_equal(results_run_begin(db, &p, &err), 0);
	for (unsigned k = 0; k < 2; k++)
		make_verdict(&rows[k], k);
	dd_strlcpy(p.verdict, "FAIL", sizeof p.verdict);
	p.tolerance = 0.1;
	p.rules = 3;
	dd_strlcpy(p.verdict_summary, "short of its spec", sizeof p.verdict_summary);
	/* Stored twice: the second replaces the first. */
	assert_int_equal(results_verdicts_store(db, &p, rows, 2, &err), 0);
	if (results_verdicts_store(db, &p, rows, 2, &err) != 0)
		fail_msg("verdicts_store: %s", err.msg);
	assert_int_equal(results_run_load(db, p.id, &run, &err), 0);
	assert_string_equal(run.prov.query, "cd9p 7.68");
	assert_string_equal(run.prov.verdict, "FAIL");
	assert_float_equal(run.prov.tolerance, 0.1, 1e-12);
	assert_int_equal(run.prov.rules, 3);
	assert_string_equal(run.prov.verdict_summary, "short of its spec");
	assert_int_equal(run.nverdicts, 2);
	for (unsigned k = 0; k < 2; k++) {
		assert_string_equal(run.verdicts[k].metric, rows[k].metric);
		assert_string_equal(run.verdicts[k].ref_source, rows[k].ref_source);
		assert_string_equal(run.verdicts[k].reason, rows[k].reason);
		/* NAN is the same bit pattern on both sides (stored as NULL). */
		assert_memory_equal(&run.verdicts[k], &rows[k], sizeof rows[k]);
	}
	results_run_free(&run);
	assert_int_equal(results_list(db, NULL, &list, &n, &err), 0);
	assert_int_equal(n, 1);
	assert_string_equal(list[0].query, "cd9p 7.68");
	assert_string_equal(list[0].verdict, "FAIL");
	assert_string_equal(list[0].drive_label, "KIOXIA CD9P-R 7.68 TB");
	free(list);
	/* A run without a judgement reads none; deleting a run deletes its rows. */
	assert_int_equal(results_run_delete(db, p.id, &err), 0);
	results_close(db);
	assert_int_equal(count_on(tpath("verdicts.db"), "SELECT count(*) FROM verdicts"), 0);
	assert_int_equal(count_on(tpath("verdicts.db"), "SELECT count(*) FROM run_refs"), 0);
}

/* ---- migrations ---- */

/* Schema version 1 as it shipped (frozen: never edit). */
static const char schema_v1[] =
	"CREATE TABLE runs (\n"
	" id INTEGER PRIMARY KEY, name TEXT NOT NULL, source TEXT NOT NULL,\n"
	" host TEXT, kernel TEXT, cpu_model TEXT, ncpus INTEGER, version TEXT,\n"
	" start_unix INTEGER, end_unix INTEGER, start_utc TEXT, start_local TEXT,\n"
	" end_utc TEXT, end_local TEXT,\n"
	" target_path TEXT, target_kind TEXT, target_desc TEXT, device TEXT,\n"
	" model TEXT, serial TEXT, firmware TEXT, capacity INTEGER, lba_format TEXT,\n"
	" pcie_link TEXT, drive_id TEXT, drive_label TEXT,\n"
	" plan_name TEXT, repeat INTEGER, aggregate TEXT, steady_state INTEGER,\n"
	" precondition_passes REAL, engine TEXT, precondition TEXT, steady TEXT,\n"
	" state TEXT NOT NULL, stopped_by TEXT, why TEXT, imported_from TEXT);\n"
	"CREATE INDEX runs_start ON runs(start_unix);\n"
	"CREATE INDEX runs_serial ON runs(serial);\n"
	"CREATE TABLE points (\n"
	" id INTEGER PRIMARY KEY,\n"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n"
	" idx INTEGER NOT NULL, host TEXT, has_bins INTEGER NOT NULL,\n"
	" name TEXT, pattern INTEGER, read_pct INTEGER, bs INTEGER, iodepth INTEGER,\n"
	" numjobs INTEGER, ramp_s REAL, runtime_s REAL, budget_bytes INTEGER,\n"
	" region_offset INTEGER, region_size INTEGER, iopoll INTEGER,\n"
	" interval_ms INTEGER, batch_asked INTEGER, spin INTEGER, spin_us INTEGER,\n"
	" status INTEGER, message TEXT, cancelled INTEGER, iopoll_used INTEGER,\n"
	" iopoll_fallback INTEGER, spin_used INTEGER, iowq INTEGER,\n"
	" force_async INTEGER, tclass INTEGER, idle_cpus REAL, batch INTEGER,\n"
	" elapsed_s REAL, ios INTEGER, bytes INTEGER, read_ios INTEGER,\n"
	" write_ios INTEGER, read_bytes INTEGER, write_bytes INTEGER,\n"
	" iops REAL, mbps REAL, cpu_user_s REAL, cpu_sys_s REAL,\n"
	" cpu_us_per_io REAL, proc_user_s REAL, proc_sys_s REAL,\n"
	" proc_us_per_io REAL,\n"
	" sum_name TEXT, sum_index INTEGER, sum_status INTEGER,\n"
	" sum_cancelled INTEGER, sum_iops REAL, sum_mbps REAL, sum_elapsed_s REAL,\n"
	" sum_mean_us REAL, sum_p50_us REAL, sum_p99_us REAL, sum_p999_us REAL,\n"
	" sum_max_us REAL, sum_cpu_us_per_io REAL, sum_runs INTEGER,\n"
	" sum_rounds INTEGER, sum_steady INTEGER);\n"
	"CREATE INDEX points_run ON points(run_id, idx);\n"
	"CREATE TABLE latency (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" kind TEXT NOT NULL, n INTEGER, min_us REAL, max_us REAL, mean_us REAL,\n"
	" stdev_us REAL, PRIMARY KEY (point_id, kind)) WITHOUT ROWID;\n"
	"CREATE TABLE percentiles (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" kind TEXT NOT NULL, seq INTEGER NOT NULL, pct REAL, us REAL,\n"
	" PRIMARY KEY (point_id, kind, seq)) WITHOUT ROWID;\n"
	"CREATE TABLE bins (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" idx INTEGER NOT NULL, count INTEGER NOT NULL,\n"
	" PRIMARY KEY (point_id, idx)) WITHOUT ROWID;\n"
	"CREATE TABLE intervals (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" seq INTEGER NOT NULL, t_s REAL, iops REAL, mbps REAL, mean_us REAL,\n"
	" p99_us REAL, read_iops REAL, write_iops REAL, temp_c REAL,\n"
	" PRIMARY KEY (point_id, seq)) WITHOUT ROWID;\n"
	"CREATE TABLE smart (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" phase TEXT NOT NULL, critical_warning INTEGER, temperature_c INTEGER,\n"
	" sensor1 INTEGER, sensor2 INTEGER, sensor3 INTEGER, sensor4 INTEGER,\n"
	" sensor5 INTEGER, sensor6 INTEGER, sensor7 INTEGER, sensor8 INTEGER,\n"
	" available_spare_pct INTEGER, spare_threshold_pct INTEGER,\n"
	" percentage_used INTEGER, data_units_read INTEGER,\n"
	" data_units_written INTEGER, power_on_hours INTEGER, power_cycles INTEGER,\n"
	" unsafe_shutdowns INTEGER, media_errors INTEGER, error_log_entries INTEGER,\n"
	" warning_temp_minutes INTEGER, critical_temp_minutes INTEGER,\n"
	" thermal_t1_transitions INTEGER, thermal_t2_transitions INTEGER,\n"
	" thermal_t1_seconds INTEGER, thermal_t2_seconds INTEGER,\n"
	" PRIMARY KEY (point_id, phase)) WITHOUT ROWID;\n";

/* One row in every table of a version-1 store. */
static const char rows_v1[] =
	"INSERT INTO runs (id, name, source, host, start_unix, start_utc, start_local,"
	" target_path, target_kind, serial, plan_name, repeat, state)"
	" VALUES (7, 'old run', 'run', 'lab', 1796133787, '2026-12-01T14:03:07Z',"
	" '2026-12-01T14:03:07+00:00', '/dev/nvme0n1', 'block', 'SNOLD', 'spot', 1, 'done');"
	"INSERT INTO points (id, run_id, idx, host, has_bins, name, pattern, bs, iodepth,"
	" numjobs, status, iops, mbps, sum_name, sum_index, sum_iops, sum_mean_us, sum_runs)"
	" VALUES (70, 7, 0, '', 1, '4K randread QD1 x1', 2, 4096, 1, 1, 0, 12345.5, 50.5,"
	" '4K randread QD1 x1', 0, 12345.5, 80.25, 1);"
	"INSERT INTO latency VALUES (70, 'all', 1000, 10, 900, 80.25, 5);"
	"INSERT INTO percentiles VALUES (70, 'all', 12, 99.0, 150.5);"
	"INSERT INTO bins VALUES (70, 300, 1000);"
	"INSERT INTO intervals (point_id, seq, t_s, iops) VALUES (70, 0, 0.2, 12000);"
	"INSERT INTO smart (point_id, phase, temperature_c, power_on_hours)"
	" VALUES (70, 'before', 41, 4000);"
	"PRAGMA application_id = 1145336435;"	/* "DDrs" */
	"PRAGMA user_version = 1;";

/* Schema version 2 as it shipped: version 1 and this (frozen: never edit). */
static const char schema_v2_upgrade[] =
	"ALTER TABLE runs ADD COLUMN temp_source TEXT;\n";

/* One row in every table of a version-2 store: a mixed point (70 % reads)
 * that had no per-direction summaries yet. */
static const char rows_v2[] =
	"INSERT INTO runs (id, name, source, host, start_unix, start_utc, start_local,"
	" target_path, target_kind, serial, plan_name, repeat, state, temp_source)"
	" VALUES (7, 'old run', 'run', 'lab', 1796133787, '2026-12-01T14:03:07Z',"
	" '2026-12-01T14:03:07+00:00', '/dev/nvme0n1', 'block', 'SNOLD', 'spot', 1, 'done',"
	" 'hwmon of nvme0');"
	"INSERT INTO points (id, run_id, idx, host, has_bins, name, pattern, read_pct, bs,"
	" iodepth, numjobs, status, ios, read_ios, write_ios, iops, mbps, sum_name, sum_index,"
	" sum_iops, sum_mean_us, sum_runs)"
	" VALUES (70, 7, 0, '', 1, '4K randread QD1 x1', 2, 70, 4096, 1, 1, 0, 1000, 700, 300,"
	" 12345.5, 50.5, '4K randread QD1 x1', 0, 12345.5, 80.25, 1);"
	"INSERT INTO latency VALUES (70, 'all', 1000, 10, 900, 80.25, 5);"
	"INSERT INTO latency VALUES (70, 'read', 700, 10, 800, 70.5, 4);"
	"INSERT INTO percentiles VALUES (70, 'all', 12, 99.0, 150.5);"
	"INSERT INTO bins VALUES (70, 300, 1000);"
	"INSERT INTO intervals (point_id, seq, t_s, iops) VALUES (70, 0, 0.2, 12000);"
	"INSERT INTO smart (point_id, phase, temperature_c, power_on_hours)"
	" VALUES (70, 'before', 41, 4000);"
	"PRAGMA application_id = 1145336435;"	/* "DDrs" */
	"PRAGMA user_version = 2;";

/* Schema version 3 as it shipped: version 2 and this (frozen: never edit). */
static const char schema_v3_upgrade[] =
	"ALTER TABLE points ADD COLUMN kind INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN rate_iops REAL NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN rate_pct REAL NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN region_pct INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN end_fsync INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN grp INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN pass INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN profile TEXT NOT NULL DEFAULT '';\n"
	"ALTER TABLE points ADD COLUMN flush_s REAL NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN rate_spread REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_read_share REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_read_mean_us REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_read_p99_us REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_write_mean_us REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_write_p99_us REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_rate_iops REAL NOT NULL DEFAULT 0;\n"
	"ALTER TABLE points ADD COLUMN sum_rate_spread REAL;\n"
	"ALTER TABLE points ADD COLUMN sum_flush_s REAL NOT NULL DEFAULT 0;\n"
	"CREATE TABLE dir_bins (\n"
	" point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,\n"
	" dir TEXT NOT NULL, idx INTEGER NOT NULL, count INTEGER NOT NULL,\n"
	" PRIMARY KEY (point_id, dir, idx)) WITHOUT ROWID;\n";

/* One row in every table of a version-3 store: the pattern and kind are
 * enum numbers (2 randread, 0 a plain point: version 3's numbering). */
static const char rows_v3[] =
	"INSERT INTO runs (id, name, source, host, start_unix, start_utc, start_local,"
	" target_path, target_kind, serial, plan_name, repeat, state, temp_source)"
	" VALUES (7, 'old run', 'run', 'lab', 1796133787, '2026-12-01T14:03:07Z',"
	" '2026-12-01T14:03:07+00:00', '/dev/nvme0n1', 'block', 'SNOLD', 'spot', 1, 'done',"
	" 'hwmon of nvme0');"
	"INSERT INTO points (id, run_id, idx, host, has_bins, name, pattern, read_pct, bs,"
	" iodepth, numjobs, status, ios, read_ios, write_ios, iops, mbps, sum_name, sum_index,"
	" sum_iops, sum_mean_us, sum_runs, kind)"
	" VALUES (70, 7, 0, '', 1, '4K randread QD1 x1', 2, 70, 4096, 1, 1, 0, 1000, 700, 300,"
	" 12345.5, 50.5, '4K randread QD1 x1', 0, 12345.5, 80.25, 1, 0);"
	"INSERT INTO latency VALUES (70, 'all', 1000, 10, 900, 80.25, 5);"
	"INSERT INTO percentiles VALUES (70, 'all', 12, 99.0, 150.5);"
	"INSERT INTO bins VALUES (70, 300, 1000);"
	"INSERT INTO intervals (point_id, seq, t_s, iops) VALUES (70, 0, 0.2, 12000);"
	"INSERT INTO smart (point_id, phase, temperature_c, power_on_hours)"
	" VALUES (70, 'before', 41, 4000);"
	"PRAGMA application_id = 1145336435;"	/* "DDrs" */
	"PRAGMA user_version = 3;";

/* Schema version 4 as it shipped: version 3 and this (frozen: never edit). */
static const char schema_v4_upgrade[] =
	"UPDATE points SET pattern = CASE pattern WHEN 0 THEN 'read' WHEN 1 THEN 'write'\n"
	" WHEN 2 THEN 'randread' WHEN 3 THEN 'randwrite' WHEN 4 THEN 'randrw' WHEN 5 THEN 'rw'\n"
	" ELSE pattern END,\n"
	" kind = CASE kind WHEN 0 THEN 'point' WHEN 1 THEN 'curve-max' WHEN 2 THEN 'curve-step'\n"
	" WHEN 3 THEN 'checkpoint' WHEN 4 THEN 'threads' WHEN 5 THEN 'cliff' ELSE kind END;\n"
	"CREATE TABLE run_refs (\n"
	" run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,\n"
	" query TEXT, verdict TEXT, tolerance REAL, rules INTEGER, verdict_summary TEXT);\n"
	"CREATE TABLE verdicts (\n"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n"
	" seq INTEGER NOT NULL, metric TEXT, metric_name TEXT, status TEXT, unit TEXT,\n"
	" reference REAL, ref_source TEXT, measured REAL, ratio REAL, decided_by TEXT,\n"
	" spec_value REAL, spec_source TEXT, review_value REAL, review_source TEXT,\n"
	" point TEXT, reason TEXT, PRIMARY KEY (run_id, seq)) WITHOUT ROWID;\n";

/* The same rows in a version-4 store: pattern and kind by name. */
static const char rows_v4[] =
	"INSERT INTO runs (id, name, source, host, start_unix, start_utc, start_local,"
	" target_path, target_kind, serial, plan_name, repeat, state, temp_source)"
	" VALUES (7, 'old run', 'run', 'lab', 1796133787, '2026-12-01T14:03:07Z',"
	" '2026-12-01T14:03:07+00:00', '/dev/nvme0n1', 'block', 'SNOLD', 'spot', 1, 'done',"
	" 'hwmon of nvme0');"
	"INSERT INTO points (id, run_id, idx, host, has_bins, name, pattern, read_pct, bs,"
	" iodepth, numjobs, status, ios, read_ios, write_ios, iops, mbps, sum_name, sum_index,"
	" sum_iops, sum_mean_us, sum_runs, kind)"
	" VALUES (70, 7, 0, '', 1, '4K randread QD1 x1', 'randread', 70, 4096, 1, 1, 0, 1000,"
	" 700, 300, 12345.5, 50.5, '4K randread QD1 x1', 0, 12345.5, 80.25, 1, 'point');"
	"INSERT INTO latency VALUES (70, 'all', 1000, 10, 900, 80.25, 5);"
	"INSERT INTO percentiles VALUES (70, 'all', 12, 99.0, 150.5);"
	"INSERT INTO bins VALUES (70, 300, 1000);"
	"INSERT INTO intervals (point_id, seq, t_s, iops) VALUES (70, 0, 0.2, 12000);"
	"INSERT INTO smart (point_id, phase, temperature_c, power_on_hours)"
	" VALUES (70, 'before', 41, 4000);"
	"PRAGMA application_id = 1145336435;"	/* "DDrs" */
	"PRAGMA user_version = 4;";

/* Every earlier version: its schema (version 1's, then the upgrade texts
 * when the version was shipped as one) and rows, for the migration test. */
static const struct {
	int	    version;
	const char *schema, *upgrade, *upgrade3, *upgrade4, *rows, *temp_source;
} old_versions[] = {
	{ 1, schema_v1, "", "", "", rows_v1, "" },
	{ 2, schema_v1, schema_v2_upgrade, "", "", rows_v2, "hwmon of nvme0" },
	{ 3, schema_v1, schema_v2_upgrade, schema_v3_upgrade, "", rows_v3, "hwmon of nvme0" },
	{ 4, schema_v1, schema_v2_upgrade, schema_v3_upgrade, schema_v4_upgrade, rows_v4,
	  "hwmon of nvme0" },
};

/* The user_version of a file (plain sqlite). */
static int64_t
user_version(const char *path)
{
	sqlite3	     *s;
	sqlite3_stmt *st;
	int64_t	      v = -1;

	assert_int_equal(sqlite3_open_v2(path, &s, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(s, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(s);
	return v;
}

/* Load the fixture run and check what every version had. */
static void
assert_old_run(struct results *db, const char *temp_source)
{
	struct results_run run;
	struct dd_error	   err = { 0 };
	int64_t		   id;

	assert_int_equal(results_resolve(db, "last:SNOLD", &id, &err), 0);
	assert_int_equal(id, 7);
	assert_int_equal(results_run_load(db, 7, &run, &err), 0);
	assert_string_equal(run.prov.name, "old run");
	assert_string_equal(run.prov.temp_source, temp_source);	/* new in version 2 */
	assert_int_equal(run.n, 1);
	/* New in version 3: a plain point, nothing paced, no direction known. */
	assert_int_equal(run.pts[0].r->point.kind, DD_KIND_POINT);
	assert_int_equal(run.pts[0].r->point.group, 0);
	assert_float_equal(run.pts[0].r->point.rate_iops, 0, 0);
	assert_string_equal(run.pts[0].r->point.profile, "");
	assert_true(isnan(run.pts[0].sum.read_share));
	assert_true(isnan(run.pts[0].sum.read_mean_us));
	assert_true(isnan(run.pts[0].sum.write_p99_us));
	assert_true(isnan(run.pts[0].sum.rate_spread));
	assert_true(isnan(run.pts[0].r->rate_spread));
	assert_int_equal(hist_count(&run.pts[0].r->read_hist), 0);
	assert_int_equal(hist_count(&run.pts[0].r->write_hist), 0);
	assert_float_equal(run.pts[0].r->iops, 12345.5, 1e-9);
	assert_float_equal(run.pts[0].r->lat.pct_us[12], 150.5, 1e-9);
	assert_int_equal(run.pts[0].r->hist.bins[300], 1000);
	assert_int_equal(run.pts[0].r->nintervals, 1);
	assert_true(run.pts[0].smart_before.valid);
	assert_int_equal(run.pts[0].smart_before.power_on_hours, 4000);
	assert_float_equal(run.prov.qd1_mean_us, 80.25, 1e-9);
	/* Version 3's pattern number 2 is randread, by name from version 4 on. */
	assert_int_equal(run.pts[0].r->point.pattern, DD_RANDREAD);
	/* New in version 4: no reference or verdict stored. */
	assert_string_equal(run.prov.query, "");
	assert_string_equal(run.prov.verdict, "");
	assert_int_equal(run.nverdicts, 0);
	results_run_free(&run);
}

/* Every earlier schema opens (read: as it is; write: upgraded) and loads. */
static void
test_migrations(void **state)
{
	struct results *fresh = open_new("current.db");
	int64_t		current;

	(void)state;
	results_close(fresh);
	current = user_version(tpath("current.db"));
	assert_true(current > old_versions[sizeof old_versions / sizeof old_versions[0] - 1].version);
	for (size_t i = 0; i < sizeof old_versions / sizeof old_versions[0]; i++) {
		for (int mode = RESULTS_READ; mode <= RESULTS_WRITE; mode++) {
			struct results	   *db;
			struct results_prov p;
			struct dd_error	    err = { 0 };
			char		    name[32];

			snprintf(name, sizeof name, "v%d-%d.db", old_versions[i].version, mode);
			sql_on(tpath(name), old_versions[i].schema);
			sql_on(tpath(name), old_versions[i].upgrade);
			sql_on(tpath(name), old_versions[i].upgrade3);
			sql_on(tpath(name), old_versions[i].upgrade4);
			sql_on(tpath(name), old_versions[i].rows);
			assert_int_equal(user_version(tpath(name)), old_versions[i].version);
			if (results_open(&db, tpath(name), (enum results_mode)mode, &err) != 0)
				fail_msg("v%d: %s", old_versions[i].version, err.msg);
			/* A read never upgrades: the old schema reads as it is. */
			assert_int_equal(user_version(tpath(name)),
					 mode == RESULTS_READ ? old_versions[i].version : current);
			assert_old_run(db, old_versions[i].temp_source);
			results_close(db);
			assert_int_equal(user_version(tpath(name)),
					 mode == RESULTS_READ ? old_versions[i].version : current);
			/* The upgrade maps the old numbers to names, once. */
			if (mode == RESULTS_WRITE)
				assert_int_equal(count_on(tpath(name), "SELECT count(*) FROM points "
							  "WHERE pattern = 'randread' AND "
							  "kind = 'point'"), 1);
			/* And it takes new runs with every current field. */
			assert_int_equal(results_open(&db, tpath(name), RESULTS_WRITE, &err), 0);
			make_prov(&p, "SNNEW", 1796148000);
			assert_int_equal(results_run_begin(db, &p, &err), 0);
			results_close(db);
		}
	}
}

/* A version-4 store's verdict rows have no marks: read as it is and
 * upgraded, the reference reads as no qualifier, no range, no marks. */
static void
test_v4_verdicts(void **state)
{
	static const char verdict[] =
		"INSERT INTO run_refs VALUES (7, 'cd9p 7.68', 'WARN', 0.1, 1, 'short');"
		"INSERT INTO verdicts (run_id, seq, metric, status, unit, reference, decided_by,"
		" spec_value) VALUES (7, 0, 'lat_read', 'WARN', 'us', 30, 'spec', 30);";

	(void)state;
	for (int mode = RESULTS_READ; mode <= RESULTS_WRITE; mode++) {
		struct results	  *db;
		struct results_run run;
		struct dd_error	   err = { 0 };
		char		   name[32], buf[96];

		snprintf(name, sizeof name, "v4-verdicts-%d.db", mode);
		sql_on(tpath(name), schema_v1);
		sql_on(tpath(name), schema_v2_upgrade);
		sql_on(tpath(name), schema_v3_upgrade);
		sql_on(tpath(name), schema_v4_upgrade);
		sql_on(tpath(name), rows_v4);
		sql_on(tpath(name), verdict);
		if (results_open(&db, tpath(name), (enum results_mode)mode, &err) != 0)
			fail_msg("v4: %s", err.msg);
		assert_int_equal(results_run_load(db, 7, &run, &err), 0);
		assert_int_equal(run.nverdicts, 1);
		assert_string_equal(run.verdicts[0].spec_qual, "");
		assert_true(isnan(run.verdicts[0].spec_lo) && isnan(run.verdicts[0].spec_hi));
		assert_false(run.verdicts[0].spec_inferred || run.verdicts[0].spec_unstated);
		assert_string_equal(results_verdict_ref_qual(&run.verdicts[0]), "eq");
		assert_string_equal(results_verdict_ref_text(&run.verdicts[0], 1, true, buf,
							     sizeof buf), "30 us");
		results_run_free(&run);
		results_close(db);
	}
}

/* How many rows a query on a file counts (plain sqlite). */
static int64_t
count_on(const char *path, const char *sql)
{
	sqlite3	     *s;
	sqlite3_stmt *st;
	int64_t	      n = -1;

	assert_int_equal(sqlite3_open_v2(path, &s, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(s, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(s);
	return n;
}

/* A point whose I/Os all went one way keeps no per-direction bins of its
 * own and reads that direction back from its bins; a mix keeps both. */
static void
test_dir_bins(void **state)
{
	struct results	    *db = open_new("dirbins.db");
	struct results_prov  p;
	struct results_point wr, mix;
	struct results_run   run;
	struct dd_error	     err = { 0 };
	double		     want[HIST_NPCTS], got[HIST_NPCTS];

	(void)state;
	make_prov(&p, "SNDIR", 1796133787);
	assert_int_equal(results_run_begin(db, &p, &err), 0);
	make_plain_point(&wr, 0, DD_RANDWRITE, 4, 1000.0, 40.0);
	for (unsigned i = 100; i < 400; i += 3)
		wr.r->hist.bins[i] = i;
	wr.r->write_hist = wr.r->hist;
	wr.r->ios = wr.r->write_ios = hist_count(&wr.r->hist);
	make_point(&mix, 1);
	assert_int_equal(results_point_add(db, p.id, &wr, &err), 0);
	assert_int_equal(results_point_add(db, p.id, &mix, &err), 0);
	results_close(db);
	assert_int_equal(count_on(tpath("dirbins.db"), "SELECT count(DISTINCT point_id || dir) "
				  "FROM dir_bins"), 2);
	assert_int_equal(results_open(&db, tpath("dirbins.db"), RESULTS_READ, &err), 0);
	assert_int_equal(results_run_load(db, p.id, &run, &err), 0);
	assert_int_equal(run.n, 2);
	assert_memory_equal(&run.pts[0].r->write_hist, &wr.r->hist, sizeof wr.r->hist);
	assert_int_equal(hist_count(&run.pts[0].r->read_hist), 0);
	hist_percentiles(&wr.r->write_hist, hist_default_pcts, HIST_NPCTS, want);
	hist_percentiles(&run.pts[0].r->write_hist, hist_default_pcts, HIST_NPCTS, got);
	assert_memory_equal(got, want, sizeof got);
	assert_result_equal(mix.r, run.pts[1].r);
	results_run_free(&run);
	results_close(db);
	free(wr.r);
	free(mix.r);
}

/* ---- two writers ---- */

/* Store runs from two processes at once: every run is stored. */
static void
test_two_writers(void **state)
{
	struct results *db = open_new("two.db");
	pid_t		kids[2];

	(void)state;
	results_close(db);
	for (int k = 0; k < 2; k++) {
		kids[k] = fork();
		assert_true(kids[k] >= 0);
		if (kids[k] == 0) {
			struct dd_error err = { 0 };
			int		bad = 0;

			if (results_open(&db, tpath("two.db"), RESULTS_WRITE, &err) != 0)
				_exit(2);
			for (int i = 0; i < 15 && !bad; i++) {
				struct results_prov  p;
				struct results_point pt;

				make_prov(&p, k ? "SNK1" : "SNK0", 1796133787 + i);
				bad |= results_run_begin(db, &p, &err) != 0;
				make_point(&pt, 0);
				bad |= results_point_add(db, p.id, &pt, &err) != 0;
				free(pt.r);
				results_prov_time(&p, false, 1796133797 + i);
				bad |= results_run_end(db, &p, &err) != 0;
			}
			if (bad)
				fprintf(stderr, "# writer %d: %s\n", k, err.msg);
			results_close(db);
			_exit(bad);
		}
	}
	for (int k = 0; k < 2; k++) {
		int st;

		assert_int_equal(waitpid(kids[k], &st, 0), kids[k]);
		assert_true(WIFEXITED(st));
		assert_int_equal(WEXITSTATUS(st), 0);
	}
	assert_int_equal(count_rows(tpath("two.db"), "runs"), 30);
	assert_int_equal(count_rows(tpath("two.db"), "points"), 30);
}

/* Four processes create the same new store at once: all four runs land. */
static void
test_racing_creators(void **state)
{
	pid_t kids[4];

	(void)state;
	for (int k = 0; k < 4; k++) {
		kids[k] = fork();
		assert_true(kids[k] >= 0);
		if (kids[k] == 0) {
			struct results	   *db;
			struct results_prov p;
			struct dd_error	    err = { 0 };
			int		    rc;

			rc = results_open(&db, tpath("race/new.db"), RESULTS_WRITE, &err);
			if (rc == 0) {
				make_prov(&p, "SNR", 1796133787 + k);
				rc = results_run_begin(db, &p, &err);
				results_close(db);
			}
			if (rc != 0)
				fprintf(stderr, "# creator %d: %s\n", k, err.msg);
			_exit(rc != 0);
		}
	}
	for (int k = 0; k < 4; k++) {
		int st;

		assert_int_equal(waitpid(kids[k], &st, 0), kids[k]);
		assert_true(WIFEXITED(st));
		assert_int_equal(WEXITSTATUS(st), 0);
	}
	assert_int_equal(count_rows(tpath("race/new.db"), "runs"), 4);
}

/* ---- the recorder ---- */

/* A sweep on the fake backend recorded into name; the run id. */
static int64_t
record_fake_sweep(const char *name, const char *spec, size_t npoints, enum sweep_state *st)
{
	static const double	script[] = { 1000, 2000, 3000 };
	struct session		ses = { 0 };
	struct session_identity id = { 0 };
	struct record_opts	o = { .path = tpath(name), .source = "run", .utf8 = true };
	struct record_match	m = { .drive_id = "kioxia-cd9p-r-7.68",
				      .drive_label = "KIOXIA CD9P-R 7.68 TB" };
	struct dd_target	t;
	struct dd_plan		plan;
	struct dd_point		p;
	struct dd_error		err = { 0 };
	struct record	       *rec;
	struct sweep	       *sw;
	int64_t			run;

	assert_int_equal(fake_target_open(&t, script, 3), 0);
	plan_init(&plan, "fake-plan");
	for (size_t i = 0; i < npoints; i++) {
		assert_int_equal(plan_parse_point(spec, NULL, &p, &err), 0);
		p.spin = i ? DD_SPIN_ON : DD_SPIN_OFF;
		assert_int_equal(plan_append(&plan, &p, &err), 0);
	}
	ses.tgt.kind = SESSION_BLOCK;
	dd_strlcpy(ses.tgt.path, "/dev/fake0", sizeof ses.tgt.path);
	dd_strlcpy(ses.tgt.name, "fake0", sizeof ses.tgt.name);
	dd_strlcpy(ses.tgt.description, "block device fake0", sizeof ses.tgt.description);
	id.model = "KIOXIA KCD9XPJE7T68";
	if (record_begin(&rec, &o, &ses, &id, &m, &plan, &t, &err) != 0)
		fail_msg("record_begin: %s", err.msg);
	record_sync(rec);	/* the writer thread stores the run */
	assert_true(record_run_id(rec) > 0);
	assert_non_null(strstr(record_name(rec), "CD9P-R 7.68 TB"));
	assert_int_equal(sweep_create(&sw, &t, &plan, &err), 0);
	record_attach(rec, sw);
	assert_int_equal(sweep_start(sw, &err), 0);
	*st = sweep_join(sw);
	record_sync(rec);
	assert_int_equal(record_points(rec), sweep_nresults(sw));
	assert_int_equal(record_end(rec, *st, *st == SWEEP_FAILED ? "error" : "", "why not",
				    &err), 0);
	assert_null(record_error(rec));
	run = record_run_id(rec);
	record_free(rec);
	sweep_destroy(sw);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
	return run;
}

/* A recorded sweep: provenance, every point and its end, through the sink. */
static void
test_record(void **state)
{
	struct results	  *db;
	struct results_run run;
	struct dd_error	   err = { 0 };
	enum sweep_state   st;
	int64_t		   id;

	(void)state;
	id = record_fake_sweep("rec.db", "randread,bs=4k,qd=1,time=1,ramp=0", 3, &st);
	assert_int_equal(st, SWEEP_DONE);
	assert_int_equal(results_open(&db, tpath("rec.db"), RESULTS_READ, &err), 0);
	assert_int_equal(results_run_load(db, id, &run, &err), 0);
	assert_int_equal(run.n, 3);
	assert_string_equal(run.prov.source, "run");
	assert_string_equal(run.prov.state, "done");
	assert_string_equal(run.prov.why, "why not");
	assert_string_equal(run.prov.plan_name, "fake-plan");
	assert_string_equal(run.prov.device, "fake0");
	assert_string_equal(run.prov.target_kind, "block");
	assert_string_equal(run.prov.model, "KIOXIA KCD9XPJE7T68");
	assert_string_equal(run.prov.drive_id, "kioxia-cd9p-r-7.68");
	assert_string_equal(run.prov.engine, "spin=mixed iopoll=off batch=auto");
	assert_string_equal(run.prov.precondition, "none");
	assert_true(run.prov.end_unix >= run.prov.start_unix);
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(run.pts[i].index, i);
		assert_true(run.pts[i].has_bins);
		assert_true(run.pts[i].r->iops == 1000.0 * (i + 1));
		assert_false(run.pts[i].smart_before.valid);	/* no controller */
	}
	results_run_free(&run);
	results_close(db);

	/* A failed point is stored too, and the run reads failed. */
	id = record_fake_sweep("rec.db", "randread,bs=4k,qd=1,time=1,ramp=0,name=fail", 1, &st);
	assert_int_equal(st, SWEEP_FAILED);
	assert_int_equal(results_open(&db, tpath("rec.db"), RESULTS_READ, &err), 0);
	assert_int_equal(results_run_load(db, id, &run, &err), 0);
	assert_string_equal(run.prov.state, "failed");
	assert_string_equal(run.prov.stopped_by, "error");
	assert_int_equal(run.n, 1);
	assert_int_equal(run.pts[0].r->status, -EIO);
	results_run_free(&run);
	results_close(db);
}

/* The recorder stores a check's judgement with the run: every row with the
 * reference that decided (the review's figure and source when the review
 * decided), the overall verdict, tolerance and rules' version; typed text
 * (--model) is the run's query, never its model. */
static void
test_record_verdict(void **state)
{
	static const double	script[] = { 1000 };
	struct session		ses = { 0 };
	struct session_identity id = { .model = "cd9p 7.68", .model_source = "option" };
	struct record_opts	o = { .path = tpath("recv.db"), .source = "check" };
	struct record_match	m = { .drive_id = "kioxia-cd9p-r-7680",
				      .drive_label = "KIOXIA CD9P-R 7.68 TB" };
	struct verdict_report	rep = { .tolerance = 0.1, .overall = VERDICT_FAIL, .nrows = 2 };
	struct dd_target	t;
	struct dd_plan		plan;
	struct dd_error		err = { 0 };
	struct record	       *rec;
	struct results	       *db;
	struct results_run	run;
	int64_t			rid;

	(void)state;
	assert_int_equal(fake_target_open(&t, script, 1), 0);
	plan_init(&plan, "spot");
	ses.tgt.kind = SESSION_BLOCK;
	dd_strlcpy(ses.tgt.path, "/dev/loop7", sizeof ses.tgt.path);
	dd_strlcpy(ses.tgt.name, "loop7", sizeof ses.tgt.name);
	rep.rows[0] = (struct verdict){ .metric = "seq_read", .metric_name = "sequential read",
		.status = VERDICT_PASS, .unit = "MB/s", .spec_value = 14800, .measured = 13302,
		.ratio = 13302 / 14800.0, .decided_by = "review", .review_value = 14235.9,
		.review_ratio = 13302 / 14235.9, .spec_label = "KIOXIA datasheet",
		.review_label = "StorageReview", .point = "128K read QD64 x1", .reason = "r0" };
	rep.rows[1] = (struct verdict){ .metric = "rand_read", .metric_name = "random read",
		.status = VERDICT_FAIL, .unit = "IOPS", .spec_value = 2600000, .measured = 766939,
		.ratio = 766939 / 2600000.0, .decided_by = "rated max", .review_value = NAN,
		.review_ratio = NAN, .spec_label = "KIOXIA datasheet", .reason = "r1" };
	snprintf(rep.summary, sizeof rep.summary, "short on random read");
	assert_int_equal(record_begin(&rec, &o, &ses, &id, &m, &plan, &t, &err), 0);
	assert_int_equal(record_end(rec, SWEEP_DONE, "", NULL, &err), 0);
	record_verdict(rec, &rep);
	record_verdict(NULL, &rep);	/* --no-save: nothing */
	record_sync(rec);
	rid = record_run_id(rec);
	record_free(rec);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);

	assert_int_equal(results_open(&db, tpath("recv.db"), RESULTS_READ, &err), 0);
	assert_int_equal(results_run_load(db, rid, &run, &err), 0);
	assert_string_equal(run.prov.query, "cd9p 7.68");
	assert_string_equal(run.prov.model, "");
	assert_string_equal(run.prov.drive_label, "KIOXIA CD9P-R 7.68 TB");
	assert_string_equal(run.prov.verdict, "FAIL");
	assert_float_equal(run.prov.tolerance, 0.1, 1e-12);
	assert_int_equal(run.prov.rules, VERDICT_RULES_VERSION);
	assert_string_equal(run.prov.verdict_summary, "short on random read");
	assert_int_equal(run.nverdicts, 2);
	assert_string_equal(run.verdicts[0].status, "PASS");
	assert_string_equal(run.verdicts[0].decided_by, "review");
	assert_float_equal(run.verdicts[0].reference, 14235.9, 1e-9);
	assert_float_equal(run.verdicts[0].ratio, 13302 / 14235.9, 1e-12);
	assert_string_equal(run.verdicts[0].ref_source, "StorageReview");
	assert_float_equal(run.verdicts[0].spec_value, 14800, 1e-9);
	assert_string_equal(run.verdicts[0].point, "128K read QD64 x1");
	assert_string_equal(run.verdicts[1].metric, "rand_read");
	assert_float_equal(run.verdicts[1].reference, 2600000, 1e-9);
	assert_string_equal(run.verdicts[1].ref_source, "KIOXIA datasheet");
	assert_true(isnan(run.verdicts[1].review_value));
	assert_string_equal(run.verdicts[1].reason, "r1");
	results_run_free(&run);
	results_close(db);
}

/* Another connection holds the store's write lock: the recorder neither
 * blocks nor fails; it says busy (record_busy, the wake fd, on_busy), keeps
 * the run queued, and stores all of it once the lock is free. */
static void
busy_said(void *arg, const char *path)
{
	(void)path;
	++*(int *)arg;
}

static void
test_record_busy(void **state)
{
	static const double script[] = { 1000 };
	int		    said = 0;
	struct record_opts  o = { .path = tpath("busy.db"), .source = "ui", .wait_ms = 0,
				  .on_busy = busy_said, .on_busy_arg = &said };
	struct session	    ses = { 0 };
	struct dd_target    t;
	struct dd_plan	    plan;
	struct dd_point	    p;
	struct dd_error	    err = { 0 };
	struct record	   *rec;
	struct results	   *db;
	struct sweep	   *sw;
	struct pollfd	    pfd;
	sqlite3		   *lock;

	(void)state;
	db = open_new("busy.db");
	results_close(db);
	assert_int_equal(sqlite3_open(tpath("busy.db"), &lock), SQLITE_OK);
	assert_int_equal(sqlite3_exec(lock, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(fake_target_open(&t, script, 1), 0);
	plan_init(&plan, "busy-plan");
	assert_int_equal(plan_parse_point("randread,bs=4k,qd=1,time=1,ramp=0", NULL, &p, &err), 0);
	assert_int_equal(plan_append(&plan, &p, &err), 0);
	ses.tgt.kind = SESSION_FILE;
	dd_strlcpy(ses.tgt.path, "/tmp/x.dat", sizeof ses.tgt.path);
	if (record_begin(&rec, &o, &ses, NULL, NULL, &plan, &t, &err) != 0)
		fail_msg("record_begin on a busy store: %s", err.msg);
	pfd = (struct pollfd){ .fd = record_wake_fd(rec), .events = POLLIN };
	while (!record_busy(rec)) {
		assert_true(poll(&pfd, 1, 10000) == 1);	/* the writer says it */
		record_ack(rec);
	}
	assert_int_equal(sweep_create(&sw, &t, &plan, &err), 0);
	record_attach(rec, sw);
	assert_int_equal(sweep_start(sw, &err), 0);
	assert_int_equal(sweep_join(sw), SWEEP_DONE);
	assert_int_equal(record_end(rec, SWEEP_DONE, "", NULL, &err), -EBUSY);
	assert_non_null(strstr(err.msg, "busy"));
	assert_int_equal(record_run_id(rec), 0);
	assert_int_equal(said, 1);
	assert_int_equal(sqlite3_exec(lock, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
	while (record_status(rec, &err) == -EBUSY) {
		assert_true(poll(&pfd, 1, 10000) == 1);
		record_ack(rec);
	}
	assert_int_equal(record_status(rec, &err), 0);
	assert_true(record_run_id(rec) > 0);
	assert_int_equal(record_points(rec), 1);
	record_free(rec);
	sqlite3_close(lock);
	sweep_destroy(sw);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
	assert_int_equal(count_rows(tpath("busy.db"), "points"), 1);
}

/* A run the store did not take is kept whole in a store of its own: with
 * the store busy from the start (nothing stored), or from after the run's
 * provenance (the store lists it running, no points); a run stored whole
 * spills nothing. */
static void
spill_case(const char *name, int lock_after_begin, int lock)
{
	static const double script[] = { 1000 };
	struct record_opts  o = { .path = tpath(name), .source = "run", .wait_ms = 0 };
	struct session	    ses = { 0 };
	struct dd_target    t;
	struct dd_plan	    plan;
	struct dd_point	    p;
	struct dd_error	    err = { 0 };
	struct record	   *rec;
	struct sweep	   *sw;
	sqlite3		   *hold = NULL;
	char		    kept[PATH_MAX] = "x";

	results_close(open_new(name));
	assert_int_equal(fake_target_open(&t, script, 1), 0);
	plan_init(&plan, "spill-plan");
	assert_int_equal(plan_parse_point("randread,bs=4k,qd=1,time=1,ramp=0", NULL, &p, &err), 0);
	assert_int_equal(plan_append(&plan, &p, &err), 0);
	assert_int_equal(plan_append(&plan, &p, &err), 0);
	ses.tgt.kind = SESSION_FILE;
	dd_strlcpy(ses.tgt.path, "/tmp/x.dat", sizeof ses.tgt.path);
	if (lock) {
		assert_int_equal(sqlite3_open(tpath(name), &hold), SQLITE_OK);
		if (!lock_after_begin)
			assert_int_equal(sqlite3_exec(hold, "BEGIN IMMEDIATE", NULL, NULL, NULL),
					 SQLITE_OK);
	}
	if (record_begin(&rec, &o, &ses, NULL, NULL, &plan, &t, &err) != 0)
		fail_msg("record_begin: %s", err.msg);
	if (lock && lock_after_begin) {
		record_sync(rec);
		assert_true(record_run_id(rec) > 0);
		assert_int_equal(sqlite3_exec(hold, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
	}
	assert_int_equal(sweep_create(&sw, &t, &plan, &err), 0);
	record_attach(rec, sw);
	assert_int_equal(sweep_start(sw, &err), 0);
	assert_int_equal(sweep_join(sw), SWEEP_DONE);
	assert_int_equal(record_end(rec, SWEEP_DONE, "", NULL, &err), lock ? -EBUSY : 0);
	if (!lock) {
		assert_int_equal(record_spill(rec, kept, sizeof kept, &err), 0);
		assert_string_equal(kept, "");
	} else {
		if (record_spill(rec, kept, sizeof kept, &err) != 1)
			fail_msg("record_spill: %s", err.msg);
		assert_non_null(strstr(kept, "/unsaved-"));
		assert_int_equal(count_rows(kept, "runs WHERE state = 'done'"), 1);
		assert_int_equal(count_rows(kept, "points"), 2);
		/* the writer is stopped: the store gets nothing more once free */
		assert_int_equal(sqlite3_exec(hold, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
		results_remove(kept);
	}
	record_free(rec);
	sqlite3_close(hold);
	sweep_destroy(sw);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
	assert_int_equal(count_rows(tpath(name), "runs"), lock && !lock_after_begin ? 0 : 1);
	assert_int_equal(count_rows(tpath(name), "points"), lock ? 0 : 2);
}

static void
test_record_spill(void **state)
{
	(void)state;
	spill_case("spill-none.db", 0, 0);
	spill_case("spill-busy.db", 0, 1);
	spill_case("spill-mid.db", 1, 1);
}

/* A remote target's run (a fleet member): its provenance round trip, every
 * point's host, has_bins from the histogram, the name and a host: query. */
static void
test_record_remote(void **state)
{
	static const char	url[] = "fio://10.0.0.7:8766/dev/nvme3n1?nobins";
	struct record_opts	o = { .path = tpath("remote.db"), .source = "check" };
	struct record_remote	r = { .host = "node7", .address = "10.0.0.7:8766",
				      .device = "/dev/nvme3n1", .model = "", .serial = "",
				      .firmware = "", .capacity = 0, .fio_version = "fio-3.33" };
	struct results_query	q = { .text = "host:node7" };
	struct results_prov    *list;
	struct results_run	run;
	struct dd_target	t;
	struct dd_plan		plan;
	struct dd_point		p;
	struct dd_error		err = { 0 };
	struct record	       *rec;
	struct results	       *db;
	struct sweep	       *sw;
	size_t			n;
	int64_t			id;

	(void)state;
	assert_int_equal(dd_backend_open(&fake_backend, &t, url, false, &err), 0);
	plan_init(&plan, "spot");
	assert_int_equal(plan_parse_point("randread,bs=4k,qd=1,time=1,ramp=0", NULL, &p, &err), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(plan_append(&plan, &p, &err), 0);
	if (record_begin_remote(&rec, &o, &r, NULL, &plan, &t, &err) != 0)
		fail_msg("record_begin_remote: %s", err.msg);
	assert_non_null(strstr(record_name(rec), "nvme3n1 on node7"));
	assert_int_equal(sweep_create(&sw, &t, &plan, &err), 0);
	record_attach(rec, sw);
	assert_int_equal(sweep_start(sw, &err), 0);
	assert_int_equal(sweep_join(sw), SWEEP_DONE);
	assert_int_equal(record_end(rec, SWEEP_DONE, "", NULL, &err), 0);
	id = record_run_id(rec);
	record_free(rec);
	sweep_destroy(sw);
	dd_backend_of(&t)->close(&t);

	assert_int_equal(results_open(&db, tpath("remote.db"), RESULTS_READ, &err), 0);
	assert_int_equal(results_run_load(db, id, &run, &err), 0);
	assert_string_equal(run.prov.host, "node7");
	assert_string_equal(run.prov.kernel, "");
	assert_string_equal(run.prov.source, "check");
	assert_string_equal(run.prov.target_kind, "remote");
	assert_string_equal(run.prov.target_path, url);
	assert_string_equal(run.prov.target_desc, "fio server 10.0.0.7:8766, /dev/nvme3n1");
	assert_string_equal(run.prov.device, "nvme3n1");
	assert_string_equal(run.prov.engine, "fio client/server (fio-3.33)");
	assert_int_equal(run.prov.capacity, 1ull << 30);	/* the target's size */
	assert_string_equal(run.prov.state, "done");
	assert_int_equal(run.n, 2);
	for (size_t i = 0; i < run.n; i++) {
		assert_string_equal(run.pts[i].host, "node7");
		assert_false(run.pts[i].has_bins);
		assert_true(run.pts[i].r->iops == FAKE_DEFAULT_IOPS);
	}
	results_run_free(&run);
	assert_int_equal(results_list(db, &q, &list, &n, &err), 0);
	assert_int_equal(n, 1);
	assert_int_equal(list[0].id, id);
	free(list);
	results_close(db);
	plan_free(&plan);
}

/* --no-save: no recorder, and every call takes NULL; a bad store fails
 * record_begin with its sentence. */
static void
test_record_null(void **state)
{
	struct record_opts o = { .no_save = true };
	struct record	  *rec = (struct record *)1;
	struct dd_error	   err = { 0 };
	struct session	   ses = { 0 };
	struct dd_target   t = { .fd = -1 };
	struct dd_plan	   plan;

	(void)state;
	plan_init(&plan, "x");
	assert_int_equal(record_begin(&rec, &o, &ses, NULL, NULL, &plan, &t, &err), 0);
	assert_null(rec);
	record_attach(NULL, NULL);
	assert_int_equal(record_end(NULL, SWEEP_DONE, "", NULL, &err), 0);
	assert_int_equal(record_run_id(NULL), 0);
	assert_string_equal(record_name(NULL), "");
	assert_int_equal(record_points(NULL), 0);
	assert_null(record_error(NULL));
	record_free(NULL);

	{
		static const char junk[] = "garbage, not a store, long enough to hold a header "
					   "of one hundred bytes or more: 0123456789012345678901234567890123";

		spit(tpath("bad-rec.db"), junk, sizeof junk - 1);	/* 115 bytes */
	}
	o = (struct record_opts){ .path = tpath("bad-rec.db"), .source = "run" };
	assert_int_equal(record_begin(&rec, &o, &ses, NULL, NULL, &plan, &t, &err), -EINVAL);
	assert_null(rec);
	assert_non_null(strstr(err.msg, "bad-rec.db"));
	plan_free(&plan);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_queries),
		cmocka_unit_test(test_run_store),
		cmocka_unit_test(test_dir_bins),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_bad_files),
		cmocka_unit_test(test_create_modes),
		cmocka_unit_test(test_symlinks),
		cmocka_unit_test(test_migrations),
		cmocka_unit_test(test_v4_verdicts),
		cmocka_unit_test(test_stored_labels),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_verdict_ref_text),
		cmocka_unit_test(test_record_busy),
		cmocka_unit_test(test_record_spill),
		cmocka_unit_test(test_two_writers),
		cmocka_unit_test(test_racing_creators),
		cmocka_unit_test(test_record),
		cmocka_unit_test(test_record_verdict),
		cmocka_unit_test(test_record_null),
		cmocka_unit_test(test_record_remote),
	};

	/* Local times in names and ISO text are checked in UTC. */
	setenv("TZ", "UTC", 1);
	tzset();

	return cmocka_run_group_tests_name("results", tests, setup_dir, teardown_dir);
}
