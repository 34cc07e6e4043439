/*
 * A deterministic backend for tests (the proof of the io/backend.h seam):
 * no I/O, no clock.  Each run of a point takes the next figure of a script
 * of IOPS values (the last one repeats), reports FAKE_INTERVALS intervals
 * through the hooks, and fills a result whose elapsed time is the point's
 * runtime (its histogram holds one sample per interval).  A point named
 * "hang" publishes one interval and then waits on the cancel fd (at most
 * 30 s); one named "stall" goes on publishing intervals with no new
 * completion (ios frozen), one a millisecond, until the cancel fd (at most
 * 30 s); a point named "fail" fails with -EIO.  A path opened that holds
 * "fail-at-N" fails its Nth run (from 1) with -ECONNRESET after one
 * interval, as a server lost mid-run; one holding "nosize" has size 0
 * (unknown, as a remote target without size=); one holding "nobins" gives
 * results with an empty histogram (as fio's terse output).
 */
#ifndef DD_FAKE_BACKEND_H
#define DD_FAKE_BACKEND_H

#include "io/backend.h"

#define FAKE_INTERVALS 4
#define FAKE_SCRIPT_MAX 64
#define FAKE_DEFAULT_IOPS 1000	/* a target opened without a script */

/* The fake's state, in t->backend_data. */
struct fake_state {
	double	 script[FAKE_SCRIPT_MAX];	/* IOPS of run 1, 2, ... */
	unsigned nscript;
	unsigned runs;		/* runs so far */
	unsigned fail_at;	/* run (from 1) that fails with -ECONNRESET; 0 none */
	bool	 nobins;	/* results keep an empty histogram */
	int	 cancels;	/* cancel op calls (atomic) */
};

extern const struct dd_backend_ops fake_backend;

/* Open a fake target with an IOPS script of n values. */
int fake_target_open(struct dd_target *t, const double *script, unsigned n);

#endif
