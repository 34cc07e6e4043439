/*
 * The sweep thread and its snapshots.
 *
 * The sweep thread runs the plan: an optional preconditioning pass, then
 * every point (repeated and folded for CrystalDiskMark-style plans, or in
 * rounds until the SNIA steady-state rule holds).  It keeps a private
 * working snapshot, updated from the engine's interval hook, and publishes
 * it by copying it under the lock into the shared one.  Everything the
 * consumer sees is a copy: no pointer into the sweep's memory escapes
 * except through sweep_result() once the sweep is over.
 *
 * The seam: the sweep never calls an I/O engine by name.  Every point runs
 * through the ops table of the backend that opened the target
 * (dd_backend_of(t)->run, io/backend.h), with the interval hook feeding the
 * snapshots and the cancel eventfd stopping it; sweep_cancel also calls the
 * backend's cancel op when it has one.  So a backend that drives fio or
 * replays imported results needs no change here, and the tests drive this
 * whole file with a fake backend (tests/lib/fake-backend.c).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"
#include "core/format.h"
#include "io/backend.h"
#include "io/nvme.h"
#include "lib/clock.h"
#include "lib/signals.h"

/* How often the watchdog looks (ms), and the least it allows (s). */
#define SWEEP_WATCHDOG_TICK_MS 1000
#define SWEEP_WATCHDOG_MIN_S   10.0

/*
 * The watchdog's view of the running point (sweep.h has the rule).  The
 * sweep thread marks a point's start, its completions and its end; the
 * watchdog thread judges.  lock guards everything below it.
 */
struct sweep_watchdog {
	pthread_t	thread;
	bool		started;
	uint64_t      (*now)(void *arg);	/* the clock (tests: a fake one) */
	void	       *now_arg;
	unsigned	tick_ms;
	pthread_mutex_t lock;
	pthread_cond_t	cond;		/* CLOCK_MONOTONIC: the tick, and stop */
	bool		stop;
	bool		running;	/* a point runs */
	struct dd_point p;		/* it */
	uint64_t	last_ns;	/* its last completion, or its start */
	bool		seen;		/* a completion came */
	uint64_t	ios;		/* its I/O count at the last completion */
	double		slowest_us;	/* the slowest latency seen; NAN none */
	bool		flushing;	/* past its time with end_fsync */
	bool		fired;		/* the watchdog failed it: message says why */
	char		message[sizeof ((struct dd_result *)0)->message];
};

struct sweep {
	const struct dd_target *t;
	const struct dd_plan   *plan;
	pthread_t		thread;
	bool			started, joined;
	int			wake_fd, cancel_fd;
	int			cancel;		/* atomic flag */
	pthread_mutex_t		lock;
	struct sweep_snapshot  *pub;		/* guarded by lock */
	struct sweep_snapshot  *work;		/* sweep thread only */
	struct dd_result      **results;	/* one per plan point that ran */
	struct sweep_summary   *summaries;
	size_t			nresults;
	uint64_t		t0_ns;
	double			est_total, est_done;	/* seconds, plan estimate */
	double			est_current;		/* estimate of the running point */
	uint64_t		point_t0_ns;		/* when the running point started */
	struct nvmeinfo_thermo	thermo;		/* the target's sensor; sweep thread */
	struct sweep_sink	sink;		/* set before start; sweep thread calls */
	struct sweep_watchdog	wd;
};

/* Estimated seconds of one run of a point (0 for a byte budget). */
static double
point_estimate(const struct dd_point *p)
{
	return p->bytes ? 0 : p->ramp_s + p->runtime_s;
}

/* Fill a summary from a result. */
void
sweep_summarize(const struct dd_result *r, struct sweep_summary *out)
{
	memset(out, 0, sizeof *out);
	dd_strlcpy(out->name, r->point.name, sizeof out->name);
	out->status = r->status;
	out->cancelled = r->cancelled;
	out->iops = r->iops;
	out->mbps = r->mbps;
	out->elapsed_s = r->elapsed_s;
	out->mean_us = r->lat.mean_us;
	out->p50_us = fmt_lat_pct(&r->lat, 6);		/* 50th in hist_default_pcts */
	out->p99_us = fmt_lat_pct(&r->lat, 12);	/* 99th */
	out->p999_us = fmt_lat_pct(&r->lat, 14);	/* 99.9th */
	out->max_us = r->lat.max_us;
	out->cpu_us_per_io = r->proc_us_per_io;
	out->runs = 1;
	out->read_share = r->ios > 0 ? 100.0 * (double)r->read_ios / (double)r->ios : NAN;
	out->read_mean_us = r->read_lat.n > 0 ? r->read_lat.mean_us : NAN;
	out->read_p99_us = r->read_lat.n > 0 ? fmt_lat_pct(&r->read_lat, 12) : NAN;
	out->write_mean_us = r->write_lat.n > 0 ? r->write_lat.mean_us : NAN;
	out->write_p99_us = r->write_lat.n > 0 ? fmt_lat_pct(&r->write_lat, 12) : NAN;
	out->rate_iops = r->point.rate_iops;
	out->rate_spread = r->point.rate_iops > 0 ? r->rate_spread : NAN;
	out->flush_s = r->flush_s;
}

/*
 * Seconds left of a running byte-budget point, which the plan's estimate
 * cannot time: its elapsed time stretched by the share of the budget still
 * to go (0 before a first interval, and for time-based points).
 */
static double
sweep_budget_remaining(const struct sweep *s)
{
	const struct dd_point *p = &s->work->current;
	double		       f = s->work->point_progress;

	if (s->work->state != SWEEP_RUNNING || p->bytes == 0 || p->runtime_s > 0 ||
	    s->point_t0_ns == 0 || !(f > 0.001 && f < 1))
		return 0;
	return (double)(clock_now_ns() - s->point_t0_ns) / 1e9 * (1 - f) / f;
}

/* Publish the working snapshot and wake the consumer.  Sweep thread. */
static void
sweep_publish(struct sweep *s)
{
	uint64_t one = 1;
	double	 elapsed = (double)(clock_now_ns() - s->t0_ns) / 1e9;
	double	 done = s->est_done + s->est_current * s->work->point_progress;

	s->work->elapsed_s = elapsed;
	if (done > 0 && s->est_total > done)
		s->work->eta_s = (s->est_total - done) * (elapsed / done);
	else
		s->work->eta_s = s->work->state == SWEEP_RUNNING && s->est_total > 0
					 ? s->est_total - done : 0;
	s->work->eta_s += sweep_budget_remaining(s);
	pthread_mutex_lock(&s->lock);
	s->work->generation = s->pub->generation + 1;
	memcpy(s->pub, s->work, sizeof *s->pub);
	pthread_mutex_unlock(&s->lock);
	if (write(s->wake_fd, &one, sizeof one) < 0) {
		/* Only EAGAIN on counter overflow: the consumer is far behind
		 * and will still see the newest generation. */
	}
}

/* How long a running point may go without a completion. */
double
sweep_watchdog_limit_s(const struct dd_point *p, double slowest_us)
{
	double limit = SWEEP_WATCHDOG_MIN_S;

	if (isfinite(slowest_us) && 20 * slowest_us / 1e6 > limit)
		limit = 20 * slowest_us / 1e6;
	if (p->rate_iops > 0 && 2.0 * p->numjobs / p->rate_iops > limit)
		limit = 2.0 * p->numjobs / p->rate_iops;
	return limit;
}

/* The real clock. */
static uint64_t
sweep_watchdog_clock(void *arg)
{
	(void)arg;
	return clock_now_ns();
}

/* Set the watchdog's clock and tick (tests). */
void
sweep_set_watchdog_clock(struct sweep *s, uint64_t (*now_ns)(void *arg), void *arg,
			 unsigned tick_ms)
{
	s->wd.now = now_ns;
	s->wd.now_arg = arg;
	s->wd.tick_ms = tick_ms ? tick_ms : 1;
}

/* A point starts (begin) or ends; after its end, true and res failed with
 * the watchdog's sentence when the watchdog stopped it.  Sweep thread. */
static bool
sweep_watchdog_mark(struct sweep *s, const struct dd_point *p, bool begin,
		    struct dd_result *res)
{
	struct sweep_watchdog *wd = &s->wd;
	bool		       fired;

	pthread_mutex_lock(&wd->lock);
	wd->running = begin;
	fired = !begin && wd->fired;
	if (begin) {
		wd->p = *p;
		wd->last_ns = wd->now(wd->now_arg);
		wd->seen = wd->flushing = wd->fired = false;
		wd->ios = 0;
		wd->slowest_us = NAN;
	} else if (fired) {
		res->status = -ETIMEDOUT;
		res->cancelled = false;
		dd_strlcpy(res->message, wd->message, sizeof res->message);
	}
	pthread_mutex_unlock(&wd->lock);
	return fired;
}

/* An interval of the running point: a completion when its I/O count grew.
 * Sweep thread. */
static void
sweep_watchdog_interval(struct sweep *s, const struct dd_result *partial, double progress)
{
	struct sweep_watchdog *wd = &s->wd;

	pthread_mutex_lock(&wd->lock);
	if (partial->ios > wd->ios) {
		wd->ios = partial->ios;
		wd->seen = true;
		wd->last_ns = wd->now(wd->now_arg);
	}
	if (isfinite(partial->lat.max_us) &&
	    !(partial->lat.max_us <= wd->slowest_us))
		wd->slowest_us = partial->lat.max_us;
	if (wd->p.end_fsync && progress >= 0.999)
		wd->flushing = true;
	pthread_mutex_unlock(&wd->lock);
}

/* Judge the running point; stop it with a sentence when it stalled.
 * Watchdog thread, lock held. */
static void
sweep_watchdog_check(struct sweep *s)
{
	struct sweep_watchdog *wd = &s->wd;
	double		       limit, allow, quiet;
	uint64_t	       one = 1;
	char		       qs[32], as[32];

	if (!wd->running || wd->fired || wd->flushing)
		return;
	limit = sweep_watchdog_limit_s(&wd->p, wd->slowest_us);
	allow = wd->seen ? limit : 3 * limit + (wd->p.ramp_s > 0 ? wd->p.ramp_s : 0);
	quiet = (double)(wd->now(wd->now_arg) - wd->last_ns) / 1e9;
	if (!(quiet > allow))
		return;
	wd->fired = true;
	/* The figures first, each in a bounded field (a double's %.0f alone
	 * may be 309 digits). */
	snprintf(qs, sizeof qs, "%.0f", quiet);
	snprintf(as, sizeof as, "%.0f", allow);
	snprintf(wd->message, sizeof wd->message,
		 "%.64s on %.160s stalled: no I/O completed for %.15s s%s (the watchdog allows "
		 "%.15s s%s the longest of %.0f s, 20 times the slowest latency seen and twice "
		 "a paced job's period); the point failed", wd->p.name, s->t->path, qs,
		 wd->seen ? "" : " since it started", as,
		 wd->seen ? ":" : " from a start: the ramp and three times", SWEEP_WATCHDOG_MIN_S);
	if (write(s->cancel_fd, &one, sizeof one) < 0) {
		/* Already signalled: the counter is non-zero. */
	}
	if (dd_backend_of(s->t)->cancel != NULL)
		dd_backend_of(s->t)->cancel(s->t);
}

/* The watchdog thread: look every tick until stopped. */
static void *
sweep_watchdog_main(void *arg)
{
	struct sweep	      *s = arg;
	struct sweep_watchdog *wd = &s->wd;

	pthread_mutex_lock(&wd->lock);
	while (!wd->stop) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		ts.tv_nsec += (long)(wd->tick_ms % 1000) * 1000000L;
		ts.tv_sec += wd->tick_ms / 1000 + ts.tv_nsec / 1000000000L;
		ts.tv_nsec %= 1000000000L;
		pthread_cond_timedwait(&wd->cond, &wd->lock, &ts);
		if (!wd->stop)
			sweep_watchdog_check(s);
	}
	pthread_mutex_unlock(&wd->lock);
	return NULL;
}

/* Stop the watchdog thread (sweep_join). */
static void
sweep_watchdog_stop(struct sweep *s)
{
	if (!s->wd.started)
		return;
	pthread_mutex_lock(&s->wd.lock);
	s->wd.stop = true;
	pthread_cond_signal(&s->wd.cond);
	pthread_mutex_unlock(&s->wd.lock);
	pthread_join(s->wd.thread, NULL);
	s->wd.started = false;
}

/* Engine hook: one interval of the running point.  Sweep thread. */
static void
sweep_on_interval(void *arg, const struct dd_result *partial,
		  const struct dd_interval *iv, double progress)
{
	struct sweep	      *s = arg;
	struct sweep_snapshot *w = s->work;

	if (w->nlive == SWEEP_LIVE_MAX) {
		memmove(w->live, w->live + 1, sizeof w->live[0] * (SWEEP_LIVE_MAX - 1));
		w->nlive--;
	}
	w->live[w->nlive++] = *iv;
	w->point_progress = progress;
	sweep_summarize(partial, &w->running);
	sweep_watchdog_interval(s, partial, progress);
	sweep_publish(s);
}

/* Engine hook: the target's temperature.  Sweep thread. */
static bool
sweep_temperature(void *arg, double *celsius)
{
	struct sweep *s = arg;

	return nvmeinfo_thermo_read(&s->thermo, celsius);
}

/* Record a finished point's summary in the working snapshot. */
static void
sweep_add_finished(struct sweep *s, const struct sweep_summary *sum)
{
	struct sweep_snapshot *w = s->work;
	size_t		       slot = w->nfinished;

	if (slot >= SWEEP_FINISHED_MAX) {
		memmove(w->finished, w->finished + 1,
			sizeof w->finished[0] * (SWEEP_FINISHED_MAX - 1));
		slot = SWEEP_FINISHED_MAX - 1;
	}
	w->finished[slot] = *sum;
	w->nfinished++;
}

/* Run one point once, with live updates.  Returns engine_run's code. */
static int
sweep_run_once(struct sweep *s, const struct dd_point *p, struct dd_result *res)
{
	struct dd_engine_hooks hooks = {
		.arg = s,
		.interval = sweep_on_interval,
		.temperature = sweep_temperature,
		.cancel_fd = s->cancel_fd,
	};
	struct dd_error err = { 0 };
	int		rc;

	s->work->current = *p;
	s->point_t0_ns = clock_now_ns();
	s->work->nlive = 0;
	s->work->point_progress = 0;
	memset(&s->work->running, 0, sizeof s->work->running);
	s->work->running.mean_us = s->work->running.p50_us = s->work->running.p99_us = NAN;
	s->work->running.p999_us = s->work->running.max_us = NAN;
	sweep_watchdog_mark(s, p, true, NULL);	/* before a snapshot shows it */
	sweep_publish(s);
	rc = dd_backend_of(s->t)->run(s->t, p, &hooks, res, &err);
	if (sweep_watchdog_mark(s, p, false, res))
		rc = -ETIMEDOUT;
	return rc;
}

/* Fold runs of one point. */
void
sweep_aggregate(struct dd_result *const *runs, unsigned n, enum dd_aggregate how,
		struct dd_result *out)
{
	unsigned best = 0;

	if (n == 0)
		return;
	if (how == DD_AGG_MEAN) {
		double iops = 0, mbps = 0, mean = 0;

		memcpy(out, runs[n - 1], sizeof *out);
		for (unsigned i = 0; i < n; i++) {
			iops += runs[i]->iops;
			mbps += runs[i]->mbps;
			mean += runs[i]->lat.mean_us;
		}
		out->iops = iops / n;
		out->mbps = mbps / n;
		out->lat.mean_us = mean / n;
		return;
	}
	for (unsigned i = 1; i < n; i++)
		if (runs[i]->iops > runs[best]->iops)
			best = i;
	memcpy(out, runs[best], sizeof *out);
}

/*
 * Resolve a load curve step before it runs: its rate is rate_pct of the
 * IOPS the latest finished DD_KIND_CURVE_MAX point of its group achieved.
 * 0, or -ENODATA with why set when that point failed, was cancelled or has
 * not run.  Sweep thread.
 */
static int
sweep_resolve_step(const struct sweep *s, struct dd_point *p, char *why, size_t len)
{
	for (size_t i = s->nresults; i-- > 0;) {
		const struct dd_result *r = s->results[i];

		if (r->point.kind != DD_KIND_CURVE_MAX || r->point.group != p->group)
			continue;
		if (r->status < 0 || r->cancelled || !(r->iops > 0)) {
			snprintf(why, len, "%s: the curve's maximum (%s) did not finish, so "
				 "there is no rate to take %g%% of", p->name, r->point.name,
				 p->rate_pct);
			return -ENODATA;
		}
		p->rate_iops = p->rate_pct / 100.0 * r->iops;
		return 0;
	}
	snprintf(why, len, "%s: the curve's maximum has not run, so there is no rate to "
		 "take %g%% of", p->name, p->rate_pct);
	return -ENODATA;
}

/* A point that fails before it runs: its result says why. */
static void
sweep_fail_point(const struct dd_point *p, int status, const char *why,
		 struct dd_result *out, struct sweep_summary *sum, size_t idx)
{
	memset(out, 0, sizeof *out);
	out->point = *p;
	out->status = status;
	dd_strlcpy(out->message, why, sizeof out->message);
	out->rate_spread = NAN;
	sweep_summarize(out, sum);
	sum->index = idx;
}

/* Run one plan point: repeats or steady-state rounds.  Sweep thread. */
static int
sweep_run_point(struct sweep *s, size_t idx, struct dd_result *out,
		struct sweep_summary *sum)
{
	const struct dd_plan  *plan = s->plan;
	struct dd_point	       p = plan->points[idx];
	unsigned	       nruns = plan->repeat ? plan->repeat : 1;
	struct dd_result     **runs = calloc(nruns, sizeof *runs);
	struct steady_rule     rule;
	struct steady_result   sr = { 0 };
	double		      *rounds = NULL;
	unsigned	       done = 0, nround = 0;
	int		       ret = 0;

	steady_rule_default(&rule);
	if (runs == NULL)
		return -ENOMEM;
	if (dd_kind_paced(p.kind)) {
		char why[sizeof out->message];

		if ((ret = sweep_resolve_step(s, &p, why, sizeof why)) < 0) {
			free(runs);
			sweep_fail_point(&p, ret, why, out, sum, idx);
			return ret;
		}
	}
	s->work->index = idx;
	s->work->nruns = nruns;
	for (unsigned r = 0; r < nruns && ret == 0; r++) {
		runs[r] = malloc(sizeof *runs[r]);
		if (runs[r] == NULL) {
			ret = -ENOMEM;
			break;
		}
		s->work->run = r + 1;
		if (!plan->steady_state) {
			ret = sweep_run_once(s, &p, runs[r]);
			done++;
			if (runs[r]->cancelled)
				break;
			continue;
		}
		/* Steady state: rounds of the point until the rule holds. */
		free(rounds);
		rounds = calloc(rule.max_rounds, sizeof *rounds);
		if (rounds == NULL) {
			ret = -ENOMEM;
			break;
		}
		for (nround = 0; nround < rule.max_rounds; nround++) {
			struct dd_point rp = p;

			if (nround > 0)
				rp.ramp_s = 0;	/* the drive is already busy */
			s->work->round = nround + 1;
			ret = sweep_run_once(s, &rp, runs[r]);
			if (ret < 0 || runs[r]->cancelled)
				break;
			rounds[nround] = runs[r]->iops;
			steady_check(rounds, nround + 1, &rule, &sr);
			if (sr.attained) {
				nround++;
				break;
			}
		}
		done++;
		if (runs[r]->cancelled)
			break;
	}
	if (done > 0) {
		sweep_aggregate(runs, done, plan->aggregate, out);
		sweep_summarize(out, sum);
		sum->runs = done;
		sum->index = idx;
		if (plan->steady_state) {
			sum->rounds = nround;
			sum->steady = sr.attained;
		}
	}
	for (unsigned r = 0; r < nruns; r++)
		free(runs[r]);
	free(runs);
	free(rounds);
	s->work->round = 0;
	return done > 0 ? ret : (ret ? ret : -ECANCELED);
}

/* Precondition: N x the region in 128 KiB sequential writes.  Sweep thread. */
static int
sweep_precondition(struct sweep *s)
{
	struct dd_point	      p = { 0 };
	struct dd_result     *res = malloc(sizeof *res);
	struct sweep_summary  sum;
	int		      ret;

	if (res == NULL)
		return -ENOMEM;
	dd_strlcpy(p.name, "precondition 128K write", sizeof p.name);
	p.pattern = DD_WRITE;
	p.bs = 128 * 1024;
	p.iodepth = 32;
	p.numjobs = 1;
	p.bytes = plan_precondition_bytes(s->plan, s->t->size);
	s->work->preconditioning = true;
	ret = sweep_run_once(s, &p, res);
	sweep_summarize(res, &sum);
	sum.index = SIZE_MAX;
	sweep_add_finished(s, &sum);
	if (ret < 0)
		dd_strlcpy(s->work->message, res->message, sizeof s->work->message);
	s->work->preconditioning = false;
	free(res);
	return ret;
}

/* The sweep thread. */
static void *
sweep_main(void *arg)
{
	struct sweep *s = arg;
	int	      ret = 0;

	s->t0_ns = clock_now_ns();
	nvmeinfo_thermo_open_fd(&s->thermo, s->t->fd);
	dd_strlcpy(s->work->temp_source, s->thermo.source, sizeof s->work->temp_source);
	s->work->state = SWEEP_RUNNING;
	sweep_publish(s);
	if (s->plan->precondition_passes > 0)
		ret = sweep_precondition(s);
	for (size_t i = 0; ret == 0 && i < s->plan->npoints; i++) {
		struct dd_result    *res;
		struct sweep_summary sum;
		double		     est;

		if (__atomic_load_n(&s->cancel, __ATOMIC_ACQUIRE))
			break;
		est = point_estimate(&s->plan->points[i]) *
		      (s->plan->repeat ? s->plan->repeat : 1);
		s->est_current = est;
		res = malloc(sizeof *res);
		if (res == NULL) {
			ret = -ENOMEM;
			dd_strlcpy(s->work->message, "out of memory", sizeof s->work->message);
			break;
		}
		if (s->sink.point_begin != NULL)
			s->sink.point_begin(s->sink.arg, i, &s->plan->points[i]);
		ret = sweep_run_point(s, i, res, &sum);
		if (ret == -ECANCELED && __atomic_load_n(&s->cancel, __ATOMIC_ACQUIRE)) {
			free(res);
			ret = 0;
			break;
		}
		if (s->sink.point_done != NULL)
			s->sink.point_done(s->sink.arg, i, res, &sum);
		s->results[s->nresults] = res;
		s->summaries[s->nresults] = sum;
		s->nresults++;
		s->work->nresults = s->nresults;
		sweep_add_finished(s, &sum);
		s->est_done += est;
		s->est_current = 0;
		if (ret < 0)
			dd_strlcpy(s->work->message, res->message, sizeof s->work->message);
		if (res->cancelled)
			break;
	}
	s->work->status = ret;
	if (ret < 0)
		s->work->state = SWEEP_FAILED;
	else if (__atomic_load_n(&s->cancel, __ATOMIC_ACQUIRE))
		s->work->state = SWEEP_CANCELLED;
	else
		s->work->state = SWEEP_DONE;
	s->work->point_progress = 1;
	sweep_publish(s);
	return NULL;
}

/* Set up the watchdog's lock and clock (its thread starts with the sweep's). */
static void
sweep_watchdog_init(struct sweep_watchdog *wd)
{
	pthread_condattr_t a;

	pthread_mutex_init(&wd->lock, NULL);
	pthread_condattr_init(&a);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	pthread_cond_init(&wd->cond, &a);
	pthread_condattr_destroy(&a);
	wd->now = sweep_watchdog_clock;
	wd->tick_ms = SWEEP_WATCHDOG_TICK_MS;
	wd->slowest_us = NAN;
}

/* Create a sweep. */
int
sweep_create(struct sweep **out, const struct dd_target *t,
	     const struct dd_plan *plan, struct dd_error *err)
{
	struct sweep *s = calloc(1, sizeof *s);

	*out = NULL;
	if (s == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	pthread_mutex_init(&s->lock, NULL);
	sweep_watchdog_init(&s->wd);
	s->thermo.fd = -1;
	s->t = t;
	s->plan = plan;
	s->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	s->cancel_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	s->pub = calloc(1, sizeof *s->pub);
	s->work = calloc(1, sizeof *s->work);
	s->results = calloc(plan->npoints + 1, sizeof *s->results);
	s->summaries = calloc(plan->npoints + 1, sizeof *s->summaries);
	if (s->wake_fd < 0 || s->cancel_fd < 0 || !s->pub || !s->work ||
	    !s->results || !s->summaries) {
		sweep_destroy(s);
		return dd_error_set(err, -ENOMEM, "cannot set up the sweep: %s",
				    strerror(errno ? errno : ENOMEM));
	}
	dd_strlcpy(s->work->plan_name, plan->name, sizeof s->work->plan_name);
	dd_strlcpy(s->work->target, t->path, sizeof s->work->target);
	s->work->npoints = plan->npoints;
	s->est_total = plan_estimate_seconds(plan);
	memcpy(s->pub, s->work, sizeof *s->pub);
	*out = s;
	return 0;
}

/* A sweep that is already over, serving the results given. */
int
sweep_create_finished(struct sweep **out, const struct dd_target *t,
		      const struct dd_plan *plan, struct dd_result **results,
		      const struct sweep_summary *sums, size_t n, enum sweep_state st,
		      const char *temp_source, struct dd_error *err)
{
	struct sweep *s;
	int	      rc = n > plan->npoints ? -EINVAL : sweep_create(&s, t, plan, err);

	if (rc < 0)
		return rc == -EINVAL ? dd_error_set(err, rc, "%zu results for a plan of %zu "
						    "points", n, plan->npoints) : rc;
	for (size_t i = 0; i < n; i++) {
		s->results[i] = results[i];
		if (sums != NULL)
			s->summaries[i] = sums[i];
		else
			sweep_summarize(results[i], &s->summaries[i]);
		s->summaries[i].index = i;
		sweep_add_finished(s, &s->summaries[i]);
		s->work->elapsed_s += results[i]->elapsed_s;
	}
	s->nresults = s->work->nresults = n;
	s->work->state = st;
	s->work->index = n > 0 ? n - 1 : 0;
	s->work->point_progress = 1;
	s->work->generation = 1;
	if (temp_source != NULL)
		dd_strlcpy(s->work->temp_source, temp_source, sizeof s->work->temp_source);
	memcpy(s->pub, s->work, sizeof *s->pub);
	*out = s;
	return 0;
}

/* Set the sweep's sink. */
void
sweep_set_sink(struct sweep *s, const struct sweep_sink *sink)
{
	if (sink != NULL)
		s->sink = *sink;
	else
		memset(&s->sink, 0, sizeof s->sink);
}

/* Start the sweep thread. */
int
sweep_start(struct sweep *s, struct dd_error *err)
{
	int rc = signals_thread_create(&s->wd.thread, NULL, sweep_watchdog_main, s);

	if (rc != 0)
		return dd_error_set(err, -rc, "cannot start the sweep's watchdog: %s",
				    strerror(rc));
	s->wd.started = true;
	rc = signals_thread_create(&s->thread, NULL, sweep_main, s);
	if (rc != 0) {
		sweep_watchdog_stop(s);
		return dd_error_set(err, -rc, "cannot start the sweep thread: %s",
				    strerror(rc));
	}
	s->started = true;
	return 0;
}

/* Ask the sweep to stop. */
void
sweep_cancel(struct sweep *s)
{
	uint64_t one = 1;

	__atomic_store_n(&s->cancel, 1, __ATOMIC_RELEASE);
	if (write(s->cancel_fd, &one, sizeof one) < 0) {
		/* Already signalled: the counter is non-zero. */
	}
	if (dd_backend_of(s->t)->cancel != NULL)
		dd_backend_of(s->t)->cancel(s->t);
}

/* Wait for the sweep thread. */
enum sweep_state
sweep_join(struct sweep *s)
{
	if (s->started && !s->joined) {
		pthread_join(s->thread, NULL);
		sweep_watchdog_stop(s);
		s->joined = true;
	}
	return s->work->state;
}

/* The wake-up fd. */
int
sweep_wake_fd(const struct sweep *s)
{
	return s->wake_fd;
}

/* Consume pending wake-ups. */
void
sweep_ack(struct sweep *s)
{
	uint64_t v;

	if (read(s->wake_fd, &v, sizeof v) < 0) {
		/* EAGAIN: nothing pending. */
	}
}

/* Copy the latest snapshot. */
bool
sweep_snapshot(struct sweep *s, struct sweep_snapshot *dst, uint64_t last_gen)
{
	bool newer;

	pthread_mutex_lock(&s->lock);
	newer = s->pub->generation != last_gen;
	if (newer)
		memcpy(dst, s->pub, sizeof *dst);
	pthread_mutex_unlock(&s->lock);
	return newer;
}

/* Number of finished-point results. */
size_t
sweep_nresults(const struct sweep *s)
{
	return s->nresults;
}

/* One finished point's full result. */
const struct dd_result *
sweep_result(const struct sweep *s, size_t i)
{
	return i < s->nresults ? s->results[i] : NULL;
}

/* One finished point's summary. */
const struct sweep_summary *
sweep_result_summary(const struct sweep *s, size_t i)
{
	return i < s->nresults ? &s->summaries[i] : NULL;
}

/* A finished point's full result, published by a snapshot. */
const struct dd_result *
sweep_result_published(const struct sweep *s, size_t i)
{
	return s->results[i];
}

/* A finished point's summary, published by a snapshot. */
const struct sweep_summary *
sweep_summary_published(const struct sweep *s, size_t i)
{
	return &s->summaries[i];
}

/* Free a sweep. */
void
sweep_destroy(struct sweep *s)
{
	if (s == NULL)
		return;
	if (s->started && !s->joined) {
		sweep_cancel(s);
		sweep_join(s);
	}
	nvmeinfo_thermo_close(&s->thermo);
	for (size_t i = 0; i < s->nresults; i++)
		free(s->results[i]);
	free(s->results);
	free(s->summaries);
	free(s->pub);
	free(s->work);
	if (s->wake_fd >= 0)
		close(s->wake_fd);
	if (s->cancel_fd >= 0)
		close(s->cancel_fd);
	sweep_watchdog_stop(s);
	pthread_mutex_destroy(&s->lock);
	pthread_mutex_destroy(&s->wd.lock);
	pthread_cond_destroy(&s->wd.cond);
	free(s);
}

const char *
sweep_temp_source(const struct sweep *s)
{
	return s->thermo.source;
}
