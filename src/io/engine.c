/*
 * The io_uring engine.
 *
 * Data model: a run has one collector (the calling thread) and numjobs
 * workers.  Each worker owns a ring, a slot array of iodepth buffers
 * (twice that for mixed patterns: reads never overwrite write data), and its
 * statistics.  Slots are the unit of work: a slot is prepared, submitted,
 * completed, measured and prepared again, so exactly iodepth I/Os are in
 * flight until the phase says stop.
 *
 * Phases (shared, one atomic int): RAMP (issue, do not record), MEASURE
 * (issue and record), STOP (issue nothing, drain, exit).  Workers read the
 * phase once per reap batch.  Counters and histograms are written by their
 * worker only and read by the collector with relaxed atomic loads, so the
 * hot path has no locks and no read-modify-write instructions.
 *
 * Latency is submission to reap: one clock read before each submit call
 * stamps every slot it submits, one read after each wait stamps every
 * completion it reaps.  That is fio's `lat` (submission to completion),
 * not its `clat` (completion only, from the end of the submit call): at
 * queue depth 1 it is exact per I/O; at depth it is fio's lat minus fio's
 * per-I/O overhead.
 *
 * Automatic choices (engine_point_mode, engine_point_spin_ns) are on only
 * where they were measured not to lose against fio's defaults on that
 * target class, and the result records each one (spin_used, force_async,
 * io_wq, batch), so --print-fio can write the twin job.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <liburing.h>

#include "backend.h"
#include "engine.h"
#include "lib/clock.h"
#include "lib/file.h"
#include "lib/memlimit.h"
#include "lib/signals.h"

/* How much longer than asked a time-based point measures when no I/O has
 * completed yet (engine_run): a starved start, not the device, is why. */
#define ENGINE_EMPTY_MAX_S 2.0

/* Pacing (engine_rate_next, engine_rate_held): the most a paced job that
 * woke late catches up (a quarter of the default interval), and the least
 * time its I/O may wait for a free slot before its schedule slips
 * (completion jitter on a busy machine, not a saturated device; at most a
 * twentieth of the default interval comes back at once when it recovers). */
#define ENGINE_RATE_CATCHUP_NS 50000000ull
#define ENGINE_RATE_SLACK_NS   10000000ull

/* Pacing (engine_rate_ready): how far ahead of its schedule a paced job
 * may issue rather than sleep for the rest.  A timed sleep and its wake-up
 * cost a few microseconds of CPU each, as much as the I/O itself: a job
 * sleeping to the nanosecond for every due time (80K IOPS per job: a wake
 * every 12 us, besides the completions') spent 60 % more CPU per I/O than
 * fio; issuing only one early I/O per wake-up still cost 35 % more on a
 * loop device.  So a job issues every I/O due within the window at once:
 * it runs at most 50 us ahead of t0 + k * period (a few I/Os together at
 * high rates, never more than the window's worth), and the rate over any
 * sample interval is the schedule's. */
#define ENGINE_RATE_WINDOW_NS  50000ull

/* Pacing (worker_paced_wait): the longest a paced job sleeps for its next
 * due time before it looks at the phase again.  At a low rate the next I/O
 * may be due long after the point's end (rate=0.02: every 50 s), and the
 * point ends at its time, or at a cancel, not at its next I/O: a tenth of
 * the default interval, one wake-up more per 20 ms only when nothing is due. */
#define ENGINE_RATE_TICK_NS    20000000ull

/* How long the workers may take to drain after the stop (engine_join): an
 * I/O the device has not completed by then is one it never will (a stalled
 * device, a lost request), and its job is left behind rather than hang the
 * sweep; a slow device's deepest queue drains in a few seconds. */
#define ENGINE_DRAIN_MAX_S 30.0

enum {
	PHASE_SETUP,
	PHASE_RAMP,
	PHASE_MEASURE,
	PHASE_STOP,
};

/* Counters a worker publishes once per reap batch. */
struct worker_counters {
	uint64_t ios, bytes, read_ios, write_ios, read_bytes, write_bytes;
	uint64_t lat_sum_ns;
};

/* State all workers of a run share. */
struct engine_shared {
	const struct dd_target *t;
	const struct dd_point  *p;
	int			phase;		/* atomic */
	int			failed;		/* atomic: first error wins */
	int			done_fd;	/* eventfd: +1 per worker that left */
	int			ready_fd;	/* eventfd: +1 per worker set up */
	pthread_mutex_t		lock;		/* guards ready and the gate */
	pthread_cond_t		cond;
	unsigned		ready;		/* workers set up (or failed to) */
	bool			open;		/* collector opened the gate */
	uint64_t		budget_blocks;	/* whole point, in bs units; 0 = time based */
	long			idle_cpus;	/* spin=auto: measured idle CPUs; -1 unknown */
	struct dd_point		point;		/* p: a copy, which a job left behind
						 * (engine_join) may read after the run */
};

struct worker {
	pthread_t	       thread;
	unsigned	       id;
	int		       exited;		/* atomic: left, done_fd written */
	struct engine_shared  *sh;
	struct io_uring	       ring;
	bool		       ring_ok;
	bool		       fixed_bufs;	/* registered buffers in use */
	bool		       iopoll;		/* ring set up with IOPOLL */
	bool		       iopoll_fallback;
	bool		       iowq;		/* the target's I/O runs in io-wq workers */
	unsigned char	       sqe_flags;	/* IOSQE_FIXED_FILE, IOSQE_ASYNC with iowq */

	/* Slots. */
	unsigned	       nslots;
	unsigned char	      *mem;		/* nbufs * bs, aligned */
	unsigned	       nbufs;
	uint64_t	      *submit_ns;
	uint64_t	      *slot_off;
	unsigned char	      *slot_write;
	unsigned	      *pend;		/* slots prepared since the last submit */
	unsigned	       npend;
	unsigned	      *idle;		/* paced: slots not in flight (a stack) */
	unsigned	       nidle;
	uint64_t	       full_since;	/* paced: when the last free slot went */

	/* Offsets. */
	uint64_t	       lo, nblocks;	/* region start, length in bs units */
	uint64_t	       seq_next;	/* next block, sequential */
	uint64_t	       rng[4];		/* xoshiro256** state */
	uint64_t	       stamp_seq;

	/* Budget (byte-budget points): blocks this job may still submit. */
	uint64_t	       budget_left;
	unsigned char	      *slot_counted;	/* submitted under the budget */

	/* Statistics: written by this worker, read by the collector. */
	struct worker_counters pub;		/* atomic stores/loads */
	struct histogram       hist_r, hist_w;
	struct welford	       wf_r, wf_w;	/* read after join only */
	uint64_t	       zero_sampled;	/* read buffers looked at (one in
						 * DD_ZERO_SAMPLE_EVERY); after join */
	uint64_t	       zero_found;	/* ... of them all zeroes */
	struct rusage	       ru0, ru1;
	bool		       measured;	/* saw MEASURE */
	bool		       have_ru1;
	unsigned	       wait_nr;	/* completions to wait for per loop */
	uint64_t	       spin_ns;	/* poll for completions this long, then sleep */

	/* Outcome. */
	int		       error;
	uint64_t	       error_off;
	char		       error_what[96];
	size_t		       ntrace;
	uint64_t	      *trace;
	size_t		       trace_n;
};

/* xoshiro256**: fast, good enough for offsets and buffer contents. */
static inline uint64_t
rng_next(uint64_t *s)
{
	uint64_t r = s[1] * 5, t = s[1] << 17;

	r = ((r << 7) | (r >> 57)) * 9;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return r;
}

/* Seed a generator from a 64-bit value (splitmix64). */
static void
rng_seed(uint64_t *s, uint64_t seed)
{
	for (int i = 0; i < 4; i++) {
		uint64_t z = (seed += 0x9e3779b97f4a7c15ull);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		s[i] = z ^ (z >> 31);
	}
}

/* Uniform integer in [0, n) without division (Lemire). */
static inline uint64_t
rng_below(uint64_t *s, uint64_t n)
{
	return (uint64_t)(((unsigned __int128)rng_next(s) * n) >> 64);
}

/* Buffer of slot i for reads or writes. */
static inline unsigned char *
slot_buf(const struct worker *w, unsigned slot, bool write)
{
	unsigned idx = slot;

	if (w->nbufs > w->nslots && write)
		idx += w->nslots;
	return w->mem + (size_t)idx * w->sh->p->bs;
}

/*
 * Look at one completed read buffer in DD_ZERO_SAMPLE_EVERY (the first read
 * always): is it all zeroes, as reads of never-written space come back?
 * Written data (random, stamped) fails the test on its first word, so the
 * cost is one word per sample unless the drive returned zeroes.
 */
static inline void
worker_sample_zero(struct worker *w, const unsigned char *buf, uint64_t nread)
{
	unsigned bs = w->sh->p->bs;
	unsigned o = 0;

	if (nread % DD_ZERO_SAMPLE_EVERY != 0)
		return;
	w->zero_sampled++;
	while (o + 8 <= bs) {
		uint64_t v;

		memcpy(&v, buf + o, sizeof v);
		if (v != 0)
			return;
		o += 8;
	}
	w->zero_found++;
}

/* Index of the registered buffer of slot i. */
static inline unsigned
slot_buf_index(const struct worker *w, unsigned slot, bool write)
{
	return (w->nbufs > w->nslots && write) ? slot + w->nslots : slot;
}

/*
 * Refresh a write buffer cheaply before each write.  The buffer is random
 * from setup; every 512 bytes get a fresh random word, so no sector is ever
 * written twice with the same contents (dedup and compression cannot
 * shortcut it), and the first 16 bytes of every 4 KiB carry the block's
 * absolute offset and a sequence number, so tests can check where data
 * landed.  Cost: bs/512 stores, a few ns per 4 KiB.
 */
static inline void
stamp_write(struct worker *w, unsigned char *buf, uint64_t off)
{
	unsigned bs = w->sh->p->bs;

	for (unsigned o = 0; o < bs; o += 512) {
		uint64_t r = rng_next(w->rng);

		if ((o & 4095) == 0) {
			uint64_t hdr[2] = { off + o, ++w->stamp_seq };

			memcpy(buf + o, hdr, sizeof hdr);
			memcpy(buf + o + 16, &r, sizeof r);
		} else {
			memcpy(buf + o, &r, sizeof r);
		}
	}
}

/* Choose the next offset and direction for a slot. */
static inline uint64_t
next_offset(struct worker *w, bool *write)
{
	const struct dd_point *p = w->sh->p;
	uint64_t	       blk;

	switch (p->pattern) {
	case DD_READ:
		*write = false;
		break;
	case DD_WRITE:
		*write = true;
		break;
	case DD_RANDREAD:
		*write = false;
		break;
	case DD_RANDWRITE:
		*write = true;
		break;
	default:
		*write = rng_below(w->rng, 100) >= p->read_pct;
		break;
	}
	if (dd_pattern_random(p->pattern)) {
		blk = rng_below(w->rng, w->nblocks);
	} else {
		blk = w->seq_next++;
		if (w->seq_next >= w->nblocks)
			w->seq_next = 0;
	}
	return w->lo + blk * p->bs;
}

/*
 * Prepare the SQE of one slot; false when the ring has no free SQE or the
 * job's byte budget is spent.  measuring: the phase is MEASURE.
 */
static inline bool
slot_prep(struct worker *w, unsigned slot, bool measuring)
{
	const struct dd_point *p = w->sh->p;
	struct io_uring_sqe   *sqe;
	bool		       write;
	uint64_t	       off;
	unsigned char	      *buf;

	if (w->sh->budget_blocks && measuring && w->budget_left == 0)
		return false;
	sqe = io_uring_get_sqe(&w->ring);
	if (sqe == NULL)
		return false;
	if (w->sh->budget_blocks) {
		w->slot_counted[slot] = measuring;
		if (measuring)
			w->budget_left--;
	}
	off = next_offset(w, &write);
	buf = slot_buf(w, slot, write);
	if (write)
		stamp_write(w, buf, off);
	if (w->fixed_bufs) {
		if (write)
			io_uring_prep_write_fixed(sqe, 0, buf, p->bs, off,
						  (int)slot_buf_index(w, slot, write));
		else
			io_uring_prep_read_fixed(sqe, 0, buf, p->bs, off,
						 (int)slot_buf_index(w, slot, write));
	} else if (write) {
		io_uring_prep_write(sqe, 0, buf, p->bs, off);
	} else {
		io_uring_prep_read(sqe, 0, buf, p->bs, off);
	}
	sqe->flags |= w->sqe_flags;
	io_uring_sqe_set_data64(sqe, slot);
	w->slot_off[slot] = off;
	w->slot_write[slot] = write;
	w->pend[w->npend++] = slot;
	if (w->trace != NULL && w->ntrace < w->trace_n)
		w->trace[w->ntrace++] = off;
	return true;
}

/* Record the worker's first error and tell the other workers to stop. */
static void
worker_fail(struct worker *w, int error, uint64_t off, const char *what)
{
	if (w->error == 0) {
		w->error = error;
		w->error_off = off;
		snprintf(w->error_what, sizeof w->error_what, "%s", what);
	}
	__atomic_store_n(&w->sh->failed, 1, __ATOMIC_RELEASE);
}

/* Set up the ring, optionally with IOPOLL; fall back to plain flags. */
static int
worker_ring_init(struct worker *w, bool iopoll)
{
	struct io_uring_params par;
	unsigned	       entries = w->nslots;
	int		       ret;

	memset(&par, 0, sizeof par);
	par.flags = IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN;
	if (iopoll)
		par.flags |= IORING_SETUP_IOPOLL;
	par.flags |= IORING_SETUP_CQSIZE;
	par.cq_entries = entries * 2;
	ret = io_uring_queue_init_params(entries, &w->ring, &par);
	if (ret == -EINVAL) {
		/* Older kernel: no DEFER_TASKRUN / SINGLE_ISSUER. */
		memset(&par, 0, sizeof par);
		if (iopoll)
			par.flags |= IORING_SETUP_IOPOLL;
		ret = io_uring_queue_init_params(entries, &w->ring, &par);
	}
	if (ret < 0)
		return ret;
	w->ring_ok = true;
	w->iopoll = iopoll;
	io_uring_register_ring_fd(&w->ring);	/* an optimisation only */
	ret = io_uring_register_files(&w->ring, &w->sh->t->fd, 1);
	if (ret < 0)
		return ret;
	return 0;
}

/* Register the slot buffers; fall back to unregistered buffers. */
static void
worker_register_buffers(struct worker *w)
{
	struct iovec *iov = calloc(w->nbufs, sizeof *iov);

	w->fixed_bufs = false;
	if (iov == NULL)
		return;
	for (unsigned i = 0; i < w->nbufs; i++) {
		iov[i].iov_base = w->mem + (size_t)i * w->sh->p->bs;
		iov[i].iov_len = w->sh->p->bs;
	}
	w->fixed_bufs = io_uring_register_buffers(&w->ring, iov, w->nbufs) == 0;
	free(iov);
}

/*
 * Probe one read at the start of the region.  It checks that the target
 * answers at all, and whether polled completions work: zram, loop devices
 * and files give -EOPNOTSUPP per I/O under IOPOLL.
 */
static int
worker_probe(struct worker *w)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(&w->ring);
	struct io_uring_cqe *cqe;
	int		     ret;

	if (sqe == NULL)
		return -EBUSY;
	if (w->fixed_bufs)
		io_uring_prep_read_fixed(sqe, 0, w->mem, w->sh->p->bs, w->lo, 0);
	else
		io_uring_prep_read(sqe, 0, w->mem, w->sh->p->bs, w->lo);
	sqe->flags |= IOSQE_FIXED_FILE;
	io_uring_sqe_set_data64(sqe, UINT64_MAX);
	ret = io_uring_submit_and_wait(&w->ring, 1);
	if (ret < 0)
		return ret;
	ret = io_uring_peek_cqe(&w->ring, &cqe);
	if (ret < 0)
		return ret;
	ret = cqe->res;
	io_uring_cqe_seen(&w->ring, cqe);
	return ret < 0 ? ret : 0;
}

/*
 * Did this thread's last request run in an io-wq worker?  io_uring names its
 * workers "iou-wrk-<tid of the submitting thread>" and starts the first one
 * when the first request is handed over, so after the probe read a worker of
 * ours exists exactly when the target could not complete it inline.
 */
static bool
worker_has_iowq(void)
{
	char	       want[32], path[300], comm[32];
	DIR	      *d = opendir("/proc/self/task");
	struct dirent *e;
	bool	       found = false;

	if (d == NULL)
		return false;
	snprintf(want, sizeof want, "iou-wrk-%ld", (long)gettid());
	while (!found && (e = readdir(d)) != NULL) {
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
		f = fopen(path, "re");
		if (f == NULL)
			continue;
		if (fgets(comm, sizeof comm, f) != NULL) {
			comm[strcspn(comm, "\n")] = '\0';
			found = strcmp(comm, want) == 0;
		}
		fclose(f);
	}
	closedir(d);
	return found;
}

/* Allocate slots and buffers, set up the ring, probe the target. */
static int
worker_setup(struct worker *w)
{
	const struct dd_point  *p = w->sh->p;
	const struct dd_target *t = w->sh->t;
	uint64_t		region, start, len;
	bool			mixed = dd_pattern_mixed(p->pattern);
	int			ret;

	w->nslots = p->iodepth;
	w->nbufs = mixed ? 2 * p->iodepth : p->iodepth;
	if (posix_memalign((void **)&w->mem, 4096, (size_t)w->nbufs * p->bs) != 0)
		return -ENOMEM;
	w->submit_ns = calloc(w->nslots, sizeof *w->submit_ns);
	w->slot_off = calloc(w->nslots, sizeof *w->slot_off);
	w->slot_write = calloc(w->nslots, 1);
	w->slot_counted = calloc(w->nslots, 1);
	w->pend = calloc(w->nslots, sizeof *w->pend);
	w->idle = calloc(w->nslots, sizeof *w->idle);
	if (!w->submit_ns || !w->slot_off || !w->slot_write || !w->slot_counted || !w->pend ||
	    !w->idle)
		return -ENOMEM;
	/* Paced: popped from the top, slot 0 first. */
	for (unsigned i = 0; i < w->nslots; i++)
		w->idle[i] = w->nslots - 1 - i;
	w->nidle = w->nslots;
	if (w->sh->budget_blocks) {
		uint64_t n = w->sh->budget_blocks;

		/* Spread the blocks: the first n % numjobs jobs take one more. */
		w->budget_left = n / p->numjobs + (w->id < n % p->numjobs);
	}
	rng_seed(w->rng, clock_now_ns() ^ ((uint64_t)w->id << 32) ^ (uint64_t)getpid());
	/* Incompressible contents: random bytes, stamped per write later. */
	for (size_t i = 0; i + 8 <= (size_t)w->nbufs * p->bs; i += 8) {
		uint64_t r = rng_next(w->rng);

		memcpy(w->mem + i, &r, 8);
	}

	start = p->offset;
	region = engine_point_region(p, t->size);
	if (dd_pattern_random(p->pattern)) {
		w->lo = start;
		w->nblocks = region / p->bs;
	} else {
		/* Disjoint, bs-aligned sequential regions, one per job. */
		len = region / p->numjobs / p->bs * p->bs;
		if (len < p->bs)
			len = p->bs;
		w->lo = start + (uint64_t)w->id * len;
		w->nblocks = len / p->bs;
	}
	if (w->nblocks == 0)
		return -EINVAL;

	ret = worker_ring_init(w, p->iopoll);
	if (ret < 0)
		return ret;
	worker_register_buffers(w);
	ret = worker_probe(w);
	if ((ret == -EOPNOTSUPP || ret == -EAGAIN) && w->iopoll) {
		io_uring_queue_exit(&w->ring);
		w->ring_ok = false;
		w->iopoll_fallback = true;
		ret = worker_ring_init(w, false);
		if (ret < 0)
			return ret;
		worker_register_buffers(w);
		ret = worker_probe(w);
	}
	w->sqe_flags = IOSQE_FIXED_FILE;
	if (ret == 0 && !w->iopoll) {
		struct dd_engine_mode mode;

		engine_point_mode(p, t->tclass, sysconf(_SC_NPROCESSORS_ONLN), &mode);
		w->iowq = worker_has_iowq();
		if (mode.force_async) {
			unsigned share[2] = { mode.iowq_workers, 0 };

			w->iowq = true;
			w->sqe_flags |= IOSQE_ASYNC;
			io_uring_register_iowq_max_workers(&w->ring, share);
		}
		w->wait_nr = mode.batch;
	} else {
		w->wait_nr = p->rate_iops > 0 ? 1 : engine_point_batch(p, false);
	}
	/* The probe read the device into buffer 0: make it random again. */
	for (size_t i = 0; i + 8 <= p->bs; i += 8) {
		uint64_t r = rng_next(w->rng);

		memcpy(w->mem + i, &r, 8);
	}
	return ret;
}

/* Publish the worker's counters for the collector. */
static inline void
worker_publish(struct worker *w, const struct worker_counters *c)
{
	__atomic_store_n(&w->pub.ios, c->ios, __ATOMIC_RELAXED);
	__atomic_store_n(&w->pub.bytes, c->bytes, __ATOMIC_RELAXED);
	__atomic_store_n(&w->pub.read_ios, c->read_ios, __ATOMIC_RELAXED);
	__atomic_store_n(&w->pub.write_ios, c->write_ios, __ATOMIC_RELAXED);
	__atomic_store_n(&w->pub.read_bytes, c->read_bytes, __ATOMIC_RELAXED);
	__atomic_store_n(&w->pub.write_bytes, c->write_bytes, __ATOMIC_RELAXED);
	__atomic_store_n(&w->pub.lat_sum_ns, c->lat_sum_ns, __ATOMIC_RELAXED);
}

/*
 * Submit what is queued and wait until `want` completions are in the ring.
 * Sleeping in io_uring_enter costs two scheduler wake-ups per wait, one of
 * them of an idle CPU: at QD1 that is most of the latency on zram and loop,
 * and on a virtual machine a halted vCPU takes tens of microseconds to wake.
 * A spinning worker instead asks the kernel for completions (which runs the
 * deferred task work that posts them) until they are there, and sleeps only
 * when spin_ns runs out.
 */
static int
worker_submit_wait(struct worker *w, unsigned want)
{
	uint64_t until = 0;
	int	 ret;

	if (w->spin_ns == 0)
		return io_uring_submit_and_wait(&w->ring, want);
	ret = io_uring_submit_and_get_events(&w->ring);
	while (ret >= 0 && io_uring_cq_ready(&w->ring) < want) {
		uint64_t t = clock_now_ns();

		if (until == 0)
			until = t + w->spin_ns;
		else if (t >= until)
			return io_uring_submit_and_wait(&w->ring, want);
		ret = io_uring_get_events(&w->ring);
	}
	return ret;
}

/*
 * Account one completion of slot (res: the CQE's result, t: the reap time)
 * in the worker's counters and its direction's histogram; false after a
 * failed or short I/O (recorded with worker_fail).
 */
static inline bool
worker_complete(struct worker *w, struct worker_counters *c, unsigned slot, int res,
		uint64_t t, int phase)
{
	const struct dd_point *p = w->sh->p;
	bool		       wr = w->slot_write[slot];
	uint64_t	       lat = t - w->submit_ns[slot];

	if (res != (int)p->bs) {
		char what[96];

		if (res >= 0)
			snprintf(what, sizeof what, "short %s: %d of %u bytes",
				 wr ? "write" : "read", res, p->bs);
		else
			snprintf(what, sizeof what, "%s", wr ? "write" : "read");
		worker_fail(w, res >= 0 ? -EIO : res, w->slot_off[slot], what);
		return false;
	}
	if (!(w->sh->budget_blocks ? w->slot_counted[slot] : phase == PHASE_MEASURE))
		return true;
	if (wr) {
		hist_add(&w->hist_w, lat);
		welford_add(&w->wf_w, lat);
		c->write_ios++;
		c->write_bytes += p->bs;
	} else {
		hist_add(&w->hist_r, lat);
		welford_add(&w->wf_r, lat);
		worker_sample_zero(w, slot_buf(w, slot, false), c->read_ios);
		c->read_ios++;
		c->read_bytes += p->bs;
	}
	c->ios++;
	c->bytes += p->bs;
	c->lat_sum_ns += lat;
	return true;
}

/* Step the worker's view of the phase after a wait: start or end its CPU
 * accounting, and set *stopping at STOP or after another worker failed. */
static inline int
worker_phase_step(struct worker *w, bool *stopping)
{
	int phase = __atomic_load_n(&w->sh->phase, __ATOMIC_ACQUIRE);

	if (phase == PHASE_MEASURE && !w->measured) {
		w->measured = true;
		getrusage(RUSAGE_THREAD, &w->ru0);
	}
	if (phase == PHASE_STOP && !*stopping) {
		*stopping = true;
		if (w->measured) {
			getrusage(RUSAGE_THREAD, &w->ru1);
			w->have_ru1 = true;
		}
	}
	if (__atomic_load_n(&w->sh->failed, __ATOMIC_RELAXED))
		*stopping = true;
	return phase;
}

/*
 * The pacing rules, for a job's schedule t0 + k * period.  A job that wakes
 * late on its own (scheduling, a busy CPU) catches up what it missed, as
 * fast as its queue depth allows, but never more than slack_ns of it: after
 * issuing, at now, the I/O due at due, the next is due a period later and
 * no earlier than now - slack_ns (a stopped job drops what it missed).
 */
uint64_t
engine_rate_next(uint64_t due, uint64_t now, uint64_t period_ns, uint64_t slack_ns)
{
	uint64_t next = due + period_ns;

	if (now > slack_ns && next < now - slack_ns)
		next = now - slack_ns;
	return next;
}

/*
 * A job whose queue was full from full_since until now (a completion came
 * at now) was held back by the device: it does not catch up that time, so
 * the 110 % step of a load curve runs at what the device gives and never
 * bursts when the device recovers.  Its schedule slips by the time its due
 * I/O waited for a free slot beyond slack_ns (completion jitter).
 */
uint64_t
engine_rate_held(uint64_t due, uint64_t full_since, uint64_t now, uint64_t slack_ns)
{
	uint64_t from = due > full_since ? due : full_since;

	if (now > from && now - from > slack_ns)
		due += now - from - slack_ns;
	return due;
}

/*
 * May a paced job issue, at now, the I/O due at due?  Every I/O that is due
 * (catching up), and every one due within window_ns: a job less than the
 * window ahead issues instead of sleeping for the rest, so it is never more
 * than window_ns ahead of its schedule.
 */
bool
engine_rate_ready(uint64_t due, uint64_t now, uint64_t window_ns)
{
	if (now >= due)
		return true;
	return due - now <= window_ns;
}

/* How long a paced job's due I/O may wait for a free slot before its
 * schedule slips (engine_rate_held): a period, at least ENGINE_RATE_SLACK_NS,
 * so that completions reaped a little late do not cost I/Os. */
static uint64_t
engine_rate_slack(uint64_t period_ns)
{
	return period_ns > ENGINE_RATE_SLACK_NS ? period_ns : ENGINE_RATE_SLACK_NS;
}

/* Issue every free slot whose due time has come, or one due within the
 * window (engine_rate_ready; paced loop); the number issued.  *spent: the
 * job's byte budget ran out. */
static unsigned
worker_issue_due(struct worker *w, uint64_t *due, uint64_t now, uint64_t period,
		 int phase, bool *spent)
{
	unsigned n = 0;

	while (w->nidle > 0 && engine_rate_ready(*due, now, ENGINE_RATE_WINDOW_NS)) {
		unsigned slot = w->idle[w->nidle - 1];

		if (!slot_prep(w, slot, phase == PHASE_MEASURE)) {
			*spent = w->sh->budget_blocks && w->budget_left == 0;
			break;
		}
		w->nidle--;
		n++;
		*due = engine_rate_next(*due, now, period, ENGINE_RATE_CATCHUP_NS);
	}
	if (n > 0 && w->nidle == 0)
		w->full_since = now;	/* the queue just filled */
	return n;
}

/* Submit what is prepared and sleep until a completion or until due (paced
 * loop), at most ENGINE_RATE_TICK_NS, so that the end of the point or a
 * cancel (PHASE_STOP) is seen however far off due is; timed: false sleeps
 * for a completion (every slot is in flight: inflight > 0, never a wait for
 * nothing). */
static int
worker_paced_wait(struct worker *w, uint64_t due, bool timed)
{
	struct io_uring_cqe	*cqe;
	struct __kernel_timespec ts;
	uint64_t		 now = clock_now_ns(), sleep_ns;
	int			 ret;

	if (w->npend > 0) {
		for (unsigned i = 0; i < w->npend; i++)
			w->submit_ns[w->pend[i]] = now;
		w->npend = 0;
	}
	if (!timed)
		return io_uring_submit_and_wait(&w->ring, 1);
	if (due <= now)
		return io_uring_submit_and_get_events(&w->ring);
	sleep_ns = due - now < ENGINE_RATE_TICK_NS ? due - now : ENGINE_RATE_TICK_NS;
	ts.tv_sec = (long long)(sleep_ns / 1000000000u);
	ts.tv_nsec = (long long)(sleep_ns % 1000000000u);
	ret = io_uring_submit_and_wait_timeout(&w->ring, &cqe, 1, &ts, NULL);
	return ret == -ETIME ? 0 : ret;
}

/*
 * The paced loop (rate_iops): each job issues its share of the rate, an
 * I/O every period (t0 + k * period, the jobs' schedules staggered by a
 * fraction of it), in ramp and measured phase.  Between due times it sleeps
 * until a completion or the next due time, whichever is first, unless that
 * is within ENGINE_RATE_WINDOW_NS (then it issues what is due within it);
 * the queue depth caps what is in flight.  A job late on its own catches
 * up a little (engine_rate_next); one the device held back slips
 * (engine_rate_held).
 */
static void
worker_loop_paced(struct worker *w)
{
	const struct dd_point *p = w->sh->p;
	struct worker_counters c = { 0 };
	double		       per_job = p->rate_iops / p->numjobs;
	uint64_t	       period = (uint64_t)(1e9 / per_job), due, slack;
	unsigned	       inflight = 0;
	bool		       stopping = false, spent = false, full;
	int		       phase;

	if (period == 0)
		period = 1;
	slack = engine_rate_slack(period);
	prctl(PR_SET_TIMERSLACK, 1UL);	/* wake at the due time, not 50 us later */
	phase = __atomic_load_n(&w->sh->phase, __ATOMIC_ACQUIRE);
	due = clock_now_ns() + period * w->id / p->numjobs;
	for (;;) {
		struct io_uring_cqe *cqe;
		unsigned	     head, n = 0;
		bool		     issuing = !stopping && !spent;
		uint64_t	     t;
		int		     ret;

		if (issuing)
			inflight += worker_issue_due(w, &due, clock_now_ns(), period, phase,
						     &spent);
		if (inflight == 0 && (stopping || spent))
			break;
		ret = worker_paced_wait(w, due, issuing && !spent && w->nidle > 0);
		if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY) {
			worker_fail(w, ret, 0, "submitting I/O");
			stopping = true;
		}
		t = clock_now_ns();
		phase = worker_phase_step(w, &stopping);
		full = w->nidle == 0;
		io_uring_for_each_cqe(&w->ring, head, cqe) {
			unsigned slot = (unsigned)io_uring_cqe_get_data64(cqe);

			n++;
			if (!worker_complete(w, &c, slot, cqe->res, t, phase))
				stopping = true;
			w->idle[w->nidle++] = slot;
			inflight--;
		}
		if (full && n > 0)
			due = engine_rate_held(due, w->full_since, t, slack);
		io_uring_cq_advance(&w->ring, n);
		if (n > 0)
			worker_publish(w, &c);
	}
	if (w->measured && !w->have_ru1)
		getrusage(RUSAGE_THREAD, &w->ru1);
}

/* The hot loop: keep iodepth I/Os in flight until STOP, then drain. */
static void
worker_loop(struct worker *w)
{
	const struct dd_point *p = w->sh->p;
	struct worker_counters c = { 0 };
	unsigned	       inflight = 0;
	bool		       stopping = false;
	int		       phase;

	/* wait_nr: set by worker_setup (engine_point_mode).  An IOPOLL ring
	 * polls inside io_uring_enter already. */
	w->spin_ns = w->iopoll ? 0 : engine_point_spin_ns(p, w->sh->idle_cpus);
	phase = __atomic_load_n(&w->sh->phase, __ATOMIC_ACQUIRE);
	for (unsigned s = 0; s < w->nslots; s++)
		if (slot_prep(w, s, phase == PHASE_MEASURE))
			inflight++;
	if (inflight == 0)
		return;		/* a budget smaller than one block per job */

	for (;;) {
		struct io_uring_cqe *cqe;
		unsigned	     head, n = 0;
		uint64_t	     t;
		int		     ret;

		if (w->npend > 0) {
			t = clock_now_ns();
			for (unsigned i = 0; i < w->npend; i++)
				w->submit_ns[w->pend[i]] = t;
			w->npend = 0;
		}
		ret = worker_submit_wait(w, w->wait_nr < inflight ? w->wait_nr : 1);
		if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY) {
			worker_fail(w, ret, 0, "submitting I/O");
			stopping = true;
			if (inflight == 0)
				break;
		}
		t = clock_now_ns();
		phase = worker_phase_step(w, &stopping);

		io_uring_for_each_cqe(&w->ring, head, cqe) {
			unsigned slot = (unsigned)io_uring_cqe_get_data64(cqe);

			n++;
			if (!worker_complete(w, &c, slot, cqe->res, t, phase))
				stopping = true;
			if (stopping || !slot_prep(w, slot, phase == PHASE_MEASURE))
				inflight--;
		}
		io_uring_cq_advance(&w->ring, n);
		if (n > 0)
			worker_publish(w, &c);
		if (inflight == 0)	/* stopped, or the budget is spent */
			break;
	}
	/* A budget or an error ended the loop before STOP did. */
	if (w->measured && !w->have_ru1)
		getrusage(RUSAGE_THREAD, &w->ru1);
}

/* Worker thread body. */
static void *
worker_main(void *arg)
{
	struct worker	     *w = arg;
	struct engine_shared *sh = w->sh;
	uint64_t	      one = 1;
	int		      ret;

	ret = worker_setup(w);

	if (ret < 0)
		worker_fail(w, ret, w->lo, "setting up I/O");
	/* Report ready, then wait at the gate until every worker is set up. */
	pthread_mutex_lock(&sh->lock);
	sh->ready++;
	if (write(sh->ready_fd, &one, sizeof one) < 0) {
		/* as done_fd below */
	}
	while (!sh->open)
		pthread_cond_wait(&sh->cond, &sh->lock);
	pthread_mutex_unlock(&sh->lock);
	if (ret == 0 && __atomic_load_n(&sh->phase, __ATOMIC_ACQUIRE) != PHASE_STOP) {
		if (sh->p->rate_iops > 0)
			worker_loop_paced(w);
		else
			worker_loop(w);
	}
	__atomic_store_n(&w->exited, 1, __ATOMIC_RELEASE);
	if (write(sh->done_fd, &one, sizeof one) < 0) {
		/* An eventfd write only fails on overflow, not reachable here. */
	}
	return NULL;
}

/* Free a worker's resources. */
static void
worker_cleanup(struct worker *w)
{
	if (w->ring_ok)
		io_uring_queue_exit(&w->ring);
	free(w->mem);
	free(w->submit_ns);
	free(w->slot_off);
	free(w->slot_write);
	free(w->slot_counted);
	free(w->pend);
	free(w->idle);
}

/* Seconds between two rusage timevals. */
static double
tv_delta(struct timeval a, struct timeval b)
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
static int
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

/* The collector's view of a run. */
struct collector {
	struct worker	     *w;
	unsigned	      n;
	struct engine_shared *sh;
	struct dd_result     *res;
	struct histogram     *prev, *cur, *tmp, *delta;
	struct worker_counters prev_c;
	struct rusage	      ru0, ru1;		/* process, measured phase */
	uint64_t	      t_measure0, t_prev;
	unsigned	      finished;	/* workers that left their loop */
	double		      temp_c;	/* last temperature sample, NAN: none */
	uint64_t	      t_temp;	/* when it was taken; 0: never */
	unsigned	      stride;	/* samples per stored interval (1, 2, 4, ...) */
	unsigned	      npend;	/* samples merged into pend so far */
	struct dd_interval    pend;	/* the stored interval being filled */
	double		      pend_start;	/* when pend began, s */
	double		      spread_n, spread_sum, spread_sq;	/* sampled IOPS */
};

#define TEMP_PERIOD_NS 1000000000ull	/* sensors are read at most once a second */
#define SPIN_IDLE_WINDOW_MS 100		/* spin=auto: idle CPUs measured over this */

/* Merge two neighbouring intervals, a (which began at a_start s) then b:
 * rates averaged by time, mean latency by I/Os, p99 the larger, the end and
 * the temperature b's. */
struct dd_interval
engine_interval_merge(const struct dd_interval *a, double a_start,
		      const struct dd_interval *b)
{
	struct dd_interval m = *b;
	double		   da = a->t_s - a_start, db = b->t_s - a->t_s, d = da + db;
	double		   na = a->iops * da, nb = b->iops * db;

	if (!(da > 0) || !(db > 0) || !(d > 0))
		return da > 0 ? *a : *b;
	m.iops = (a->iops * da + b->iops * db) / d;
	m.mbps = (a->mbps * da + b->mbps * db) / d;
	m.read_iops = (a->read_iops * da + b->read_iops * db) / d;
	m.write_iops = (a->write_iops * da + b->write_iops * db) / d;
	if (isnan(a->mean_us) || !(na > 0))
		m.mean_us = b->mean_us;
	else if (isnan(b->mean_us) || !(nb > 0))
		m.mean_us = a->mean_us;
	else
		m.mean_us = (a->mean_us * na + b->mean_us * nb) / (na + nb);
	m.p99_us = fmax(a->p99_us, b->p99_us);
	if (isnan(b->temp_c))
		m.temp_c = a->temp_c;
	return m;
}

/* Halve a full interval series in place: neighbours merged in pairs (an odd
 * last one kept); the new count. */
size_t
engine_intervals_halve(struct dd_interval *iv, size_t n)
{
	size_t i;

	for (i = 0; 2 * i + 1 < n; i++) {
		double start = i == 0 ? 0 : iv[2 * i - 1].t_s;

		iv[i] = engine_interval_merge(&iv[2 * i], start, &iv[2 * i + 1]);
	}
	if (2 * i < n) {
		iv[i] = iv[2 * i];
		i++;
	}
	return i;
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

/* Coefficient of variation from a sum and a sum of squares. */
double
engine_rate_spread(size_t n, double sum, double sq)
{
	double mean, var;

	if (n < 2)
		return NAN;
	mean = sum / (double)n;
	var = (sq - sum * mean) / (double)(n - 1);
	if (!(mean > 0))
		return NAN;
	return var > 0 ? sqrt(var) / mean : 0;
}

/* Take one interval sample. */
static void
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

/* Build the final result after the workers are joined. */
static void
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
			res->cpu_user_s += tv_delta(w->ru0.ru_utime, w->ru1.ru_utime);
			res->cpu_sys_s += tv_delta(w->ru0.ru_stime, w->ru1.ru_stime);
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

/* A flush running in its own thread (engine_flush), owned by whichever of
 * the thread and the collector lets go last. */
struct flush_job {
	int fd;		/* a dup of the target's */
	int done_fd;	/* eventfd: the flush returned */
	int result;	/* 0 or negative errno; read after done_fd */
	int refs;	/* atomic */
};

/* Let go of a flush job; the last owner frees it. */
static void
flush_job_put(struct flush_job *j)
{
	if (__atomic_sub_fetch(&j->refs, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	close(j->fd);
	close(j->done_fd);
	free(j);
}

/* Flush thread body: fdatasync (a block device: the drive's cache flush). */
static void *
flush_main(void *arg)
{
	struct flush_job *j = arg;
	uint64_t	  one = 1;

	j->result = fdatasync(j->fd) < 0 ? -errno : 0;
	if (write(j->done_fd, &one, sizeof one) < 0) {
		/* An eventfd write only fails on overflow, not reachable here. */
	}
	flush_job_put(j);
	return NULL;
}

/* Start the flush thread of a job; 0 or negative errno. */
static int
flush_job_start(struct flush_job *j)
{
	pthread_attr_t attr;
	pthread_t      th;
	int	       rc;

	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	rc = signals_thread_create(&th, &attr, flush_main, j);
	pthread_attr_destroy(&attr);
	return -rc;
}

/*
 * Flush the target after the point's last I/O (end_fsync), timed into
 * *secs.  The flush runs in a thread of its own so that a cancel still
 * stops the point at once: the thread finishes the flush alone.  0, 1 when
 * cancelled, or negative errno.
 */
static int
engine_flush(const struct dd_target *t, int cancel_fd, double *secs)
{
	struct flush_job *j = calloc(1, sizeof *j);
	uint64_t	  t0 = clock_now_ns(), v;
	int		  rc;

	*secs = 0;
	if (j == NULL)
		return -ENOMEM;
	j->refs = 2;
	j->fd = fcntl(t->fd, F_DUPFD_CLOEXEC, 0);
	j->done_fd = eventfd(0, EFD_CLOEXEC);
	if (j->fd < 0 || j->done_fd < 0 || (rc = flush_job_start(j)) < 0) {
		rc = j->fd < 0 || j->done_fd < 0 ? -errno : rc;
		if (j->fd >= 0)
			close(j->fd);
		if (j->done_fd >= 0)
			close(j->done_fd);
		free(j);
		return rc;
	}
	for (;;) {
		struct pollfd pfd[2] = { { .fd = j->done_fd, .events = POLLIN },
					 { .fd = cancel_fd, .events = POLLIN } };

		if (poll(pfd, cancel_fd >= 0 ? 2 : 1, -1) < 0 && errno != EINTR) {
			rc = -errno;
			break;
		}
		if (pfd[0].revents & POLLIN) {
			rc = read(j->done_fd, &v, sizeof v) == sizeof v ? j->result : -EIO;
			break;
		}
		if (cancel_fd >= 0 && (pfd[1].revents & POLLIN)) {
			rc = 1;
			break;
		}
	}
	*secs = (double)(clock_now_ns() - t0) / 1e9;
	flush_job_put(j);
	return rc;
}

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

/* How long engine_join waits (engine_set_drain_max: tests). */
static double engine_drain_max_s = ENGINE_DRAIN_MAX_S;

void
engine_set_drain_max(double s)
{
	engine_drain_max_s = s > 0 ? s : ENGINE_DRAIN_MAX_S;
}

/* What jobs left behind may still use (their workers and shared state):
 * kept reachable here, never freed.  Each is a stalled device; past the
 * slots they are only dropped from this list. */
static struct {
	void *w, *sh;
} engine_left_behind[32];
static unsigned engine_nleft_behind;	/* atomic */

static void
engine_keep_left_behind(void *w, void *sh)
{
	unsigned i = __atomic_fetch_add(&engine_nleft_behind, 1, __ATOMIC_RELAXED);

	if (i < sizeof engine_left_behind / sizeof engine_left_behind[0]) {
		engine_left_behind[i].w = w;
		engine_left_behind[i].sh = sh;
	}
}

/* Workers set up so far. */
static unsigned
engine_ready(struct engine_shared *sh)
{
	unsigned n;

	pthread_mutex_lock(&sh->lock);
	n = sh->ready;
	pthread_mutex_unlock(&sh->lock);
	return n;
}

/* Wait until every started worker is set up (or failed): 0; 1 when
 * cancelled; -ETIMEDOUT when one has not within engine_drain_max_s (its
 * first read never completed: a stalled device). */
static int
engine_wait_ready(struct engine_shared *sh, unsigned started, int cancel_fd)
{
	uint64_t deadline = clock_now_ns() + clock_s_to_ns(engine_drain_max_s);

	while (engine_ready(sh) < started) {
		struct pollfd pfd[2];
		uint64_t      now = clock_now_ns(), v;
		int	      n = 0, rc;

		if (now >= deadline)
			return -ETIMEDOUT;
		pfd[n++] = (struct pollfd){ .fd = sh->ready_fd, .events = POLLIN };
		if (cancel_fd >= 0)
			pfd[n++] = (struct pollfd){ .fd = cancel_fd, .events = POLLIN };
		rc = poll(pfd, (nfds_t)n, (int)((deadline - now + 999999) / 1000000));
		if (rc > 0 && n > 1 && (pfd[1].revents & POLLIN))
			return 1;
		if (rc > 0 && (pfd[0].revents & POLLIN) && read(sh->ready_fd, &v, sizeof v) < 0) {
			/* non-blocking: another wake took it */
		}
	}
	return 0;
}

/* Join the workers once they have left; one that has not within
 * ENGINE_DRAIN_MAX_S (a worker waiting for an I/O the device never
 * completes) is detached and left behind with its memory, which it may
 * still touch.  *finished counts the workers that left; the number left
 * behind. */
static unsigned
engine_join(struct worker *w, unsigned n, struct engine_shared *sh, unsigned *finished,
	    bool setup_stalled)
{
	uint64_t deadline = clock_now_ns() + clock_s_to_ns(engine_drain_max_s);
	unsigned left = 0;

	/* Workers whose setup never ended (engine_wait_ready timed out) are
	 * not waited for again: only those set up are. */
	while (*finished < (setup_stalled ? engine_ready(sh) : n) &&
	       collector_wait(deadline, -1, sh->done_fd, finished) == 2)
		;
	for (unsigned i = 0; i < n; i++) {
		if (__atomic_load_n(&w[i].exited, __ATOMIC_ACQUIRE)) {
			pthread_join(w[i].thread, NULL);
		} else {
			pthread_detach(w[i].thread);
			left++;
		}
	}
	return left;
}

/* Let the workers past the gate. */
static void
engine_gate_open(struct engine_shared *sh)
{
	pthread_mutex_lock(&sh->lock);
	sh->open = true;
	pthread_cond_broadcast(&sh->cond);
	pthread_mutex_unlock(&sh->lock);
}

/* Run one point. */
int
engine_run(const struct dd_target *t, const struct dd_point *p,
	   const struct dd_engine_hooks *hooks, struct dd_result *res,
	   struct dd_error *err)
{
	struct engine_shared *sh = calloc(1, sizeof *sh);
	struct collector     c = { .temp_c = NAN, .stride = 1 };
	struct worker	    *w;
	struct histogram    *hbuf;
	unsigned	     started = 0;
	uint64_t	     t0, interval_ns, deadline;
	bool		     extended = false;	/* measured past runtime_s for one I/O */
	int		     cancel_fd = hooks ? hooks->cancel_fd : -1, ret = 0, why;
	bool		     cancelled = false;
	unsigned	     left = 0;	/* jobs left behind (engine_join) */
	bool		     setup_stalled = false;	/* a first read never completed */

	memset(res, 0, sizeof *res);
	res->point = *p;
	res->tclass = t->tclass;
	res->idle_cpus = NAN;
	ret = sh == NULL ? dd_error_set(err, -ENOMEM, "out of memory")
			 : engine_point_check(p, t, err);
	if (ret < 0) {
		res->status = ret;
		dd_strlcpy(res->message, err ? err->msg : "", sizeof res->message);
		free(sh);
		return ret;
	}
	sh->t = t;
	sh->point = *p;
	sh->p = &sh->point;
	sh->phase = PHASE_SETUP;
	sh->done_fd = sh->ready_fd = -1;
	interval_ns = (uint64_t)(p->interval_ms ? p->interval_ms : 200) * 1000000u;
	if (p->bytes)
		sh->budget_blocks = p->bytes / p->bs ? p->bytes / p->bs : 1;
	sh->idle_cpus = -1;
	if (p->spin == DD_SPIN_AUTO && !p->iopoll && p->iodepth <= DD_SPIN_AUTO_MAX_QD) {
		/* Before the workers start: what the rest of the machine leaves. */
		res->idle_cpus = engine_cpus_idle(SPIN_IDLE_WINDOW_MS);
		sh->idle_cpus = res->idle_cpus >= 0 ? (long)floor(res->idle_cpus + 0.1) : -1;
	}
	pthread_mutex_init(&sh->lock, NULL);
	pthread_cond_init(&sh->cond, NULL);
	sh->done_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	sh->ready_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	w = calloc(p->numjobs, sizeof *w);
	hbuf = calloc(4, sizeof *hbuf);
	if (sh->done_fd < 0 || sh->ready_fd < 0 || w == NULL || hbuf == NULL) {
		ret = dd_error_set(err, -ENOMEM, "cannot allocate %u workers", p->numjobs);
		goto out;
	}
	for (unsigned i = 0; i < p->numjobs; i++) {
		w[i].id = i;
		w[i].sh = sh;
		if (hooks != NULL && hooks->trace != NULL) {
			w[i].trace = hooks->trace + (size_t)i * hooks->trace_n;
			w[i].trace_n = hooks->trace_n;
		}
		if (signals_thread_create(&w[i].thread, NULL, worker_main, &w[i]) != 0) {
			ret = dd_error_set(err, -EAGAIN, "cannot start worker thread %u of %u",
					   i + 1, p->numjobs);
			break;
		}
		started++;
	}
	/* Wait until every started worker is set up (or failed): a first read
	 * that never completes is a stalled device, not a hang. */
	if (ret == 0 && (why = engine_wait_ready(sh, started, cancel_fd)) == 1)
		cancelled = true;
	else if (ret == 0 && (setup_stalled = why < 0))
		ret = dd_error_set(err, -ETIMEDOUT, "the first read of %s did not complete within "
				   "%g s (the device stalled)", t->path, engine_drain_max_s);
	c.w = w;
	c.n = started;
	c.sh = sh;
	c.res = res;
	c.prev = &hbuf[0];
	c.cur = &hbuf[1];
	c.tmp = &hbuf[2];
	c.delta = &hbuf[3];
	if (ret < 0 || cancelled || __atomic_load_n(&sh->failed, __ATOMIC_ACQUIRE)) {
		__atomic_store_n(&sh->phase, PHASE_STOP, __ATOMIC_RELEASE);
		engine_gate_open(sh);
		goto join;
	}

	t0 = clock_now_ns();
	/* A byte budget with no ramp counts from the first I/O. */
	if (p->bytes && !(p->ramp_s > 0)) {
		getrusage(RUSAGE_SELF, &c.ru0);
		c.t_measure0 = c.t_prev = clock_now_ns();
		__atomic_store_n(&sh->phase, PHASE_MEASURE, __ATOMIC_RELEASE);
	} else {
		__atomic_store_n(&sh->phase, PHASE_RAMP, __ATOMIC_RELEASE);
	}
	engine_gate_open(sh);
	if (p->ramp_s > 0) {
		deadline = t0 + clock_s_to_ns(p->ramp_s);
		while ((why = collector_wait(deadline, cancel_fd, sh->done_fd,
					     &c.finished)) == 2 &&
		       !__atomic_load_n(&sh->failed, __ATOMIC_ACQUIRE))
			;
		if (why == 1)
			cancelled = true;
	}
	if (!cancelled && !__atomic_load_n(&sh->failed, __ATOMIC_ACQUIRE)) {
		uint64_t end;

		if (c.t_measure0 == 0) {
			getrusage(RUSAGE_SELF, &c.ru0);
			c.t_measure0 = c.t_prev = clock_now_ns();
			__atomic_store_n(&sh->phase, PHASE_MEASURE, __ATOMIC_RELEASE);
		}
		/* The end counts from the measuring start, never before it. */
		end = p->bytes || clock_s_to_ns(p->runtime_s) > UINT64_MAX - c.t_measure0
			      ? UINT64_MAX : c.t_measure0 + clock_s_to_ns(p->runtime_s);
		for (uint64_t next = c.t_measure0 + interval_ns;; next += interval_ns) {
			uint64_t stop_at = next < end ? next : end;

			why = collector_wait(stop_at, cancel_fd, sh->done_fd, &c.finished);
			if (why == 1) {
				cancelled = true;
				break;
			}
			if (why == 2) {
				/* A worker finished its budget or failed. */
				if (__atomic_load_n(&sh->failed, __ATOMIC_ACQUIRE) ||
				    c.finished >= c.n)
					break;
				next -= interval_ns;	/* keep the tick */
				continue;
			}
			collector_sample(&c, clock_now_ns(), hooks);
			if (stop_at < end)
				continue;
			/* Not one I/O completed in the measured time (workers
			 * starved, a very short point): measure on, an interval
			 * at a time, up to ENGINE_EMPTY_MAX_S more, rather than
			 * report a rate of nothing.  The result says so. */
			if (res->ios == 0 && !p->bytes &&
			    end - c.t_measure0 < clock_s_to_ns(p->runtime_s + ENGINE_EMPTY_MAX_S)) {
				end += interval_ns;
				extended = true;
				continue;
			}
			break;
		}
	}
	res->elapsed_s = c.t_measure0 ? (double)(clock_now_ns() - c.t_measure0) / 1e9 : 0;
	__atomic_store_n(&sh->phase, PHASE_STOP, __ATOMIC_RELEASE);
	if (c.t_measure0) {
		getrusage(RUSAGE_SELF, &c.ru1);
		res->proc_user_s = tv_delta(c.ru0.ru_utime, c.ru1.ru_utime);
		res->proc_sys_s = tv_delta(c.ru0.ru_stime, c.ru1.ru_stime);
	}
join:
	left = engine_join(w, started, sh, &c.finished, setup_stalled);
	if (left > 0 && ret == 0)
		ret = dd_error_set(err, -ETIMEDOUT, "%u job%s of %s on %s did not finish: an I/O "
				   "did not complete within %g s after the point ended (the "
				   "device stalled); left behind", left, left == 1 ? "" : "s",
				   p->name, t->path, engine_drain_max_s);
	if (p->end_fsync && c.t_measure0 && !cancelled && ret == 0 &&
	    !__atomic_load_n(&sh->failed, __ATOMIC_ACQUIRE)) {
		int frc = engine_flush(t, cancel_fd, &res->flush_s);

		res->elapsed_s += res->flush_s;
		if (frc == 1)
			cancelled = true;
		else if (frc < 0)
			ret = dd_error_set(err, frc, "flushing %s after the point failed: %s",
					   t->path, strerror(-frc));
	}
	collector_finish(&c);
	res->cancelled = cancelled;
	if (res->iopoll_fallback)
		snprintf(res->message, sizeof res->message,
			 "polled completions are not supported by %.200s; fell back to interrupts",
			 t->path);
	else if (extended)
		snprintf(res->message, sizeof res->message,
			 "no I/O completed in the %g s asked for; measured %.3f s until one did",
			 p->runtime_s, res->elapsed_s);
	for (unsigned i = 0; i < started; i++) {
		if (w[i].error != 0) {
			ret = dd_error_set(err, w[i].error,
					   "%s on %s failed at offset %" PRIu64 ": %s",
					   w[i].error_what, t->path, w[i].error_off,
					   strerror(-w[i].error));
			res->status = w[i].error;
			dd_strlcpy(res->message, err ? err->msg : "", sizeof res->message);
			break;
		}
	}
	if (ret < 0 && res->status == 0) {
		res->status = ret;
		dd_strlcpy(res->message, err ? err->msg : "", sizeof res->message);
	}
out:
	free(hbuf);
	if (left > 0) {		/* w and sh stay: a job left behind may still use them */
		engine_keep_left_behind(w, sh);
		return ret;
	}
	if (w != NULL)
		for (unsigned i = 0; i < p->numjobs; i++)
			worker_cleanup(&w[i]);
	free(w);
	if (sh->done_fd >= 0)
		close(sh->done_fd);
	if (sh->ready_fd >= 0)
		close(sh->ready_fd);
	pthread_cond_destroy(&sh->cond);
	pthread_mutex_destroy(&sh->lock);
	free(sh);
	return ret;
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

/* Sum of all and of idle jiffies on /proc/stat's "cpu" line. */
static int
cpu_times_read(uint64_t *total, uint64_t *idle)
{
	unsigned long long v[10] = { 0 };
	FILE		  *f = fopen("/proc/stat", "re");
	int		   n;

	if (f == NULL)
		return -errno;
	n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1],
		   &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9]);
	fclose(f);
	if (n < 5)
		return -EINVAL;
	*total = 0;
	for (int i = 0; i < 8; i++)	/* guest times are inside user already */
		*total += v[i];
	*idle = v[3] + v[4];		/* idle + iowait */
	return 0;
}

/* CPUs idle over a short window. */
double
engine_cpus_idle(unsigned window_ms)
{
	uint64_t	t0, i0, t1, i1;
	long		ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	struct timespec ts = { window_ms / 1000, (long)(window_ms % 1000) * 1000000 };

	if (ncpu <= 0 || cpu_times_read(&t0, &i0) < 0)
		return -1;
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	if (cpu_times_read(&t1, &i1) < 0 || t1 <= t0)
		return -1;
	return (double)ncpu * (double)(i1 - i0) / (double)(t1 - t0);
}

static enum dd_target_class engine_target_classify_stat(const struct stat *sp);

/* Is the sysfs block directory dir (a disk, not a partition) bio-based
 * and not a stacking driver? */
static bool
sysfs_disk_is_bio(const char *dir)
{
	char	    path[4200];
	struct stat st;

	snprintf(path, sizeof path, "%s/mq", dir);
	if (stat(path, &st) == 0)
		return false;		/* blk-mq */
	snprintf(path, sizeof path, "%s/dm", dir);
	if (stat(path, &st) == 0)
		return false;		/* device mapper: passes I/O down */
	snprintf(path, sizeof path, "%s/md", dir);
	return stat(path, &st) != 0;	/* md: passes I/O down */
}

/* The class of the node open on fd, without I/O. */
static enum dd_target_class
engine_target_classify_fd(int fd)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return DD_TCLASS_UNKNOWN;
	return engine_target_classify_stat(&st);
}

/* The class of a target path, without I/O. */
enum dd_target_class
engine_target_classify(const char *path)
{
	struct stat st;

	if (path == NULL || stat(path, &st) < 0)
		return DD_TCLASS_UNKNOWN;
	return engine_target_classify_stat(&st);
}

/* The class of a node from its stat. */
static enum dd_target_class
engine_target_classify_stat(const struct stat *sp)
{
	struct stat st = *sp;
	char	    dir[128], part[200];

	if (S_ISREG(st.st_mode))
		return DD_TCLASS_FILE;
	if (!S_ISBLK(st.st_mode))
		return DD_TCLASS_UNKNOWN;
	snprintf(dir, sizeof dir, "/sys/dev/block/%u:%u", major(st.st_rdev), minor(st.st_rdev));
	snprintf(part, sizeof part, "%s/partition", dir);
	if (stat(part, &st) == 0)
		snprintf(dir + strlen(dir), sizeof dir - strlen(dir), "/..");
	return sysfs_disk_is_bio(dir) ? DD_TCLASS_BLK_BIO : DD_TCLASS_BLK_MQ;
}

/* Name of a target class. */
const char *
engine_target_class_name(enum dd_target_class c)
{
	switch (c) {
	case DD_TCLASS_FILE:
		return "file";
	case DD_TCLASS_BLK_MQ:
		return "blk-mq block device";
	case DD_TCLASS_BLK_BIO:
		return "bio block device";
	case DD_TCLASS_UNKNOWN:
		break;
	}
	return "unknown";
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

/* The number after "key" in a small /proc file, in base (10, 16); false
 * when the file or the key is not there. */
static bool
engine_proc_field(const char *path, const char *key, int base, unsigned long long *out)
{
	char  v[64], *end = NULL;

	if (file_read_field(path, key, v, sizeof v) < 0)
		return false;
	*out = strtoull(v, &end, base);
	return end != v;
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

/* Does this process have CAP_IPC_LOCK (/proc/self/status CapEff, bit 14)? */
static bool
engine_has_ipc_lock(void)
{
	unsigned long long caps = 0;

	return engine_proc_field("/proc/self/status", "CapEff:", 16, &caps) &&
	       ((caps >> 14) & 1);
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
	    bufs <= rl.rlim_cur || engine_has_ipc_lock())
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

/* The size, logical block size and class of the node open on fd. */
static int
engine_target_measure(struct dd_target *t, int fd, struct dd_error *err)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return dd_error_set(err, -errno, "cannot stat %s: %s", t->path, strerror(errno));
	if (S_ISBLK(st.st_mode)) {
		uint64_t size = 0;
		int	 ssz = 512;

		if (ioctl(fd, BLKGETSIZE64, &size) < 0 || ioctl(fd, BLKSSZGET, &ssz) < 0)
			return dd_error_set(err, -errno, "cannot read the size of %s: %s",
					    t->path, strerror(errno));
		t->is_blockdev = true;
		t->size = size;
		t->lbs = (unsigned)ssz;
	} else if (S_ISREG(st.st_mode)) {
		t->size = (uint64_t)st.st_size;
		t->lbs = 4096;
#ifdef STATX_DIOALIGN
		{
			struct statx sx;

			if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 &&
			    (sx.stx_mask & STATX_DIOALIGN) && sx.stx_dio_offset_align > 0)
				t->lbs = sx.stx_dio_offset_align;
		}
#endif
	} else {
		return dd_error_set(err, -EINVAL, "%s is not a block device or a regular file",
				    t->path);
	}
	if (t->size < t->lbs)
		return dd_error_set(err, -EINVAL, t->size == 0 ? "%s is empty (0 bytes)"
				    : "%s is smaller than one block (%llu bytes, the block is %u)",
				    t->path, (unsigned long long)t->size, t->lbs);
	t->size -= t->size % t->lbs;
	t->tclass = engine_target_classify_fd(fd);
	return 0;
}

/* Why open(2) of a target failed, as one sentence. */
static int
engine_open_error(const char *path, bool writable, int e, struct dd_error *err)
{
	if (e == EINVAL)
		return dd_error_set(err, -EINVAL, "%s does not support direct I/O (O_DIRECT)", path);
	if (e == EBUSY)
		return dd_error_set(err, -EBUSY, "%s is busy: the kernel refused an exclusive "
				    "open, so a filesystem, RAID set or another program holds it",
				    path);
	if (e == ELOOP)
		return dd_error_set(err, -ELOOP, "%s changed into a symbolic link while it was "
				    "opened", path);
	return dd_error_set(err, -e, "cannot open %s%s: %s", path,
			    writable ? " for writing" : "", strerror(e));
}

/* Open a target: resolve path once, open the node it names without
 * following a link again, O_EXCL when writing. */
int
engine_target_open(struct dd_target *t, const char *path, bool writable,
		   struct dd_error *err)
{
	char	    real[PATH_MAX];
	struct stat st;
	int	    fd, rc;

	memset(t, 0, sizeof *t);
	t->fd = -1;
	snprintf(t->path, sizeof t->path, "%s", path);
	if (realpath(path, real) == NULL)
		return dd_error_set(err, -errno, "cannot open %s: %s", path, strerror(errno));
	if (stat(real, &st) == 0 && S_ISDIR(st.st_mode))
		return dd_error_set(err, -EISDIR, "%s is a directory, not a block device or a file",
				    path);
	/* O_EXCL without O_CREAT claims a block device and means nothing for
	 * a regular file; O_NONBLOCK keeps a FIFO from blocking the open. */
	fd = open(real, (writable ? O_RDWR | O_EXCL : O_RDONLY) | O_DIRECT | O_CLOEXEC |
		  O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return engine_open_error(path, writable, errno, err);
	if ((rc = engine_target_measure(t, fd, err)) < 0) {
		close(fd);
		return rc;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	t->backend = &dd_backend_uring;
	t->fd = fd;
	t->writable = writable;
	return 0;
}

/* Reopen the node open on t->fd with other rights. */
int
engine_target_reopen(struct dd_target *t, bool writable, bool exclusive,
		     struct dd_error *err)
{
	char link[64];
	int  fd, rc;

	snprintf(link, sizeof link, "/proc/self/fd/%d", t->fd);
	fd = open(link, (writable ? O_RDWR : O_RDONLY) | (exclusive ? O_EXCL : 0) | O_DIRECT |
		  O_CLOEXEC);
	if (fd < 0)
		return engine_open_error(t->path, writable, errno, err);
	if ((rc = engine_target_measure(t, fd, err)) < 0) {
		close(fd);
		return rc;
	}
	close(t->fd);
	t->fd = fd;
	t->writable = writable;
	return 0;
}

/* Open the directory a scratch file goes in, refusing one where another
 * user could swap the file: world-writable without the sticky bit.  The
 * directory's fd (base set to the file's name in path), or negative errno. */
static int
engine_scratch_dir(const char *path, const char **base, struct dd_error *err)
{
	char	    dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	struct stat st;
	int	    dfd;

	if (slash == NULL) {
		snprintf(dir, sizeof dir, ".");
		*base = path;
	} else {
		snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
		*base = slash + 1;
	}
	if ((*base)[0] == '\0')
		return dd_error_set(err, -EINVAL, "%s names a directory, not a scratch file", path);
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return dd_error_set(err, -errno, "cannot create scratch file %s: %s", path,
				    strerror(errno));
	if (fstat(dfd, &st) == 0 && (st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX)) {
		close(dfd);
		return dd_error_set(err, -EPERM, "cannot create scratch file %s: its directory %s "
				    "is world-writable without the sticky bit, so another user "
				    "could replace the file (chmod +t it, or choose another)",
				    path, dir);
	}
	return dfd;
}

/* Create a scratch file with its blocks allocated. */
int
engine_scratch_create(const char *path, uint64_t size, struct dd_error *err)
{
	const char *base;
	int	    dfd = engine_scratch_dir(path, &base, err);
	int	    fd, rc;

	if (dfd < 0)
		return dfd;
	/* O_EXCL|O_NOFOLLOW: a planted file or link is never taken over. */
	fd = openat(dfd, base, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		rc = -errno;
		close(dfd);
		return dd_error_set(err, rc, "cannot create scratch file %s: %s", path,
				    strerror(-rc));
	}
	rc = posix_fallocate(fd, 0, (off_t)size);
	close(fd);
	if (rc != 0) {
		unlinkat(dfd, base, 0);
		close(dfd);
		return dd_error_set(err, -rc, "cannot allocate %" PRIu64 " bytes for %s: %s",
				    size, path, strerror(rc));
	}
	close(dfd);
	return 0;
}

/* Create and open an unnamed scratch file. */
int
engine_scratch_open_unnamed(struct dd_target *t, const char *path, uint64_t size,
			    struct dd_error *err)
{
	const char *base;
	int	    dfd = engine_scratch_dir(path, &base, err);
	int	    fd, rc;

	memset(t, 0, sizeof *t);
	t->fd = -1;
	snprintf(t->path, sizeof t->path, "%s", path);
	if (dfd < 0)
		return dfd;
	fd = openat(dfd, ".", O_TMPFILE | O_RDWR | O_DIRECT | O_CLOEXEC, 0600);
	rc = fd < 0 ? -errno : 0;
	close(dfd);
	if (rc == -EOPNOTSUPP || rc == -EISDIR || rc == -ENOENT)
		return dd_error_set(err, -EOPNOTSUPP, "the filesystem of %s has no unnamed files",
				    path);
	if (rc < 0)
		return engine_open_error(path, true, -rc, err);
	rc = posix_fallocate(fd, 0, (off_t)size);
	if (rc != 0) {
		close(fd);
		return dd_error_set(err, -rc, "cannot allocate %" PRIu64 " bytes for %s: %s",
				    size, path, strerror(rc));
	}
	if ((rc = engine_target_measure(t, fd, err)) < 0) {
		close(fd);
		return rc;
	}
	t->backend = &dd_backend_uring;
	t->fd = fd;
	t->writable = true;
	t->is_scratch = true;
	return 0;
}

/* Close a target. */
void
engine_target_close(struct dd_target *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}
