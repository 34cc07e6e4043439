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

#include "collector.h"
#include "engine-int.h"
#include "hostinfo.h"
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
	char want[32];

	snprintf(want, sizeof want, "iou-wrk-%ld", (long)gettid());
	return hostinfo_thread_named(want);
}

/* A worker's slots, its buffers (filled with random bytes), its paced idle
 * stack, its share of a byte budget and its generator; 0 or -ENOMEM. */
static int
worker_alloc(struct worker *w)
{
	const struct dd_point *p = w->sh->p;
	bool		       mixed = dd_pattern_mixed(p->pattern);

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
	return 0;
}

/* Allocate slots and buffers, set up the ring, probe the target. */
static int
worker_setup(struct worker *w)
{
	const struct dd_point  *p = w->sh->p;
	const struct dd_target *t = w->sh->t;
	uint64_t		region, start, len;
	int			ret;

	if ((ret = worker_alloc(w)) < 0)
		return ret;
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
	uint64_t next;

	while (w->nidle > 0 && engine_rate_ready(*due, now, ENGINE_RATE_WINDOW_NS)) {
		unsigned slot = w->idle[w->nidle - 1];

		if (!slot_prep(w, slot, phase == PHASE_MEASURE)) {
			*spent = w->sh->budget_blocks && w->budget_left == 0;
			break;
		}
		w->nidle--;
		n++;
		next = engine_rate_next(*due, now, period, ENGINE_RATE_CATCHUP_NS);
		if (phase == PHASE_MEASURE)
			w->late_ns += next - (*due + period);
		*due = next;
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
	bool		       stopping = false, spent = false, began = false, ended = false;
	bool		       full;
	uint64_t	       carried = 0;
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
		if (phase == PHASE_MEASURE && !began) {
			began = true;	/* a lag carried in is issued in the
					 * measured phase: not lost from it */
			carried = t > due ? t - due : 0;
		}
		if ((stopping || spent) && !ended) {
			ended = true;	/* what was due and never issued is lost */
			if (w->measured && t > due)
				w->late_ns += t - due;
			w->late_ns = w->late_ns > carried ? w->late_ns - carried : 0;
		}
		full = w->nidle == 0;
		io_uring_for_each_cqe(&w->ring, head, cqe) {
			unsigned slot = (unsigned)io_uring_cqe_get_data64(cqe);

			n++;
			if (!worker_complete(w, &c, slot, cqe->res, t, phase))
				stopping = true;
			w->idle[w->nidle++] = slot;
			inflight--;
		}
		if (full && n > 0) {
			uint64_t held = engine_rate_held(due, w->full_since, t, slack);

			if (phase == PHASE_MEASURE)
				w->held_ns += held - due;
			due = held;
		}
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

#define SPIN_IDLE_WINDOW_MS 100		/* spin=auto: idle CPUs measured over this */

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
			w[i].joined = true;
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

/* The run's start: res reset to the point, the point checked, the shared
 * state set up (idle CPUs measured for spin=auto before the workers
 * start).  0, or negative errno with err set (res->status too). */
static int
engine_run_prepare(struct engine_shared *sh, const struct dd_target *t,
		   const struct dd_point *p, struct dd_result *res, struct dd_error *err)
{
	int ret;

	memset(res, 0, sizeof *res);
	res->point = *p;
	res->tclass = t->tclass;
	res->idle_cpus = NAN;
	ret = sh == NULL ? dd_error_set(err, -ENOMEM, "out of memory")
			 : engine_point_check(p, t, err);
	if (ret < 0) {
		res->status = ret;
		dd_strlcpy(res->message, err ? err->msg : "", sizeof res->message);
		return ret;
	}
	sh->t = t;
	sh->point = *p;
	sh->p = &sh->point;
	sh->phase = PHASE_SETUP;
	sh->done_fd = sh->ready_fd = -1;
	if (p->bytes)
		sh->budget_blocks = p->bytes / p->bs ? p->bytes / p->bs : 1;
	sh->idle_cpus = -1;
	if (p->spin == DD_SPIN_AUTO && !p->iopoll && p->iodepth <= DD_SPIN_AUTO_MAX_QD) {
		/* Before the workers start: what the rest of the machine leaves. */
		res->idle_cpus = hostinfo_cpus_idle(SPIN_IDLE_WINDOW_MS);
		sh->idle_cpus = res->idle_cpus >= 0 ? (long)floor(res->idle_cpus + 0.1) : -1;
	}
	pthread_mutex_init(&sh->lock, NULL);
	pthread_cond_init(&sh->cond, NULL);
	sh->done_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	sh->ready_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	return 0;
}

/* Start the workers of a run; the number started (stops at the first
 * thread that cannot start, err set and *ret negative). */
static unsigned
engine_start_workers(struct worker *w, struct engine_shared *sh,
		     const struct dd_engine_hooks *hooks, int *ret, struct dd_error *err)
{
	const struct dd_point *p = sh->p;
	unsigned	       started = 0;

	for (unsigned i = 0; i < p->numjobs; i++) {
		w[i].id = i;
		w[i].sh = sh;
		if (hooks != NULL && hooks->trace != NULL) {
			w[i].trace = hooks->trace + (size_t)i * hooks->trace_n;
			w[i].trace_n = hooks->trace_n;
		}
		if (signals_thread_create(&w[i].thread, NULL, worker_main, &w[i]) != 0) {
			*ret = dd_error_set(err, -EAGAIN, "cannot start worker thread %u of %u",
					    i + 1, p->numjobs);
			break;
		}
		started++;
	}
	return started;
}

/* The measuring phase begins: the process's CPU time and the clock. */
static void
engine_measure_begin(struct collector *c)
{
	getrusage(RUSAGE_SELF, &c->ru0);
	c->t_measure0 = c->t_prev = clock_now_ns();
	__atomic_store_n(&c->sh->phase, PHASE_MEASURE, __ATOMIC_RELEASE);
}

/* The ramp, if any, from t0: true when cancelled during it. */
static bool
engine_ramp(struct collector *c, uint64_t t0, int cancel_fd)
{
	struct engine_shared *sh = c->sh;
	int		      why = 0;

	if (!(sh->p->ramp_s > 0))
		return false;
	while ((why = collector_wait(t0 + clock_s_to_ns(sh->p->ramp_s), cancel_fd, sh->done_fd,
				     &c->finished)) == 2 &&
	       !__atomic_load_n(&sh->failed, __ATOMIC_ACQUIRE))
		;
	return why == 1;
}

/*
 * The measured phase: a sample every interval until the runtime ends, the
 * jobs finish their budget or one fails, or a cancel (true returned).
 * *extended when no I/O completed in the time asked for and it went on.
 */
static bool
engine_measure(struct collector *c, const struct dd_engine_hooks *hooks, int cancel_fd,
	       bool *extended)
{
	const struct dd_point *p = c->sh->p;
	uint64_t	       interval_ns, end;
	int		       why;

	interval_ns = (uint64_t)(p->interval_ms ? p->interval_ms : 200) * 1000000u;
	if (c->t_measure0 == 0)
		engine_measure_begin(c);
	/* The end counts from the measuring start, never before it. */
	end = p->bytes || clock_s_to_ns(p->runtime_s) > UINT64_MAX - c->t_measure0
		      ? UINT64_MAX : c->t_measure0 + clock_s_to_ns(p->runtime_s);
	for (uint64_t next = c->t_measure0 + interval_ns;; next += interval_ns) {
		uint64_t stop_at = next < end ? next : end;

		why = collector_wait(stop_at, cancel_fd, c->sh->done_fd, &c->finished);
		if (why == 1)
			return true;
		if (why == 2) {
			/* A worker finished its budget or failed. */
			if (__atomic_load_n(&c->sh->failed, __ATOMIC_ACQUIRE) ||
			    c->finished >= c->n)
				return false;
			next -= interval_ns;	/* keep the tick */
			continue;
		}
		collector_sample(c, clock_now_ns(), hooks);
		if (stop_at < end)
			continue;
		/* Not one I/O completed in the measured time (workers
		 * starved, a very short point): measure on, an interval
		 * at a time, up to ENGINE_EMPTY_MAX_S more, rather than
		 * report a rate of nothing.  The result says so. */
		if (c->res->ios == 0 && !p->bytes &&
		    end - c->t_measure0 < clock_s_to_ns(p->runtime_s + ENGINE_EMPTY_MAX_S)) {
			end += interval_ns;
			*extended = true;
			continue;
		}
		return false;
	}
}

/* From the open gate to the stop: ramp, measure, the process's CPU time;
 * true when cancelled. */
static bool
engine_phases(struct collector *c, const struct dd_engine_hooks *hooks, int cancel_fd,
	      bool *extended)
{
	struct engine_shared *sh = c->sh;
	uint64_t	      t0 = clock_now_ns();
	bool		      cancelled;

	/* A byte budget with no ramp counts from the first I/O. */
	if (sh->p->bytes && !(sh->p->ramp_s > 0))
		engine_measure_begin(c);
	else
		__atomic_store_n(&sh->phase, PHASE_RAMP, __ATOMIC_RELEASE);
	engine_gate_open(sh);
	cancelled = engine_ramp(c, t0, cancel_fd);
	if (!cancelled && !__atomic_load_n(&sh->failed, __ATOMIC_ACQUIRE))
		cancelled = engine_measure(c, hooks, cancel_fd, extended);
	c->res->elapsed_s = c->t_measure0 ? (double)(clock_now_ns() - c->t_measure0) / 1e9 : 0;
	__atomic_store_n(&sh->phase, PHASE_STOP, __ATOMIC_RELEASE);
	if (c->t_measure0) {
		getrusage(RUSAGE_SELF, &c->ru1);
		c->res->proc_user_s = collector_seconds(c->ru0.ru_utime, c->ru1.ru_utime);
		c->res->proc_sys_s = collector_seconds(c->ru0.ru_stime, c->ru1.ru_stime);
	}
	return cancelled;
}

/* After the join: the end flush, the final result, its note and the first
 * worker's error; the run's return value. */
static int
engine_run_outcome(struct collector *c, int cancel_fd, bool cancelled, bool extended,
		   int ret, struct dd_error *err)
{
	const struct dd_target *t = c->sh->t;
	const struct dd_point  *p = c->sh->p;
	struct dd_result       *res = c->res;

	if (p->end_fsync && c->t_measure0 && !cancelled && ret == 0 &&
	    !__atomic_load_n(&c->sh->failed, __ATOMIC_ACQUIRE)) {
		int frc = engine_flush(t, cancel_fd, &res->flush_s);

		res->elapsed_s += res->flush_s;
		if (frc == 1)
			cancelled = true;
		else if (frc < 0)
			ret = dd_error_set(err, frc, "flushing %s after the point failed: %s",
					   t->path, strerror(-frc));
	}
	collector_finish(c);
	res->cancelled = cancelled;
	if (res->iopoll_fallback)
		snprintf(res->message, sizeof res->message,
			 "polled completions are not supported by %.200s; fell back to interrupts",
			 t->path);
	else if (extended)
		snprintf(res->message, sizeof res->message,
			 "no I/O completed in the %g s asked for; measured %.3f s until one did",
			 p->runtime_s, res->elapsed_s);
	for (unsigned i = 0; i < c->n; i++) {
		if (c->w[i].joined && c->w[i].error != 0) {	/* a job left behind
								 * may still write */
			ret = dd_error_set(err, c->w[i].error,
					   "%s on %s failed at offset %" PRIu64 ": %s",
					   c->w[i].error_what, t->path, c->w[i].error_off,
					   strerror(-c->w[i].error));
			res->status = c->w[i].error;
			dd_strlcpy(res->message, err ? err->msg : "", sizeof res->message);
			break;
		}
	}
	if (ret < 0 && res->status == 0) {
		res->status = ret;
		dd_strlcpy(res->message, err ? err->msg : "", sizeof res->message);
	}
	return ret;
}

/* Free a run's workers and shared state (numjobs workers, w may be NULL). */
static void
engine_run_free(struct worker *w, unsigned numjobs, struct engine_shared *sh)
{
	if (w != NULL)
		for (unsigned i = 0; i < numjobs; i++)
			worker_cleanup(&w[i]);
	free(w);
	if (sh->done_fd >= 0)
		close(sh->done_fd);
	if (sh->ready_fd >= 0)
		close(sh->ready_fd);
	pthread_cond_destroy(&sh->cond);
	pthread_mutex_destroy(&sh->lock);
	free(sh);
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
	bool		     extended = false;	/* measured past runtime_s for one I/O */
	int		     cancel_fd = hooks ? hooks->cancel_fd : -1, ret = 0, why;
	bool		     cancelled = false;
	unsigned	     left = 0;	/* jobs left behind (engine_join) */
	bool		     setup_stalled = false;	/* a first read never completed */

	if ((ret = engine_run_prepare(sh, t, p, res, err)) < 0) {
		free(sh);
		return ret;
	}
	w = calloc(p->numjobs, sizeof *w);
	hbuf = calloc(4, sizeof *hbuf);
	if (sh->done_fd < 0 || sh->ready_fd < 0 || w == NULL || hbuf == NULL) {
		ret = dd_error_set(err, -ENOMEM, "cannot allocate %u workers", p->numjobs);
		goto out;
	}
	started = engine_start_workers(w, sh, hooks, &ret, err);
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
	} else {
		cancelled = engine_phases(&c, hooks, cancel_fd, &extended);
	}
	left = engine_join(w, started, sh, &c.finished, setup_stalled);
	if (left > 0 && ret == 0)
		ret = dd_error_set(err, -ETIMEDOUT, "%u job%s of %s on %s did not finish: an I/O "
				   "did not complete within %g s after the point ended (the "
				   "device stalled); left behind", left, left == 1 ? "" : "s",
				   p->name, t->path, engine_drain_max_s);
	ret = engine_run_outcome(&c, cancel_fd, cancelled, extended, ret, err);
out:
	free(hbuf);
	if (left > 0) {		/* w and sh stay: a job left behind may still use them */
		engine_keep_left_behind(w, sh);
		return ret;
	}
	engine_run_free(w, p->numjobs, sh);
	return ret;
}
