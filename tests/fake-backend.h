/*
 * A deterministic backend for tests (the proof of the io/backend.h seam):
 * no I/O, no clock.  Each run of a point takes the next figure of a script
 * of IOPS values (the last one repeats), reports FAKE_INTERVALS intervals
 * through the hooks, and fills a result whose elapsed time is the point's
 * runtime.  A point named "hang" publishes one interval and then waits on
 * the cancel fd (at most 30 s); a point named "fail" fails with -EIO.
 */
#ifndef DD_FAKE_BACKEND_H
#define DD_FAKE_BACKEND_H

#include "io/backend.h"

#define FAKE_INTERVALS 4
#define FAKE_SCRIPT_MAX 64

/* The fake's state, in t->backend_data. */
struct fake_state {
	double	 script[FAKE_SCRIPT_MAX];	/* IOPS of run 1, 2, ... */
	unsigned nscript;
	unsigned runs;		/* runs so far */
	int	 cancels;	/* cancel op calls (atomic) */
};

extern const struct dd_backend_ops fake_backend;

/* Open a fake target with an IOPS script of n values. */
int fake_target_open(struct dd_target *t, const double *script, unsigned n);

#endif
