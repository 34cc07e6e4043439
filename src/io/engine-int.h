/*
 * The io_uring engine's insides, shared by its files (engine.c: the workers
 * and the run; engine-point.c: the point rules and checks; collector.c: the
 * collector) and by nothing else.
 *
 * Data model: a run is one struct engine_shared (the phase, the gate, the
 * failure flag, the eventfds the workers signal) and numjobs struct worker,
 * each with its ring, its slots and buffers, and statistics it alone
 * writes (published as struct worker_counters once per reap batch, read by
 * the collector with relaxed loads).  This header includes liburing for
 * the ring inside struct worker.
 */
#ifndef DD_ENGINE_INT_H
#define DD_ENGINE_INT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>

#include <liburing.h>

#include "io/engine.h"
#include "lib/histogram.h"

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
	bool		       joined;		/* joined: its figures may be read */
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
	uint64_t	       held_ns;		/* paced, measured phase: schedule slipped
						 * while the device held the queue full */
	uint64_t	       late_ns;		/* ... dropped because the job woke late
						 * (beyond the catch-up); after join */

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

#endif
