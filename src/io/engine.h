/*
 * The I/O engine: runs one sweep point against one target with io_uring.
 *
 * A point is numjobs worker threads, each with its own ring, the target's fd
 * registered, its buffers registered, O_DIRECT, a fixed queue depth kept full
 * and completions reaped in batches.  Each I/O's latency (submission to
 * reap: fio's `lat`, not its completion-only `clat`) goes into the worker's
 * histogram and Welford accumulator.  The
 * calling thread is the collector: it steps the phases (ramp, measure, stop),
 * samples the workers' counters every interval, and fills the result.
 *
 * The engine knows nothing of curses, sqlite or JSON.  All structs here are
 * plain data.
 */
#ifndef DD_ENGINE_H
#define DD_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "io/intervals.h"
#include "io/target.h"
#include "lib/error.h"
#include "lib/histogram.h"
#include "point.h"

#define DD_POINT_NAME_MAX 64
#define DD_ZERO_SAMPLE_EVERY 64	/* reads per read buffer checked for zeroes */
#define DD_PROFILE_MAX	  48

/* A checkpoint template's expansion (DD_KIND_CHECKPOINT, pass 0). */
struct dd_ckpt {
	unsigned passes;	/* passes over the checkpoints; 0 = 3 */
	unsigned count;		/* checkpoints per pass; 0 = as many as fit the
				 * target (the reviews: proportional to capacity) */
	double	 size_pct;	/* one checkpoint (all ranks) as % of the target
				 * when bytes is 0; 0 with bytes 0 = the reviews'
				 * 1,636 GB per 7.68 TB (21.3 %) */
};

/*
 * How a worker waits for completions.  The default (zero) is DD_SPIN_OFF,
 * what fio does: spinning beat sleeping only sometimes on an idle machine
 * and lost badly under load (zram QD1 with two busy loops: 21.7k IOPS
 * spinning, 50.2k sleeping, 45.9k fio), so it is never on unasked.
 */
enum dd_spin {
	DD_SPIN_OFF = 0,	/* sleep in io_uring_enter until completions arrive */
	DD_SPIN_AUTO,		/* spin at low depth while the jobs leave a CPU
				 * measured idle (engine_point_spin_ns) */
	DD_SPIN_ON,		/* poll the ring, sleep only after spin_us */
};

/* The engine's automatic choices for one point on one target class. */
struct dd_engine_mode {
	bool	 force_async;	/* IOSQE_ASYNC on every request (fio force_async=1) */
	unsigned iowq_workers;	/* io-wq bound workers per job with force_async */
	unsigned batch;		/* completions waited for per reap (and submitted
				 * per call): fio's iodepth_batch_submit and
				 * iodepth_batch_complete_min */
};

#define DD_SPIN_DEFAULT_US 1000	/* the longest spin before a worker sleeps */
#define DD_SPIN_AUTO_MAX_QD 8	/* automatic spinning up to this queue depth */

/* One point of a sweep. */
struct dd_point {
	char		name[DD_POINT_NAME_MAX];	/* "4K randread QD32 x1" */
	enum dd_pattern pattern;
	unsigned	read_pct;	/* DD_RANDRW / DD_SEQRW: 0..100 */
	unsigned	bs;		/* bytes; multiple of the target's logical block */
	unsigned	iodepth;	/* per job */
	unsigned	numjobs;
	double		ramp_s;		/* run but do not record */
	double		runtime_s;	/* measured time; 0 with a byte budget */
	uint64_t	bytes;		/* byte budget over all jobs; 0 = time based */
	uint64_t	offset;		/* start of the region used, bytes */
	uint64_t	size;		/* length of the region; 0 = to the end */
	bool		iopoll;		/* ask for polled completions */
	unsigned	interval_ms;	/* live sample period; 0 = 200 */
	unsigned	batch;		/* completions to wait for per reap, as fio's
					 * iodepth_batch_complete_min; 0 = automatic
					 * (engine_point_batch) */
	enum dd_spin	spin;		/* completion wait: poll or sleep */
	unsigned	spin_us;	/* DD_SPIN_ON: longest spin; 0 = the default */
	/* Kinds beyond the FIO matrix (all zero for a plain point). */
	enum dd_kind	kind;
	double		rate_iops;	/* paced target over all jobs, I/Os per second,
					 * spread evenly (fio rate_iops); 0 = unpaced */
	double		rate_pct;	/* DD_KIND_CURVE_STEP: the target as % of the
					 * group's maximum; the sweep resolves it into
					 * rate_iops before the point runs */
	unsigned	region_pct;	/* 1..100: the region is this share of the
					 * target from offset (resolved when the point
					 * runs, as size 0 is); 0 = size as given */
	bool		end_fsync;	/* flush the target after the last write; the
					 * flush is timed into elapsed_s (fio end_fsync) */
	unsigned	group;		/* the curve or checkpoint series the point is
					 * part of, 1.. in plan order; 0 = none */
	unsigned	pass, seq;	/* checkpoint: pass 1.. and checkpoint 1.. in it;
					 * curve step: seq = step 1.. */
	struct dd_ckpt	ckpt;		/* checkpoint template (pass 0) only */
	char		profile[DD_PROFILE_MAX];	/* the reviews' workload it
					 * reproduces, as the specs database's
					 * measurement.workload spells it ("4K random
					 * read", "checkpoint"); "" none */
};

struct dd_backend_ops;

/* Latency summary (microseconds): submission to completion, fio's `lat`. */
struct dd_latency {
	uint64_t n;
	double	 min_us, max_us, mean_us, stdev_us;
	double	 pct_us[HIST_NPCTS];	/* at hist_default_pcts */
};

/* What one point measured. */
struct dd_result {
	struct dd_point	   point;
	int		   status;	/* 0, or negative errno of the failure */
	char		   message[512];/* why it stopped, or a note (fallback) */
	bool		   cancelled;	/* stopped by the user */
	bool		   iopoll_used;	/* polled completions were in effect */
	bool		   iopoll_fallback; /* asked for, unsupported, fell back */
	bool		   spin_used;	/* workers polled the ring for completions */
	bool		   iowq;	/* the target's I/O ran in io-wq workers */
	bool		   force_async;	/* requests carried IOSQE_ASYNC */
	enum dd_target_class tclass;	/* the class the choices were made for */
	double		   idle_cpus;	/* spin=auto: CPUs measured idle before the
					 * point; NAN when not measured */
	unsigned	   batch;	/* completions waited for per reap */
	double		   elapsed_s;	/* measured phase */
	uint64_t	   ios, bytes, read_ios, write_ios, read_bytes, write_bytes;
	double		   iops, mbps;	/* decimal MB/s */
	uint64_t	   zero_sampled;	/* measured reads whose buffer was
						 * looked at (one in
						 * DD_ZERO_SAMPLE_EVERY, the first
						 * always); 0: none or not counted
						 * (a remote backend) */
	uint64_t	   zero_found;		/* ... of them all zeroes: reads of
						 * never-written space */
	struct dd_latency  lat;		/* all I/Os, submission to completion */
	struct dd_latency  read_lat, write_lat;
	double		   cpu_user_s, cpu_sys_s;	/* worker threads, measured phase */
	double		   cpu_us_per_io;		/* worker threads */
	double		   proc_user_s, proc_sys_s;	/* whole process, measured phase:
							 * includes kernel io-wq workers */
	double		   proc_us_per_io;
	struct histogram   hist;	/* all I/Os, ns */
	struct histogram   read_hist, write_hist;	/* per direction, ns */
	double		   flush_s;	/* end_fsync: the flush's share of elapsed_s */
	double		   rate_spread;	/* paced points: coefficient of variation of
					 * the interval IOPS (even pacing: small);
					 * NAN unpaced */
	double		   rate_held_pct;	/* paced: % of the measured phase a job's
						 * schedule slipped because the device held
						 * its queue full (the device's limit, not
						 * the limiter's); NAN unpaced */
	double		   rate_late_pct;	/* paced: % dropped because a job woke
						 * too late to catch up (not scheduled on
						 * time); NAN unpaced */
	size_t		   nintervals;
	struct dd_interval intervals[DD_INTERVALS_MAX];
};

/* Callbacks from the collector (the thread that called engine_run). */
struct dd_engine_hooks {
	void *arg;
	/* After each interval of the measured phase; may be NULL. */
	void (*interval)(void *arg, const struct dd_result *partial,
			 const struct dd_interval *iv, double progress);
	/* The target's temperature in degrees C, read by the collector at most
	 * once a second into the intervals; false or NULL: none. */
	bool (*temperature)(void *arg, double *celsius);
	/* An fd that becomes readable when the point must stop (cancel);
	 * -1 for none.  The engine never reads it. */
	int cancel_fd;
	/* Debug/test: record the first n offsets each job submits. */
	uint64_t *trace;	/* numjobs * trace_n entries, or NULL */
	size_t	  trace_n;
};

/* Check a point against a target (alignment, sizes, limits). */
int engine_point_check(const struct dd_point *p, const struct dd_target *t,
		       struct dd_error *err);

/* Tests: how long a point waits for its jobs after it ended before a job
 * whose I/O never completes is left behind (default 30 s; <= 0 restores
 * it). */
void engine_set_drain_max(double s);

/*
 * Run one point.  Fills *res (which is large: allocate it) and returns 0, or
 * a negative errno with err set when the point could not run or stopped on
 * an I/O error; res->status and res->message say the same.
 */
int engine_run(const struct dd_target *t, const struct dd_point *p,
	       const struct dd_engine_hooks *hooks, struct dd_result *res,
	       struct dd_error *err);

/*
 * The completion batch a point runs with: its own, or the automatic one,
 * which depends on whether one io-wq worker per job runs the target's I/O.
 */
unsigned engine_point_batch(const struct dd_point *p, bool serial_iowq);

/*
 * How long a worker of this point polls for completions before it sleeps,
 * in ns (0: it sleeps at once), given the number of CPUs measured idle
 * (hostinfo_cpus_idle; < 0: unknown).  spin=auto spins up to queue depth
 * DD_SPIN_AUTO_MAX_QD while idle CPUs outnumber the jobs (one left to the
 * kernel).
 */
uint64_t engine_point_spin_ns(const struct dd_point *p, long idle_cpus);

/*
 * The region a point uses on a target of target_size bytes: size when set,
 * else region_pct % of the target from offset (at most to its end), else
 * the rest of the target from offset; aligned down to bs.
 */
uint64_t engine_point_region(const struct dd_point *p, uint64_t target_size);

/*
 * The pacing rules of a paced point (rate_iops), each job on a schedule
 * t0 + k * period.  engine_rate_next: after the I/O due at `due` was issued
 * at `now`, the next one's due time; a job that woke late catches up, but
 * the schedule never lags the clock by more than slack_ns.
 * engine_rate_held: a job whose queue was full from full_since to now was
 * held back by the device; its schedule slips by that wait beyond slack_ns
 * instead of catching up later in a burst (a saturated device: the 110 %
 * step runs at what the device gives).
 */
uint64_t engine_rate_next(uint64_t due, uint64_t now, uint64_t period_ns, uint64_t slack_ns);
uint64_t engine_rate_held(uint64_t due, uint64_t full_since, uint64_t now, uint64_t slack_ns);

/* May a paced job issue, at now, the I/O due at due: every I/O due, and
 * every one due within window_ns (never more than window_ns ahead of the
 * schedule). */
bool engine_rate_ready(uint64_t due, uint64_t now, uint64_t window_ns);

/*
 * The engine's automatic choices for point p on a target of class c with
 * ncpus online CPUs: IOSQE_ASYNC only on bio-based devices (zram) while
 * the jobs leave two CPUs each (measured there; on a tmpfs file it cost
 * 30-44%), and the completion batch.  One rule for a run and --print-fio.
 */
void engine_point_mode(const struct dd_point *p, enum dd_target_class c, long ncpus,
		       struct dd_engine_mode *out);

#endif
