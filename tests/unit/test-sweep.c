/*
 * Tests for src/core/sweep.c: the background sweep thread, its snapshots and
 * wake fd, cancel from another thread, repeats folded by aggregate, and the
 * steady-state rounds.  Targets are scratch files in /dev/shm (tmpfs takes
 * O_DIRECT), made and removed here, and the deterministic fake backend
 * (tests/lib/fake-backend.c), which checks the thread logic without I/O and
 * proves that the sweep runs whatever backend opened its target; and the
 * sink a recorder hangs on the sweep (struct sweep_sink).  Every
 * wait is on the wake fd, never a sleep.
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
#include <unistd.h>

#include <cmocka.h>

#include "core/plan.h"
#include "core/sweep.h"
#include "fake-backend.h"
#include "io/fio.h"

static char path[256];

static int
setup(void **state)
{
	int fd;

	(void)state;
	snprintf(path, sizeof path, "/dev/shm/dd-sweep-%ld.img", (long)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || posix_fallocate(fd, 0, 32 << 20) != 0)
		return -1;
	close(fd);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	unlink(path);
	return 0;
}

/* Open the scratch target writable. */
static void
target_open(struct dd_target *t)
{
	struct dd_error err = { 0 };

	if (engine_target_open(t, path, true, &err) < 0)
		fail_msg("%s", err.msg);
}

/* A plan of n short points of the given spec. */
static void
plan_make(struct dd_plan *plan, const char *spec, size_t n)
{
	struct dd_error err = { 0 };
	struct dd_point p;

	plan_init(plan, "test");
	for (size_t i = 0; i < n; i++) {
		if (plan_parse_point(spec, NULL, &p, &err) < 0)
			fail_msg("%s", err.msg);
		assert_int_equal(plan_append(plan, &p, &err), 0);
	}
}

/* Wait for a newer snapshot on the wake fd. */
static void
wait_snapshot(struct sweep *s, struct sweep_snapshot *sn)
{
	uint64_t last = sn->generation;

	for (;;) {
		struct pollfd pfd = { .fd = sweep_wake_fd(s), .events = POLLIN };

		assert_true(poll(&pfd, 1, 30000) == 1);	/* 30 s: a hang fails */
		sweep_ack(s);
		if (sweep_snapshot(s, sn, last))
			return;
	}
}

static void
test_snapshots_until_done(void **state)
{
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);
	struct dd_target       t;
	struct dd_plan	       plan;
	struct dd_error	       err = { 0 };
	struct sweep	      *s;
	uint64_t	       gen = 0;
	size_t		       seen_live = 0, max_finished = 0, live_pcts = 0;

	(void)state;
	target_open(&t);
	plan_make(&plan, "randread,bs=4k,qd=4,time=0.3,ramp=0,interval=50", 3);
	assert_int_equal(sweep_create(&s, &t, &plan, &err), 0);
	assert_int_equal(sweep_start(s, &err), 0);
	do {
		wait_snapshot(s, sn);
		assert_true(sn->generation > gen);	/* generations only grow */
		gen = sn->generation;
		assert_true(sn->nfinished >= max_finished);
		max_finished = sn->nfinished;
		assert_true(sn->index < plan.npoints);
		assert_true(sn->point_progress >= 0 && sn->point_progress <= 1.0);
		if (sn->nlive > seen_live)
			seen_live = sn->nlive;
		/* Live percentiles of the point so far, in order. */
		if (sn->state == SWEEP_RUNNING && sn->nlive > 0 && sn->running.iops > 0) {
			assert_false(isnan(sn->running.p50_us));
			assert_true(sn->running.p50_us <= sn->running.p99_us);
			assert_true(sn->running.p99_us <= sn->running.p999_us);
			assert_true(sn->running.p999_us <= sn->running.max_us);
			live_pcts++;
		}
	} while (sn->state == SWEEP_RUNNING);
	assert_int_equal(sn->state, SWEEP_DONE);
	assert_int_equal(sn->nfinished, 3);
	assert_true(seen_live >= 3);		/* live intervals arrived */
	assert_true(live_pcts >= 1);		/* with percentiles */
	assert_int_equal(sweep_join(s), SWEEP_DONE);
	assert_int_equal(sweep_nresults(s), 3);
	for (size_t i = 0; i < 3; i++) {
		const struct dd_result	   *r = sweep_result(s, i);
		const struct sweep_summary *m = sweep_result_summary(s, i);

		assert_int_equal(r->status, 0);
		assert_true(r->ios > 0);
		assert_true(m->iops == r->iops);
		assert_true(sn->finished[i].iops == r->iops);
		assert_int_equal(m->index, i);
	}
	sweep_destroy(s);
	plan_free(&plan);
	engine_target_close(&t);
	free(sn);
}

static void
test_cancel_within_interval(void **state)
{
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);
	struct dd_target       t;
	struct dd_plan	       plan;
	struct dd_error	       err = { 0 };
	struct sweep	      *s;

	(void)state;
	target_open(&t);
	plan_make(&plan, "randread,bs=4k,qd=2,time=60,ramp=0,interval=100", 5);
	assert_int_equal(sweep_create(&s, &t, &plan, &err), 0);
	assert_int_equal(sweep_start(s, &err), 0);
	/* Cancel as soon as the first live interval is published. */
	do
		wait_snapshot(s, sn);
	while (sn->nlive == 0);
	sweep_cancel(s);
	assert_int_equal(sweep_join(s), SWEEP_CANCELLED);
	assert_int_equal(sweep_nresults(s), 1);
	assert_true(sweep_result(s, 0)->cancelled);
	/* The 60 s point stopped within a few intervals of the cancel. */
	assert_true(sweep_result(s, 0)->elapsed_s < 5);
	assert_true(sweep_result(s, 0)->ios > 0);
	sweep_snapshot(s, sn, 0);
	assert_int_equal(sn->state, SWEEP_CANCELLED);
	sweep_destroy(s);
	plan_free(&plan);
	engine_target_close(&t);
	free(sn);
}

static void
test_aggregate(void **state)
{
	struct dd_result *r[3], out;

	(void)state;
	for (int i = 0; i < 3; i++) {
		r[i] = calloc(1, sizeof *r[i]);
		r[i]->iops = 100.0 * (i == 1 ? 3 : 1 + i);	/* 100, 300, 300 */
		r[i]->mbps = 10.0 * (i + 1);
		r[i]->lat.mean_us = 5.0 * (i + 1);
		r[i]->ios = (uint64_t)i + 1;
	}
	r[2]->iops = 200;
	sweep_aggregate(r, 3, DD_AGG_BEST, &out);
	assert_true(out.iops == 300);
	assert_int_equal(out.ios, 2);		/* the whole best run */
	sweep_aggregate(r, 3, DD_AGG_MEAN, &out);
	assert_true(fabs(out.iops - 200) < 1e-9);
	assert_true(fabs(out.mbps - 20) < 1e-9);
	assert_true(fabs(out.lat.mean_us - 10) < 1e-9);
	for (int i = 0; i < 3; i++)
		free(r[i]);
}

static void
test_repeat_and_failure(void **state)
{
	struct dd_target t;
	struct dd_plan	 plan;
	struct dd_error	 err = { 0 };
	struct sweep	*s;
	struct dd_point	 bad;

	(void)state;
	target_open(&t);
	plan_make(&plan, "randread,bs=4k,qd=2,time=0.1,ramp=0", 2);
	plan.repeat = 3;
	plan.aggregate = DD_AGG_BEST;
	/* A third point the engine refuses: the sweep stops there, FAILED. */
	bad = plan.points[0];
	bad.offset = 1ull << 40;
	assert_int_equal(plan_append(&plan, &bad, &err), 0);
	assert_int_equal(sweep_create(&s, &t, &plan, &err), 0);
	assert_int_equal(sweep_start(s, &err), 0);
	assert_int_equal(sweep_join(s), SWEEP_FAILED);
	assert_int_equal(sweep_nresults(s), 3);
	assert_int_equal(sweep_result_summary(s, 0)->runs, 3);
	assert_int_equal(sweep_result(s, 2)->status, -EINVAL);
	assert_non_null(strstr(sweep_result(s, 2)->message, "beyond the end"));
	sweep_destroy(s);
	plan_free(&plan);
	engine_target_close(&t);
}

static void
test_steady_rounds(void **state)
{
	struct dd_target	    t;
	struct dd_plan		    plan;
	struct dd_error		    err = { 0 };
	struct sweep		   *s;
	const struct sweep_summary *m;

	(void)state;
	target_open(&t);
	plan_make(&plan, "randread,bs=4k,qd=2,time=0.05,ramp=0", 1);
	plan.steady_state = true;
	assert_int_equal(sweep_create(&s, &t, &plan, &err), 0);
	assert_int_equal(sweep_start(s, &err), 0);
	assert_int_equal(sweep_join(s), SWEEP_DONE);
	m = sweep_result_summary(s, 0);
	/* At least the 5-round window, at most the 25-round cap. */
	assert_true(m->rounds >= 5 && m->rounds <= 25);
	if (m->rounds < 25)
		assert_true(m->steady);	/* stopped early only when attained */
	sweep_destroy(s);
	plan_free(&plan);
	engine_target_close(&t);
}

/* Run a plan on a target to its end; returns the final state. */
static enum sweep_state
sweep_run_all(struct dd_target *t, const struct dd_plan *plan, struct sweep **s)
{
	struct dd_error err = { 0 };

	assert_int_equal(sweep_create(s, t, plan, &err), 0);
	assert_int_equal(sweep_start(*s, &err), 0);
	return sweep_join(*s);
}

/* Fake backend: repeats fold by the plan's rule; snapshots carry the
 * scripted intervals; results come from the backend, not from the engine. */
static void
test_fake_repeats_snapshots(void **state)
{
	static const double    script[] = { 100, 300, 200, 50, 60, 70 };
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);
	struct dd_target       t;
	struct dd_plan	       plan;
	struct sweep	      *s;

	(void)state;
	assert_int_equal(fake_target_open(&t, script, 6), 0);
	assert_string_equal(dd_backend_of(&t)->name, "fake");
	plan_make(&plan, "randread,bs=4k,qd=4,time=2,ramp=0", 2);
	plan.repeat = 3;
	plan.aggregate = DD_AGG_BEST;
	assert_int_equal(sweep_run_all(&t, &plan, &s), SWEEP_DONE);
	assert_int_equal(((struct fake_state *)t.backend_data)->runs, 6);
	assert_int_equal(sweep_nresults(s), 2);
	assert_true(sweep_result_summary(s, 0)->iops == 300);
	assert_int_equal(sweep_result_summary(s, 0)->runs, 3);
	assert_true(sweep_result_summary(s, 1)->iops == 70);
	assert_true(sweep_result(s, 1)->elapsed_s == 2);
	assert_true(sweep_snapshot(s, sn, 0));
	assert_int_equal(sn->state, SWEEP_DONE);
	assert_int_equal(sn->nfinished, 2);
	assert_int_equal(sn->nlive, FAKE_INTERVALS);	/* the last run's */
	assert_true(sn->live[FAKE_INTERVALS - 1].iops == 70);
	assert_true(sn->running.iops == 70);
	sweep_destroy(s);
	plan.aggregate = DD_AGG_MEAN;
	((struct fake_state *)t.backend_data)->runs = 0;
	assert_int_equal(sweep_run_all(&t, &plan, &s), SWEEP_DONE);
	assert_true(fabs(sweep_result_summary(s, 0)->iops - 200) < 1e-9);
	assert_true(fabs(sweep_result_summary(s, 1)->iops - 60) < 1e-9);
	sweep_destroy(s);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
	free(sn);
}

/* Fake backend: cancel reaches a running point through the cancel fd and
 * the backend's cancel op; the sweep ends CANCELLED with that point. */
static void
test_fake_cancel(void **state)
{
	static const double    script[] = { 1000 };
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);
	struct dd_target       t;
	struct dd_plan	       plan;
	struct dd_error	       err = { 0 };
	struct sweep	      *s;

	(void)state;
	assert_int_equal(fake_target_open(&t, script, 1), 0);
	plan_make(&plan, "randread,bs=4k,qd=1,time=1,ramp=0,name=hang", 2);
	assert_int_equal(sweep_create(&s, &t, &plan, &err), 0);
	assert_int_equal(sweep_start(s, &err), 0);
	do
		wait_snapshot(s, sn);
	while (sn->nlive == 0);		/* the hanging point's first interval */
	assert_int_equal(sn->state, SWEEP_RUNNING);
	sweep_cancel(s);
	assert_int_equal(sweep_join(s), SWEEP_CANCELLED);
	assert_int_equal(((struct fake_state *)t.backend_data)->cancels, 1);
	assert_int_equal(((struct fake_state *)t.backend_data)->runs, 1);
	assert_int_equal(sweep_nresults(s), 1);
	assert_true(sweep_result(s, 0)->cancelled);
	sweep_destroy(s);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
	free(sn);
}

/* The watchdog's limit: 10 s at least, 20 times the slowest latency seen,
 * twice a paced job's period. */
static void
test_watchdog_limit(void **state)
{
	struct dd_point p = { .numjobs = 1 };

	(void)state;
	assert_true(fabs(sweep_watchdog_limit_s(&p, NAN) - 10) < 1e-9);
	assert_true(fabs(sweep_watchdog_limit_s(&p, 100) - 10) < 1e-9);
	assert_true(fabs(sweep_watchdog_limit_s(&p, 1e6) - 20) < 1e-9);
	p.rate_iops = 0.02;	/* an I/O every 50 s */
	assert_true(fabs(sweep_watchdog_limit_s(&p, 100) - 100) < 1e-9);
	p.numjobs = 4;		/* each job every 200 s */
	assert_true(fabs(sweep_watchdog_limit_s(&p, 100) - 400) < 1e-9);
}

/* The fake clock the watchdog reads in these tests (ns, atomic). */
static uint64_t fake_now_ns;

static uint64_t
fake_clock(void *arg)
{
	(void)arg;
	return __atomic_load_n(&fake_now_ns, __ATOMIC_ACQUIRE);
}

/* A point named name stalls on the fake backend (stall: intervals go on
 * with no new completion; hang: nothing at all after the first interval);
 * once the fake clock is past the watchdog's limit, the point fails with
 * the watchdog's sentence (which point, which target, how long) and the
 * sweep stops FAILED, the next point never run. */
static void
watchdog_case(const char *name)
{
	static const double    script[] = { 1000 };
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);
	struct dd_target       t;
	struct dd_plan	       plan;
	struct dd_error	       err = { 0 };
	struct sweep	      *s;
	char		       spec[128];

	__atomic_store_n(&fake_now_ns, 1000000000ull, __ATOMIC_RELEASE);
	assert_int_equal(fake_target_open(&t, script, 1), 0);
	snprintf(spec, sizeof spec, "randread,bs=4k,qd=1,time=1,ramp=0,name=%s", name);
	plan_make(&plan, spec, 2);
	assert_int_equal(sweep_create(&s, &t, &plan, &err), 0);
	sweep_set_watchdog_clock(s, fake_clock, NULL, 1);
	assert_int_equal(sweep_start(s, &err), 0);
	do
		wait_snapshot(s, sn);
	while (sn->nlive == 0);		/* the stalling point's first interval */
	assert_int_equal(sn->state, SWEEP_RUNNING);
	__atomic_add_fetch(&fake_now_ns, 11000000000ull, __ATOMIC_ACQ_REL);
	assert_int_equal(sweep_join(s), SWEEP_FAILED);
	assert_true(sweep_snapshot(s, sn, 0));
	print_message("# %s: %s\n", name, sn->message);
	assert_non_null(strstr(sn->message, "no I/O completed for 11 s"));
	assert_non_null(strstr(sn->message, name));
	assert_non_null(strstr(sn->message, "fake:0"));
	assert_int_equal(sweep_nresults(s), 1);
	assert_int_equal(sweep_result(s, 0)->status, -ETIMEDOUT);
	assert_false(sweep_result(s, 0)->cancelled);
	assert_int_equal(((struct fake_state *)t.backend_data)->runs, 1);
	assert_int_equal(((struct fake_state *)t.backend_data)->cancels, 1);
	sweep_destroy(s);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
	free(sn);
}

static void
test_watchdog_stall(void **state)
{
	(void)state;
	watchdog_case("stall");
}

static void
test_watchdog_hang(void **state)
{
	(void)state;
	watchdog_case("hang");
}

/*
 * The watchdog over the fio backend: a stand-in fio client (a script given
 * as the fio binary) greets as fio 3.33 does, then prints an ETA line with
 * no I/O every 20 ms, as the client of a server whose drive hangs.  On a
 * byte-budget point the backend has no end deadline of its own and keeps
 * hearing from its peer, so only the watchdog ends it: once the fake clock
 * is past three limits (no completion since the start), the point fails
 * with the sentence naming the host, and the client is stopped.  (The
 * script gives up by itself after about 30 s, so a broken watchdog fails
 * the test instead of hanging it.)
 */
static void
test_watchdog_fio(void **state)
{
	char		      script[64] = "/tmp/dd-test-fio-stuck-XXXXXX";
	const char	     *text =
		"#!/bin/sh\n"
		"echo 'hostname=stuck, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.33, flags=1'\n"
		"i=0\n"
		"while [ $i -lt 1500 ]; do\n"
		"  printf 'Jobs: 1 (f=1): [R(1)][0.0%%][r=0KiB/s][r=0 IOPS][eta 00m:00s]\\r'\n"
		"  sleep 0.02; i=$((i + 1))\n"
		"done\n"
		"exit 1\n";
	struct dd_fio_config  c = { .kill_grace_s = 0.5 };
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);
	struct dd_target      t;
	struct dd_plan	      plan;
	struct dd_error	      err = { 0 };
	struct sweep	     *s;
	int		      fd = mkstemp(script);

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	assert_int_equal(fchmod(fd, 0700), 0);
	close(fd);
	c.fio = script;
	dd_fio_configure(&c);
	__atomic_store_n(&fake_now_ns, 1000000000ull, __ATOMIC_RELEASE);
	assert_int_equal(dd_backend_open(&dd_backend_fio, &t, "fio://127.0.0.1:9/dev/stuck",
					 false, &err), 0);
	dd_fio_set_size(&t, 64 << 20);
	plan_make(&plan, "read,bs=128k,qd=1,bytes=64m,ramp=0,name=stuck", 1);
	assert_int_equal(sweep_create(&s, &t, &plan, &err), 0);
	sweep_set_watchdog_clock(s, fake_clock, NULL, 1);
	assert_int_equal(sweep_start(s, &err), 0);
	do
		wait_snapshot(s, sn);
	while (sn->state != SWEEP_RUNNING || strcmp(sn->current.name, "stuck") != 0);
	__atomic_add_fetch(&fake_now_ns, 31000000000ull, __ATOMIC_ACQ_REL);
	assert_int_equal(sweep_join(s), SWEEP_FAILED);
	assert_true(sweep_snapshot(s, sn, 0));
	print_message("# fio: %s\n", sn->message);
	assert_non_null(strstr(sn->message, "stuck on fio://127.0.0.1:9/dev/stuck stalled: "
				"no I/O completed for 31 s since it started"));
	assert_int_equal(sweep_result(s, 0)->status, -ETIMEDOUT);
	sweep_destroy(s);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
	memset(&c, 0, sizeof c);
	dd_fio_configure(&c);
	unlink(script);
	free(sn);
}

/* Under the limit the watchdog stays quiet: 9 s of the fake clock without
 * a completion, then a cancel ends the sweep CANCELLED, not FAILED. */
static void
test_watchdog_under_limit(void **state)
{
	static const double    script[] = { 1000 };
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);
	struct dd_target       t;
	struct dd_plan	       plan;
	struct dd_error	       err = { 0 };
	struct sweep	      *s;

	(void)state;
	__atomic_store_n(&fake_now_ns, 1000000000ull, __ATOMIC_RELEASE);
	assert_int_equal(fake_target_open(&t, script, 1), 0);
	plan_make(&plan, "randread,bs=4k,qd=1,time=1,ramp=0,name=stall", 1);
	assert_int_equal(sweep_create(&s, &t, &plan, &err), 0);
	sweep_set_watchdog_clock(s, fake_clock, NULL, 1);
	assert_int_equal(sweep_start(s, &err), 0);
	do
		wait_snapshot(s, sn);
	while (sn->nlive == 0);
	__atomic_add_fetch(&fake_now_ns, 9000000000ull, __ATOMIC_ACQ_REL);
	do
		wait_snapshot(s, sn);	/* the stall goes on past the 9 s */
	while (sn->nlive < 3);
	sweep_cancel(s);
	assert_int_equal(sweep_join(s), SWEEP_CANCELLED);
	assert_true(sweep_result(s, 0)->cancelled);
	sweep_destroy(s);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
	free(sn);
}

/* Fake backend: steady state is attained after the window on a flat
 * series, never on a swinging one (the cap), and a failing point stops
 * the sweep with the backend's message. */
static void
test_fake_steady_and_failure(void **state)
{
	static const double flat[] = { 1000 };
	double		    swing[FAKE_SCRIPT_MAX];
	struct dd_target    t;
	struct dd_plan	    plan;
	struct sweep	   *s;
	struct steady_rule  rule;

	(void)state;
	steady_rule_default(&rule);
	assert_int_equal(fake_target_open(&t, flat, 1), 0);
	plan_make(&plan, "randread,bs=4k,qd=2,time=1,ramp=0", 1);
	plan.steady_state = true;
	assert_int_equal(sweep_run_all(&t, &plan, &s), SWEEP_DONE);
	assert_int_equal(sweep_result_summary(s, 0)->rounds, rule.window);
	assert_true(sweep_result_summary(s, 0)->steady);
	sweep_destroy(s);
	dd_backend_of(&t)->close(&t);

	for (unsigned i = 0; i < FAKE_SCRIPT_MAX; i++)
		swing[i] = i % 2 ? 100 : 1000;
	assert_int_equal(fake_target_open(&t, swing, FAKE_SCRIPT_MAX), 0);
	assert_int_equal(sweep_run_all(&t, &plan, &s), SWEEP_DONE);
	assert_int_equal(sweep_result_summary(s, 0)->rounds, rule.max_rounds);
	assert_false(sweep_result_summary(s, 0)->steady);
	sweep_destroy(s);
	plan_free(&plan);

	plan_make(&plan, "randread,bs=4k,qd=2,time=1,ramp=0,name=fail", 1);
	assert_int_equal(sweep_run_all(&t, &plan, &s), SWEEP_FAILED);
	assert_int_equal(sweep_result(s, 0)->status, -EIO);
	assert_non_null(strstr(sweep_result(s, 0)->message, "fake I/O error"));
	sweep_destroy(s);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
}

/* A sweep built finished from results: its snapshot and accessors serve
 * them as a swept run's, it never starts, and it frees them. */
static void
test_create_finished(void **state)
{
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);
	struct dd_result      *res[3];
	struct dd_target       t = { .path = "/stored/target", .fd = -1 };
	struct dd_plan	       plan;
	struct dd_error	       err = { 0 };
	struct sweep	      *s;

	(void)state;
	assert_non_null(sn);
	plan_make(&plan, "randread,bs=4k,qd=1,time=1,ramp=0", 3);
	for (size_t i = 0; i < 2; i++) {
		res[i] = calloc(1, sizeof *res[i]);
		assert_non_null(res[i]);
		res[i]->point = plan.points[i];
		res[i]->iops = 1000.0 * (double)(i + 1);
		res[i]->elapsed_s = 1.5;
		res[i]->lat.mean_us = 10.0 * (double)(i + 1);
	}
	/* More results than the plan has points: refused, nothing taken. */
	res[2] = res[0];
	assert_int_equal(sweep_create_finished(&s, &t, &plan, res, NULL, 4, SWEEP_DONE, NULL,
					       &err), -EINVAL);
	assert_int_equal(sweep_create_finished(&s, &t, &plan, res, NULL, 2, SWEEP_CANCELLED,
					       "SMART log of nvme0", &err), 0);
	assert_true(sweep_snapshot(s, sn, 0));
	assert_int_equal(sn->state, SWEEP_CANCELLED);
	assert_int_equal(sn->nresults, 2);
	assert_int_equal(sn->nfinished, 2);
	assert_int_equal(sn->npoints, 3);
	assert_int_equal(sn->finished[1].index, 1);
	assert_true(sn->finished[1].iops == 2000.0);
	assert_true(sn->finished[1].mean_us == 20.0);
	assert_true(sn->elapsed_s == 3.0);
	assert_string_equal(sn->temp_source, "SMART log of nvme0");
	assert_false(sweep_snapshot(s, sn, sn->generation));
	assert_int_equal(sweep_nresults(s), 2);
	assert_ptr_equal(sweep_result(s, 1), res[1]);
	assert_ptr_equal(sweep_result_published(s, 0), res[0]);
	assert_true(sweep_summary_published(s, 1)->iops == 2000.0);
	assert_int_equal(sweep_join(s), SWEEP_CANCELLED);
	sweep_destroy(s);
	plan_free(&plan);
	free(sn);
}


/* What the sink saw, in the sweep thread. */
struct sink_log {
	struct sweep *s;
	size_t	      nbegin, ndone;
	size_t	      begin_idx[8], done_idx[8];
	double	      done_iops[8];
	unsigned      done_runs[8];
	int	      done_status[8];
	size_t	      published[8];	/* snapshot nresults at point_done */
};

/* Sink: a point is about to start. */
static void
sink_begin(void *arg, size_t index, const struct dd_point *p)
{
	struct sink_log *l = arg;

	assert_non_null(p);
	if (l->nbegin < 8)
		l->begin_idx[l->nbegin] = index;
	l->nbegin++;
}

/* Sink: a point's final result. */
static void
sink_done(void *arg, size_t index, const struct dd_result *r, const struct sweep_summary *sum)
{
	struct sink_log	      *l = arg;
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);

	assert_non_null(sn);
	assert_true(sweep_snapshot(l->s, sn, UINT64_MAX));
	if (l->ndone < 8) {
		l->done_idx[l->ndone] = index;
		l->done_iops[l->ndone] = r->iops;
		l->done_runs[l->ndone] = sum->runs;
		l->done_status[l->ndone] = r->status;
		l->published[l->ndone] = sn->nresults;
	}
	l->ndone++;
	free(sn);
}

/* Fake backend: the sink sees every plan point (not preconditioning) once
 * begun and once folded, before the point is published; a failed point
 * too. */
static void
test_fake_sink(void **state)
{
	static const double	script[] = { 100, 300, 200, 50 };
	struct dd_target	t;
	struct dd_plan		plan;
	struct dd_error		err = { 0 };
	struct sink_log		log = { 0 };
	struct sweep_sink	sink = { .arg = &log, .point_begin = sink_begin,
					 .point_done = sink_done };
	struct dd_point		p;

	(void)state;
	assert_int_equal(fake_target_open(&t, script, 4), 0);
	plan_make(&plan, "randread,bs=4k,qd=4,time=1,ramp=0", 2);
	plan.repeat = 2;
	plan.aggregate = DD_AGG_BEST;
	plan.precondition_passes = 1;
	assert_int_equal(plan_parse_point("randread,bs=4k,qd=1,time=1,name=fail", NULL, &p, &err), 0);
	assert_int_equal(plan_append(&plan, &p, &err), 0);
	assert_int_equal(sweep_create(&log.s, &t, &plan, &err), 0);
	sweep_set_sink(log.s, &sink);
	assert_int_equal(sweep_start(log.s, &err), 0);
	assert_int_equal(sweep_join(log.s), SWEEP_FAILED);
	assert_int_equal(log.nbegin, 3);
	assert_int_equal(log.ndone, 3);
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(log.begin_idx[i], i);
		assert_int_equal(log.done_idx[i], i);
		assert_int_equal(log.published[i], i);	/* not yet published */
	}
	/* Runs 1-2 of the preconditioning-free points: best of the script. */
	assert_true(log.done_iops[0] == sweep_result(log.s, 0)->iops);
	assert_true(log.done_iops[1] == sweep_result(log.s, 1)->iops);
	assert_int_equal(log.done_runs[0], 2);
	assert_int_equal(log.done_status[2], -EIO);
	sweep_destroy(log.s);

	/* A cleared sink is not called. */
	memset(&log, 0, sizeof log);
	assert_int_equal(sweep_create(&log.s, &t, &plan, &err), 0);
	sweep_set_sink(log.s, &sink);
	sweep_set_sink(log.s, NULL);
	assert_int_equal(sweep_start(log.s, &err), 0);
	sweep_join(log.s);
	assert_int_equal(log.nbegin + log.ndone, 0);
	sweep_destroy(log.s);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
}

/* Load curves: a step runs at its % of the IOPS its group's maximum
 * achieved (the latest one), the stored result carries the resolved rate,
 * and a step without a finished maximum fails with a sentence. */
static void
test_curve_steps(void **state)
{
	static const double    script[] = { 1000, 480, 950, 2000, 1900, 999 };
	static const unsigned  pcts[] = { 50, 100, 120 }, one[] = { 25 };
	struct dd_error	       err = { 0 };
	struct dd_point	       shape;
	struct dd_target       t;
	struct dd_plan	       plan;
	struct sweep	      *s;

	(void)state;
	assert_int_equal(fake_target_open(&t, script, 6), 0);
	plan_init(&plan, "curves");
	assert_int_equal(plan_parse_point("randread,bs=4k,qd=32,jobs=4,time=1,ramp=0", NULL,
					  &shape, &err), 0);
	assert_int_equal(plan_append_curve(&plan, &shape, pcts, 3, &err), 0);
	assert_int_equal(plan_append_curve(&plan, &shape, one, 1, &err), 0);
	assert_int_equal(sweep_run_all(&t, &plan, &s), SWEEP_DONE);
	assert_int_equal(sweep_nresults(s), 6);
	assert_true(sweep_result(s, 0)->point.rate_iops == 0);
	assert_true(fabs(sweep_result(s, 1)->point.rate_iops - 500) < 1e-9);
	assert_true(fabs(sweep_result(s, 2)->point.rate_iops - 1000) < 1e-9);
	assert_true(fabs(sweep_result(s, 3)->point.rate_iops - 1200) < 1e-9);
	assert_true(fabs(sweep_result_summary(s, 1)->rate_iops - 500) < 1e-9);
	/* the second curve takes its own maximum (1900 IOPS), not the first's */
	assert_true(fabs(sweep_result(s, 5)->point.rate_iops - 475) < 1e-9);
	/* the plan itself is not changed: the next run resolves afresh */
	assert_true(plan.points[1].rate_iops == 0 && plan.points[1].rate_pct == 50);
	sweep_destroy(s);
	dd_backend_of(&t)->close(&t);

	/* A step whose maximum never ran: the step fails, saying why. */
	assert_int_equal(fake_target_open(&t, script, 6), 0);
	plan.points[0] = plan.points[1];
	plan.npoints = 1;
	assert_int_equal(sweep_run_all(&t, &plan, &s), SWEEP_FAILED);
	assert_int_equal(sweep_nresults(s), 1);
	assert_int_equal(sweep_result(s, 0)->status, -ENODATA);
	assert_non_null(strstr(sweep_result(s, 0)->message, "the curve's maximum has not run"));
	assert_int_equal(((struct fake_state *)t.backend_data)->runs, 0);
	sweep_destroy(s);
	plan_free(&plan);
	dd_backend_of(&t)->close(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_snapshots_until_done),
		cmocka_unit_test(test_cancel_within_interval),
		cmocka_unit_test(test_aggregate),
		cmocka_unit_test(test_repeat_and_failure),
		cmocka_unit_test(test_steady_rounds),
		cmocka_unit_test(test_fake_repeats_snapshots),
		cmocka_unit_test(test_fake_cancel),
		cmocka_unit_test(test_watchdog_limit),
		cmocka_unit_test(test_watchdog_stall),
		cmocka_unit_test(test_watchdog_hang),
		cmocka_unit_test(test_watchdog_under_limit),
		cmocka_unit_test(test_watchdog_fio),
		cmocka_unit_test(test_fake_steady_and_failure),
		cmocka_unit_test(test_create_finished),
		cmocka_unit_test(test_fake_sink),
		cmocka_unit_test(test_curve_steps),
	};

	return cmocka_run_group_tests_name("sweep", tests, setup, teardown);
}
