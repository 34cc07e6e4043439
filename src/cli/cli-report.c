/*
 * The reports of `check` and `run`, for a local drive and for every host
 * of a rack alike: the command files (cli-check.c, cli-run.c, cli-fleet.c)
 * call down to these and to nothing of each other's.
 *
 * Each takes what core computed and only prints it: a verdict report
 * (struct verdict_report, judged by core/check.h) as the verdict table
 * with its sources and explainers, or as JSON rows; a load curve (struct
 * workload_curve) as its peak and the rate limiter's achieved/target per
 * step, or as JSON; a joined sweep's point table and what follows it (the
 * curves, checkpoints, cliffs and thread scaling of cli-workload.c); and the
 * exit code of a verdict, the one table of cli.h and the man page's EXIT
 * STATUS.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "core/format.h"
#include "core/record.h"
#include "ui/report.h"

/* The exit code of a verdict: the one table (cli.h, man EXIT STATUS). */
int
cli_verdict_exit_code(enum verdict_status v)
{
	switch (v) {
	case VERDICT_PASS:
		return EXIT_OK;
	case VERDICT_WARN:
		return EXIT_CHECK_WARN;
	case VERDICT_FAIL:
		return EXIT_CHECK_FAIL;
	case VERDICT_UNKNOWN:
		return EXIT_CHECK_UNKNOWN;
	case VERDICT_NOT_COMPARABLE:
	case VERDICT_IMPLAUSIBLE:
		return EXIT_CHECK_NOT_COMPARABLE;
	case VERDICT_ERROR:
		break;
	}
	return EXIT_CHECK_ERROR;
}

/* The exit code of a check that ended in state (signo: what stopped it)
 * with overall verdict (local checks and each fleet host). */
int
cli_check_exit_code(enum sweep_state state, int signo, enum verdict_status overall)
{
	if (state == SWEEP_CANCELLED)
		return cli_exit_signal(signo);
	if (state == SWEEP_FAILED)
		return EXIT_CHECK_ERROR;
	return cli_verdict_exit_code(overall);
}

/* The verdict table's columns: on a narrow terminal the ratio goes, the
 * reason wraps in what the line has left. */
static const struct cli_table_col cli_check_cols[] = {
	{ "metric", "  ", 10, 0, 0, NULL, 0, NULL, NULL },
	{ "spec", " ", 20, 0, 0, NULL, 0, NULL, NULL },
	{ "measured", " ", 18, 0, 0, NULL, 0, NULL, NULL },
	{ "ratio", " ", 6, 1, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "verdict", "  ", 15, 0, 0, NULL, 0, NULL, NULL },
	{ "reason", " ", 0, 0, CLI_TABLE_FREE | CLI_TABLE_BELOW, NULL, 0, NULL, NULL },
};

/* Add verdict v's row to t. */
static void
cli_check_add_verdict(struct cli_table *t, const struct verdict *v)
{
	char spec[48] = "-", meas[48] = "-", ratio[16] = "-", num[32];

	if (v->unit != NULL && !isnan(v->spec.value))
		fmt_figure(v->spec.qual, v->spec.value, v->spec.value_hi, v->spec.unit_id,
			   spec, sizeof spec);
	if (!isnan(v->measured))
		snprintf(meas, sizeof meas, "%s %s",
			 fmt_number(v->measured, strcmp(v->unit, "IOPS") == 0 ? 0 : 1, num,
				    sizeof num), fmt_unit(v->unit, true));
	if (!isnan(v->ratio))
		snprintf(ratio, sizeof ratio, "%.2f", v->ratio);
	cli_table_add(t, (const char *const[]){ v->metric, spec, meas, ratio,
		      verdict_status_name(v->status), v->reason });
}

/* Print a report's verdict table (what sw measured when it has no rows) and
 * the explainers next to WARN and FAIL rows: local checks and fleet hosts. */
void
cli_check_print_verdicts(FILE *f, const struct verdict_report *r,
			 const struct explain_item *items, size_t nitems, const struct sweep *sw)
{
	char			     srcs[512] = "";
	size_t			     so = 0;
	struct cli_table	     t;
	FILE			    *w;

	cli_table_init(&t, cli_check_cols, sizeof cli_check_cols / sizeof cli_check_cols[0]);
	for (size_t i = 0; i < r->nrows; i++)
		cli_check_add_verdict(&t, &r->rows[i]);
	cli_fprintf(f, "\n");
	cli_table_print(&t, f);
	cli_table_free(&t);
	w = cli_wrap_begin(f);
	for (size_t i = 0; i < r->nrows; i++) {
		const struct verdict *v = &r->rows[i];
		char		      src[192];

		if (v->spec.source_id == NULL)
			continue;
		/* By name: "StorageReview, CD9P-R review (de) (confidence A)",
		 * "lab: acceptance.sql (lab target)". */
		if (v->spec.is_target)
			snprintf(src, sizeof src, "%s (lab target)",
				 v->spec_label[0] ? v->spec_label : v->spec.source_id);
		else
			snprintf(src, sizeof src, "%s (confidence %s)",
				 v->spec_label[0] ? v->spec_label : v->spec.source_id,
				 v->spec.confidence ? v->spec.confidence : "?");
		if (strstr(srcs, src) == NULL && so + 1 < sizeof srcs)
			so += (size_t)snprintf(srcs + so, sizeof srcs - so, "%s%s", so ? ", " : "",
					       src);
	}
	/* No verdicts: what was measured, still worth having. */
	if (r->nrows == 0) {
		cli_fprintf(w, "  (no verdicts; measured:)\n");
		for (size_t i = 0; sw != NULL && i < sweep_nresults(sw); i++) {
			const struct sweep_summary *s = sweep_result_summary(sw, i);
			char			    v[3][32];

			if (s->status && !(s->iops > 0))
				continue;	/* failed, measured nothing */
			cli_fprintf(w, "  %-26s %12s IOPS %10s MB/s %9s \u00b5s mean%s\n", s->name,
				fmt_number(s->iops, 0, v[0], 32), fmt_number(s->mbps, 1, v[1], 32),
				fmt_number(s->mean_us, 1, v[2], 32),
				s->status ? "  FAILED" : s->cancelled ? "  (stopped)" : "");
		}
	}
	if (srcs[0] != '\0')
		cli_fprintf(w, "  spec figures from %s\n", srcs);
	/* Each explainer once, with the rows it may explain. */
	for (size_t k = 0; k < nitems && k < 32; k++) {
		char   rows[160] = "";
		size_t o = 0;

		for (size_t i = 0; i < r->nrows && o + 1 < sizeof rows; i++)
			if (r->rows[i].explainers & ((uint32_t)1 << k))
				o += (size_t)snprintf(rows + o, sizeof rows - o, "%s%s",
						      o ? ", " : "", r->rows[i].metric);
		if (o > 0)
			cli_fprintf(w, "  before blaming the drive (%s): %s\n", rows,
				items[k].message);
	}
	cli_wrap_end(w, f);
}

/* Print --curve's curve: the peak and the rate limiter's achieved/target
 * per step (local checks and fleet hosts). */
void
cli_check_print_curve(FILE *out, const struct workload_curve *cv)
{
	FILE *f = cli_wrap_begin(out);
	char  v[4][32];

	cli_fprintf(f, "\n  %-11s %s, %s: peak %s IOPS (%s MB/s) at %s \u00b5s mean, %s \u00b5s p99\n",
		"curve", cv->profile, cv->shape.name, fmt_number(cv->peak_iops, 0, v[0], 32),
		fmt_number(cv->peak_mbps, 1, v[1], 32), fmt_number(cv->peak_mean_us, 1, v[2], 32),
		fmt_number(cv->peak_p99_us, 1, v[3], 32));
	cli_fprintf(f, "  %-11s achieved/target:", "rate");
	for (size_t i = 0; i < cv->nsteps; i++) {
		const struct workload_step *st = &cv->steps[i];

		if (!st->finished || isnan(st->accuracy))
			cli_fprintf(f, " %.0f%% -", st->target_pct);
		else
			cli_fprintf(f, " %.0f%% %.3f", st->target_pct, st->accuracy);
	}
	cli_fprintf(f, " (information, not a verdict)\n");
	cli_wrap_end(f, out);
}

/* JSON for one explainer. */
json_t *
cli_check_json_item(const struct explain_item *it)
{
	return json_pack("{s:s, s:s, s:s, s:s}", "kind", it->kind, "severity",
			 explain_severity_name(it->severity), "subject", it->subject,
			 "message", it->message);
}

/* The comparison rule of a row: "stated", "rated max", "QD1" or null. */
static json_t *
check_json_rule(const struct verdict *v)
{
	if (v->unit == NULL)
		return json_null();
	switch (v->rule) {
	case COMPARE_STATED:
		return json_string("stated");
	case COMPARE_RATED_MAX:
		return json_string("rated max");
	case COMPARE_QD1:
		return json_string("QD1");
	case COMPARE_NONE:
		break;
	}
	return json_null();
}

/* JSON for one verdict row of report r (items: the explainers its rows
 * point at): local checks and fleet hosts. */
json_t *
cli_check_json_row(const struct verdict_report *r, const struct verdict *v,
		   const struct explain_item *items, size_t nitems)
{
	const struct spec_figure *g = &v->spec;
	json_t			 *o = json_object(), *sp = json_null(), *ex = json_array();

	if (g->metric_id != NULL) {
		sp = json_object();
		json_object_set_new(sp, "value", cli_jreal(g->value));
		json_object_set_new(sp, "value_hi", cli_jreal(g->value_hi));
		json_object_set_new(sp, "qual", cli_jstr(g->qual));
		json_object_set_new(sp, "unit", cli_jstr(g->unit_id));
		json_object_set_new(sp, "block_size", cli_jint(g->block_size));
		json_object_set_new(sp, "iodepth", cli_jint(g->iodepth));
		json_object_set_new(sp, "numjobs", cli_jint(g->numjobs));
		json_object_set_new(sp, "read_pct", cli_jint(g->read_pct));
		json_object_set_new(sp, "conditions", cli_jstr(g->conditions));
		json_object_set_new(sp, "drive_id", cli_jstr(g->drive_id));
		json_object_set_new(sp, "source", cli_jstr(g->source_id));
		json_object_set_new(sp, "source_label", cli_jstr(v->spec_label[0] ? v->spec_label
										  : NULL));
		json_object_set_new(sp, "confidence", cli_jstr(g->confidence));
		json_object_set_new(sp, "notes", cli_jstr(g->notes));
		json_object_set_new(sp, "is_target", json_boolean(g->is_target));
		json_object_set_new(sp, "runtime_s", g->is_target ? json_integer(g->runtime_s)
								  : json_null());
		json_object_set_new(sp, "target_tolerance", g->is_target ?
				    cli_jreal(g->tolerance) : json_null());
		json_object_set_new(sp, "origin", cli_jstr(g->origin));
	}
	json_object_set_new(o, "metric", json_string(v->metric));
	json_object_set_new(o, "metric_name", cli_jstr(v->metric_name));
	json_object_set_new(o, "verdict", json_string(verdict_status_name(v->status)));
	json_object_set_new(o, "spec", sp);
	json_object_set_new(o, "unit", cli_jstr(v->unit));
	json_object_set_new(o, "spec_value", cli_jreal(v->spec_value));
	json_object_set_new(o, "measured", cli_jreal(v->measured));
	json_object_set_new(o, "ratio", cli_jreal(v->ratio));
	json_object_set_new(o, "lower_is_better", json_boolean(v->lower_is_better));
	json_object_set_new(o, "conditions_known", json_boolean(v->conditions_known));
	json_object_set_new(o, "capped", json_boolean(v->capped));
	json_object_set_new(o, "rule", check_json_rule(v));
	json_object_set_new(o, "decided_by", cli_jstr(v->decided_by));
	json_object_set_new(o, "tolerance", json_real(g->is_target && g->tolerance >= 0 ?
							g->tolerance : r->tolerance));
	json_object_set_new(o, "review_value", cli_jreal(v->review_value));
	json_object_set_new(o, "review_ratio", cli_jreal(v->review_ratio));
	json_object_set_new(o, "review_depth", v->review_qd == 0 ? json_null() :
			    json_pack("{s:i, s:i}", "iodepth", (int)v->review_qd, "numjobs",
				      (int)v->review_jobs));
	json_object_set_new(o, "review_source", cli_jstr(v->review_source));
	json_object_set_new(o, "review_source_label",
			    cli_jstr(v->review_label[0] ? v->review_label : NULL));
	json_object_set_new(o, "point", v->point[0] ? json_string(v->point) : json_null());
	json_object_set_new(o, "point_index",
			    v->result == SIZE_MAX ? json_null() : json_integer((json_int_t)v->result));
	json_object_set_new(o, "reason", json_string(v->reason));
	for (size_t k = 0; k < nitems && k < 32; k++)
		if (v->explainers & ((uint32_t)1 << k))
			json_array_append_new(ex, cli_check_json_item(&items[k]));
	json_object_set_new(o, "explainers", ex);
	return o;
}

/* JSON for --curve's curve, or null for NULL (local checks and fleet hosts). */
json_t *
cli_check_json_curve(const struct workload_curve *cv)
{
	json_t *o, *steps;

	if (cv == NULL)
		return json_null();
	steps = json_array();
	for (size_t i = 0; i < cv->nsteps; i++) {
		const struct workload_step *st = &cv->steps[i];

		json_array_append_new(steps, json_pack(
			"{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:b, s:I}", "target_pct",
			cli_jreal(st->target_pct), "target_iops", cli_jreal(st->target_iops),
			"iops", cli_jreal(st->iops), "accuracy", cli_jreal(st->accuracy),
			"mean_us", cli_jreal(st->mean_us), "p99_us", cli_jreal(st->p99_us),
			"spread", cli_jreal(st->spread), "finished", st->finished,
			"point_index", (json_int_t)st->index));
	}
	o = json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "profile", cv->profile,
		      "shape", cv->shape.name, "max_iops",
		      cv->has_max && cv->max.finished ? cli_jreal(cv->max.iops) : json_null(),
		      "peak_iops", cli_jreal(cv->peak_iops), "peak_mbps", cli_jreal(cv->peak_mbps),
		      "peak_mean_us", cli_jreal(cv->peak_mean_us), "peak_p99_us",
		      cli_jreal(cv->peak_p99_us), "peak_point_index",
		      isnan(cv->peak_iops) ? json_null() :
		      json_integer((json_int_t)(cv->peak == SIZE_MAX ? cv->max.index :
						cv->steps[cv->peak].index)),
		      "steps", steps);
	return o;
}

/* Print a joined sweep's point table, then its curves, checkpoints, cliffs
 * and thread scaling (local runs and each fleet host). */
void
cli_run_print_points(FILE *f, const struct sweep *sw, const struct dd_plan *plan,
		     double spec_mbps)
{
	struct cli_workload w;
	size_t n = sweep_nresults(sw);

	if (cli_workload_from_sweep(&w, sw, n, false) < 0)
		return;
	cli_workload_print_points(f, &w, plan->aggregate);
	if (n < plan->npoints)
		cli_fprintf(f, "%zu of %zu points ran.\n", n, plan->npoints);
	w.spec_write_mbps = spec_mbps;
	cli_workload_print(f, &w);
	cli_workload_free(&w);
}

/* The copy-paste summary block at the end of `run` and `check`: the
 * report's summary section (ui/report.h, the txt writer's, so there is one
 * copy of it) of the run just ended, read back from the recorder's store
 * (the results store, or for --no-save the one in memory: then the block
 * says the run was not stored); nothing when the store has not taken it. */
void
cli_print_summary(struct cli_ctx *ctx, struct record *rec)
{
	struct report_opts ro = { .format = REPORT_TXT, .summary_only = true,
				  .cp_width = cli_text_cp_width };
	struct dd_error	   err = { 0 };
	struct results_run run = { 0 };
	struct specdb	  *db = NULL;
	struct report	   r;
	char		  *text = NULL;
	size_t		   len;
	int64_t		   id = record_run_id(rec);

	if (record_run_load(rec, &run, &err) < 0)
		return;
	report_init(&r);
	if (cli_open_db_optional(ctx, &db) < 0)
		db = NULL;
	if (report_build_loaded(&r, db, &run, &id, 1, &err) == 0 &&
	    report_write(&r, &ro, &text, &len) == 0) {
		FILE *w = cli_wrap_begin(stdout);	/* a terminal's width */

		cli_fprintf(w, "%s", text);
		cli_wrap_end(w, stdout);
	}
	free(text);
	report_free(&r);
	specdb_close(db);
}
