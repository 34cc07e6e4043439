/*
 * The engine's collector: the thread that called engine_run, sampling the
 * workers while they run.  Data model: struct collector (collector.h) holds
 * the workers, the result being filled, two cumulative histogram snapshots
 * (the previous and the current: their difference is an interval's
 * latency), the counters at the previous sample, and the interval being
 * stored (the series keeps the whole point, merging neighbours when full:
 * intervals.h).  It only reads what the workers publish (relaxed atomic
 * loads) until they are joined, then builds the final result from their
 * own statistics.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "collector.h"
#include "lib/clock.h"

#define TEMP_PERIOD_NS 1000000000ull	/* sensors are read at most once a second */

/* Seconds between two rusage timevals. */
double
collector_seconds(struct timeval a, struct timeval b)
{
	return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_usec - a.tv_usec) / 1e6;
}

/* Fill a latency summary from a Welford accumulator and a histogram. */
static void
latency_fill(struct dd_latency *l, const struct welford *wf,
	     const struct histogram *h)
{
	double pct[HIST_NPCTS];

	memset(l, 0, sizeof *l);
	l->n = wf->n;
	if (wf->n == 0) {
		l->min_us = l->max_us = l->mean_us = l->stdev_us = NAN;
		for (int i = 0; i < HIST_NPCTS; i++)
			l->pct_us[i] = NAN;
		return;
	}
	l->min_us = (double)wf->min / 1e3;
	l->max_us = (double)wf->max / 1e3;
	l->mean_us = wf->mean / 1e3;
	l->stdev_us = welford_stdev(wf) / 1e3;
	hist_percentiles_within(h, hist_default_pcts, HIST_NPCTS, (double)wf->min,
				(double)wf->max, pct);
	for (int i = 0; i < HIST_NPCTS; i++)
		l->pct_us[i] = pct[i] / 1e3;
}

/* Sum the workers' published counters. */
static void
collect_counters(struct worker *w, unsigned n, struct worker_counters *sum)
{
	memset(sum, 0, sizeof *sum);
	for (unsigned i = 0; i < n; i++) {
		sum->ios += __atomic_load_n(&w[i].pub.ios, __ATOMIC_RELAXED);
		sum->bytes += __atomic_load_n(&w[i].pub.bytes, __ATOMIC_RELAXED);
		sum->read_ios += __atomic_load_n(&w[i].pub.read_ios, __ATOMIC_RELAXED);
		sum->write_ios += __atomic_load_n(&w[i].pub.write_ios, __ATOMIC_RELAXED);
		sum->lat_sum_ns += __atomic_load_n(&w[i].pub.lat_sum_ns, __ATOMIC_RELAXED);
	}
}

/* Merge every worker's live histograms into dst (snapshot). */
static void
collect_hist(struct worker *w, unsigned n, bool reads, bool writes,
	     struct histogram *dst, struct histogram *tmp)
{
	hist_reset(dst);
	for (unsigned i = 0; i < n; i++) {
		if (reads) {
			hist_snapshot(tmp, &w[i].hist_r);
			hist_merge(dst, tmp);
		}
		if (writes) {
			hist_snapshot(tmp, &w[i].hist_w);
			hist_merge(dst, tmp);
		}
	}
}

/*
 * Wait until deadline_ns, or until the cancel fd or the done eventfd fires.
 * Returns 1 on cancel, 2 when workers left (their number added to *done),
 * 0 at the deadline.
 */
int
collector_wait(uint64_t deadline_ns, int cancel_fd, int done_fd, unsigned *done)
{
	for (;;) {
		struct pollfd pfd[2];
		uint64_t      now = clock_now_ns();
		int	      timeout, n = 0, ret;

		if (now >= deadline_ns)
			return 0;
		timeout = (int)((deadline_ns - now + 999999) / 1000000);
		pfd[n++] = (struct pollfd){ .fd = done_fd, .events = POLLIN };
		if (cancel_fd >= 0)
			pfd[n++] = (struct pollfd){ .fd = cancel_fd, .events = POLLIN };
		ret = poll(pfd, (nfds_t)n, timeout);
		if (ret < 0 && errno != EINTR)
			return 0;
		if (ret > 0) {
			if (n > 1 && (pfd[1].revents & POLLIN))
				return 1;
			if (pfd[0].revents & POLLIN) {
				uint64_t v;

				if (read(done_fd, &v, sizeof v) == sizeof v)
					*done += (unsigned)v;
				return 2;
			}
		}
	}
}

/*
 * Keep one sample in the result's series.  The series holds the whole
 * point: while it has room every sample is kept; when it is full its
 * neighbours merge in pairs and from then on two (four, ...) samples make
 * one entry, so a long point keeps its whole series at a coarser period.
 * The live hook still sees every sample.
 */
static void
collector_store(struct collector *c, const struct dd_interval *iv)
{
	struct dd_result *res = c->res;

	if (c->npend == 0) {
		c->pend = *iv;
		c->pend_start = res->nintervals ? res->intervals[res->nintervals - 1].t_s : 0;
	} else {
		c->pend = engine_interval_merge(&c->pend, c->pend_start, iv);
	}
	if (++c->npend < c->stride)
		return;
	res->intervals[res->nintervals++] = c->pend;
	c->npend = 0;
	if (res->nintervals == DD_INTERVALS_MAX) {
		res->nintervals = engine_intervals_halve(res->intervals, res->nintervals);
		c->stride *= 2;
	}
}

/* Count one sample's IOPS into the pacing spread (samples shorter than half
 * a period, the last one of an odd runtime, say little and are left out). */
static void
collector_spread_add(struct collector *c, double iops, double dt, double period_s)
{
	if (dt < period_s / 2)
		return;
	c->spread_n++;
	c->spread_sum += iops;
	c->spread_sq += iops * iops;
}

/* The pacing spread: coefficient of variation of the sampled IOPS; NAN
 * unpaced or with fewer than two samples. */
static double
collector_spread(const struct collector *c)
{
	if (!(c->sh->p->rate_iops > 0))
		return NAN;
	return engine_rate_spread((size_t)c->spread_n, c->spread_sum, c->spread_sq);
}

/* A paced point's lost schedule, summed over its jobs (held_ns or late_ns
 * of each worker), as % of the jobs' measured time; NAN unpaced. */
static double
collector_slip_pct(const struct collector *c, bool held)
{
	double	 ns = 0;
	unsigned n = 0;

	if (!(c->sh->p->rate_iops > 0) || !(c->res->elapsed_s > 0))
		return NAN;
	for (unsigned i = 0; i < c->n; i++) {
		if (!c->w[i].joined)
			continue;
		ns += (double)(held ? c->w[i].held_ns : c->w[i].late_ns);
		n++;
	}
	return n ? 100.0 * ns / ((double)n * c->res->elapsed_s * 1e9) : NAN;
}

/* Take one interval sample. */
void
collector_sample(struct collector *c, uint64_t t, const struct dd_engine_hooks *hooks)
{
	const struct dd_point *p = c->sh->p;
	struct worker_counters cur;
	struct dd_interval     iv = { 0 };
	double		       dt = (double)(t - c->t_prev) / 1e9, pct[1];
	double		       progress;
	static const double    p99[1] = { 99.0 };
	bool		       r = dd_pattern_reads(p->pattern);
	bool		       wr = dd_pattern_writes(p->pattern);

	collect_counters(c->w, c->n, &cur);
	collect_hist(c->w, c->n, r, wr, c->cur, c->tmp);
	hist_diff(c->delta, c->cur, c->prev);
	if (dt <= 0)
		dt = 1e-9;
	iv.t_s = (double)(t - c->t_measure0) / 1e9;
	iv.iops = (double)(cur.ios - c->prev_c.ios) / dt;
	iv.mbps = (double)(cur.bytes - c->prev_c.bytes) / dt / 1e6;
	iv.read_iops = (double)(cur.read_ios - c->prev_c.read_ios) / dt;
	iv.write_iops = (double)(cur.write_ios - c->prev_c.write_ios) / dt;
	iv.mean_us = cur.ios > c->prev_c.ios
			     ? (double)(cur.lat_sum_ns - c->prev_c.lat_sum_ns) /
				       (double)(cur.ios - c->prev_c.ios) / 1e3
			     : NAN;
	hist_percentiles(c->delta, p99, 1, pct);
	iv.p99_us = pct[0] / 1e3;
	if (hooks != NULL && hooks->temperature != NULL &&
	    (c->t_temp == 0 || t - c->t_temp >= TEMP_PERIOD_NS)) {
		double temp;

		c->t_temp = t;
		c->temp_c = hooks->temperature(hooks->arg, &temp) ? temp : NAN;
	}
	iv.temp_c = c->temp_c;
	collector_store(c, &iv);
	collector_spread_add(c, iv.iops, dt, (double)(p->interval_ms ? p->interval_ms : 200) / 1e3);
	c->prev_c = cur;
	{
		struct histogram *swap = c->prev;

		c->prev = c->cur;
		c->cur = swap;
	}
	c->t_prev = t;
	if (c->sh->budget_blocks)
		progress = (double)cur.ios / (double)c->sh->budget_blocks;
	else
		progress = iv.t_s / p->runtime_s;
	if (progress > 1)
		progress = 1;
	c->res->ios = cur.ios;
	c->res->bytes = cur.bytes;
	c->res->elapsed_s = iv.t_s;
	c->res->iops = iv.t_s > 0 ? (double)cur.ios / iv.t_s : 0;
	c->res->mbps = iv.t_s > 0 ? (double)cur.bytes / iv.t_s / 1e6 : 0;
	c->res->lat.mean_us = cur.ios ? (double)cur.lat_sum_ns / (double)cur.ios / 1e3 : NAN;
	/* Percentiles of the point so far, from the cumulative snapshot (now
	 * c->prev after the swap); max is the top bucket's upper edge. */
	{
		double cum[HIST_NPCTS];

		hist_percentiles(c->prev, hist_default_pcts, HIST_NPCTS, cum);
		for (int i = 0; i < HIST_NPCTS; i++)
			c->res->lat.pct_us[i] = cum[i] / 1e3;
		c->res->lat.max_us = NAN;
		for (unsigned i = HIST_NR; i-- > 0;)
			if (c->prev->bins[i]) {
				c->res->lat.max_us = (double)hist_bucket_low(i + 1 < HIST_NR ? i + 1 : i) / 1e3;
				break;
			}
	}
	if (hooks != NULL && hooks->interval != NULL)
		hooks->interval(hooks->arg, c->res, &iv, progress);
}

/* Build the final result after the workers are joined, from those joined
 * only: a job left behind (engine_join) may still write its own fields. */
void
collector_finish(struct collector *c)
{
	struct dd_result *res = c->res;
	struct welford	  wr = { 0 }, ww = { 0 }, wa;
	struct histogram *hr = c->cur, *hw = c->tmp;

	hist_reset(hr);
	hist_reset(hw);
	res->ios = res->bytes = res->read_ios = res->write_ios = 0;
	res->zero_sampled = res->zero_found = 0;
	res->read_bytes = res->write_bytes = 0;
	res->cpu_user_s = res->cpu_sys_s = 0;
	for (unsigned i = 0; i < c->n; i++) {
		struct worker *w = &c->w[i];

		if (!w->joined)
			continue;
		hist_merge(hr, &w->hist_r);
		hist_merge(hw, &w->hist_w);
		welford_merge(&wr, &w->wf_r);
		welford_merge(&ww, &w->wf_w);
		res->zero_sampled += w->zero_sampled;
		res->zero_found += w->zero_found;
		res->ios += w->pub.ios;
		res->bytes += w->pub.bytes;
		res->read_ios += w->pub.read_ios;
		res->write_ios += w->pub.write_ios;
		res->read_bytes += w->pub.read_bytes;
		res->write_bytes += w->pub.write_bytes;
		if (w->measured) {
			res->cpu_user_s += collector_seconds(w->ru0.ru_utime, w->ru1.ru_utime);
			res->cpu_sys_s += collector_seconds(w->ru0.ru_stime, w->ru1.ru_stime);
		}
		if (w->iopoll_fallback)
			res->iopoll_fallback = true;
		if (w->iopoll && !w->iopoll_fallback)
			res->iopoll_used = true;
		if (w->spin_ns)
			res->spin_used = true;
		if (w->iowq)
			res->iowq = true;
		if (w->sqe_flags & IOSQE_ASYNC)
			res->force_async = true;
		if (w->wait_nr > res->batch)
			res->batch = w->wait_nr;
	}
	hist_reset(&res->hist);
	hist_merge(&res->hist, hr);
	hist_merge(&res->hist, hw);
	res->read_hist = *hr;
	res->write_hist = *hw;
	res->rate_spread = collector_spread(c);
	res->rate_held_pct = collector_slip_pct(c, true);
	res->rate_late_pct = collector_slip_pct(c, false);
	if (c->npend > 0 && res->nintervals < DD_INTERVALS_MAX) {
		res->intervals[res->nintervals++] = c->pend;
		c->npend = 0;
	}
	wa = wr;
	welford_merge(&wa, &ww);
	latency_fill(&res->lat, &wa, &res->hist);
	latency_fill(&res->read_lat, &wr, hr);
	latency_fill(&res->write_lat, &ww, hw);
	if (res->elapsed_s > 0) {
		res->iops = (double)res->ios / res->elapsed_s;
		res->mbps = (double)res->bytes / res->elapsed_s / 1e6;
	}
	res->cpu_us_per_io = res->ios ? (res->cpu_user_s + res->cpu_sys_s) * 1e6 /
						(double)res->ios : NAN;
	res->proc_us_per_io = res->ios ? (res->proc_user_s + res->proc_sys_s) * 1e6 /
						 (double)res->ios : NAN;
}
