/*
 * The recorder (record.h): one sweep's way into the results store.
 *
 * A struct record holds its own store connection, the run's provenance as
 * stored (its id and name), and what the sweep thread needs between the
 * two calls of the sweep's sink: the NVMe controller behind the target (its
 * SMART log is read before and after every point) and the reading taken
 * before the running point.  It also counts the points stored and keeps
 * the first error, which the front end reports once at the end: a store
 * that fails mid-sweep (a full disk) never stops the measurement.
 *
 * Threads: record_begin and record_attach run in the front end's thread
 * before sweep_start; the sink's calls run in the sweep thread; record_end
 * and the accessors after sweep_join.  So one thread at a time uses it.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/file.h"
#include "lib/histogram.h"
#include "core/record.h"

struct record {
	struct results	     *db;
	struct results_prov   prov;
	char		      ctrl[64];		/* "nvme0"; "" no SMART */
	char		      point_host[256];	/* every point's host; "" the run's */
	struct nvmeinfo_smart before;		/* of the running point */
	size_t		      npoints;
	size_t		      nrounds, nsteady;	/* points run in steady-state
						 * rounds, and attained */
	bool		      failed;
	struct dd_error	      first;		/* the first write error */
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

	if (id->model != NULL)
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
	p->capacity = r->capacity ? r->capacity : t->size;
	record_prov_finish(p, o, m, plan);
	snprintf(p->engine, sizeof p->engine, "fio client/server (%s)",
		 r->fio_version && r->fio_version[0] ? r->fio_version : "fio version unknown");
}

/* A recorder with its store open, or NULL with 0 for --no-save. */
static int
record_open(struct record **out, const struct record_opts *o, struct dd_error *err)
{
	struct record *rec;
	char	       path[PATH_MAX];
	int	       rc;

	*out = NULL;
	if (o->no_save)
		return 0;
	if (o->path == NULL && (rc = results_default_path(path, sizeof path, err)) < 0)
		return rc;
	rec = calloc(1, sizeof *rec);
	if (rec == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	rc = results_open(&rec->db, o->path ? o->path : path, RESULTS_WRITE, err);
	if (rc < 0) {
		record_free(rec);
		return rc;
	}
	*out = rec;
	return 0;
}

/* Store the provenance built in rec->prov; frees rec (and NULLs *recp) on failure. */
static int
record_store_begin(struct record **recp, struct dd_error *err)
{
	int rc = results_run_begin((*recp)->db, &(*recp)->prov, err);

	if (rc < 0) {
		record_free(*recp);
		*recp = NULL;
	}
	return rc;
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

/* Sink: store a finished point with SMART after it.  Sweep thread. */
static void
record_point_done(void *arg, size_t index, const struct dd_result *r,
		  const struct sweep_summary *sum)
{
	struct record	    *rec = arg;
	struct results_point pt = { .index = index, .sum = *sum };
	struct dd_error	     err = { 0 };

	/* results_point_add only reads the result.  A result without samples
	 * in its histogram (fio's terse output) has no bins to store. */
	pt.r = (struct dd_result *)r;
	pt.has_bins = hist_count(&r->hist) > 0;
	dd_strlcpy(pt.host, rec->point_host, sizeof pt.host);
	pt.smart_before = rec->before;
	if (sum->rounds > 0) {
		rec->nrounds++;
		rec->nsteady += sum->steady;
	}
	if (rec->ctrl[0] != '\0')
		nvmeinfo_smart_read(NULL, rec->ctrl, &pt.smart_after);
	if (results_point_add(rec->db, rec->prov.id, &pt, &err) == 0)
		rec->npoints++;
	else if (!rec->failed) {
		rec->failed = true;
		rec->first = err;
	}
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

/* Record how the run ended. */
int
record_end(struct record *rec, enum sweep_state st, const char *stopped_by, const char *why,
	   struct dd_error *err)
{
	struct dd_error e = { 0 };

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
	if (results_run_end(rec->db, &rec->prov, &e) < 0 && !rec->failed) {
		rec->failed = true;
		rec->first = e;
	}
	if (!rec->failed)
		return 0;
	if (err != NULL)
		*err = rec->first;
	return rec->first.code ? rec->first.code : -EIO;
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

/* The stored run's id. */
int64_t
record_run_id(const struct record *rec)
{
	return rec ? rec->prov.id : 0;
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
	return rec ? rec->npoints : 0;
}

/* The first write error. */
const char *
record_error(const struct record *rec)
{
	return rec && rec->failed ? rec->first.msg : NULL;
}

/* Close the store and free the recorder. */
void
record_free(struct record *rec)
{
	if (rec == NULL)
		return;
	results_close(rec->db);
	free(rec);
}
