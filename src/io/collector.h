/*
 * The engine's collector (collector.c), for engine.c only: waits for the
 * next sample time, a cancel or workers leaving; takes a live interval
 * sample; builds the final result once the workers are joined.
 */
#ifndef DD_COLLECTOR_H
#define DD_COLLECTOR_H

#include <sys/time.h>

#include "io/engine-int.h"

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

/* Seconds between two rusage timevals. */
double collector_seconds(struct timeval a, struct timeval b);

/*
 * Wait until deadline_ns, or until the cancel fd or the done eventfd fires.
 * Returns 1 on cancel, 2 when workers left (their number added to *done),
 * 0 at the deadline.
 */
int collector_wait(uint64_t deadline_ns, int cancel_fd, int done_fd, unsigned *done);

/* Take one interval sample at time t (clock_now_ns), calling the hooks. */
void collector_sample(struct collector *c, uint64_t t, const struct dd_engine_hooks *hooks);

/* Build the final result after the workers are joined. */
void collector_finish(struct collector *c);

#endif
