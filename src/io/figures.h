/*
 * A point's result from outside (a fio server's figures, an imported fio
 * file) checked as a whole before it is believed: every figure finite and
 * not negative, within the physical bounds of lib/figure.h, and consistent
 * (IOPS and MB/s agree with the I/Os and bytes over the runtime; latency
 * min <= mean <= max; the percentiles ordered and none above the max).  The
 * engine's own results hold by construction; this is for the others.
 */
#ifndef DD_FIGURES_H
#define DD_FIGURES_H

#include "io/engine.h"
#include "lib/error.h"

/* IOPS and MB/s against the counts over the runtime: fio rounds its runtime
 * to milliseconds and computes each direction's rate on its own runtime. */
#define FIGURES_RATE_REL 0.10

/* 0 when r's figures are possible, else -ERANGE with err naming source
 * ("10.0.0.7:8765", "x.json: jobs[2]"), the field and the value.  NAN
 * stands for a figure not reported and passes (a latency with no I/O, a
 * percentile fio did not list, CPU time). */
int figures_check_result(const struct dd_result *r, const char *source, struct dd_error *err);

#endif
