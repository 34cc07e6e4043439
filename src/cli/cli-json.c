/*
 * The one JSON writer for a result point, shared by `run --json` and
 * `check --json` (man page JSON OUTPUT).
 *
 * A point is one object.  Its top level carries the flat figures `check`
 * has always printed (name, rw, bs, iodepth, numjobs, read_pct, runtime_s,
 * mean_us, p50_us, p99_us, p999_us, max_us: aliases of what the nested
 * objects hold), then the point as planned ("point"), how it ended, what
 * the engine really used (iopoll_used, spin_used, io_wq, force_async,
 * batch_used, target_class, idle_cpus), the counts and rates, the latency
 * summaries with fio's percentile keys, the histogram, the live intervals
 * and the CPU cost.  Latencies are submission to completion (fio's `lat`).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "core/results.h"
#include "io/engine.h"

/* The read share that ran: pure patterns are 100 or 0. */
int
cli_json_read_pct(const struct dd_point *p)
{
	if (dd_pattern_mixed(p->pattern))
		return (int)p->read_pct;
	return dd_pattern_writes(p->pattern) ? 0 : 100;
}

/* JSON for a latency summary, with fio's percentile keys. */
static json_t *
cli_json_latency(const struct dd_latency *l)
{
	json_t *o = json_object(), *pct = json_object();

	json_object_set_new(o, "n", cli_ju64(l->n));
	json_object_set_new(o, "min_us", cli_jreal(l->min_us));
	json_object_set_new(o, "max_us", cli_jreal(l->max_us));
	json_object_set_new(o, "mean_us", cli_jreal(l->mean_us));
	json_object_set_new(o, "stdev_us", cli_jreal(l->stdev_us));
	for (int i = 0; i < HIST_NPCTS; i++) {
		char key[32];

		snprintf(key, sizeof key, "%f", hist_default_pcts[i]);
		json_object_set_new(pct, key, cli_jreal(l->pct_us[i]));
	}
	json_object_set_new(o, "percentiles_us", pct);
	return o;
}

/* JSON for a point as planned (its options, before the engine's choices). */
static json_t *
cli_json_point(const struct dd_point *p)
{
	json_t *pt = json_object();

	json_object_set_new(pt, "name", json_string(p->name));
	json_object_set_new(pt, "rw", json_string(dd_pattern_name(p->pattern)));
	json_object_set_new(pt, "bs", json_integer(p->bs));
	json_object_set_new(pt, "iodepth", json_integer(p->iodepth));
	json_object_set_new(pt, "numjobs", json_integer(p->numjobs));
	json_object_set_new(pt, "read_pct", json_integer(cli_json_read_pct(p)));
	json_object_set_new(pt, "batch", json_integer(p->batch));	/* 0: automatic */
	json_object_set_new(pt, "runtime_s", json_real(p->runtime_s));
	json_object_set_new(pt, "ramp_s", json_real(p->ramp_s));
	json_object_set_new(pt, "bytes", cli_ju64(p->bytes));
	json_object_set_new(pt, "offset", cli_ju64(p->offset));
	json_object_set_new(pt, "size", cli_ju64(p->size));
	json_object_set_new(pt, "iopoll", json_boolean(p->iopoll));
	json_object_set_new(pt, "spin", json_string(p->spin == DD_SPIN_ON ? "on"
						   : p->spin == DD_SPIN_OFF ? "off" : "auto"));
	json_object_set_new(pt, "spin_us", json_integer(p->spin_us ? p->spin_us
							       : DD_SPIN_DEFAULT_US));
	json_object_set_new(pt, "kind", json_string(dd_kind_name(p->kind)));
	json_object_set_new(pt, "rate_iops", json_real(p->rate_iops));	/* 0: unpaced */
	json_object_set_new(pt, "rate_pct", json_real(p->rate_pct));
	json_object_set_new(pt, "region_pct", json_integer(p->region_pct));
	json_object_set_new(pt, "end_fsync", json_boolean(p->end_fsync));
	json_object_set_new(pt, "group", json_integer(p->group));
	json_object_set_new(pt, "pass", json_integer(p->pass));
	json_object_set_new(pt, "seq", json_integer(p->seq));
	json_object_set_new(pt, "profile", json_string(p->profile));
	return pt;
}

/* The kind of a point and what it measured per direction, at a point's top
 * level (issue 12). */
static void
cli_json_kind(json_t *o, const struct dd_result *r, const struct sweep_summary *s)
{
	const struct dd_point *p = &r->point;

	json_object_set_new(o, "kind", json_string(dd_kind_name(p->kind)));
	json_object_set_new(o, "rate_iops", p->rate_iops > 0 ? json_real(p->rate_iops)
							     : json_null());
	json_object_set_new(o, "rate_pct", p->rate_pct > 0 ? json_real(p->rate_pct)
							   : json_null());
	json_object_set_new(o, "profile", p->profile[0] ? json_string(p->profile) : json_null());
	json_object_set_new(o, "group", json_integer(p->group));
	json_object_set_new(o, "pass", json_integer(p->pass));
	json_object_set_new(o, "seq", json_integer(p->seq));
	json_object_set_new(o, "read_share", cli_jreal(s->read_share));
	json_object_set_new(o, "read_mean_us", cli_jreal(s->read_mean_us));
	json_object_set_new(o, "read_p99_us", cli_jreal(s->read_p99_us));
	json_object_set_new(o, "write_mean_us", cli_jreal(s->write_mean_us));
	json_object_set_new(o, "write_p99_us", cli_jreal(s->write_p99_us));
	json_object_set_new(o, "rate_spread", cli_jreal(s->rate_spread));
	json_object_set_new(o, "flush_s", cli_jreal(r->flush_s));
}

/* The flat figures check has always printed at a point's top level. */
static void
cli_json_aliases(json_t *o, const struct dd_point *p, const struct sweep_summary *s)
{
	json_object_set_new(o, "name", json_string(p->name));
	json_object_set_new(o, "rw", json_string(dd_pattern_name(p->pattern)));
	json_object_set_new(o, "bs", json_integer(p->bs));
	json_object_set_new(o, "iodepth", json_integer(p->iodepth));
	json_object_set_new(o, "numjobs", json_integer(p->numjobs));
	json_object_set_new(o, "read_pct", json_integer(cli_json_read_pct(p)));
	json_object_set_new(o, "runtime_s", json_real(p->runtime_s));
	json_object_set_new(o, "mean_us", cli_jreal(s->mean_us));
	json_object_set_new(o, "p50_us", cli_jreal(s->p50_us));
	json_object_set_new(o, "p99_us", cli_jreal(s->p99_us));
	json_object_set_new(o, "p999_us", cli_jreal(s->p999_us));
	json_object_set_new(o, "max_us", cli_jreal(s->max_us));
}

/* What the engine really used for the point (issue 9: every automatic
 * choice is recorded). */
static void
cli_json_mode(json_t *o, const struct dd_result *r)
{
	json_object_set_new(o, "iopoll_used", json_boolean(r->iopoll_used));
	json_object_set_new(o, "iopoll_fallback", json_boolean(r->iopoll_fallback));
	json_object_set_new(o, "spin_used", json_boolean(r->spin_used));
	json_object_set_new(o, "io_wq", json_boolean(r->iowq));
	json_object_set_new(o, "force_async", json_boolean(r->force_async));
	json_object_set_new(o, "batch_used", json_integer(r->batch));
	json_object_set_new(o, "target_class", json_string(engine_target_class_name(r->tclass)));
	json_object_set_new(o, "idle_cpus", cli_jreal(r->idle_cpus));
	json_object_set_new(o, "rate_spread", cli_jreal(r->rate_spread));
	json_object_set_new(o, "rate_held_pct", cli_jreal(r->rate_held_pct));
	json_object_set_new(o, "rate_late_pct", cli_jreal(r->rate_late_pct));
	json_object_set_new(o, "flush_s", cli_jreal(r->flush_s));
}

/* The histogram, fio json+ style: bucket value (ns) -> count, non-empty only. */
json_t *
cli_json_histogram(const struct histogram *h)
{
	json_t *bins = json_object();

	for (unsigned i = 0; i < HIST_NR; i++)
		if (h->bins[i]) {
			char key[32];

			snprintf(key, sizeof key, "%llu",
				 (unsigned long long)hist_bucket_value(i));
			json_object_set_new(bins, key, cli_ju64(h->bins[i]));
		}
	return bins;
}

/* The live intervals of the measured phase. */
static json_t *
cli_json_intervals(const struct dd_result *r)
{
	json_t *iv = json_array();

	for (size_t i = 0; i < r->nintervals; i++) {
		const struct dd_interval *x = &r->intervals[i];

		json_array_append_new(iv, json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			"t_s", cli_jreal(x->t_s), "iops", cli_jreal(x->iops), "mbps", cli_jreal(x->mbps),
			"mean_us", cli_jreal(x->mean_us), "p99_us", cli_jreal(x->p99_us),
			"read_iops", cli_jreal(x->read_iops), "write_iops", cli_jreal(x->write_iops),
			"temp_c", cli_jreal(x->temp_c)));
	}
	return iv;
}

/* The CPU cost: worker threads, and the whole process (with io-wq). */
static json_t *
cli_json_cpu(const struct dd_result *r)
{
	json_t *cpu = json_object();

	json_object_set_new(cpu, "user_s", cli_jreal(r->cpu_user_s));
	json_object_set_new(cpu, "sys_s", cli_jreal(r->cpu_sys_s));
	json_object_set_new(cpu, "us_per_io", cli_jreal(r->cpu_us_per_io));
	json_object_set_new(cpu, "process_user_s", cli_jreal(r->proc_user_s));
	json_object_set_new(cpu, "process_sys_s", cli_jreal(r->proc_sys_s));
	json_object_set_new(cpu, "process_us_per_io", cli_jreal(r->proc_us_per_io));
	return cpu;
}

/* JSON string of a fixed buffer: null when empty (unknown). */
static json_t *
cli_json_text(const char *s)
{
	return s[0] ? json_string(s) : json_null();
}

/* What a run measured: the target as given and what it really is. */
static json_t *
cli_json_prov_target(const struct results_prov *p)
{
	json_t *o = json_object();

	json_object_set_new(o, "path", cli_json_text(p->target_path));
	json_object_set_new(o, "kind", cli_json_text(p->target_kind));
	json_object_set_new(o, "description", cli_json_text(p->target_desc));
	json_object_set_new(o, "device", cli_json_text(p->device));
	json_object_set_new(o, "model", cli_json_text(p->model));
	json_object_set_new(o, "serial", cli_json_text(p->serial));
	json_object_set_new(o, "firmware", cli_json_text(p->firmware));
	json_object_set_new(o, "capacity", p->capacity ? cli_ju64(p->capacity) : json_null());
	json_object_set_new(o, "lba_format", cli_json_text(p->lba_format));
	json_object_set_new(o, "pcie_link", cli_json_text(p->pcie_link));
	json_object_set_new(o, "drive_id", cli_json_text(p->drive_id));
	json_object_set_new(o, "drive_label", cli_json_text(p->drive_label));
	return o;
}

/* How a run measured: the plan, engine options, preconditioning. */
static json_t *
cli_json_prov_plan(const struct results_prov *p)
{
	json_t *o = json_object();

	json_object_set_new(o, "name", cli_json_text(p->plan_name));
	json_object_set_new(o, "repeat", json_integer(p->repeat));
	json_object_set_new(o, "aggregate", cli_json_text(p->aggregate));
	json_object_set_new(o, "steady_state", json_boolean(p->steady_state));
	json_object_set_new(o, "precondition_passes", cli_jreal(p->precondition_passes));
	json_object_set_new(o, "engine", cli_json_text(p->engine));
	json_object_set_new(o, "precondition", cli_json_text(p->precondition));
	json_object_set_new(o, "steady", cli_json_text(p->steady));
	return o;
}

/* The "state" of a sweep as run and check write it. */
json_t *
cli_json_sweep_state(enum sweep_state st)
{
	static const char *const states[] = {
		[SWEEP_IDLE] = "idle", [SWEEP_RUNNING] = "running", [SWEEP_DONE] = "done",
		[SWEEP_CANCELLED] = "cancelled", [SWEEP_FAILED] = "failed",
	};

	return json_string(states[st]);
}

/* JSON for one result point. */
json_t *
cli_json_result(const struct dd_result *r, const struct sweep_summary *s)
{
	json_t *o = json_object();

	cli_json_aliases(o, &r->point, s);
	json_object_set_new(o, "point", cli_json_point(&r->point));
	json_object_set_new(o, "status", json_integer(r->status));
	json_object_set_new(o, "message", json_string(r->message));
	json_object_set_new(o, "cancelled", json_boolean(r->cancelled));
	cli_json_mode(o, r);
	cli_json_kind(o, r, s);
	json_object_set_new(o, "runs", json_integer(s->runs));
	json_object_set_new(o, "steady_rounds", json_integer(s->rounds));
	json_object_set_new(o, "steady_attained",
			    s->rounds ? json_boolean(s->steady) : json_null());
	json_object_set_new(o, "elapsed_s", cli_jreal(r->elapsed_s));
	json_object_set_new(o, "ios", cli_ju64(r->ios));
	json_object_set_new(o, "bytes", cli_ju64(r->bytes));
	json_object_set_new(o, "iops", cli_jreal(r->iops));
	json_object_set_new(o, "mbps", cli_jreal(r->mbps));
	json_object_set_new(o, "read_ios", cli_ju64(r->read_ios));
	json_object_set_new(o, "write_ios", cli_ju64(r->write_ios));
	json_object_set_new(o, "read_bytes", cli_ju64(r->read_bytes));
	json_object_set_new(o, "write_bytes", cli_ju64(r->write_bytes));
	json_object_set_new(o, "lat", cli_json_latency(&r->lat));
	json_object_set_new(o, "read_lat", cli_json_latency(&r->read_lat));
	json_object_set_new(o, "write_lat", cli_json_latency(&r->write_lat));
	json_object_set_new(o, "histogram_ns", cli_json_histogram(&r->hist));
	if (r->read_ios > 0 && r->write_ios > 0) {	/* a mix: each direction too */
		json_object_set_new(o, "read_histogram_ns", cli_json_histogram(&r->read_hist));
		json_object_set_new(o, "write_histogram_ns", cli_json_histogram(&r->write_hist));
	}
	json_object_set_new(o, "intervals", cli_json_intervals(r));
	json_object_set_new(o, "cpu", cli_json_cpu(r));
	return o;
}

/* The finished points of a joined sweep as an array of cli_json_result
 * (check and every fleet host); [] for NULL. */
json_t *
cli_json_sweep_points(const struct sweep *sw)
{
	json_t *a = json_array();

	for (size_t i = 0; sw != NULL && i < sweep_nresults(sw); i++)
		json_array_append_new(a, cli_json_result(sweep_result(sw, i),
							 sweep_result_summary(sw, i)));
	return a;
}

/* JSON for a run's provenance: every field of struct results_prov. */
json_t *
cli_json_prov(const struct results_prov *p)
{
	json_t *o = json_object();

	json_object_set_new(o, "id", json_integer(p->id));
	json_object_set_new(o, "name", json_string(p->name));
	json_object_set_new(o, "source", json_string(p->source));
	json_object_set_new(o, "state", json_string(p->state));
	json_object_set_new(o, "interrupted",
			    json_boolean(strcmp(results_prov_state(p), "interrupted") == 0));
	json_object_set_new(o, "host", json_pack("{s:s, s:s, s:s, s:o}", "name", p->host,
						  "kernel", p->kernel, "cpu_model", p->cpu_model,
						  "cpus", p->ncpus ? json_integer(p->ncpus)
								   : json_null()));
	json_object_set_new(o, "version", json_string(p->version));
	json_object_set_new(o, "start", json_pack("{s:I, s:s, s:s}", "unix", (json_int_t)p->start_unix,
						   "utc", p->start_utc, "local", p->start_local));
	json_object_set_new(o, "end", p->end_unix == 0 ? json_null()
				       : json_pack("{s:I, s:s, s:s}", "unix", (json_int_t)p->end_unix,
						   "utc", p->end_utc, "local", p->end_local));
	json_object_set_new(o, "target", cli_json_prov_target(p));
	json_object_set_new(o, "query", cli_json_text(p->query));
	json_object_set_new(o, "verdict", json_pack("{s:o, s:o, s:o, s:o}", "overall",
			    p->verdict[0] ? json_string(p->verdict) : json_null(),
			    "tolerance", p->verdict[0] ? cli_jreal(p->tolerance) : json_null(),
			    "rules", p->rules ? json_integer(p->rules) : json_null(),
			    "summary", cli_json_text(p->verdict_summary)));
	json_object_set_new(o, "plan", cli_json_prov_plan(p));
	json_object_set_new(o, "stopped_by", json_string(p->stopped_by));
	json_object_set_new(o, "why", json_string(p->why));
	json_object_set_new(o, "imported_from", p->imported_from[0] ? json_string(p->imported_from)
								    : json_null());
	json_object_set_new(o, "points", json_integer((json_int_t)p->npoints));
	json_object_set_new(o, "best_iops", cli_jreal(p->best_iops));
	json_object_set_new(o, "best_mbps", cli_jreal(p->best_mbps));
	json_object_set_new(o, "qd1_mean_us", cli_jreal(p->qd1_mean_us));
	return o;
}

/* JSON for a stored point: the result, and what only the store keeps. */
json_t *
cli_json_stored_point(const struct results_point *pt)
{
	json_t *o = cli_json_result(pt->r, &pt->sum);

	json_object_set_new(o, "index", json_integer((json_int_t)pt->index));
	json_object_set_new(o, "has_bins", json_boolean(pt->has_bins));
	if (!pt->has_bins) {	/* fio json: the percentiles are all there is */
		json_object_set_new(o, "histogram_ns", json_null());
		json_object_del(o, "read_histogram_ns");
		json_object_del(o, "write_histogram_ns");
	}
	json_object_set_new(o, "host", pt->host[0] ? json_string(pt->host) : json_null());
	json_object_set_new(o, "smart_before", cli_json_smart(&pt->smart_before));
	json_object_set_new(o, "smart_after", cli_json_smart(&pt->smart_after));
	return o;
}
