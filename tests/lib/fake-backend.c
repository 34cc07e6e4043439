/*
 * The fake backend (see fake-backend.h): synthetic results and intervals
 * from a script, so the sweep thread is tested without I/O.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fake-backend.h"

/* The run a "fail-at-N" path fails. */
static void
fake_fail_at(struct fake_state *st, const char *n)
{
	st->fail_at = (unsigned)strtoul(n, NULL, 10);
}

/* Open: a 1 GiB pretend device; the script comes from fake_target_open. */
static int
fake_open(struct dd_target *t, const char *path, bool writable, struct dd_error *err)
{
	memset(t, 0, sizeof *t);
	t->fd = -1;
	dd_strlcpy(t->path, path, sizeof t->path);
	t->size = 1ull << 30;
	t->lbs = 512;
	t->writable = writable;
	t->backend = &fake_backend;
	t->backend_data = calloc(1, sizeof(struct fake_state));
	if (t->backend_data == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	if (strstr(path, "nosize") != NULL)
		t->size = 0;
	((struct fake_state *)t->backend_data)->nobins = strstr(path, "nobins") != NULL;
	if (strstr(path, "fail-at-") != NULL)
		fake_fail_at(t->backend_data, strstr(path, "fail-at-") + 8);
	return 0;
}

/* Check: the region must lie on the pretend device. */
static int
fake_check(const struct dd_point *p, const struct dd_target *t, struct dd_error *err)
{
	if (p->offset >= t->size)
		return dd_error_set(err, -EINVAL, "offset is beyond the end of %s", t->path);
	return 0;
}

/* Wait for the cancel fd (30 s at most: a hang fails the test, not CI). */
static bool
fake_wait_cancel(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	return fd >= 0 && poll(&pfd, 1, 30000) == 1;
}

/* A stalled point: an interval every millisecond with no new completion,
 * until the cancel fd (30 s at most); true when cancelled. */
static bool
fake_stall(const struct dd_engine_hooks *hooks, const struct dd_result *res,
	   const struct dd_interval *iv)
{
	struct dd_interval none = *iv;
	struct timespec	   t0, t;

	none.iops = 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (t = t0; t.tv_sec - t0.tv_sec < 30; clock_gettime(CLOCK_MONOTONIC, &t)) {
		struct pollfd pfd = { .fd = hooks->cancel_fd, .events = POLLIN };

		if (poll(&pfd, 1, 1) == 1)
			return true;
		if (hooks->interval != NULL)
			hooks->interval(hooks->arg, res, &none, 0.5);
	}
	return false;
}

/* Run: the next scripted figure, FAKE_INTERVALS intervals of it. */
static int
fake_run(const struct dd_target *t, const struct dd_point *p,
	 const struct dd_engine_hooks *hooks, struct dd_result *res, struct dd_error *err)
{
	struct fake_state *st = t->backend_data;
	double		   iops = st->nscript == 0 ? FAKE_DEFAULT_IOPS
				 : st->script[st->runs < st->nscript ? st->runs : st->nscript - 1];
	double		   rt = p->runtime_s > 0 ? p->runtime_s : 1;

	st->runs++;
	memset(res, 0, sizeof *res);
	res->point = *p;
	if (strcmp(p->name, "fail") == 0) {
		res->status = dd_error_set(err, -EIO, "fake I/O error on %s", t->path);
		dd_strlcpy(res->message, err->msg, sizeof res->message);
		return res->status;
	}
	res->lat.mean_us = 1e6 / iops * p->iodepth;
	for (unsigned i = 0; i < FAKE_INTERVALS; i++) {
		struct dd_interval iv = { .t_s = rt * (i + 1) / FAKE_INTERVALS, .iops = iops,
					  .mean_us = res->lat.mean_us, .p99_us = NAN,
					  .temp_c = NAN };

		res->intervals[res->nintervals++] = iv;
		if (!st->nobins)
			hist_add(&res->hist, (uint64_t)llround(res->lat.mean_us * 1000));
		res->elapsed_s = iv.t_s;
		res->iops = iops;
		res->ios = (uint64_t)llround(iops * iv.t_s);
		if (hooks != NULL && hooks->interval != NULL)
			hooks->interval(hooks->arg, res, &iv, (double)(i + 1) / FAKE_INTERVALS);
		if (st->runs == st->fail_at) {
			res->status = dd_error_set(err, -ECONNRESET, "the fake server of %s went "
						   "away mid-run", t->path);
			dd_strlcpy(res->message, err->msg, sizeof res->message);
			return res->status;
		}
		if (strcmp(p->name, "hang") == 0 && fake_wait_cancel(hooks->cancel_fd)) {
			res->cancelled = true;
			return 0;
		}
		if (strcmp(p->name, "stall") == 0 && fake_stall(hooks, res, &iv)) {
			res->cancelled = true;
			return 0;
		}
	}
	res->mbps = iops * p->bs / 1e6;
	return 0;
}

/* Cancel: counted, so tests see that the sweep called it. */
static void
fake_cancel(const struct dd_target *t)
{
	struct fake_state *st = t->backend_data;

	__atomic_add_fetch(&st->cancels, 1, __ATOMIC_RELAXED);
}

/* Close: free the state. */
static void
fake_close(struct dd_target *t)
{
	free(t->backend_data);
	t->backend_data = NULL;
}

const struct dd_backend_ops fake_backend = {
	.name = "fake",
	.open = fake_open,
	.check = fake_check,
	.run = fake_run,
	.cancel = fake_cancel,
	.close = fake_close,
};

/* Open a fake target with an IOPS script. */
int
fake_target_open(struct dd_target *t, const double *script, unsigned n)
{
	struct dd_error	   err = { 0 };
	struct fake_state *st;
	int		   ret = dd_backend_open(&fake_backend, t, "fake:0", true, &err);

	if (ret < 0)
		return ret;
	st = t->backend_data;
	for (unsigned i = 0; i < n && i < FAKE_SCRIPT_MAX; i++)
		st->script[st->nscript++] = script[i];
	return 0;
}
