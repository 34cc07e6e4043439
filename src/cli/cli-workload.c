/*
 * The reports of the kinds beyond the FIO matrix (issue 12), in text and
 * JSON, for `run` (a live sweep) and for a stored run (`export`), through
 * one path: a struct cli_workload holds the points as plain arrays (a copy
 * of each point as planned and of its summary, and the result itself for
 * its interval series), and core/workload.h reads them.
 *
 *   curves       per curve group: a row per step (target % and IOPS,
 *                achieved IOPS and their ratio, mean and p99 latency, the
 *                read and write means of a mix, the interval spread), then
 *                "peak N IOPS at M us"
 *   checkpoints  per checkpoint group: the checkpoint size and ranks, a row
 *                per pass (checkpoints, mean/min/max seconds, GB/s)
 *   cliffs       per cliff point: found or not, written before the drop,
 *                the rate before and after, and the post-cliff rate against
 *                the matched drive's spec sequential-write figure (found
 *                through core/compare.h) when there is one
 *   threads      the thread-scaling points in GDSIO's units (GiB/s, us)
 *
 * The JSON keys are curves[], checkpoints[], cliffs[] and threads[] (man
 * page, JSON OUTPUT).  Nothing is printed for a run without such points.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "core/compare.h"
#include "core/format.h"
#include "core/workload.h"
#include "lib/arena.h"

/* Room for n points. */
static int
cli_workload_alloc(struct cli_workload *w, size_t n)
{
	*w = (struct cli_workload){ .spec_write_mbps = NAN };
	if (n == 0)
		return 0;
	w->pts = calloc(n, sizeof *w->pts);
	w->sums = calloc(n, sizeof *w->sums);
	w->res = calloc(n, sizeof *w->res);
	if (w->pts == NULL || w->sums == NULL || w->res == NULL) {
		cli_workload_free(w);
		return -ENOMEM;
	}
	w->n = n;
	return 0;
}

/* Set point i of w from a result and its summary. */
static void
cli_workload_set(struct cli_workload *w, size_t i, const struct dd_result *r,
		 const struct sweep_summary *s)
{
	w->pts[i] = r->point;
	w->sums[i] = *s;
	w->res[i] = r;
}

/* Read the curves and checkpoint series out of w's points, once. */
static int
cli_workload_analyse(struct cli_workload *w)
{
	if (workload_collect(w->pts, w->sums, w->n, &w->curves, &w->ncurves, &w->ckpts,
			     &w->nckpts) < 0) {
		cli_workload_free(w);
		return -ENOMEM;
	}
	return 0;
}

/* The first n points of a sweep (published: safe while it runs). */
int
cli_workload_from_sweep(struct cli_workload *w, const struct sweep *sw, size_t n,
			bool published)
{
	if (cli_workload_alloc(w, n) < 0)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		cli_workload_set(w, i, published ? sweep_result_published(sw, i) : sweep_result(sw, i),
				 published ? sweep_summary_published(sw, i)
					   : sweep_result_summary(sw, i));
	return cli_workload_analyse(w);
}

/* The points of a stored run. */
int
cli_workload_from_run(struct cli_workload *w, const struct results_run *run)
{
	if (cli_workload_alloc(w, run->n) < 0)
		return -ENOMEM;
	for (size_t i = 0; i < run->n; i++)
		cli_workload_set(w, i, run->pts[i].r, &run->pts[i].sum);
	return cli_workload_analyse(w);
}

/* Free what a workload holds (the results stay their owner's). */
void
cli_workload_free(struct cli_workload *w)
{
	free(w->pts);
	free(w->sums);
	free(w->res);
	free(w->curves);
	free(w->ckpts);
	w->pts = NULL;
	w->sums = NULL;
	w->res = NULL;
	w->curves = NULL;
	w->ckpts = NULL;
	w->n = w->ncurves = w->nckpts = 0;
}

/* Does the workload hold a point of kind k? */
static bool
cli_workload_has(const struct cli_workload *w, enum dd_kind k)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->pts[i].kind == k)
			return true;
	return false;
}

/* The matched drive's spec sequential-write figure for the first cliff
 * point, else the first sequential write with a byte budget (a checkpoint:
 * what run's time estimate needs), by workload_spec_write (the dashboard's
 * rule too), drive_id "" or NULL: none; into w->spec_write_mbps, NAN none. */
void
cli_workload_spec(struct cli_workload *w, struct cli_ctx *ctx, const char *drive_id)
{
	struct arena		  a = { 0 };
	struct dd_error		  err = { 0 };
	struct spec_family	 *fams;
	const struct spec_family *f;
	struct spec_sheet	  sheet;
	struct specdb		 *db;
	size_t			  nfams, at = workload_budget_point(w->pts, w->n);
	double			  mbps;

	if (at == w->n || drive_id == NULL || drive_id[0] == '\0' ||
	    (db = cli_open_db(ctx)) == NULL)
		return;
	if (specdb_families(db, &a, &fams, &nfams, &err) == 0 &&
	    (f = specdb_find_drive(fams, nfams, drive_id, NULL)) != NULL &&
	    specdb_sheet(db, f->id, drive_id, &a, &sheet, &err) == 0 &&
	    workload_spec_write(&sheet, drive_id, &w->pts[at], &mbps) != NULL)
		w->spec_write_mbps = mbps;
	arena_free(&a);
	specdb_close(db);
}

/* A number or "-" for NAN, into buf. */
static char *
cli_workload_num(double v, int decimals, char *buf, size_t len)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else
		fmt_number(v, decimals, buf, len);
	return buf;
}

/* A percentage of a fraction, or "-" for NAN, into buf. */
static char *
cli_workload_pct(double frac, char *buf, size_t len)
{
	if (!isfinite(frac))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f%%", 100 * frac);
	return buf;
}

/* One row of a curve table. */
static void
cli_workload_step_row(FILE *f, const char *label, const struct workload_step *s, bool mix)
{
	char v[9][32];

	cli_fprintf(f, "  %-6s %8s %12s %12s %8s %9s %9s", label,
		    s->target_pct > 0 ? cli_workload_num(s->target_pct, 0, v[0], 32) : "max",
		    s->target_iops > 0 ? cli_workload_num(s->target_iops, 0, v[1], 32) : "-",
		    cli_workload_num(s->iops, 0, v[2], 32),
		    s->target_iops > 0 ? cli_workload_pct(s->accuracy, v[3], 32)
				       : "-",
		    cli_workload_num(s->mean_us, 1, v[4], 32), cli_workload_num(s->p99_us, 1, v[5], 32));
	if (mix)
		cli_fprintf(f, " %9s %9s", cli_workload_num(s->read_mean_us, 1, v[6], 32),
			    cli_workload_num(s->write_mean_us, 1, v[7], 32));
	cli_fprintf(f, " %7s\n", cli_workload_pct(s->spread, v[8], 32));
}

/* Is a curve a mix (reads and writes both measured)? */
static bool
cli_workload_curve_mix(const struct workload_curve *c)
{
	return dd_pattern_mixed(c->shape.pattern);
}

/* The text table of one curve. */
static void
cli_workload_print_curve(FILE *f, const struct workload_curve *c)
{
	bool mix = cli_workload_curve_mix(c);
	char us[8], a[32], b[32], c99[32];

	snprintf(us, sizeof us, "%ss", cli_glyph(CLI_G_MICRO));
	cli_fprintf(f, "\nLoad curve %u: %s (%s)\n", c->group, c->profile[0] ? c->profile : "-",
		    c->shape.name);
	cli_fprintf(f, "  %-6s %8s %12s %12s %8s %9s %9s", "step", "target%", "target IOPS",
		    "IOPS", "ach/tgt", "mean", "p99");
	if (mix)
		cli_fprintf(f, " %9s %9s", "rd mean", "wr mean");
	cli_fprintf(f, " %7s\n", "spread");
	if (c->has_max)
		cli_workload_step_row(f, "max", &c->max, mix);
	for (size_t i = 0; i < c->nsteps; i++) {
		char label[24];

		snprintf(label, sizeof label, "%zu", i + 1);
		cli_workload_step_row(f, label, &c->steps[i], mix);
	}
	cli_fprintf(f, "  peak %s IOPS at %s %s (p99 %s %s)\n",
		    cli_workload_num(c->peak_iops, 0, a, sizeof a),
		    cli_workload_num(c->peak_mean_us, 1, b, sizeof b), us,
		    cli_workload_num(c->peak_p99_us, 1, c99, sizeof c99), us);
}

/* The text table of one checkpoint series. */
static void
cli_workload_print_ckpt(FILE *f, const struct workload_ckpt *c)
{
	char size[32], v[5][32];

	cli_fprintf(f, "\nCheckpoints %u: %s per checkpoint, %u rank%s, %s GB/s overall\n",
		    c->group, fmt_size((double)c->bytes, size, sizeof size), c->ranks,
		    c->ranks == 1 ? "" : "s", cli_workload_num(c->gbps, 2, v[0], 32));
	cli_fprintf(f, "  %-5s %6s %10s %10s %10s %9s\n", "pass", "ckpts", "mean s", "min s",
		    "max s", "GB/s");
	for (size_t i = 0; i < c->npasses; i++) {
		const struct workload_pass *p = &c->passes[i];

		cli_fprintf(f, "  %-5u %6zu %10s %10s %10s %9s\n", p->pass, p->n,
			    cli_workload_num(p->mean_s, 3, v[0], 32),
			    cli_workload_num(p->min_s, 3, v[1], 32),
			    cli_workload_num(p->max_s, 3, v[2], 32),
			    cli_workload_num(p->mean_s > 0 ? (double)c->bytes / p->mean_s / 1e9 : NAN,
					     2, v[3], 32));
	}
}

/* The cliff of point i. */
static void
cli_workload_cliff_of(const struct cli_workload *w, size_t i, struct workload_cliff *out)
{
	workload_cliff_detect(w->res[i]->intervals, w->res[i]->nintervals, out);
}

/* The text report of one cliff point. */
static void
cli_workload_print_cliff(FILE *f, const struct cli_workload *w, size_t i)
{
	struct workload_cliff c;
	char		      v[4][32];

	cli_workload_cliff_of(w, i, &c);
	cli_fprintf(f, "\nWrite cliff (%s): ", w->pts[i].name);
	if (!c.found) {
		cli_fprintf(f, "no cliff found over %s written (%s MB/s throughout)\n",
			    fmt_bytes((double)w->res[i]->bytes, v[0], 32),
			    cli_workload_num(w->sums[i].mbps, 0, v[1], 32));
	} else {
		cli_fprintf(f, "found after %s written at %.1f s\n",
			    fmt_bytes(c.bytes_before, v[0], 32), c.t_s);
		cli_fprintf(f, "  before %s MB/s, after %s MB/s (%s of before)\n",
			    cli_workload_num(c.before_mbps, 0, v[1], 32),
			    cli_workload_num(c.after_mbps, 0, v[2], 32),
			    cli_workload_pct(c.after_mbps / c.before_mbps, v[3], 32));
	}
	if (isfinite(w->spec_write_mbps))
		cli_fprintf(f, "  %s rate %s MB/s against the spec's sequential write %s MB/s (%s)\n",
			    c.found ? "post-cliff" : "sustained",
			    cli_workload_num(c.found ? c.after_mbps : w->sums[i].mbps, 0, v[0], 32),
			    cli_workload_num(w->spec_write_mbps, 0, v[1], 32),
			    cli_workload_pct((c.found ? c.after_mbps : w->sums[i].mbps) /
					     w->spec_write_mbps, v[2], 32));
}

/* The thread-scaling points in GDSIO's units. */
static void
cli_workload_print_threads(FILE *f, const struct cli_workload *w)
{
	char us[8];

	snprintf(us, sizeof us, "%ss", cli_glyph(CLI_G_MICRO));
	cli_fprintf(f, "\nThread scaling (GDSIO units)\n  %-26s %8s %10s %10s %10s\n", "point",
		    "threads", "GiB/s", "mean", "p99");
	for (size_t i = 0; i < w->n; i++) {
		char v[3][32];

		if (w->pts[i].kind != DD_KIND_THREADS)
			continue;
		cli_fprintf(f, "  %-26.26s %8u %10s %7s %s %7s %s\n", w->pts[i].name,
			    w->pts[i].numjobs,
			    cli_workload_num(workload_gibps(w->sums[i].mbps), 3, v[0], 32),
			    cli_workload_num(w->sums[i].mean_us, 1, v[1], 32), us,
			    cli_workload_num(w->sums[i].p99_us, 1, v[2], 32), us);
	}
}

/* Print the curves, checkpoint series, cliffs and thread scaling of w
 * (nothing for a run of plain points). */
void
cli_workload_print(FILE *f, const struct cli_workload *w)
{
	for (size_t i = 0; i < w->ncurves; i++)
		cli_workload_print_curve(f, &w->curves[i]);
	for (size_t i = 0; i < w->nckpts; i++)
		cli_workload_print_ckpt(f, &w->ckpts[i]);
	for (size_t i = 0; i < w->n; i++)
		if (w->pts[i].kind == DD_KIND_CLIFF)
			cli_workload_print_cliff(f, w, i);
	if (cli_workload_has(w, DD_KIND_THREADS))
		cli_workload_print_threads(f, w);
}

/* JSON of a curve step. */
static json_t *
cli_workload_step_json(const struct workload_step *s)
{
	json_t *o = json_object();

	json_object_set_new(o, "index", json_integer((json_int_t)s->index));
	json_object_set_new(o, "target_pct", s->target_pct > 0 ? json_real(s->target_pct)
							       : json_null());
	json_object_set_new(o, "target_iops", s->target_iops > 0 ? json_real(s->target_iops)
								 : json_null());
	json_object_set_new(o, "iops", cli_jreal(s->iops));
	json_object_set_new(o, "mbps", cli_jreal(s->mbps));
	json_object_set_new(o, "achieved_ratio", s->target_iops > 0
				? cli_jreal(s->accuracy) : json_null());
	json_object_set_new(o, "mean_us", cli_jreal(s->mean_us));
	json_object_set_new(o, "p99_us", cli_jreal(s->p99_us));
	json_object_set_new(o, "read_mean_us", cli_jreal(s->read_mean_us));
	json_object_set_new(o, "write_mean_us", cli_jreal(s->write_mean_us));
	json_object_set_new(o, "spread", cli_jreal(s->spread));
	json_object_set_new(o, "finished", json_boolean(s->finished));
	return o;
}

/* JSON of a curve. */
static json_t *
cli_workload_curve_json(const struct workload_curve *c)
{
	json_t *o = json_object(), *steps = json_array();

	json_object_set_new(o, "group", json_integer(c->group));
	json_object_set_new(o, "profile", json_string(c->profile));
	json_object_set_new(o, "rw", json_string(dd_pattern_name(c->shape.pattern)));
	json_object_set_new(o, "bs", json_integer(c->shape.bs));
	json_object_set_new(o, "read_pct", json_integer(cli_json_read_pct(&c->shape)));
	json_object_set_new(o, "iodepth", json_integer(c->shape.iodepth));
	json_object_set_new(o, "numjobs", json_integer(c->shape.numjobs));
	json_object_set_new(o, "max", c->has_max ? cli_workload_step_json(&c->max) : json_null());
	for (size_t i = 0; i < c->nsteps; i++)
		json_array_append_new(steps, cli_workload_step_json(&c->steps[i]));
	json_object_set_new(o, "steps", steps);
	json_object_set_new(o, "peak", json_pack("{s:o, s:o, s:o, s:o}",
		"iops", cli_jreal(c->peak_iops), "mbps", cli_jreal(c->peak_mbps),
		"mean_us", cli_jreal(c->peak_mean_us), "p99_us", cli_jreal(c->peak_p99_us)));
	return o;
}

/* JSON of a checkpoint series. */
static json_t *
cli_workload_ckpt_json(const struct workload_ckpt *c)
{
	json_t *o = json_object(), *passes = json_array(), *secs = json_array();

	json_object_set_new(o, "group", json_integer(c->group));
	json_object_set_new(o, "ranks", json_integer(c->ranks));
	json_object_set_new(o, "bytes", cli_ju64(c->bytes));
	json_object_set_new(o, "gbps", cli_jreal(c->gbps));
	for (size_t i = 0; i < c->npasses; i++) {
		const struct workload_pass *p = &c->passes[i];

		json_array_append_new(passes, json_pack("{s:i, s:I, s:o, s:o, s:o, s:o}",
			"pass", (int)p->pass, "checkpoints", (json_int_t)p->n,
			"mean_s", cli_jreal(p->mean_s), "min_s", cli_jreal(p->min_s),
			"max_s", cli_jreal(p->max_s),
			"gbps", p->mean_s > 0 ? cli_jreal((double)c->bytes / p->mean_s / 1e9)
					      : json_null()));
	}
	for (size_t i = 0; i < c->n; i++)
		json_array_append_new(secs, json_pack("{s:i, s:i, s:o}", "pass", (int)c->pass[i],
						      "seq", (int)c->seq[i], "s", cli_jreal(c->secs[i])));
	json_object_set_new(o, "passes", passes);
	json_object_set_new(o, "checkpoints", secs);
	return o;
}

/* JSON of the cliff of point i. */
static json_t *
cli_workload_cliff_json(const struct cli_workload *w, size_t i)
{
	struct workload_cliff c;
	json_t		     *o = json_object();
	double		      post;

	cli_workload_cliff_of(w, i, &c);
	post = c.found ? c.after_mbps : w->sums[i].mbps;
	json_object_set_new(o, "index", json_integer((json_int_t)i));
	json_object_set_new(o, "name", json_string(w->pts[i].name));
	json_object_set_new(o, "found", json_boolean(c.found));
	json_object_set_new(o, "t_s", c.found ? cli_jreal(c.t_s) : json_null());
	json_object_set_new(o, "bytes_before", c.found ? cli_jreal(c.bytes_before) : json_null());
	json_object_set_new(o, "before_mbps", c.found ? cli_jreal(c.before_mbps) : json_null());
	json_object_set_new(o, "after_mbps", c.found ? cli_jreal(c.after_mbps) : json_null());
	json_object_set_new(o, "sustained_mbps", cli_jreal(post));
	json_object_set_new(o, "spec_write_mbps", cli_jreal(w->spec_write_mbps));
	json_object_set_new(o, "vs_spec", cli_jreal(post / w->spec_write_mbps));
	return o;
}

/* JSON of the thread-scaling points. */
static json_t *
cli_workload_threads_json(const struct cli_workload *w)
{
	json_t *a = json_array();

	for (size_t i = 0; i < w->n; i++)
		if (w->pts[i].kind == DD_KIND_THREADS)
			json_array_append_new(a, json_pack("{s:I, s:i, s:o, s:o, s:o}",
				"index", (json_int_t)i, "threads", (int)w->pts[i].numjobs,
				"gibps", cli_jreal(workload_gibps(w->sums[i].mbps)),
				"mean_us", cli_jreal(w->sums[i].mean_us),
				"p99_us", cli_jreal(w->sums[i].p99_us)));
	return a;
}

/* Add curves[], checkpoints[], cliffs[] and threads[] of w to a document. */
void
cli_workload_json(json_t *doc, const struct cli_workload *w)
{
	json_t *curves = json_array(), *ckpts = json_array(), *cliffs = json_array();

	for (size_t i = 0; i < w->ncurves; i++)
		json_array_append_new(curves, cli_workload_curve_json(&w->curves[i]));
	for (size_t i = 0; i < w->nckpts; i++)
		json_array_append_new(ckpts, cli_workload_ckpt_json(&w->ckpts[i]));
	for (size_t i = 0; i < w->n; i++)
		if (w->pts[i].kind == DD_KIND_CLIFF)
			json_array_append_new(cliffs, cli_workload_cliff_json(w, i));
	json_object_set_new(doc, "curves", curves);
	json_object_set_new(doc, "checkpoints", ckpts);
	json_object_set_new(doc, "cliffs", cliffs);
	json_object_set_new(doc, "threads", cli_workload_threads_json(w));
}

/* The note of a point's row: how it ended, repeats, steady state, a mix's
 * read share and per-direction means, a paced point's target. */
static void
cli_workload_note(const struct dd_result *r, const struct sweep_summary *s,
		  enum dd_aggregate agg, char *note, size_t len)
{
	size_t o;

	note[0] = '\0';
	if (s->status)
		snprintf(note, len, "FAILED: %.140s", r->message);
	else if (s->cancelled)
		snprintf(note, len, "stopped after %.1f s", s->elapsed_s);
	else if (r->iopoll_fallback)
		snprintf(note, len, "no polling: fell back to interrupts");
	if (s->runs > 1 && (o = strlen(note)) < len)
		snprintf(note + o, len - o, "%s%s of %u runs", o ? "; " : "",
			 agg == DD_AGG_MEAN ? "mean" : "best", s->runs);
	if (s->rounds > 0 && (o = strlen(note)) < len)
		snprintf(note + o, len - o, "%ssteady state %s after %u rounds", o ? "; " : "",
			 s->steady ? "reached" : "NOT reached", s->rounds);
	if (isfinite(s->read_mean_us) && isfinite(s->write_mean_us) && (o = strlen(note)) < len)
		snprintf(note + o, len - o, "%s%.1f%% reads, mean read %.1f / write %.1f \u00b5s",
			 o ? "; " : "", s->read_share, s->read_mean_us, s->write_mean_us);
	if (r->point.rate_iops > 0 && (o = strlen(note)) < len) {
		char rate[32];

		snprintf(note + o, len - o, "%spaced at %s IOPS", o ? "; " : "",
			 cli_workload_num(r->point.rate_iops, 0, rate, sizeof rate));
	}
}

/* The per-point table's columns: on a narrow terminal p50, then CPU/IO,
 * p99.9 and max go first, and the note goes under its row. */
static const struct cli_table_col cli_points_cols[] = {
	{ "#", "", 4, 0, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "point", "  ", 26, 0, CLI_TABLE_CUT, NULL, 0, NULL, NULL },
	{ "IOPS", " ", 12, 0, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "MB/s", " ", 10, 0, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "mean \u00b5s", " ", 9, 0, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "p50 \u00b5s", " ", 9, 4, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "p99 \u00b5s", " ", 9, 0, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "p99.9 \u00b5s", " ", 9, 2, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "max \u00b5s", " ", 10, 1, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "CPU/IO", " ", 7, 3, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "note", "  ", 0, 0, CLI_TABLE_FREE | CLI_TABLE_BELOW, NULL, 0, NULL, NULL },
};

/* The per-point table every run prints first (agg: how repeats fold):
 * full width to a pipe or a file, fitted to a terminal (cli-table.h). */
void
cli_workload_print_points(FILE *f, const struct cli_workload *w, enum dd_aggregate agg)
{
	struct cli_table t;

	cli_table_init(&t, cli_points_cols, sizeof cli_points_cols / sizeof cli_points_cols[0]);
	for (size_t i = 0; i < w->n; i++) {
		const struct sweep_summary *s = &w->sums[i];
		char			    v[9][32], note[320];

		cli_workload_note(w->res[i], s, agg, note, sizeof note);
		snprintf(v[8], sizeof v[8], "%zu", s->index + 1);
		cli_table_add(&t, (const char *const[]){ v[8], s->name,
			      fmt_number(s->iops, 0, v[0], 32), fmt_number(s->mbps, 1, v[1], 32),
			      fmt_number(s->mean_us, 1, v[2], 32), fmt_number(s->p50_us, 1, v[3], 32),
			      fmt_number(s->p99_us, 1, v[4], 32), fmt_number(s->p999_us, 1, v[5], 32),
			      fmt_number(s->max_us, 1, v[6], 32),
			      fmt_number(s->cpu_us_per_io, 2, v[7], 32), note });
	}
	cli_table_print(&t, f);
	cli_table_free(&t);
}
