/*
 * The engine's rules for one point, apart from running it: the region it
 * uses, its completion batch, how long its workers spin, the automatic
 * choices for a target class (one rule for a run and --print-fio), and the
 * check of a point against a target (alignment, sizes, limits, and the
 * memory its jobs take against what this process may use and lock).
 * Pure rules on struct dd_point and struct dd_target; no I/O.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/uio.h>

#include "engine-int.h"
#include "hostinfo.h"
#include "lib/memlimit.h"

/* The region a point uses on a target of target_size bytes: size, else
 * region_pct of the target from offset (up to its end), else the rest of
 * the target; aligned down to bs (a multiple of the logical block). */
uint64_t
engine_point_region(const struct dd_point *p, uint64_t target_size)
{
	uint64_t left = target_size > p->offset ? target_size - p->offset : 0, r;

	if (p->size != 0)
		return p->size;
	if (p->region_pct == 0)
		return left;
	r = target_size / 100 * p->region_pct + target_size % 100 * p->region_pct / 100;
	if (r > left)
		r = left;
	return p->bs ? r / p->bs * p->bs : r;
}

/*
 * The completion batch.  Waiting for one completion per system call makes
 * every completion a wake-up of the submitting thread; where the kernel
 * completes I/O in io-wq workers (zram, loop, files) that wake-up costs as
 * much CPU as the I/O.  Waiting for a quarter of the queue keeps the device
 * at 75-100% of the nominal depth while cutting wake-ups by that factor.
 * Where one io-wq worker per job runs the requests one after the other, the
 * queue stays deep enough with three quarters of it in flight, and waking
 * the job a third as often leaves the CPU to the worker (zram QD32 x2 on 2
 * CPUs: +10%).
 */
unsigned
engine_point_batch(const struct dd_point *p, bool serial_iowq)
{
	unsigned b = p->batch ? p->batch
		   : serial_iowq && p->iodepth >= 4 ? p->iodepth * 3 / 4 : p->iodepth / 4;

	if (b < 1)
		b = 1;
	return b < p->iodepth ? b : p->iodepth;
}

/* How long a worker polls for completions before it sleeps. */
uint64_t
engine_point_spin_ns(const struct dd_point *p, long idle_cpus)
{
	uint64_t us = p->spin_us ? p->spin_us : DD_SPIN_DEFAULT_US;

	switch (p->spin) {
	case DD_SPIN_OFF:
		return 0;
	case DD_SPIN_ON:
		return us * 1000;
	case DD_SPIN_AUTO:
		break;
	}
	/*
	 * Deeper queues complete often enough that a sleeping job wakes
	 * with work to do, and spinning there only burns the CPU that io-wq
	 * or the device's completion path would use (zram QD32: -40% IOPS).
	 */
	if (p->iodepth > DD_SPIN_AUTO_MAX_QD)
		return 0;
	return idle_cpus > 0 && p->numjobs < (unsigned long)idle_cpus ? us * 1000 : 0;
}

/*
 * The automatic choices.  io_uring runs every request to a bio-based device
 * such as zram in io-wq, and io-wq adds a worker only when the running ones
 * block, which zram's never do: one worker per job.  While the jobs leave
 * two CPUs each, IOSQE_ASYNC marks the requests concurrent and spreads them
 * over the job's share (measured a gain there); with less, more workers
 * would only take turns, and the batch rule for one serial worker applies.
 * Everywhere else (blk-mq devices, files: a tmpfs file lost 30% at 4K QD32
 * and 44% at 4K random write with it) requests go as fio sends them.
 */
void
engine_point_mode(const struct dd_point *p, enum dd_target_class c, long ncpus,
		  struct dd_engine_mode *out)
{
	unsigned share = ncpus > 0 ? (unsigned)ncpus / p->numjobs : 1;

	memset(out, 0, sizeof *out);
	if (c == DD_TCLASS_BLK_BIO && !p->iopoll && share >= 2) {
		out->force_async = true;
		out->iowq_workers = share;
	}
	out->batch = engine_point_batch(p, c == DD_TCLASS_BLK_BIO && !p->iopoll &&
						   !out->force_async);
	/* A paced job wakes for every completion (or its next due time): a
	 * batch would hold completed I/Os back and add to their latency. */
	if (p->rate_iops > 0)
		out->batch = 1;
}

/* bytes in binary units, one decimal ("16.0 GiB", "4 KiB"), into buf. */
static const char *
engine_fmt_bytes(uint64_t bytes, char *buf, size_t len)
{
	static const char *const units[] = { "bytes", "KiB", "MiB", "GiB", "TiB", "PiB" };
	double			 v = (double)bytes;
	unsigned		 u = 0;

	while (v >= 1024 && u + 1 < sizeof units / sizeof units[0]) {
		v /= 1024;
		u++;
	}
	if (u == 0 || v == (double)(uint64_t)v)
		snprintf(buf, len, "%.0f %s", v, units[u]);
	else
		snprintf(buf, len, "%.1f %s", v, units[u]);
	return buf;
}

/*
 * Can the buffers be registered?  io_uring charges registered buffers to
 * RLIMIT_MEMLOCK unless the process has CAP_IPC_LOCK; past the limit the
 * registration fails and the point would run slower on plain buffers than
 * its figures claim, so it is refused instead, naming the limit.
 */
static int
engine_point_check_memlock(const struct dd_point *p, uint64_t bufs, struct dd_error *err)
{
	struct rlimit rl;
	char	      a[32], b[32], c[32];

	if (getrlimit(RLIMIT_MEMLOCK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
	    bufs <= rl.rlim_cur || hostinfo_has_ipc_lock())
		return 0;
	return dd_error_set(err, -ENOMEM, "the point registers %s of I/O buffers (%u x %s x %u "
			    "job%s) with io_uring, over this process's locked-memory limit of %s "
			    "(RLIMIT_MEMLOCK): raise it (ulimit -l, or LimitMEMLOCK= for a "
			    "service), run as root, or lower qd, bs or jobs",
			    engine_fmt_bytes(bufs, a, sizeof a), p->iodepth,
			    engine_fmt_bytes(p->bs, b, sizeof b), p->numjobs,
			    p->numjobs == 1 ? "" : "s",
			    engine_fmt_bytes((uint64_t)rl.rlim_cur, c, sizeof c));
}

/* Where the memory figure comes from, for the sentence: "the memory cgroup
 * /a/b allows 512 MiB, 300 MiB of it free (MemAvailable 23 GiB)". */
static void
engine_mem_source(const struct memlimit *m, char *buf, size_t len)
{
	char a[32], b[32], c[32];

	if (m->cg_version != 0 && (m->mem_available == 0 || m->cg_room < m->mem_available))
		snprintf(buf, len, "the memory cgroup %s (v%d) allows %s, %s of it free "
			 "(MemAvailable %s)", m->cg_path, m->cg_version,
			 engine_fmt_bytes(m->cg_limit, a, sizeof a),
			 engine_fmt_bytes(m->cg_room, b, sizeof b),
			 engine_fmt_bytes(m->mem_available, c, sizeof c));
	else
		snprintf(buf, len, "MemAvailable is %s", engine_fmt_bytes(m->mem_available, a,
									  sizeof a));
}

/*
 * Will the point's memory fit?  Every job holds iodepth buffers of bs bytes
 * (twice that for mixed patterns), its ring (64-byte SQEs, twice as many
 * 16-byte CQEs), per-slot arrays, its two histograms and a touched stack.
 * Refused before any I/O when that is over what this process may use
 * (lib/memlimit.h: three quarters of the smaller of MemAvailable and the
 * memory cgroup's room), or when the buffers are over what the process may
 * lock (engine_point_check_memlock).
 */
static int
engine_point_check_memory(const struct dd_point *p, struct dd_error *err)
{
	bool		mixed = dd_pattern_mixed(p->pattern);
	uint64_t	nbufs = (uint64_t)p->iodepth * (mixed ? 2 : 1);
	uint64_t	bufs = nbufs * p->bs * p->numjobs;
	uint64_t	per_job = sizeof(struct worker) + 64 * 1024 +
			   (uint64_t)p->iodepth * (64 + 4 + 2 * 16 + 2 * 8 + 2 + sizeof(unsigned)) +
			   nbufs * sizeof(struct iovec);
	uint64_t	need = bufs + per_job * p->numjobs;
	struct memlimit m;
	char		a[32], b[32], c[32], d[32], src[512];

	memlimit_read(&m);
	if (m.usable == 0 || need <= m.usable)
		return engine_point_check_memlock(p, bufs, err);
	engine_mem_source(&m, src, sizeof src);
	return dd_error_set(err, -ENOMEM, "the point needs %s of I/O buffers (%s%u x %s x %u "
			    "job%s) and %s more for rings and histograms; drivedash uses at most "
			    "%s of the memory it may have, %s: %s; lower qd, bs or jobs",
			    engine_fmt_bytes(bufs, a, sizeof a), mixed ? "2 x " : "", p->iodepth,
			    engine_fmt_bytes(p->bs, b, sizeof b), p->numjobs,
			    p->numjobs == 1 ? "" : "s",
			    engine_fmt_bytes(need - bufs, c, sizeof c), MEMLIMIT_SHARE_TEXT,
			    engine_fmt_bytes(m.usable, d, sizeof d), src);
}

/* Check a point against a target. */
int
engine_point_check(const struct dd_point *p, const struct dd_target *t,
		   struct dd_error *err)
{
	uint64_t region;

	if (p->bs == 0 || p->bs % t->lbs != 0)
		return dd_error_set(err, -EINVAL,
				    "block size %u is not a multiple of %s's logical block size %u",
				    p->bs, t->path, t->lbs);
	if (p->iodepth == 0 || p->iodepth > 4096)
		return dd_error_set(err, -EINVAL, "iodepth %u is outside 1..4096", p->iodepth);
	if (p->numjobs == 0 || p->numjobs > 1024)
		return dd_error_set(err, -EINVAL, "numjobs %u is outside 1..1024", p->numjobs);
	if (p->offset % t->lbs != 0)
		return dd_error_set(err, -EINVAL,
				    "offset %" PRIu64 " is not aligned to %u bytes",
				    p->offset, t->lbs);
	if (p->offset >= t->size)
		return dd_error_set(err, -EINVAL,
				    "offset %" PRIu64 " is beyond the end of %s (%" PRIu64 " bytes)",
				    p->offset, t->path, t->size);
	if (p->region_pct > 100)
		return dd_error_set(err, -EINVAL, "region %u%% is over 100%% of the target",
				    p->region_pct);
	if (p->region_pct != 0 && p->size != 0)
		return dd_error_set(err, -EINVAL, "a point takes a region share (region=%u%%) "
				    "or a range, not both", p->region_pct);
	if (!(p->rate_iops >= 0) || !isfinite(p->rate_iops))
		return dd_error_set(err, -EINVAL, "a point's rate must be a finite number of "
				    "I/Os per second, 0 or more");
	if (p->rate_iops > 0 && p->rate_iops / p->numjobs < 1e-3)
		return dd_error_set(err, -EINVAL, "a rate of %g IOPS over %u jobs is under one "
				    "I/O per 1000 s per job", p->rate_iops, p->numjobs);
	region = engine_point_region(p, t->size);
	if (p->offset + region > t->size)
		return dd_error_set(err, -EINVAL,
				    "region %" PRIu64 "+%" PRIu64 " runs past the end of %s (%" PRIu64 " bytes)",
				    p->offset, region, t->path, t->size);
	if (region / p->numjobs < p->bs)
		return dd_error_set(err, -EINVAL,
				    "%s is too small: %" PRIu64 " bytes for %u jobs of %u-byte blocks",
				    t->path, region, p->numjobs, p->bs);
	if (dd_pattern_writes(p->pattern) && !t->writable)
		return dd_error_set(err, -EACCES, "%s is open read-only; this point writes",
				    t->path);
	if (p->bytes == 0 && !(p->runtime_s > 0))
		return dd_error_set(err, -EINVAL, "a point needs a runtime or a byte budget");
	if (!isfinite(p->runtime_s) || !isfinite(p->ramp_s) || p->ramp_s < 0)
		return dd_error_set(err, -EINVAL, "a point's runtime and ramp must be finite "
				    "times of 0 seconds or more");
	if (p->read_pct > 100)
		return dd_error_set(err, -EINVAL, "read percentage %u is over 100", p->read_pct);
	if (p->batch > p->iodepth)
		return dd_error_set(err, -EINVAL, "batch %u is larger than the iodepth %u",
				    p->batch, p->iodepth);
	return engine_point_check_memory(p, err);
}
