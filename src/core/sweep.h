/*
 * Sweeps: a plan run point by point in a background thread.
 *
 * The sweep thread owns the engine calls and every full result.  It
 * publishes plain-data snapshots (progress, the running point's live
 * interval series, a summary of every finished point) into a buffer under a
 * mutex, bumps a generation counter and writes an eventfd, so a consumer
 * (the TUI loop or the CLI progress line) wakes up, copies the snapshot and
 * never blocks the sweep for longer than a memcpy.  Cancelling writes a
 * second eventfd that the engine polls, so a stop takes effect within one
 * interval.
 */
#ifndef DD_SWEEP_H
#define DD_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "core/plan.h"
#include "core/steady.h"
#include "io/engine.h"

#define SWEEP_LIVE_MAX	   300	/* intervals of the running point kept */
#define SWEEP_FINISHED_MAX 512	/* finished-point summaries in a snapshot */

enum sweep_state {
	SWEEP_IDLE,
	SWEEP_RUNNING,
	SWEEP_DONE,		/* every point ran */
	SWEEP_CANCELLED,	/* stopped by the user */
	SWEEP_FAILED,		/* a point failed; the sweep stopped there */
};

/* What the snapshot and the CLI table show of a finished point. */
struct sweep_summary {
	char	 name[DD_POINT_NAME_MAX];
	size_t	 index;		/* in the plan; SIZE_MAX for preconditioning */
	int	 status;
	bool	 cancelled;
	double	 iops, mbps, elapsed_s;
	double	 mean_us, p50_us, p99_us, p999_us, max_us;
	double	 cpu_us_per_io;
	unsigned runs;		/* repeats folded in */
	unsigned rounds;	/* steady-state rounds run; 0 = not checked */
	bool	 steady;	/* steady state attained */
	/* Mixes and the kinds beyond the FIO matrix (core/workload.h). */
	double	 read_share;	/* % of I/Os that were reads; NAN none ran */
	double	 read_mean_us, read_p99_us;	/* reads only; NAN none */
	double	 write_mean_us, write_p99_us;	/* writes only; NAN none */
	double	 rate_iops;	/* the paced target it ran at; 0 unpaced */
	double	 rate_spread;	/* paced: CV of the interval IOPS; NAN unpaced */
	double	 flush_s;	/* end_fsync: the flush's share of elapsed_s */
};

/* A consistent copy of the sweep's state. */
struct sweep_snapshot {
	uint64_t	     generation;
	enum sweep_state     state;
	char		     plan_name[PLAN_NAME_MAX];
	char		     target[256];
	char		     temp_source[64];	/* the target's sensor; "" none */
	size_t		     npoints, index;	/* index of the running point */
	unsigned	     run, nruns;	/* repeat of the running point */
	unsigned	     round;		/* steady-state round, 0 = none */
	bool		     preconditioning;
	double		     elapsed_s, eta_s;	/* whole sweep */
	double		     point_progress;	/* 0..1 of the running point */
	struct dd_point	     current;
	struct sweep_summary running;	/* the running point so far (max to its
					 * histogram bucket); latencies NAN
					 * until its first interval */
	size_t		     nlive;
	struct dd_interval   live[SWEEP_LIVE_MAX];
	size_t		     nfinished;	/* may exceed SWEEP_FINISHED_MAX: the
					 * array holds the newest ones */
	struct sweep_summary finished[SWEEP_FINISHED_MAX];
	size_t		     nresults;	/* full results sweep_result_published
					 * may read (no preconditioning pass) */
	int		     status;
	char		     message[512];
};

struct sweep;

/* Create a sweep of plan on an open target (both must outlive it). */
int sweep_create(struct sweep **out, const struct dd_target *t,
		 const struct dd_plan *plan, struct dd_error *err);

/*
 * A sweep that is already over: state st (DONE, CANCELLED or FAILED) with
 * the n results given (heap, taken over: sweep_destroy frees them; the
 * array itself stays the caller's), in plan order, and their summaries
 * (NULL: sweep_summarize of each).  Its snapshot and result accessors serve
 * them exactly as a swept run's, so a stored run is shown like a live one.
 * temp_source may be NULL.  Never started: sweep_join returns st at once.
 */
int sweep_create_finished(struct sweep **out, const struct dd_target *t,
			  const struct dd_plan *plan, struct dd_result **results,
			  const struct sweep_summary *sums, size_t n, enum sweep_state st,
			  const char *temp_source, struct dd_error *err);

/* Start the sweep thread.  Signals should be blocked by the caller first. */
int sweep_start(struct sweep *s, struct dd_error *err);

/* Ask the sweep to stop; safe from any thread, returns at once. */
void sweep_cancel(struct sweep *s);

/* Wait for the sweep thread to end; returns the final state. */
enum sweep_state sweep_join(struct sweep *s);

/* An fd that is readable when a new snapshot has been published. */
int sweep_wake_fd(const struct sweep *s);

/* Consume the wake-up (read the eventfd); call after poll says readable. */
void sweep_ack(struct sweep *s);

/* Copy the latest snapshot; returns true when it is newer than last_gen. */
bool sweep_snapshot(struct sweep *s, struct sweep_snapshot *dst, uint64_t last_gen);

/* Full results of finished points (after sweep_join, or for the UI when
 * the state is not RUNNING).  Precondition results are not included. */
size_t sweep_nresults(const struct sweep *s);
const struct dd_result *sweep_result(const struct sweep *s, size_t i);
const struct sweep_summary *sweep_result_summary(const struct sweep *s, size_t i);

/* A full result while the sweep may still run: i below a snapshot's
 * nresults (written before that snapshot was published, never again). */
const struct dd_result *sweep_result_published(const struct sweep *s, size_t i);
const struct sweep_summary *sweep_summary_published(const struct sweep *s, size_t i);

/* Where the intervals' temperatures come from ("SMART log of nvme0"); ""
 * when the target has no sensor.  After sweep_join. */
const char *sweep_temp_source(const struct sweep *s);

/*
 * A plain hook the sweep thread calls around every plan point (never the
 * preconditioning pass), so a recorder can store points without the sweep
 * knowing of it (src/core/record.h): point_begin before the point's first
 * run (SMART can be read before it), point_done with the point's final
 * result (repeats and rounds folded in) before the point is published to
 * the snapshots.  Either may be NULL.  Sweep thread; they should not block
 * for long (one sqlite commit, one SMART log read).
 */
struct sweep_sink {
	void *arg;
	void (*point_begin)(void *arg, size_t index, const struct dd_point *p);
	void (*point_done)(void *arg, size_t index, const struct dd_result *r,
			   const struct sweep_summary *sum);
};

/* Set the sweep's sink (copied; NULL clears it); before sweep_start. */
void sweep_set_sink(struct sweep *s, const struct sweep_sink *sink);

/*
 * The watchdog: a stalled target is a failed point with a sentence, never a
 * hang.  A thread beside the sweep's looks once a second (tick) at the
 * running point; a completion is an interval whose I/O count grew.  The
 * point stalls when none came for sweep_watchdog_limit_s (from the last
 * one; from the point's start the allowance is three limits plus its ramp,
 * for setup, a fio server's layout and the ramp, which has no intervals).
 * The watchdog then fails the point with -ETIMEDOUT and a sentence naming
 * the point, the target (a fleet host's address) and the time, and stops
 * it through the cancel fd and the backend's cancel op; the sweep ends
 * FAILED with that sentence.  A point past its time with end_fsync is
 * flushing (no intervals, as long as the cache takes) and is not judged.
 */

/* How long a running point may go without a completion: the longest of
 * 10 s, 20 times the slowest latency seen in it (slowest_us; NAN none yet)
 * and twice a paced job's period (numjobs / rate). */
double sweep_watchdog_limit_s(const struct dd_point *p, double slowest_us);

/* Tests: the clock the watchdog reads (now_ns(arg), nanoseconds) and how
 * often it looks (tick_ms); before sweep_start. */
void sweep_set_watchdog_clock(struct sweep *s, uint64_t (*now_ns)(void *arg), void *arg,
			      unsigned tick_ms);

/* Free a sweep (joins it first if it still runs). */
void sweep_destroy(struct sweep *s);

/* Fill a summary from a result. */
void sweep_summarize(const struct dd_result *r, struct sweep_summary *out);

/* Fold runs of one point: DD_AGG_BEST keeps the run with the most IOPS,
 * DD_AGG_MEAN averages rates and mean latency into a copy of the last run. */
void sweep_aggregate(struct dd_result *const *runs, unsigned n,
		     enum dd_aggregate how, struct dd_result *out);

#endif
