/*
 * Tests of the engine's pure parts for paced and long points: the pacing
 * rules (engine_rate_next, engine_rate_held), the interval series merge
 * (engine_interval_merge, engine_intervals_halve) and the region a point
 * uses (engine_point_region).  No I/O: tests/rigs/rate.sh runs paced points on
 * real targets.
 *
 * Data model: each case builds its inputs in local arrays (a schedule in
 * nanoseconds, a series of intervals) and checks the functions' outputs
 * against sums computed here from those inputs.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "io/engine.h"

#define MS 1000000ull

/* A job on time keeps t0 + k * period; one late within the slack catches up. */
static void
test_rate_next_on_time(void **state)
{
	uint64_t period = 100000, due = 5 * MS;

	(void)state;
	/* Issued exactly on time: one period later. */
	assert_int_equal(engine_rate_next(due, due, period, 10 * MS), due + period);
	/* Issued late by 3 periods, within the slack: the schedule holds, so
	 * the next I/Os are due at once (catching up what the wake-up cost). */
	assert_int_equal(engine_rate_next(due, due + 3 * period, period, 10 * MS), due + period);
	/* Early (cannot happen, but harmless): still one period on. */
	assert_int_equal(engine_rate_next(due, due - 10, period, 10 * MS), due + period);
}

/* A job far behind on its own drops what lies beyond the slack. */
static void
test_rate_next_bounded(void **state)
{
	uint64_t period = 100000, due = 5 * MS, now = due + 500 * MS;
	uint64_t next = engine_rate_next(due, now, period, 50 * MS);

	(void)state;
	assert_int_equal(next, now - 50 * MS);
	/* Issuing back to back from there reaches the clock after exactly
	 * slack / period I/Os: the catch-up is bounded. */
	{
		unsigned n = 0;

		while (next <= now && n < 100000) {
			next = engine_rate_next(next, now, period, 50 * MS);
			n++;
		}
		assert_int_equal(n, 50 * MS / period + 1);
	}
	/* A clock earlier than the slack (start of time) does not underflow. */
	assert_int_equal(engine_rate_next(0, 10, period, 50 * MS), period);
}

/* A job the device held back slips by the wait beyond the slack. */
static void
test_rate_held(void **state)
{
	uint64_t due = 100 * MS, slack = 10 * MS;

	(void)state;
	/* Queue full from before the due time; a slot freed 30 ms after it:
	 * the schedule moves 20 ms later. */
	assert_int_equal(engine_rate_held(due, due - 5 * MS, due + 30 * MS, slack),
			 due + 20 * MS);
	/* Freed within the slack: no slip. */
	assert_int_equal(engine_rate_held(due, due - 5 * MS, due + 9 * MS, slack), due);
	/* The queue filled after the due time (the job was late on its own
	 * until then): only the time since it filled counts. */
	assert_int_equal(engine_rate_held(due, due + 40 * MS, due + 55 * MS, slack),
			 due + 5 * MS);
	/* The next I/O is not due yet: nothing to slip. */
	assert_int_equal(engine_rate_held(due, due - 50 * MS, due - 1 * MS, slack), due);
}

/*
 * A saturated device: the rules together, simulated.  A job paced at
 * period p with queue depth 1 against a device that takes 2p per I/O runs
 * at the device's rate, and when the device recovers (p/2 per I/O) the job
 * goes back to its schedule without a burst: no two I/Os closer than the
 * device's own service time, and the rate after recovery is the schedule's.
 */
static void
test_rate_saturated(void **state)
{
	const uint64_t p = 1 * MS, slack = 10 * MS;
	uint64_t       due = 0, now = 0, last_issue = 0;
	unsigned       issued_after = 0;
	uint64_t       recover_at = 2000 * MS, end = 3000 * MS;

	(void)state;
	while (now < end) {
		uint64_t service = now < recover_at ? 2 * p : p / 2;
		uint64_t done;

		if (now < due)
			now = due;		/* sleep until due */
		last_issue = now;
		due = engine_rate_next(due, now, p, 50 * MS);
		done = now + service;		/* queue full until then */
		due = engine_rate_held(due, now, done, slack);
		now = done;
		if (last_issue >= recover_at + 100 * MS)
			issued_after++;
	}
	/* After recovery, at most the slack's worth above the schedule. */
	assert_true(issued_after <= (end - recover_at - 100 * MS) / p + slack / p + 1);
	assert_true(issued_after >= (end - recover_at - 100 * MS) / p - 1);
}

/* An I/O is ready when due, or up to the window early as the first of a
 * wake-up; never a second one early. */
static void
test_rate_ready(void **state)
{
	const uint64_t due = 1000 * MS, win = 50000;

	(void)state;
	assert_true(engine_rate_ready(due, due, win));
	assert_true(engine_rate_ready(due, due + 5 * MS, win));	/* catching up */
	assert_true(engine_rate_ready(due, due - win, win));	/* due within the window */
	assert_false(engine_rate_ready(due, due - win - 1, win));
	assert_false(engine_rate_ready(due, due - 1, 0));	/* no window: on time */
	assert_true(engine_rate_ready(due, due, 0));
}

/* One simulated paced job: a device that completes each I/O lat_ns after
 * it was issued, the job waking at each completion or its due time (late
 * by wake_ns), issuing what engine_rate_ready allows.  Counts its wake-ups
 * and I/Os; fails on an I/O issued more than the window early. */
struct rate_sim {
	uint64_t period, lat, wake, win, end;
	unsigned qd;
	uint64_t ios, wakes, max_lead;
};

static void
rate_sim_run(struct rate_sim *s)
{
	uint64_t done[64], now = 0, due = 0;
	unsigned nin = 0;

	assert_true(s->qd <= 64);
	s->ios = s->wakes = s->max_lead = 0;
	while (now < s->end) {
		uint64_t next = UINT64_MAX;

		for (unsigned i = 0; i < nin;)	/* reap */
			if (done[i] <= now)
				done[i] = done[--nin];
			else
				i++;
		while (nin < s->qd && engine_rate_ready(due, now, s->win)) {
			if (due > now) {
				assert_true(due - now <= s->win);
				if (due - now > s->max_lead)
					s->max_lead = due - now;
			}
			done[nin++] = now + s->lat;
			s->ios++;
			due = engine_rate_next(due, now, s->period, 50 * MS);
		}
		for (unsigned i = 0; i < nin; i++)
			if (done[i] < next)
				next = done[i];
		if (nin < s->qd && due < next)
			next = due + s->wake;
		now = next > now ? next : now + 1;
		s->wakes++;
	}
}

/*
 * The window: a job whose completions come before its next due time (80K
 * IOPS per job, 9 us I/Os) wakes about once per I/O with it, against twice
 * (completion, then the due time) without; it keeps the schedule's count
 * within the window's worth and is never more than the window ahead.  A
 * device slower than the period (queued I/Os) keeps the count too.
 */
static void
test_rate_window(void **state)
{
	struct rate_sim s = { .period = 12500, .lat = 9000, .wake = 1000, .win = 50000,
			      .end = 200 * MS, .qd = 16 };
	uint64_t	sched = s.end / s.period;
	double		with, without;

	(void)state;
	rate_sim_run(&s);
	assert_true(s.max_lead <= s.win);
	assert_true(s.ios >= sched - 1 && s.ios <= sched + s.win / s.period + 1);
	with = (double)s.wakes / (double)s.ios;
	s.win = 0;
	rate_sim_run(&s);
	assert_int_equal(s.max_lead, 0);
	assert_true(s.ios >= sched - 1 && s.ios <= sched + 1);
	without = (double)s.wakes / (double)s.ios;
	assert_true(without > 1.9);
	assert_true(with < 0.6 * without);

	s.win = 50000;
	s.lat = 40000;		/* three or four in flight */
	rate_sim_run(&s);
	assert_true(s.max_lead <= s.win);
	assert_true(s.ios >= sched - 1 && s.ios <= sched + s.win / s.period + 1);
}

/* Two intervals merge by time; p99 is the larger; the end is the later. */
static void
test_interval_merge(void **state)
{
	struct dd_interval a = { .t_s = 1.0, .iops = 1000, .mbps = 4, .mean_us = 100,
				 .p99_us = 300, .read_iops = 700, .write_iops = 300,
				 .temp_c = 40 };
	struct dd_interval b = { .t_s = 4.0, .iops = 2000, .mbps = 8, .mean_us = 50,
				 .p99_us = 200, .read_iops = 1400, .write_iops = 600,
				 .temp_c = NAN };
	struct dd_interval m = engine_interval_merge(&a, 0.0, &b);

	(void)state;
	/* 1 s at 1000 and 3 s at 2000: 7000 I/Os in 4 s. */
	assert_true(fabs(m.iops - 7000.0 / 4) < 1e-9);
	assert_true(fabs(m.mbps - (4 * 1 + 8 * 3) / 4.0) < 1e-9);
	assert_true(fabs(m.read_iops - (700 + 1400 * 3) / 4.0) < 1e-9);
	assert_true(fabs(m.write_iops - (300 + 600 * 3) / 4.0) < 1e-9);
	/* Mean latency by I/Os: 1000 at 100 us, 6000 at 50 us. */
	assert_true(fabs(m.mean_us - (1000 * 100.0 + 6000 * 50.0) / 7000) < 1e-9);
	assert_true(m.p99_us == 300);
	assert_true(m.t_s == 4.0);
	assert_true(m.temp_c == 40);	/* b had none */
	/* An interval with no I/O leaves the other's mean. */
	a.iops = 0;
	a.mean_us = NAN;
	m = engine_interval_merge(&a, 0.0, &b);
	assert_true(m.mean_us == 50);
}

/* Halving keeps the whole series: the same I/Os over the same time. */
static void
test_intervals_halve(void **state)
{
	static struct dd_interval iv[DD_INTERVALS_MAX];
	double			  ios = 0, ios2 = 0, prev = 0;
	size_t			  n = 7, m;

	(void)state;
	for (size_t i = 0; i < n; i++) {
		iv[i] = (struct dd_interval){ .t_s = 0.2 * (double)(i + 1) + (i == 3 ? 0.05 : 0),
					      .iops = 1000.0 * (double)(i + 1), .mean_us = 10,
					      .p99_us = (double)i, .temp_c = NAN };
		ios += iv[i].iops * (iv[i].t_s - prev);
		prev = iv[i].t_s;
	}
	m = engine_intervals_halve(iv, n);
	assert_int_equal(m, 4);
	prev = 0;
	for (size_t i = 0; i < m; i++) {
		ios2 += iv[i].iops * (iv[i].t_s - prev);
		prev = iv[i].t_s;
	}
	assert_true(fabs(ios - ios2) < 1e-6);
	assert_true(fabs(iv[m - 1].t_s - 1.4) < 1e-9);	/* the odd last one kept */
	assert_true(fabs(iv[1].t_s - 0.85) < 1e-9);	/* pair (2, 3) ends at 3's */
	assert_true(iv[1].p99_us == 3);			/* max of 2 and 3 */
	/* A full series halves to half, and the end time is kept. */
	for (size_t i = 0; i < DD_INTERVALS_MAX; i++)
		iv[i] = (struct dd_interval){ .t_s = 0.2 * (double)(i + 1), .iops = 5,
					      .temp_c = NAN };
	m = engine_intervals_halve(iv, DD_INTERVALS_MAX);
	assert_int_equal(m, DD_INTERVALS_MAX / 2);
	assert_true(fabs(iv[m - 1].t_s - 0.2 * DD_INTERVALS_MAX) < 1e-9);
	assert_true(fabs(iv[0].t_s - 0.4) < 1e-9);
	assert_true(fabs(iv[10].iops - 5) < 1e-9);
}

/* region_pct is a share of the target from offset, bs-aligned, to the end at most. */
static void
test_point_region(void **state)
{
	struct dd_point p = { .bs = 65536 };
	uint64_t	size = 1000000000ull * 8;	/* 8 GB, not a power of two */

	(void)state;
	assert_int_equal(engine_point_region(&p, size), size);
	p.offset = 4096;
	assert_int_equal(engine_point_region(&p, size), size - 4096);
	p.region_pct = 25;
	assert_int_equal(engine_point_region(&p, size), size / 4 / 65536 * 65536);
	assert_int_equal(engine_point_region(&p, size) % 65536, 0);
	p.region_pct = 100;
	assert_int_equal(engine_point_region(&p, size), (size - 4096) / 65536 * 65536);
	p.size = 1 << 20;	/* size wins (engine_point_check refuses both) */
	assert_int_equal(engine_point_region(&p, size), 1 << 20);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate_next_on_time),
		cmocka_unit_test(test_rate_next_bounded),
		cmocka_unit_test(test_rate_held),
		cmocka_unit_test(test_rate_saturated),
		cmocka_unit_test(test_rate_ready),
		cmocka_unit_test(test_rate_window),
		cmocka_unit_test(test_interval_merge),
		cmocka_unit_test(test_intervals_halve),
		cmocka_unit_test(test_point_region),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
