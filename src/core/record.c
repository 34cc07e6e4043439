/*
 * The recorder (record.h): one sweep's way into the results store.
 *
 * A struct record holds the run's provenance as the front end sees it (its
 * name, and its id once stored), and what the sweep thread needs between
 * the two calls of the sweep's sink: the NVMe controller behind the target
 * (its SMART log is read before and after every point) and the reading
 * taken before the running point.
 *
 * The store itself belongs to a writer thread of the recorder's own, fed by
 * a queue of jobs (store the run, store a point, record the end).  Neither
 * the front end's thread (the dashboard's UI thread) nor the sweep thread
 * ever waits for the store: the sink copies a finished point into the queue
 * and returns.  The writer's connection waits only RECORD_TRY_MS for
 * another writer; a store that stays busy (another process holds its write
 * lock) is retried every RECORD_RETRY_MS for as long as the recorder lives,
 * and said (record_busy, the wake fd, and the on_busy hook, which the
 * front end's thread calls: record_poll, record_end).  record_end waits
 * for the queue to drain, but for a busy store only o->wait_ms (the CLI's
 * stated bound; the dashboard 0, it watches the wake fd instead);
 * record_free waits while the writer makes progress and abandons what a
 * busy store still holds back.  The recorder counts the points stored and
 * keeps the first error, which the front end reports once at the end: a
 * store that fails mid-sweep (a full disk) never stops the measurement.
 *
 * Threads: record_begin and record_attach run in the front end's thread
 * before sweep_start; the sink's calls run in the sweep thread; record_end,
 * record_free and the accessors in the front end's thread.  The queue, the
 * counts, the error and the stored id are under the mutex; the connection
 * is the writer's alone.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/file.h"
#include "lib/histogram.h"
#include "lib/signals.h"
#include "core/record.h"

#define RECORD_TRY_MS	100	/* one attempt's wait for another writer */
#define RECORD_RETRY_MS 250	/* between attempts on a busy store */

/* What the writer does next. */
enum record_job_kind {
	RJ_BEGIN,	/* store the run's provenance */
	RJ_POINT,	/* store a finished point */
	RJ_END,		/* record how the run ended */
	RJ_VERDICT,	/* store the run's judgement */
};

/* One queued job; owns its copies. */
struct record_job {
	enum record_job_kind kind;
	struct results_prov  prov;	/* RJ_BEGIN, RJ_END */
	struct results_point pt;	/* RJ_POINT (pt.r is a heap copy) */
	struct results_verdict *rows;	/* RJ_VERDICT (heap) */
	size_t		     nrows;
	struct record_job   *next;
};

struct record {
	/* The front end's view; prov.id under mu once the writer stored it. */
	struct results_prov   prov;
	char		      path[PATH_MAX];	/* the store */
	char		      ctrl[64];		/* "nvme0"; "" no SMART */
	char		      point_host[256];	/* every point's host; "" the run's */
	int		      wait_ms;		/* record_end's bound on a busy store */
	void		    (*on_busy)(void *arg, const char *path);
	void		     *on_busy_arg;

	/* The sweep thread's own. */
	struct nvmeinfo_smart before;		/* of the running point */
	size_t		      nrounds, nsteady;	/* points run in steady-state
						 * rounds, and attained */

	bool		      memory;		/* the store is in memory (--no-save) */

	/* The writer's own. */
	struct results	     *db;		/* NULL: still to be opened (busy) */
	int64_t		      run_id;		/* as stored; 0 not yet */

	/* Shared, under mu. */
	pthread_mutex_t	      mu;
	pthread_cond_t	      cv;		/* a job queued, or stop */
	pthread_cond_t	      changed;		/* a job done, busy changed */
	pthread_t	      writer;
	bool		      started;
	struct record_job    *head, *tail;
	struct record_job    *done, *done_tail;	/* done jobs, in order, kept
						 * for record_spill */
	size_t		      queued;		/* jobs not yet done */
	size_t		      npoints;		/* stored */
	size_t		      nqueued_points;	/* handed to the writer */
	bool		      stop;		/* the writer leaves, dropping the rest */
	bool		      busy, said_busy;
	uint64_t	      busy_since_ns;	/* clock_now_ns when busy began */
	uint64_t	      first_wait_ns;	/* when the front end first waited */
	bool		      failed;
	struct dd_error	      first;		/* the first write error */
	struct dd_error	      last_busy;	/* the busy store's sentence */
	int		      wake;		/* eventfd: the writer's state changed */
};

/* The completion wait of a point as text: "off", "auto", "on", "on/200us". */
static void
record_spin_text(const struct dd_point *p, char *buf, size_t len)
{
	if (p->spin == DD_SPIN_OFF)
		snprintf(buf, len, "off");
	else if (p->spin == DD_SPIN_AUTO)
		snprintf(buf, len, "auto");
	else if (p->spin_us)
		snprintf(buf, len, "on/%uus", p->spin_us);
	else
		snprintf(buf, len, "on");
}

/* The engine options of a plan: one value when every point agrees, else
 * "mixed": "spin=off iopoll=off batch=auto". */
static void
record_engine_text(const struct dd_plan *plan, char *buf, size_t len)
{
	char spin[32] = "", s[32], batch[16] = "", b[16];
	int  iopoll = -1;

	for (size_t i = 0; i < plan->npoints; i++) {
		const struct dd_point *p = &plan->points[i];

		record_spin_text(p, s, sizeof s);
		snprintf(b, sizeof b, p->batch ? "%u" : "auto", p->batch);
		if (i == 0) {
			dd_strlcpy(spin, s, sizeof spin);
			dd_strlcpy(batch, b, sizeof batch);
			iopoll = p->iopoll;
			continue;
		}
		if (strcmp(spin, s) != 0)
			dd_strlcpy(spin, "mixed", sizeof spin);
		if (strcmp(batch, b) != 0)
			dd_strlcpy(batch, "mixed", sizeof batch);
		if (iopoll != (int)p->iopoll)
			iopoll = 2;
	}
	snprintf(buf, len, "spin=%s iopoll=%s batch=%s", spin[0] ? spin : "off",
		 iopoll == 2 ? "mixed" : iopoll == 1 ? "on" : "off", batch[0] ? batch : "auto");
}

/* What the drive is, from discovery: model, serial, firmware, capacity, LBA
 * format and PCIe link. */
static void
record_prov_identity(struct results_prov *p, const struct session_identity *id)
{
	const struct nvmeinfo_ctrl *c = id->ctrl;

	/* Typed text (--model) is what was asked for, not what the drive is. */
	if (id->model != NULL && id->model_source != NULL &&
	    strcmp(id->model_source, "option") == 0)
		dd_strlcpy(p->query, id->model, sizeof p->query);
	else if (id->model != NULL)
		dd_strlcpy(p->model, id->model, sizeof p->model);
	if (id->bdev != NULL) {
		p->capacity = id->bdev->size_bytes;
		snprintf(p->lba_format, sizeof p->lba_format, "%d", id->bdev->logical_block_size);
	}
	if (id->ns != NULL && id->ns->lba_data_size > 0)
		snprintf(p->lba_format, sizeof p->lba_format, "%d + %d", id->ns->lba_data_size,
			 id->ns->lba_metadata_size > 0 ? id->ns->lba_metadata_size : 0);
	if (c == NULL)
		return;
	dd_strlcpy(p->serial, c->serial, sizeof p->serial);
	dd_strlcpy(p->firmware, c->firmware, sizeof p->firmware);
	if (nvmeinfo_match_capacity(c) > 0)
		p->capacity = nvmeinfo_match_capacity(c);
	if (!isnan(c->pcie.speed_gts) && nvmeinfo_pcie_gen(c->pcie.speed_gts) > 0)
		snprintf(p->pcie_link, sizeof p->pcie_link, "Gen%d x%d (max Gen%d x%d)",
			 nvmeinfo_pcie_gen(c->pcie.speed_gts), c->pcie.width,
			 nvmeinfo_pcie_gen(c->pcie.max_speed_gts), c->pcie.max_width);
}

/* What the target is: path, kind, description, device, temperature sensor. */
static void
record_prov_target(struct results_prov *p, const struct session *s, const struct dd_target *t)
{
	struct nvmeinfo_thermo th;

	dd_strlcpy(p->target_path, s->tgt.path[0] ? s->tgt.path : t->path, sizeof p->target_path);
	dd_strlcpy(p->target_kind, session_kind_name(s->tgt.kind), sizeof p->target_kind);
	dd_strlcpy(p->target_desc, s->tgt.description, sizeof p->target_desc);
	if (s->tgt.kind == SESSION_BLOCK) {
		dd_strlcpy(p->device, s->tgt.name, sizeof p->device);
		dd_strlcpy(p->model, s->tgt.model, sizeof p->model);
		p->capacity = t->size;
		snprintf(p->lba_format, sizeof p->lba_format, "%u", t->lbs);
	} else {
		dd_strlcpy(p->device, s->tgt.fs_source, sizeof p->device);
	}
	/* The sensor the sweep will sample, found as the sweep finds it. */
	nvmeinfo_thermo_open_fd(&th, t->fd);
	dd_strlcpy(p->temp_source, th.source, sizeof p->temp_source);
	nvmeinfo_thermo_close(&th);
}

/* How the plan runs: name, repeats, engine options, preconditioning. */
static void
record_prov_plan(struct results_prov *p, const struct dd_plan *plan)
{
	dd_strlcpy(p->plan_name, plan->name, sizeof p->plan_name);
	p->repeat = plan->repeat ? plan->repeat : 1;
	dd_strlcpy(p->aggregate, plan_aggregate_name(plan->aggregate), sizeof p->aggregate);
	p->steady_state = plan->steady_state;
	p->precondition_passes = plan->precondition_passes;
	record_engine_text(plan, p->engine, sizeof p->engine);
	if (plan->precondition_passes > 0)
		snprintf(p->precondition, sizeof p->precondition,
			 "%g pass%s of 128K sequential writes over the target",
			 plan->precondition_passes, plan->precondition_passes == 1 ? "" : "es");
	else
		snprintf(p->precondition, sizeof p->precondition, "none");
	if (plan->steady_state)
		snprintf(p->steady, sizeof p->steady,
			 "SNIA PTS steady-state rounds per point (outcome per point)");
}

/* Start a provenance: where (this host) and when. */
static void
record_prov_start(struct results_prov *p, const struct record_opts *o)
{
	memset(p, 0, sizeof *p);
	p->tolerance = NAN;		/* not judged (record_verdict) */
	dd_strlcpy(p->source, o->source ? o->source : "run", sizeof p->source);
	results_prov_host(p);
	results_prov_time(p, true, (int64_t)time(NULL));
}

/* Finish a provenance: the matched drive, the plan, the state and the name. */
static void
record_prov_finish(struct results_prov *p, const struct record_opts *o,
		   const struct record_match *m, const struct dd_plan *plan)
{
	if (m != NULL) {
		dd_strlcpy(p->drive_id, m->drive_id, sizeof p->drive_id);
		dd_strlcpy(p->drive_label, m->drive_label, sizeof p->drive_label);
	}
	record_prov_plan(p, plan);
	dd_strlcpy(p->state, "running", sizeof p->state);
	results_run_name(p, o->utf8, p->name, sizeof p->name);
}

/* Build the provenance of a run about to start. */
static void
record_prov_build(struct results_prov *p, const struct record_opts *o, const struct session *s,
		  const struct session_identity *id, const struct record_match *m,
		  const struct dd_plan *plan, const struct dd_target *t)
{
	record_prov_start(p, o);
	record_prov_target(p, s, t);
	if (id != NULL)
		record_prov_identity(p, id);
	record_prov_finish(p, o, m, plan);
}

/* Build the provenance of a run on a remote target: the far host's name
 * instead of this one's (whose kernel and CPU say nothing of it), the fio
 * server and device, the identity detect= gave, the fio client. */
static void
record_prov_build_remote(struct results_prov *p, const struct record_opts *o,
			 const struct record_remote *r, const struct record_match *m,
			 const struct dd_plan *plan, const struct dd_target *t)
{
	record_prov_start(p, o);
	dd_strlcpy(p->host, r->host, sizeof p->host);
	p->kernel[0] = p->cpu_model[0] = '\0';
	p->ncpus = 0;
	dd_strlcpy(p->target_path, t->path, sizeof p->target_path);
	dd_strlcpy(p->target_kind, "remote", sizeof p->target_kind);
	snprintf(p->target_desc, sizeof p->target_desc, "fio server %.256s, %.240s",
		 r->address ? r->address : "", r->device ? r->device : "");
	dd_strlcpy(p->device, r->device ? file_base(r->device) : "", sizeof p->device);
	dd_strlcpy(p->model, r->model, sizeof p->model);
	dd_strlcpy(p->serial, r->serial, sizeof p->serial);
	dd_strlcpy(p->firmware, r->firmware, sizeof p->firmware);
	if (r->link_gen > 0 && r->link_width > 0)	/* detect= gives the current link */
		snprintf(p->pcie_link, sizeof p->pcie_link, "Gen%d x%d", r->link_gen,
			 r->link_width);
	p->capacity = r->capacity ? r->capacity : t->size;
	record_prov_finish(p, o, m, plan);
	snprintf(p->engine, sizeof p->engine, "fio client/server (%s)",
		 r->fio_version && r->fio_version[0] ? r->fio_version : "fio version unknown");
}

/* Tell whoever watches that the writer's state changed.  Under mu. */
static void
record_changed(struct record *rec)
{
	uint64_t one = 1;

	pthread_cond_broadcast(&rec->changed);
	if (rec->wake >= 0 && write(rec->wake, &one, sizeof one) < 0) {
		/* the counter is full: a wake is pending anyway */
	}
}

/* Keep the first error of the run.  Under mu. */
static void
record_fail(struct record *rec, const struct dd_error *err)
{
	if (rec->failed)
		return;
	rec->failed = true;
	rec->first = *err;
	if (rec->first.code == 0)
		rec->first.code = -EIO;
}

/* Apply one job to db: the run's id is *run_id once its provenance is
 * stored there. */
static int
record_apply(struct results *db, int64_t *run_id, struct record_job *job, struct dd_error *err)
{
	int rc;

	switch (job->kind) {
	case RJ_BEGIN:
		rc = results_run_begin(db, &job->prov, err);
		if (rc == 0)
			*run_id = job->prov.id;
		return rc;
	case RJ_POINT:
		if (*run_id == 0)
			return dd_error_set(err, -EIO, "the run was not stored, so its points "
					    "cannot be");
		return results_point_add(db, *run_id, &job->pt, err);
	case RJ_END:
		if (*run_id == 0)
			return dd_error_set(err, -EIO, "the run was not stored");
		job->prov.id = *run_id;
		return results_run_end(db, &job->prov, err);
	case RJ_VERDICT:
		if (*run_id == 0)
			return dd_error_set(err, -EIO, "the run was not stored, so its verdicts "
					    "cannot be");
		job->prov.id = *run_id;
		return results_verdicts_store(db, &job->prov, job->rows, job->nrows, err);
	}
	return -EINVAL;
}

/* Do one job on the writer's connection (opening it first when an earlier
 * attempt found the store busy); -EBUSY when the store is busy now.
 * Writer thread. */
static int
record_do(struct record *rec, struct record_job *job, struct dd_error *err)
{
	int rc;

	if (rec->db == NULL &&
	    (rc = results_open_wait(&rec->db, rec->path, RESULTS_WRITE, RECORD_TRY_MS, err)) < 0)
		return rc;
	return record_apply(rec->db, &rec->run_id, job, err);
}

/* Free a job and what it owns. */
static void
record_job_free(struct record_job *job)
{
	if (job == NULL)
		return;
	free(job->pt.r);
	free(job->rows);
	free(job);
}

/* Note the outcome of the head job's attempt: busy (it stays queued) or
 * done (dequeued, counted, its error kept).  Under mu. */
static void
record_outcome(struct record *rec, int rc, const struct dd_error *err)
{
	struct record_job *job = rec->head;

	if (rc == -EBUSY) {
		if (!rec->busy) {
			rec->busy = true;
			rec->busy_since_ns = clock_now_ns();
			record_changed(rec);
		}
		rec->last_busy = *err;
		return;
	}
	rec->busy = false;
	rec->head = job->next;
	if (rec->head == NULL)
		rec->tail = NULL;
	rec->queued--;
	if (rc == 0 && job->kind == RJ_BEGIN && !rec->memory)
		rec->prov.id = rec->run_id;	/* a run in memory has no id to show */
	if (rc == 0 && job->kind == RJ_POINT)
		rec->npoints++;
	if (rc < 0)
		record_fail(rec, err);
	job->next = NULL;		/* kept for record_spill */
	if (rec->done_tail != NULL)
		rec->done_tail->next = job;
	else
		rec->done = job;
	rec->done_tail = job;
	record_changed(rec);
}

/* The writer: do the queued jobs in order; retry a busy store. */
static void *
record_writer(void *arg)
{
	struct record *rec = arg;

	pthread_mutex_lock(&rec->mu);
	for (;;) {
		struct dd_error err = { 0 };
		int		rc;

		while (rec->head == NULL && !rec->stop)
			pthread_cond_wait(&rec->cv, &rec->mu);
		if (rec->stop)
			break;
		pthread_mutex_unlock(&rec->mu);
		rc = record_do(rec, rec->head, &err);
		pthread_mutex_lock(&rec->mu);
		record_outcome(rec, rc, &err);
		if (rc == -EBUSY && !rec->stop) {
			struct timespec ts;

			clock_gettime(CLOCK_MONOTONIC, &ts);
			ts.tv_nsec += RECORD_RETRY_MS * 1000000L;
			ts.tv_sec += ts.tv_nsec / 1000000000L;
			ts.tv_nsec %= 1000000000L;
			pthread_cond_timedwait(&rec->cv, &rec->mu, &ts);
		}
	}
	pthread_mutex_unlock(&rec->mu);
	return NULL;
}

/* Queue a job for the writer (taken over: freed when done or dropped). */
static void
record_queue(struct record *rec, struct record_job *job)
{
	pthread_mutex_lock(&rec->mu);
	if (rec->tail != NULL)
		rec->tail->next = job;
	else
		rec->head = job;
	rec->tail = job;
	rec->queued++;
	if (job->kind == RJ_POINT)
		rec->nqueued_points++;
	pthread_cond_signal(&rec->cv);
	pthread_mutex_unlock(&rec->mu);
}

/* A recorder with its store open (or, when it is busy, to be opened by
 * the writer) and its writer running, or NULL with 0 for --no-save. */
static int
record_open(struct record **out, const struct record_opts *o, struct dd_error *err)
{
	pthread_condattr_t ca;
	struct record	  *rec;
	int		   rc;

	*out = NULL;
	if (o->no_save && !o->memory)
		return 0;
	rec = calloc(1, sizeof *rec);
	if (rec == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	rec->wake = -1;
	pthread_mutex_init(&rec->mu, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&rec->cv, &ca);
	pthread_cond_init(&rec->changed, &ca);
	pthread_condattr_destroy(&ca);
	rec->memory = o->no_save;
	if (rec->memory)
		rc = 0;
	else if (o->path != NULL)
		dd_strlcpy(rec->path, o->path, sizeof rec->path);
	else if ((rc = results_default_path(rec->path, sizeof rec->path, err)) < 0)
		goto fail;
	rec->wait_ms = o->wait_ms;
	rec->on_busy = o->on_busy;
	rec->on_busy_arg = o->on_busy_arg;
	if (rec->memory)
		rc = results_open_memory(&rec->db, err);
	else
		rc = results_open_wait(&rec->db, rec->path, RESULTS_WRITE, RECORD_TRY_MS, err);
	if (rc == -EBUSY)	/* the writer opens it once the lock is free */
		rc = 0;
	if (rc < 0)
		goto fail;
	rec->wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (rec->wake < 0 || signals_thread_create(&rec->writer, NULL, record_writer, rec) != 0) {
		rc = dd_error_set(err, -ENOMEM, "cannot start the results store's writer");
		goto fail;
	}
	rec->started = true;
	*out = rec;
	return 0;
fail:
	record_free(rec);
	return rc;
}

/* Queue the provenance built in rec->prov to be stored. */
static int
record_store_begin(struct record **recp, struct dd_error *err)
{
	struct record_job *job = calloc(1, sizeof *job);

	if (job == NULL) {
		record_free(*recp);
		*recp = NULL;
		return dd_error_set(err, -ENOMEM, "out of memory");
	}
	job->kind = RJ_BEGIN;
	job->prov = (*recp)->prov;
	record_queue(*recp, job);
	return 0;
}

/* Open the store and store the run's provenance. */
int
record_begin(struct record **out, const struct record_opts *o, const struct session *s,
	     const struct session_identity *id, const struct record_match *m,
	     const struct dd_plan *plan, const struct dd_target *t, struct dd_error *err)
{
	struct record *rec;
	int	       rc = record_open(&rec, o, err);

	*out = NULL;
	if (rc < 0 || rec == NULL)
		return rc;
	record_prov_build(&rec->prov, o, s, id, m, plan, t);
	if ((rc = record_store_begin(&rec, err)) < 0)
		return rc;
	if (id != NULL && id->ctrl != NULL && id->ctrl->name != NULL)
		dd_strlcpy(rec->ctrl, id->ctrl->name, sizeof rec->ctrl);
	*out = rec;
	return 0;
}

/* record_begin for a target on another host. */
int
record_begin_remote(struct record **out, const struct record_opts *o,
		    const struct record_remote *r, const struct record_match *m,
		    const struct dd_plan *plan, const struct dd_target *t, struct dd_error *err)
{
	struct record *rec;
	int	       rc = record_open(&rec, o, err);

	*out = NULL;
	if (rc < 0 || rec == NULL)
		return rc;
	record_prov_build_remote(&rec->prov, o, r, m, plan, t);
	if ((rc = record_store_begin(&rec, err)) < 0)
		return rc;
	dd_strlcpy(rec->point_host, r->host, sizeof rec->point_host);
	*out = rec;
	return 0;
}

/* Sink: read SMART before a point.  Sweep thread. */
static void
record_point_begin(void *arg, size_t index, const struct dd_point *p)
{
	struct record *rec = arg;

	(void)index;
	(void)p;
	memset(&rec->before, 0, sizeof rec->before);
	if (rec->ctrl[0] != '\0')
		nvmeinfo_smart_read(NULL, rec->ctrl, &rec->before);
}

/* Sink: queue a finished point, with SMART after it, for the writer (a
 * copy: the sweep goes on at once).  Sweep thread. */
static void
record_point_done(void *arg, size_t index, const struct dd_result *r,
		  const struct sweep_summary *sum)
{
	struct record	  *rec = arg;
	struct record_job *job;
	struct dd_error	   err = { 0 };

	/* A remote target's failed point measured nothing (fio gives no figures
	 * for it): not stored; the run's end says what happened (record_end). */
	if (rec->point_host[0] != '\0' && r->status < 0)
		return;
	job = calloc(1, sizeof *job);
	if (sum->rounds > 0) {
		rec->nrounds++;
		rec->nsteady += sum->steady;
	}
	if (job == NULL || (job->pt.r = malloc(sizeof *r)) == NULL) {
		free(job);
		dd_error_set(&err, -ENOMEM, "out of memory keeping a point for the results store");
		pthread_mutex_lock(&rec->mu);
		record_fail(rec, &err);
		pthread_mutex_unlock(&rec->mu);
		return;
	}
	job->kind = RJ_POINT;
	*job->pt.r = *r;
	job->pt.index = index;
	job->pt.sum = *sum;
	/* A result without samples in its histogram (fio's terse output) has
	 * no bins to store. */
	job->pt.has_bins = hist_count(&r->hist) > 0;
	dd_strlcpy(job->pt.host, rec->point_host, sizeof job->pt.host);
	job->pt.smart_before = rec->before;
	if (rec->ctrl[0] != '\0')
		nvmeinfo_smart_read(NULL, rec->ctrl, &job->pt.smart_after);
	record_queue(rec, job);
}

/* Make sw commit its finished points through rec. */
void
record_attach(struct record *rec, struct sweep *sw)
{
	struct sweep_sink sink = {
		.arg = rec,
		.point_begin = record_point_begin,
		.point_done = record_point_done,
	};

	if (rec != NULL)
		sweep_set_sink(sw, &sink);
}

/* record_attach as session_start_with's hook. */
static void
record_attach_hook(void *arg, struct sweep *sw)
{
	record_attach(arg, sw);
}

/* Start a sweep with the recorder attached. */
int
record_start(struct record *rec, const struct dd_target *t, const struct dd_plan *plan,
	     struct sweep **out, struct dd_error *err)
{
	return session_start_with(t, plan, record_attach_hook, rec, out, err);
}

/* The stored name of a sweep state. */
static const char *
record_state_name(enum sweep_state st)
{
	switch (st) {
	case SWEEP_DONE:
		return "done";
	case SWEEP_CANCELLED:
		return "cancelled";
	case SWEEP_FAILED:
		return "failed";
	case SWEEP_IDLE:
	case SWEEP_RUNNING:
		break;
	}
	return "running";
}

/* Call on_busy the first time the store is found busy; true when it was
 * called (mu was let go meanwhile).  Under mu, front end's thread. */
static bool
record_say_busy(struct record *rec)
{
	if (!rec->busy || rec->said_busy || rec->on_busy == NULL)
		return false;
	rec->said_busy = true;
	pthread_mutex_unlock(&rec->mu);
	rec->on_busy(rec->on_busy_arg, rec->path);
	pthread_mutex_lock(&rec->mu);
	return true;
}

/* Clear the wake fd and tell on_busy when the store turned busy. */
void
record_poll(struct record *rec)
{
	if (rec == NULL)
		return;
	record_ack(rec);
	pthread_mutex_lock(&rec->mu);
	record_say_busy(rec);
	pthread_mutex_unlock(&rec->mu);
}

/* Wait until the writer has done every job, or it has been busy for
 * wait_ms since the first wait (or since the store became busy, whichever
 * is later); true when everything was done.  Front end's thread. */
static bool
record_drain(struct record *rec, int wait_ms)
{
	bool done;

	pthread_mutex_lock(&rec->mu);
	if (rec->first_wait_ns == 0)
		rec->first_wait_ns = clock_now_ns();
	while (rec->queued > 0) {
		if (record_say_busy(rec))
			continue;
		uint64_t	since = rec->busy_since_ns > rec->first_wait_ns ? rec->busy_since_ns
										: rec->first_wait_ns;
		struct timespec ts;

		if (rec->busy && clock_now_ns() - since >= (uint64_t)wait_ms * 1000000u)
			break;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		ts.tv_nsec += 100 * 1000000L;
		ts.tv_sec += ts.tv_nsec / 1000000000L;
		ts.tv_nsec %= 1000000000L;
		pthread_cond_timedwait(&rec->changed, &rec->mu, &ts);
	}
	done = rec->queued == 0;
	pthread_mutex_unlock(&rec->mu);
	return done;
}

/* The marks of the row's spec figure (none for health and curve rows):
 * its qualifier, a range's ends in the row's unit, inferred, conditions not
 * stated; and the review figure's qualifier. */
static void
record_verdict_marks(const struct verdict *v, struct results_verdict *out)
{
	const struct spec_figure *g = &v->spec;

	out->spec_lo = out->spec_hi = NAN;
	dd_strlcpy(out->review_qual, v->review_qual != NULL && isfinite(v->review_value)
				     ? v->review_qual : "", sizeof out->review_qual);
	if (g->qual == NULL || isnan(v->spec_value))
		return;
	dd_strlcpy(out->spec_qual, g->qual, sizeof out->spec_qual);
	if (compare_qual_range(g->qual, g->base_hi) && isfinite(g->base) && isfinite(g->base_hi)) {
		out->spec_lo = g->base;
		out->spec_hi = g->base_hi;
	}
	out->spec_inferred = !g->is_target && specdb_figure_inferred(g);
	out->spec_unstated = g->conditions != NULL &&
			     strcmp(g->conditions, SPECDB_NO_CONDITIONS) == 0;
}

/* One verdict row as it is stored: the reference that decided (the review
 * when decided_by says so, else the spec or target figure), its source and
 * its marks. */
static void
record_verdict_row(const struct verdict *v, struct results_verdict *out)
{
	bool review = v->decided_by != NULL && strcmp(v->decided_by, "review") == 0;

	memset(out, 0, sizeof *out);
	record_verdict_marks(v, out);
	dd_strlcpy(out->metric, v->metric, sizeof out->metric);
	dd_strlcpy(out->metric_name, v->metric_name, sizeof out->metric_name);
	dd_strlcpy(out->status, verdict_status_name(v->status), sizeof out->status);
	dd_strlcpy(out->unit, v->unit, sizeof out->unit);
	out->reference = review ? v->review_value : v->spec_value;
	out->ratio = review ? v->review_ratio : v->ratio;
	dd_strlcpy(out->ref_source, review ? v->review_label : v->spec_label,
		   sizeof out->ref_source);
	out->measured = v->measured;
	dd_strlcpy(out->decided_by, v->decided_by, sizeof out->decided_by);
	out->spec_value = v->spec_value;
	dd_strlcpy(out->spec_source, v->spec_label, sizeof out->spec_source);
	out->review_value = v->review_value;
	dd_strlcpy(out->review_source, v->review_label, sizeof out->review_source);
	dd_strlcpy(out->point, v->point, sizeof out->point);
	dd_strlcpy(out->reason, v->reason, sizeof out->reason);
}

/* Store the run's judgement. */
void
record_verdict(struct record *rec, const struct verdict_report *r)
{
	struct record_job *job;

	if (rec == NULL || r == NULL || (job = calloc(1, sizeof *job)) == NULL)
		return;
	job->kind = RJ_VERDICT;
	if (r->nrows > 0 && (job->rows = calloc(r->nrows, sizeof *job->rows)) == NULL) {
		free(job);
		return;
	}
	for (size_t i = 0; i < r->nrows; i++)
		record_verdict_row(&r->rows[i], &job->rows[i]);
	job->nrows = r->nrows;
	pthread_mutex_lock(&rec->mu);
	dd_strlcpy(rec->prov.verdict, verdict_status_name(r->overall), sizeof rec->prov.verdict);
	rec->prov.tolerance = r->tolerance;
	rec->prov.rules = VERDICT_RULES_VERSION;
	dd_strlcpy(rec->prov.verdict_summary, r->summary, sizeof rec->prov.verdict_summary);
	job->prov = rec->prov;
	pthread_mutex_unlock(&rec->mu);
	record_queue(rec, job);
}

/* Record how the run ended: queued, then waited for (a busy store only up
 * to the recorder's wait_ms). */
int
record_end(struct record *rec, enum sweep_state st, const char *stopped_by, const char *why,
	   struct dd_error *err)
{
	struct record_job *job;

	if (rec == NULL)
		return 0;
	results_prov_time(&rec->prov, false, (int64_t)time(NULL));
	dd_strlcpy(rec->prov.state, record_state_name(st), sizeof rec->prov.state);
	dd_strlcpy(rec->prov.stopped_by, stopped_by, sizeof rec->prov.stopped_by);
	dd_strlcpy(rec->prov.why, why, sizeof rec->prov.why);
	if (rec->prov.steady_state)
		snprintf(rec->prov.steady, sizeof rec->prov.steady,
			 "steady state attained on %zu of %zu points (SNIA PTS rounds)",
			 rec->nsteady, rec->nrounds);
	job = calloc(1, sizeof *job);
	if (job != NULL) {
		job->kind = RJ_END;
		pthread_mutex_lock(&rec->mu);
		job->prov = rec->prov;
		pthread_mutex_unlock(&rec->mu);
		record_queue(rec, job);
	}
	record_drain(rec, rec->wait_ms);
	return record_status(rec, err);
}

/* Where the run stands in the store: 0 all stored, -EBUSY some still
 * waiting for a busy store (err says so), or the first error. */
int
record_status(struct record *rec, struct dd_error *err)
{
	int rc = 0;

	if (rec == NULL)
		return 0;
	pthread_mutex_lock(&rec->mu);
	if (rec->failed) {
		rc = rec->first.code;
		if (err != NULL)
			*err = rec->first;
	} else if (rec->queued > 0) {
		rc = -EBUSY;
		if (err != NULL)
			dd_error_set(err, -EBUSY, "the results store %s is busy (another process "
				     "holds its write lock)%s", rec->path,
				     rec->busy ? "" : "; still writing");
	}
	pthread_mutex_unlock(&rec->mu);
	return rc;
}

/* Wait for the writer as record_end does. */
void
record_sync(struct record *rec)
{
	if (rec != NULL)
		record_drain(rec, rec->wait_ms);
}

/* The store's path. */
const char *
record_path(const struct record *rec)
{
	return rec ? rec->path : "";
}

/* Is the writer retrying a busy store now? */
bool
record_busy(struct record *rec)
{
	bool busy;

	if (rec == NULL)
		return false;
	pthread_mutex_lock(&rec->mu);
	busy = rec->busy;
	pthread_mutex_unlock(&rec->mu);
	return busy;
}

/* The fd that becomes readable when the writer's state changes (-1 for
 * NULL); record_ack clears it. */
int
record_wake_fd(const struct record *rec)
{
	return rec ? rec->wake : -1;
}

/* Clear the wake fd. */
void
record_ack(struct record *rec)
{
	uint64_t n;

	if (rec != NULL && rec->wake >= 0 && read(rec->wake, &n, sizeof n) < 0) {
		/* nothing pending */
	}
}

/* The name stored for a signal that stopped a sweep: "SIGINT". */
const char *
record_signal_name(int signo)
{
	switch (signo) {
	case SIGINT:
		return "SIGINT";
	case SIGTERM:
		return "SIGTERM";
	case SIGHUP:
		return "SIGHUP";
	case SIGQUIT:
		return "SIGQUIT";
	default:
		return "signal";
	}
}

/* Read the run back as the store holds it, once the writer is idle. */
int
record_run_load(struct record *rec, struct results_run *out, struct dd_error *err)
{
	int rc;

	if (rec == NULL)
		return dd_error_set(err, -ENOENT, "the run was not kept (--no-save)");
	record_drain(rec, rec->wait_ms);
	/* Under mu with nothing queued, the writer waits: its connection is
	 * free to read through. */
	pthread_mutex_lock(&rec->mu);
	if (rec->queued > 0 || rec->db == NULL || rec->run_id == 0)
		rc = dd_error_set(err, -ENOENT, "the run is not stored (yet)");
	else
		rc = results_run_load(rec->db, rec->run_id, out, err);
	pthread_mutex_unlock(&rec->mu);
	return rc;
}

/* The stored run's id (0 until the writer stored it). */
int64_t
record_run_id(const struct record *rec)
{
	struct record *r = (struct record *)rec;	/* the mutex only */
	int64_t	       id;

	if (rec == NULL)
		return 0;
	pthread_mutex_lock(&r->mu);
	id = rec->prov.id;
	pthread_mutex_unlock(&r->mu);
	return id;
}

/* The stored run's name. */
const char *
record_name(const struct record *rec)
{
	return rec ? rec->prov.name : "";
}

/* The stored run's provenance (NULL for NULL). */
const struct results_prov *
record_prov(const struct record *rec)
{
	return rec ? &rec->prov : NULL;
}

/* Points stored so far. */
size_t
record_points(const struct record *rec)
{
	struct record *r = (struct record *)rec;	/* the mutex only */
	size_t	       n;

	if (rec == NULL)
		return 0;
	pthread_mutex_lock(&r->mu);
	n = rec->npoints;
	pthread_mutex_unlock(&r->mu);
	return n;
}

/* The first write error (the recorder keeps the text). */
const char *
record_error(const struct record *rec)
{
	struct record *r = (struct record *)rec;	/* the mutex only */
	bool	       failed;

	if (rec == NULL)
		return NULL;
	pthread_mutex_lock(&r->mu);
	failed = rec->failed;
	pthread_mutex_unlock(&r->mu);
	return failed ? rec->first.msg : NULL;
}

/* Stop the writer (after the job it is doing); it takes no more work. */
static void
record_stop(struct record *rec)
{
	if (!rec->started)
		return;
	pthread_mutex_lock(&rec->mu);
	rec->stop = true;
	pthread_cond_broadcast(&rec->cv);
	pthread_mutex_unlock(&rec->mu);
	pthread_join(rec->writer, NULL);
	rec->started = false;
}

/* Free a list of jobs. */
static void
record_jobs_free(struct record_job *job)
{
	while (job != NULL) {
		struct record_job *next = job->next;

		record_job_free(job);
		job = next;
	}
}

/* A free name for the spill store beside the results store. */
static int
record_spill_path(const struct record *rec, char *out, size_t len, struct dd_error *err)
{
	const char *slash = strrchr(rec->path, '/');
	const char *dir = slash == NULL ? "." : slash == rec->path ? "/" : rec->path;
	int	    dirlen = slash == NULL || slash == rec->path ? 1 : (int)(slash - rec->path);
	time_t	    now = time(NULL);
	struct tm   tm;
	char	    stamp[32];

	gmtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	for (int n = 0; n < 100; n++) {
		struct stat st;
		int	    w = n == 0 ? snprintf(out, len, "%.*s/unsaved-%s-%ld.db", dirlen, dir,
						  stamp, (long)getpid())
				       : snprintf(out, len, "%.*s/unsaved-%s-%ld-%d.db", dirlen,
						  dir, stamp, (long)getpid(), n);

		if (w < 0 || (size_t)w >= len)
			return dd_error_set(err, -ENAMETOOLONG, "the results store's directory "
					    "name is too long for a spill store beside it");
		if (lstat(out, &st) < 0 && errno == ENOENT)
			return 0;
	}
	return dd_error_set(err, -EEXIST, "no free name for a spill store beside %s",
			    rec->path);
}

/* Keep a run the store did not take in a store of its own. */
int
record_spill(struct record *rec, char *out, size_t len, struct dd_error *err)
{
	struct results *db = NULL;
	int64_t		id = 0;
	int		rc;

	if (len > 0)
		out[0] = '\0';
	if (rec == NULL)
		return 0;
	record_stop(rec);
	if (rec->memory || (!rec->failed && rec->head == NULL))
		return 0;	/* a run in memory was never to be stored */
	if ((rc = record_spill_path(rec, out, len, err)) < 0)
		return rc;
	if ((rc = results_open(&db, out, RESULTS_WRITE, err)) < 0) {
		out[0] = '\0';
		return rc;
	}
	for (int pass = 0; pass < 2 && rc == 0; pass++)
		for (struct record_job *j = pass == 0 ? rec->done : rec->head; j != NULL && rc == 0;
		     j = j->next)
			rc = record_apply(db, &id, j, err);
	results_close(db);
	if (id == 0) {			/* nothing in it: leave nothing behind */
		results_remove(out);
		out[0] = '\0';
	}
	return rc < 0 ? rc : 1;
}

/* Stop the writer: let it finish while it makes progress, drop what a busy
 * store still holds back; then close the store and free the recorder. */
void
record_free(struct record *rec)
{
	if (rec == NULL)
		return;
	if (rec->started)
		record_drain(rec, 0);
	record_stop(rec);
	record_jobs_free(rec->head);
	record_jobs_free(rec->done);
	results_close(rec->db);
	if (rec->wake >= 0)
		close(rec->wake);
	pthread_cond_destroy(&rec->cv);
	pthread_cond_destroy(&rec->changed);
	pthread_mutex_destroy(&rec->mu);
	free(rec);
}
