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
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
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
#include <sqlite3.h>

#include "core/results.h"
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
	for (unsigned i = 0; i < HIST_NR; i += 37)
		r->hist.bins[i] = i * 3 + k;
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
		free(pts[k].r);
	}
	assert_false(run.pts[1].smart_after.valid);
	results_run_free(&run);
	results_close(db);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
	};

	return cmocka_run_group_tests_name("results", tests, setup_dir, teardown_dir);
}
