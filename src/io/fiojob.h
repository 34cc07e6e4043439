/*
 * The one translation of drivedash points into fio job options.
 *
 * `--print-fio` (core/plan.c: a whole plan as one job file, each point a
 * stonewalled section) and the fio client/server backend (io/fio.c: one
 * point at a time, sent to `fio --client`) write their sections through
 * these functions and nothing else, so the job a fleet host runs is exactly
 * the twin --print-fio shows.  Text goes to a stdio stream (open_memstream
 * in both callers).  No I/O on the target: what the engine would choose for
 * a point (batch, force_async) comes from engine_point_mode for the target
 * class the caller names.
 */
#ifndef DD_FIOJOB_H
#define DD_FIOJOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "io/engine.h"

/* Where and how the job runs: the target as fio names it, its size (0:
 * unknown; per-job regions then become percentages) and class, and whether
 * every point polls (--iopoll). */
struct fiojob_target {
	const char	    *path;	/* fio's filename= (':' is escaped) */
	uint64_t	     size;
	enum dd_target_class tclass;
	bool		     iopoll;
	long		     ncpus;	/* CPUs of the host that runs it (engine_point_mode) */
};

/* The [global] section: engine, direct I/O, filename, thread,
 * group_reporting, lat_percentiles and the comments that go with them.
 * -EINVAL when the path holds a newline (fio could not name it). */
int fiojob_global(FILE *f, const struct fiojob_target *jt);

/* One point's section: name from the point ("NAME runR" when runs > 1; idx
 * names a nameless one), stonewall, rw, bs, depth, jobs, runtime or
 * io_size, ramp, offset/size/region, pacing, end_fsync, and the comments
 * on what fio cannot reproduce. */
void fiojob_point(FILE *f, const struct dd_point *pt, size_t idx, unsigned run, unsigned runs,
		  const struct fiojob_target *jt);

#endif
