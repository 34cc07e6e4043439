/*
 * The report's sections (report.h), appended as blocks in reading order
 * once the runs and the comparison table are loaded:
 *
 *   summary     the short copy-paste block (drive, host, time, headline
 *               figures against spec, verdict): tagged `summary`, what
 *               `run` and `check` print at their end
 *   header      per run: the drive, where and when, the plan and engine,
 *               how the run ended
 *   verdict     per run: the stored verdict and its rows with their
 *               sources by name, or "not judged"
 *   workloads   the comparison table (core/cmptab.h, as `compare` prints
 *               it): measured against spec and review, depth and % delta,
 *               several runs side by side against the first
 *   latency     per run: the percentiles of every point
 *   curves      load curves, checkpoint passes, write cliffs: a chart
 *               each (report-html.c draws them) and the tables of their
 *               figures
 *   points      per point, collapsible: its figures, its charts, SMART
 *               before and after
 *   footer      the fio job file that reproduces the run (plan.h's
 *               plan_fio_jobfile_sized, what `run --print-fio` writes)
 *
 * A drive's page (report_sections_drive: a drive query, no run) is the
 * spec sheet of one capacity point, or of a family's every one, as `show`
 * has it: the drive's fields; its spec figures (the point's own, a column
 * per capacity on a family's page, then the family-wide ones under a
 * heading of their own), each with its qualifier and range, conditions and
 * source; the workloads section over the drive's one column (the review
 * against the spec, as `compare` prints it) and the review's 4K random read
 * heat map (html); the reviews' published measurements; the sources.
 *
 * Every figure carries its unit in its cell or its column's header.  The
 * block primitives (report_add, report_fmt, report_table, report_cell) live
 * here too: building is this file's job, report.c only loads and chooses.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/format.h"
#include "core/plan.h"
#include "core/workload.h"
#include "io/point.h"
#include "lib/file.h"
#include "lib/histogram.h"
#include "ui/report-int.h"

/* Append a block and return it (zeroed but for kind); NULL out of memory. */
struct report_block *
report_add(struct report *r, enum report_kind kind)
{
	struct report_block *b;

	if (r->n == r->cap) {
		size_t ncap = r->cap ? r->cap * 2 : 64;
		void  *p = realloc(r->b, ncap * sizeof *r->b);

		if (p == NULL)
			return NULL;
		r->b = p;
		r->cap = ncap;
	}
	b = &r->b[r->n++];
	memset(b, 0, sizeof *b);
	b->kind = kind;
	return b;
}

/* A copy of a printf-formatted string in the report's arena. */
const char *
report_fmt(struct report *r, const char *fmt, ...)
{
	va_list ap;
	char   *s;
	int	n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return "";
	const char *c = arena_strdup(&r->a, s);

	free(s);
	return c;
}

/* A table block of nrows x ncols cells (all ""), row 0 the header. */
struct report_block *
report_table(struct report *r, enum report_kind kind, size_t nrows, size_t ncols)
{
	struct report_block *b = report_add(r, kind);

	if (b == NULL)
		return NULL;
	b->nrows = nrows;
	b->ncols = ncols;
	b->cells = arena_alloc(&r->a, (nrows * ncols + 1) * sizeof *b->cells);
	for (size_t i = 0; i < nrows * ncols; i++)
		b->cells[i] = "";
	return b;
}

/* Set cell (row, col) of a table block to a copy of s. */
void
report_cell(struct report *r, struct report_block *b, size_t row, size_t col, const char *s)
{
	if (b != NULL && row < b->nrows && col < b->ncols)
		b->cells[row * b->ncols + col] = arena_strdup(&r->a, s ? s : "");
}

/* Indexes of p50, p90, p99, p99.9 and p99.99 in hist_default_pcts. */
enum { REPORT_P50 = 6, REPORT_P90 = 10, REPORT_P99 = 12, REPORT_P999 = 14 };

/* A figure with its unit, or "-" when unknown. */
static const char *
report_num(struct report *r, double v, int decimals, const char *unit)
{
	char buf[64];

	if (!isfinite(v))
		return "-";
	return report_fmt(r, "%s%s%s", fmt_number(v, decimals, buf, sizeof buf),
			  unit[0] ? " " : "", unit);
}

/* A size in the unit it was typed in ("256 MiB"), kept in r. */
static const char *
report_size(struct report *r, uint64_t bytes)
{
	char buf[32];

	return report_fmt(r, "%s", fmt_size((double)bytes, buf, sizeof buf));
}

/* s, or "unknown" when empty. */
static const char *
report_or(const char *s, const char *none)
{
	return s != NULL && s[0] != '\0' ? s : none;
}

/* Append a heading. */
static void
report_heading(struct report *r, int level, const char *text, bool summary)
{
	struct report_block *b = report_add(r, REPORT_HEADING);

	if (b != NULL) {
		b->level = level;
		b->text = arena_strdup(&r->a, text);
		b->summary = summary;
	}
}

/* Append a paragraph. */
static struct report_block *
report_para(struct report *r, const char *text, bool summary)
{
	struct report_block *b = report_add(r, REPORT_PARA);

	if (b != NULL) {
		b->text = arena_strdup(&r->a, text);
		b->summary = summary;
	}
	return b;
}

/* A FIELDS block from name/value pairs, skipping NULL values. */
static struct report_block *
report_fields(struct report *r, const char *const *kv, size_t n, bool summary)
{
	size_t		     rows = 0, row = 0;
	struct report_block *b;

	for (size_t i = 0; i < n; i++)
		rows += kv[2 * i + 1] != NULL;
	b = report_table(r, REPORT_FIELDS, rows, 2);
	if (b == NULL)
		return NULL;
	b->summary = summary;
	for (size_t i = 0; i < n; i++) {
		if (kv[2 * i + 1] == NULL)
			continue;
		report_cell(r, b, row, 0, kv[2 * i]);
		report_cell(r, b, row++, 1, kv[2 * i + 1]);
	}
	return b;
}

/* A run's drive in words: the matched label, else model, else the target. */
static const char *
report_drive_name(const struct results_prov *p)
{
	if (p->drive_label[0] != '\0')
		return p->drive_label;
	if (p->model[0] != '\0')
		return p->model;
	return p->target_path;
}

/* How a run ended, in words: "done", "cancelled by SIGINT: why". */
static const char *
report_ended(struct report *r, const struct results_prov *p)
{
	/* "cancelled: stopped by SIGINT", not "... by SIGINT: stopped by SIGINT". */
	bool said = p->stopped_by[0] && strstr(p->why, p->stopped_by) != NULL;

	return report_fmt(r, "%s%s%s%s%s", results_prov_state(p),
			  p->stopped_by[0] && !said ? " by " : "",
			  said ? "" : p->stopped_by, p->why[0] ? ": " : "", p->why);
}

/* The run's verdict in one line. */
static const char *
report_verdict_line(struct report *r, const struct results_prov *p)
{
	char tol[32] = "";

	if (p->verdict[0] == '\0')
		return report_fmt(r, "not judged (a run is judged by 'drivedash check')%s%s",
				  p->drive_label[0] ? "; swept against " : "", p->drive_label);
	if (isfinite(p->tolerance))
		snprintf(tol, sizeof tol, ", tolerance %.0f %%", p->tolerance * 100.0);
	return report_fmt(r, "%s against %s%s%s%s%s (as judged when it ran)", p->verdict,
			  report_or(p->drive_label, "no database drive"),
			  p->query[0] ? ", query \"" : "", p->query, p->query[0] ? "\"" : "", tol);
}

/* Is run column c's reference drive column the drive the run was matched
 * to (report-int.h)? */
bool
report_own_drive(const struct report *r, size_t c)
{
	const struct cmptab_col *col = &r->tab.cols[c], *ref;

	ref = col->ref_drive < r->tab.ncols ? &r->tab.cols[col->ref_drive] : NULL;
	return ref != NULL && col->drive_id[0] && strcmp(ref->drive_id, col->drive_id) == 0;
}

/* The headline rows of the table for run column c: best rates and QD1
 * latency with their spec and % delta, as "4K rand read best: 812K IOPS
 * (spec 1M rated max, -18.8 %)" lines. */
static const char *
report_headlines(struct report *r, size_t c)
{
	char   out[2048] = "";
	size_t o = 0, lines = 0;
	bool   own = report_own_drive(r, c);

	for (size_t i = 0; i < r->tab.nrows && lines < 6; i++) {
		const struct cmptab_row	 *row = &r->tab.rows[i];
		const struct cmptab_cell *m = cmptab_cell(&r->tab, i, c, CMPTAB_MEASURED);
		char			  label[96], v[32], s[32], d[32];

		if (!row->best || row->kind != DD_KIND_POINT || isnan(m->value))
			continue;
		cmptab_value_text(m->value, row->q, "-", v, sizeof v);
		o += (size_t)snprintf(out + o, sizeof out - o, "%s%s: %s %s", lines ? "\n" : "",
				      cmptab_row_label(row, "x", label, sizeof label), v,
				      cmptab_row_unit(row, true));
		if (own && !isnan(m->refval[CMPTAB_REF_SPEC]) && o < sizeof out)
			o += (size_t)snprintf(out + o, sizeof out - o, " (spec %s, %s)",
					      cmptab_value_text(m->refval[CMPTAB_REF_SPEC], row->q,
								"-", s, sizeof s),
					      fmt_delta_pct(m->delta[CMPTAB_REF_SPEC], "-", d,
							    sizeof d));
		lines++;
		if (o >= sizeof out)
			break;
	}
	return lines ? arena_strdup(&r->a, out) : NULL;
}

/* The run's own headline figures when no spec row has them: those it has,
 * each with its unit ("none measured" when it has none). */
static const char *
report_own_headlines(struct report *r, const struct results_prov *p)
{
	char   a[32], out[160] = "";
	size_t o = 0;

	/* 0 is "nothing measured" (a run stopped before its first I/O). */
	if (isfinite(p->best_iops) && p->best_iops > 0)
		o += (size_t)snprintf(out + o, sizeof out - o, "best %s IOPS",
				      fmt_number(p->best_iops, 0, a, sizeof a));
	if (isfinite(p->best_mbps) && p->best_mbps > 0 && o < sizeof out)
		o += (size_t)snprintf(out + o, sizeof out - o, "%sbest %s MB/s", o ? ", " : "",
				      fmt_number(p->best_mbps, 1, a, sizeof a));
	if (isfinite(p->qd1_mean_us) && p->qd1_mean_us > 0 && o < sizeof out)
		snprintf(out + o, sizeof out - o, "%s4K QD1 random read mean %s µs", o ? ", " : "",
			 fmt_number(p->qd1_mean_us, 1, a, sizeof a));
	return report_fmt(r, "%s", out[0] ? out : "none measured");
}

/* The column of run i in the table. */
static size_t
report_col_of(const struct report *r, size_t run)
{
	size_t k = 0;

	for (size_t c = 0; c < r->tab.ncols; c++)
		if (r->tab.cols[c].kind == CMPTAB_RUN && k++ == run)
			return c;
	return 0;
}

/* The summary: one FIELDS block per run, tagged for the copy-paste block. */
static void
report_sec_summary(struct report *r)
{
	report_heading(r, 2, "Summary", true);
	for (size_t i = 0; i < r->nruns; i++) {
		const struct results_prov *p = &r->runs[i].prov;
		const char		  *head = report_headlines(r, report_col_of(r, i));
		const char		  *kv[] = {
			"Run", r->ids[i] != 0 ? report_fmt(r, "#%lld %s", (long long)r->ids[i],
							   p->name) : p->name,
			"Stored", r->ids[i] != 0 ? NULL : "no (--no-save): not in the results store",
			"Drive", report_fmt(r, "%s%s%s", report_drive_name(p),
					    p->serial[0] ? ", serial " : "", p->serial),
			"Host", report_or(p->host, "unknown"),
			"Time", report_fmt(r, "%s (%s)", report_or(p->start_local, "unknown"),
					   p->start_utc),
			"Plan", report_or(p->plan_name, "unknown"),
			/* A run that did not end as planned says so up front. */
			"Ended", strcmp(p->state, "done") != 0 && strcmp(p->state, "imported") != 0
				 ? report_ended(r, p) : NULL,
			"Figures", head != NULL ? head : report_own_headlines(r, p),
			"Verdict", report_verdict_line(r, p),
		};

		report_fields(r, kv, sizeof kv / sizeof kv[0] / 2, true);
	}
}

/* The header of run i: drive, where, when, how, how it ended. */
static void
report_sec_header(struct report *r, size_t i)
{
	const struct results_prov *p = &r->runs[i].prov;
	char			   cap[32];
	const char		  *kv[] = {
		"Drive", report_drive_name(p),
		"Capacity", p->capacity ? fmt_size((double)p->capacity, cap, sizeof cap) : NULL,
		"Model", p->model[0] ? p->model : NULL,
		"Serial", p->serial[0] ? p->serial : NULL,
		"Firmware", p->firmware[0] ? p->firmware : NULL,
		/* A controller's link, or that it gave none (an integrated
		 * endpoint, a virtual function), or that a remote host's
		 * detect= did not: said, not left out. */
		"PCIe link", p->pcie_link[0] ? p->pcie_link : !p->serial[0] ? NULL :
			     strcmp(p->target_kind, "remote") == 0 ? "not in the host's detect= file"
								   : "not reported by the device",
		"LBA format", p->lba_format[0] ? p->lba_format : NULL,
		"Database match", p->drive_label[0] ? report_fmt(r, "%s (%s)", p->drive_label,
								 p->drive_id) : "none",
		"Target", report_fmt(r, "%s (%s%s%s)", p->target_path, p->target_kind,
				     p->device[0] ? ", " : "", p->device),
		"Host", report_or(p->host, "unknown"),
		"Kernel", p->kernel[0] ? p->kernel : NULL,
		"CPU", p->cpu_model[0] ? report_fmt(r, "%s, %u CPUs", p->cpu_model, p->ncpus) : NULL,
		"Started", report_fmt(r, "%s (%s)", report_or(p->start_local, "unknown"),
				      p->start_utc),
		"Ended", p->end_local[0] ? p->end_local : NULL,
		"Preset/plan", report_fmt(r, "%s, repeat %u, aggregate %s", p->plan_name,
					  p->repeat, report_or(p->aggregate, "none")),
		"Engine", p->engine[0] ? p->engine : NULL,
		"Preconditioning", p->precondition[0] ? p->precondition : NULL,
		"Steady state", p->steady[0] ? p->steady : NULL,
		"How it ended", report_ended(r, p),
		"Imported from", p->imported_from[0] ? p->imported_from : NULL,
		"Measured by", p->version[0] ? p->version : NULL,
	};

	report_heading(r, 2, report_fmt(r, "Run #%lld: %s", (long long)r->ids[i], p->name), false);
	report_fields(r, kv, sizeof kv / sizeof kv[0] / 2, false);
}

/* The stored verdict of run i and its rows, or "not judged". */
static void
report_sec_verdict(struct report *r, size_t i)
{
	const struct results_run *run = &r->runs[i];
	struct report_block	 *b;
	bool			  inferred = false;
	static const char *const  head[] = { "Metric", "Measured", "Reference", "Ratio",
					     "Verdict", "Decided by", "Source", "Point", "Reason" };

	report_heading(r, 3, "Verdict", false);
	b = report_para(r, report_fmt(r, "Verdict: %s", report_verdict_line(r, &run->prov)),
			false);
	if (b != NULL && run->prov.verdict[0] != '\0')
		b->cls = report_fmt(r, "verdict verdict-%s", run->prov.verdict);
	if (run->prov.verdict_summary[0] != '\0')
		report_para(r, run->prov.verdict_summary, false);
	if (run->nverdicts == 0)
		return;
	b = report_table(r, REPORT_TABLE, run->nverdicts + 1, 9);
	if (b == NULL)
		return;
	b->right = 1u << 1 | 1u << 2 | 1u << 3;
	for (size_t c = 0; c < 9; c++)
		report_cell(r, b, 0, c, head[c]);
	for (size_t k = 0; k < run->nverdicts; k++) {
		const struct results_verdict *v = &run->verdicts[k];
		size_t			      row = k + 1;
		char			      ref[192];

		report_cell(r, b, row, 0, report_or(v->metric_name, v->metric));
		report_cell(r, b, row, 1, report_num(r, v->measured, 1, v->unit));
		report_cell(r, b, row, 2, results_verdict_ref_text(v, 1, true, ref,
								   sizeof ref));
		report_cell(r, b, row, 3, isfinite(v->ratio) ? report_fmt(r, "%.2f", v->ratio) : "-");
		report_cell(r, b, row, 4, v->status);
		report_cell(r, b, row, 5, v->decided_by);
		report_cell(r, b, row, 6, v->ref_source);
		report_cell(r, b, row, 7, v->point);
		report_cell(r, b, row, 8, v->reason);
		inferred |= v->spec_inferred;
	}
	if (inferred)
		report_para(r, SPECDB_INFERRED_LEGEND, false);
}

/* The letter of table column c. */
static char
report_letter(size_t c)
{
	return (char)('A' + (c % 26));
}

/* The legend of the comparison table: each column's letter and what it is. */
static void
report_tab_legend(struct report *r)
{
	struct report_block *b = report_table(r, REPORT_FIELDS, r->tab.ncols, 2);
	size_t		     k = 0;

	for (size_t c = 0; b != NULL && c < r->tab.ncols; c++) {
		const struct cmptab_col *col = &r->tab.cols[c];
		char			 src[1024];

		report_cell(r, b, c, 0, report_fmt(r, "%c", report_letter(c)));
		if (col->kind == CMPTAB_RUN) {
			size_t ref = col->drift_of != SIZE_MAX ? col->drift_of :
				     col->ref_drive != SIZE_MAX ? col->ref_drive : col->base_run;

			report_cell(r, b, c, 1, ref != SIZE_MAX ?
				    report_fmt(r, "run #%lld %s (against %c)", (long long)r->ids[k],
					       col->label, report_letter(ref)) :
				    report_fmt(r, "run #%lld %s", (long long)r->ids[k], col->label));
			k++;
		} else {
			cmptab_col_sources(&r->tab, c, CMPTAB_SPEC, src, sizeof src);
			report_cell(r, b, c, 1, report_fmt(r, "%s: spec%s%s", col->label,
							   src[0] ? " from " : "", src));
		}
	}
}

/* Columns of the comparison table: point, unit, then 3 per run and 4 per
 * drive. */
static size_t
report_tab_ncols(const struct report *r)
{
	size_t n = 2;

	for (size_t c = 0; c < r->tab.ncols; c++)
		n += r->tab.cols[c].kind == CMPTAB_RUN ? 3 : 5;
	return n;
}

/* The header row of the comparison table; returns the right-align mask. */
static uint32_t
report_tab_header(struct report *r, struct report_block *b)
{
	size_t	 k = 2;
	uint32_t right = 0;

	report_cell(r, b, 0, 0, "Point");
	report_cell(r, b, 0, 1, "Unit");
	b->keys = 2;
	for (size_t c = 0; c < r->tab.ncols; c++) {
		char L = report_letter(c);

		if (k < 64)
			b->groups |= (uint64_t)1 << k;	/* a column's cells stay together */
		if (r->tab.cols[c].kind == CMPTAB_RUN) {
			right |= 1u << (k % 32);
			report_cell(r, b, 0, k++, report_fmt(r, "%c measured", L));
			report_cell(r, b, 0, k++, report_fmt(r, "%c %% vs", L));
			report_cell(r, b, 0, k++, report_fmt(r, "%c at", L));
		} else {
			right |= 1u << (k % 32) | 1u << ((k + 2) % 32);
			report_cell(r, b, 0, k++, report_fmt(r, "%c spec", L));
			report_cell(r, b, 0, k++, report_fmt(r, "%c at", L));
			report_cell(r, b, 0, k++, report_fmt(r, "%c review", L));
			report_cell(r, b, 0, k++, report_fmt(r, "%c vs spec", L));
			report_cell(r, b, 0, k++, report_fmt(r, "%c rev. at", L));
		}
	}
	return right;
}

/* One row of the comparison table. */
static void
report_tab_row(struct report *r, struct report_block *b, size_t i)
{
	const struct cmptab_row *row = &r->tab.rows[i];
	size_t			 k = 2, out = i + 1;
	char			 v[96];

	report_cell(r, b, out, 0, cmptab_row_label(row, "x", v, sizeof v));
	report_cell(r, b, out, 1, cmptab_row_unit(row, true));
	for (size_t c = 0; c < r->tab.ncols; c++) {
		struct cmptab_texts tx;

		cmptab_texts(&r->tab, i, c, "-", "x", true, &tx);
		report_cell(r, b, out, k++, tx.value);
		if (r->tab.cols[c].kind == CMPTAB_RUN) {
			report_cell(r, b, out, k++, tx.ref[0] ? report_fmt(r, "%s %s", tx.delta,
									   tx.ref) : "");
			report_cell(r, b, out, k++, tx.at);
		} else {
			report_cell(r, b, out, k++, tx.at);
			report_cell(r, b, out, k++, tx.review);
			report_cell(r, b, out, k++, tx.review_delta);
			report_cell(r, b, out, k++, tx.review_at);
		}
	}
}

/* The workloads: the comparison table, as `compare` has it. */
static void
report_sec_workloads(struct report *r)
{
	struct report_block *b;
	char		     notes[1024];

	report_heading(r, 2, r->nruns > 1 ? "Workloads, side by side" : "Workloads", false);
	report_para(r, r->nruns > 0 ? "Measured figures against the spec and the review, each "
		    "with its depth (QD x jobs) and % delta." : "The review's figures against the "
		    "spec, each with its depth (QD x jobs) and % delta.", false);
	report_tab_legend(r);
	if (r->tab.nrows == 0) {
		report_para(r, "No finished point to compare.", false);
		return;
	}
	b = report_table(r, REPORT_TABLE, r->tab.nrows + 1, report_tab_ncols(r));
	if (b == NULL)
		return;
	b->right = report_tab_header(r, b);
	for (size_t i = 0; i < r->tab.nrows; i++)
		report_tab_row(r, b, i);
	/* compare's notes under the table, a paragraph each. */
	cmptab_notes(&r->tab, notes, sizeof notes);
	for (char *line = notes, *nl; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		*nl = '\0';
		report_para(r, line, false);
	}
	for (size_t i = 0; i < r->nruns; i++) {
		b = report_add(r, REPORT_CHART);
		if (b == NULL)
			return;
		b->chart = REPORT_CHART_BARS;
		b->run = i;
		b->col = report_col_of(r, i);
		b->text = "Measured against spec and review";
		if ((b = report_add(r, REPORT_CHART)) == NULL)
			return;
		b->chart = REPORT_CHART_HEAT;
		b->run = i;
		b->text = "QD x jobs heat maps";
	}
}

/* The latency percentiles of every point of run i. */
static void
report_sec_latency(struct report *r, size_t i)
{
	const struct results_run *run = &r->runs[i];
	static const char *const  head[] = { "Point", "mean µs", "p50 µs", "p90 µs", "p99 µs",
					     "p99.9 µs", "max µs" };
	static const int	  pct[] = { -1, REPORT_P50, REPORT_P90, REPORT_P99, REPORT_P999 };
	struct report_block	 *b;

	report_heading(r, 3, "Latency percentiles", false);
	b = report_table(r, REPORT_TABLE, run->n + 1, 7);
	if (b == NULL)
		return;
	b->right = 0x7eu;
	for (size_t c = 0; c < 7; c++)
		report_cell(r, b, 0, c, head[c]);
	for (size_t p = 0; p < run->n; p++) {
		const struct dd_result *res = run->pts[p].r;

		report_cell(r, b, p + 1, 0, res->point.name);
		for (size_t k = 0; k < 5; k++)
			report_cell(r, b, p + 1, k + 1,
				    report_num(r, pct[k] < 0 ? res->lat.mean_us :
						  fmt_lat_pct(&res->lat, (unsigned)pct[k]), 1, ""));
		report_cell(r, b, p + 1, 6, report_num(r, res->lat.max_us, 1, ""));
	}
}

/* A chart block of run i, point (or curve, checkpoint series) p. */
static struct report_block *
report_chart(struct report *r, size_t i, size_t p, enum report_chart ch, const char *title)
{
	struct report_block *b = report_add(r, REPORT_CHART);

	if (b != NULL) {
		b->run = i;
		b->point = p;
		b->chart = ch;
		b->text = title;
	}
	return b;
}

/* One load curve: its chart, then its steps against their targets (the
 * table keeps what the chart does not show: targets, MB/s, p99). */
static void
report_curve(struct report *r, const struct workload_curve *cv)
{
	struct report_block     *b;
	static const char *const head[] = { "Step", "target IOPS", "IOPS", "MB/s", "mean µs",
					    "p99 µs" };

	report_para(r, report_fmt(r, "Load curve %s: peak %s IOPS, %s MB/s, mean %s",
				  report_or(cv->profile, cv->shape.name),
				  report_num(r, cv->peak_iops, 0, ""),
				  report_num(r, cv->peak_mbps, 1, ""),
				  report_num(r, cv->peak_mean_us, 1, "µs")), false);
	b = report_table(r, REPORT_TABLE, cv->nsteps + 1, 6);
	if (b == NULL)
		return;
	b->right = 0x3eu;
	for (size_t c = 0; c < 6; c++)
		report_cell(r, b, 0, c, head[c]);
	for (size_t s = 0; s < cv->nsteps; s++) {
		const struct workload_step *st = &cv->steps[s];

		report_cell(r, b, s + 1, 0, report_fmt(r, "%.0f %%", st->target_pct));
		report_cell(r, b, s + 1, 1, report_num(r, st->target_iops, 0, ""));
		report_cell(r, b, s + 1, 2, report_num(r, st->iops, 0, ""));
		report_cell(r, b, s + 1, 3, report_num(r, st->mbps, 1, ""));
		report_cell(r, b, s + 1, 4, report_num(r, st->mean_us, 1, ""));
		report_cell(r, b, s + 1, 5, report_num(r, st->p99_us, 1, ""));
	}
}

/* One checkpoint series: its passes. */
static void
report_ckpt(struct report *r, const struct workload_ckpt *ck)
{
	struct report_block *b;
	char		     by[32];

	report_para(r, report_fmt(r, "Checkpoints of %s by %u ranks: %s overall",
				  fmt_size((double)ck->bytes, by, sizeof by), ck->ranks,
				  report_num(r, ck->gbps, 2, "GB/s")), false);
	b = report_table(r, REPORT_TABLE, ck->npasses + 1, 4);
	if (b == NULL)
		return;
	b->right = 0xeu;
	report_cell(r, b, 0, 0, "Pass");
	report_cell(r, b, 0, 1, "mean s");
	report_cell(r, b, 0, 2, "min s");
	report_cell(r, b, 0, 3, "max s");
	for (size_t k = 0; k < ck->npasses; k++) {
		const struct workload_pass *p = &ck->passes[k];
		int			    dec = p->max_s < 1 ? 3 : 2;	/* as run prints them */

		report_cell(r, b, k + 1, 0, report_fmt(r, "%u", p->pass));
		report_cell(r, b, k + 1, 1, report_num(r, p->mean_s, dec, ""));
		report_cell(r, b, k + 1, 2, report_num(r, p->min_s, dec, ""));
		report_cell(r, b, k + 1, 3, report_num(r, p->max_s, dec, ""));
	}
}

/* Write cliffs: every sequential write point with a byte budget. */
static bool
report_cliffs(struct report *r, size_t i)
{
	const struct results_run *run = &r->runs[i];
	bool			  any = false;

	for (size_t p = 0; p < run->n; p++) {
		const struct dd_result *res = run->pts[p].r;
		struct workload_cliff	cl;
		char			by[32];

		if (res->point.bytes == 0 || !dd_pattern_writes(res->point.pattern) ||
		    dd_pattern_random(res->point.pattern) || res->nintervals == 0)
			continue;
		workload_cliff_detect(res->intervals, res->nintervals, &cl);
		any = true;
		if (res->point.kind != DD_KIND_CHECKPOINT)	/* those have their bars */
			report_chart(r, i, p, REPORT_CHART_CLIFF, "Write cliff");
		if (cl.found)
			report_para(r, report_fmt(r, "Write cliff of %s: at %s s after %s written, "
						  "%s before, %s after", res->point.name,
						  report_num(r, cl.t_s, 1, ""),
						  fmt_bytes(cl.bytes_before, by, sizeof by),
						  report_num(r, cl.before_mbps, 1, "MB/s"),
						  report_num(r, cl.after_mbps, 1, "MB/s")), false);
		else
			report_para(r, report_fmt(r, "No write cliff in %s: %s sustained",
						  res->point.name,
						  report_num(r, cl.before_mbps, 1, "MB/s")), false);
	}
	return any;
}

/* Load curves, checkpoints and write cliffs of run i, where it has them. */
static void
report_sec_curves(struct report *r, size_t i)
{
	const struct cmptab_col *col = &r->tab.cols[report_col_of(r, i)];
	size_t			 mark = r->n;

	struct report_block	*b;

	report_heading(r, 3, "Load curves, checkpoints, write cliff", false);
	for (size_t k = 0; k < col->ncurves; k++) {
		if ((b = report_chart(r, i, k, REPORT_CHART_CURVE, "Load curve")) != NULL)
			b->col = report_col_of(r, i);
		report_curve(r, &col->curves[k]);
	}
	for (size_t k = 0; k < col->nckpts; k++) {
		if ((b = report_chart(r, i, k, REPORT_CHART_CKPT, "Checkpoint passes")) != NULL)
			b->col = report_col_of(r, i);
		report_ckpt(r, &col->ckpts[k]);
	}
	if (!report_cliffs(r, i) && col->ncurves == 0 && col->nckpts == 0)
		r->n = mark;	/* nothing of the kind: no heading either */
}

/* SMART before and after a point, when its target had a controller. */
static void
report_smart(struct report *r, const struct results_point *pt)
{
	const struct nvmeinfo_smart *s[2] = { &pt->smart_before, &pt->smart_after };
	struct report_block	    *b;

	if (!s[0]->valid && !s[1]->valid)
		return;
	static const char *const names[] = {
		"temperature", "percentage used", "data units read (512,000 B)",
		"data units written (512,000 B)", "media errors", "available spare",
		"critical warning",
	};
	enum { NROWS = sizeof names / sizeof names[0] };

	b = report_table(r, REPORT_TABLE, NROWS + 1, 3);
	if (b == NULL)
		return;
	b->right = 0x6u;
	report_cell(r, b, 0, 0, "SMART");
	report_cell(r, b, 0, 1, "before");
	report_cell(r, b, 0, 2, "after");
	for (size_t row = 0; row < NROWS; row++)
		report_cell(r, b, row + 1, 0, names[row]);
	for (size_t k = 0; k < 2; k++) {
		const struct nvmeinfo_smart *m = s[k];
		const char		    *v[NROWS];

		if (!m->valid)
			continue;
		v[0] = report_fmt(r, "%d C", m->temperature_c);
		v[1] = report_fmt(r, "%d %%", m->percentage_used);
		v[2] = report_num(r, (double)m->data_units_read, 0, "");
		v[3] = report_num(r, (double)m->data_units_written, 0, "");
		v[4] = report_num(r, (double)m->media_errors, 0, "");
		v[5] = report_fmt(r, "%d %%", m->available_spare_pct);
		v[6] = report_fmt(r, "0x%x", (unsigned)m->critical_warning);
		for (size_t row = 0; row < NROWS; row++)
			report_cell(r, b, row + 1, k + 1, v[row]);
	}
}

/* One point of run i in detail, collapsible. */
static void
report_point(struct report *r, size_t i, size_t p)
{
	const struct results_point *pt = &r->runs[i].pts[p];
	const struct dd_result	   *res = pt->r;
	struct report_block	   *o = report_add(r, REPORT_OPEN);
	const char		   *kv[] = {
		"Status", res->status == 0 && !res->cancelled ? "finished" :
			  report_fmt(r, "%s%s%s", res->cancelled ? "cancelled" : "failed",
				     res->message[0] ? ": " : "", res->message),
		"Host", pt->host[0] ? pt->host : NULL,
		"Budget", res->point.bytes ? report_size(r, res->point.bytes) : NULL,
		"Region", res->point.size ? report_size(r, res->point.size) :
			  res->point.region_pct ? report_fmt(r, "%u %% of the target",
							     res->point.region_pct) : NULL,
		"Measured", report_num(r, res->elapsed_s, 2, "s"),
		"I/Os", report_num(r, (double)res->ios, 0, ""),
		"Rate", report_fmt(r, "%s, %s", report_num(r, res->iops, 0, "IOPS"),
				   report_num(r, res->mbps, 1, "MB/s")),
		"Latency", report_fmt(r, "mean %s, stdev %s, min %s, max %s",
				      report_num(r, res->lat.mean_us, 1, "µs"),
				      report_num(r, res->lat.stdev_us, 1, "µs"),
				      report_num(r, res->lat.min_us, 1, "µs"),
				      report_num(r, res->lat.max_us, 1, "µs")),
		"CPU per I/O", report_num(r, res->cpu_us_per_io, 2, "µs"),
		"Intervals", report_fmt(r, "%zu", res->nintervals),
		"Note", res->status == 0 && res->message[0] ? res->message : NULL,
	};

	if (o != NULL)
		o->text = report_fmt(r, "%s: %s, %s, mean %s", res->point.name,
				     report_num(r, res->iops, 0, "IOPS"),
				     report_num(r, res->mbps, 1, "MB/s"),
				     report_num(r, res->lat.mean_us, 1, "µs"));
	report_fields(r, kv, sizeof kv / sizeof kv[0] / 2, false);
	if (res->nintervals > 0)
		report_chart(r, i, p, REPORT_CHART_INTERVALS, "Intervals");
	if (pt->has_bins)
		report_chart(r, i, p, REPORT_CHART_HISTOGRAM, "Latency histogram");
	report_smart(r, pt);
	report_add(r, REPORT_CLOSE);
}

/* The fio job file that reproduces run i (what `run --print-fio` writes). */
static void
report_sec_fio(struct report *r, size_t i)
{
	const struct results_run *run = &r->runs[i];
	struct dd_plan		  plan;
	struct dd_error		  err = { 0 };
	struct report_block	 *b;
	char			 *job = NULL;
	bool			  ok = true;

	plan_init(&plan, run->prov.plan_name);
	plan.repeat = run->prov.repeat ? run->prov.repeat : 1;
	plan.precondition_passes = run->prov.precondition_passes;
	for (size_t p = 0; ok && p < run->n; p++)
		ok = plan_append(&plan, &run->pts[p].r->point, &err) == 0;
	if (ok)
		job = plan_fio_jobfile_sized(&plan, run->prov.target_path, run->prov.capacity,
					     strstr(run->prov.engine, "iopoll=on") != NULL);
	plan_free(&plan);
	report_heading(r, 3, "fio job file", false);
	report_para(r, "The fio job file that reproduces this run (as 'drivedash run "
		    "--print-fio' writes it):", false);
	b = report_add(r, REPORT_PRE);
	if (b != NULL)
		b->text = job != NULL ? arena_strdup(&r->a, job) : "(none: the run has no points)";
	free(job);
}

/* Append every section of the loaded runs. */
int
report_sections(struct report *r, struct dd_error *err)
{
	if (r->nruns == 1)
		snprintf(r->title, sizeof r->title, "drivedash report: %s", r->runs[0].prov.name);
	else
		snprintf(r->title, sizeof r->title, "drivedash report: %zu runs compared",
			 r->nruns);
	report_heading(r, 1, r->title, true);
	report_sec_summary(r);
	report_sec_workloads(r);
	for (size_t i = 0; i < r->nruns; i++) {
		report_sec_header(r, i);
		report_sec_verdict(r, i);
		report_sec_latency(r, i);
		report_sec_curves(r, i);
		report_heading(r, 3, "Points", false);
		for (size_t p = 0; p < r->runs[i].n; p++)
			report_point(r, i, p);
		report_sec_fio(r, i);
	}
	if (r->b == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory building the report");
	return 0;
}

/* A spec figure's value as `show` writes it (specdb_figure_value): its
 * qualifier, range and unit ("0–75 C", "1e-17 per bit"; with_unit false:
 * a matrix cell, the unit in its row's label) and its grade-C and inferred
 * marks. */
static const char *
report_figure_value(struct report *r, const struct spec_sheet *sh, const struct spec_figure *f,
		    bool with_unit)
{
	char val[128];

	return report_fmt(r, "%s", specdb_figure_value(sh, f, with_unit ? f->unit_id : NULL, val,
						      sizeof val));
}

/* Where a spec figure is from: "StorageReview, CD9P-R review (de), grade A",
 * "(alternative)" when another row of the metric is preferred, the lab
 * overlay's file (base name) and line when the lab added it. */
static const char *
report_figure_source(struct report *r, const struct spec_sheet *sh, const struct spec_figure *f)
{
	char src[256];

	return report_fmt(r, "%s%s%s%s%s%s", specdb_sheet_source_label(sh, f->source_id, src,
									sizeof src),
			  f->confidence != NULL ? ", grade " : "",
			  f->confidence != NULL ? f->confidence : "",
			  f->preferred ? "" : " (alternative)", f->origin != NULL ? ", lab overlay " : "",
			  f->origin != NULL ? file_base(f->origin) : "");
}

/* A figure's conditions (specdb_conditions_text, as `show` writes them). */
static const char *
report_figure_conditions(struct report *r, const struct spec_figure *f)
{
	char cond[256];

	return report_fmt(r, "%s", specdb_conditions_text(f->block_size, f->read_pct, f->iodepth,
							  f->numjobs, f->conditions, cond,
							  sizeof cond));
}

/* The per-capacity figures: a row per figure, a value column per capacity
 * point of the page (one on a capacity point's page), its conditions and
 * source; false when the page's points state none. */
static bool
report_sheet_capacities(struct report *r, const struct spec_sheet *sh,
			const struct spec_drive *const *pts, size_t npts)
{
	struct report_block *b;
	size_t		     nrows = 0, row = 0, nc = npts + 3;

	for (size_t i = 0; i < sh->nfigures; i++)
		nrows += specdb_figure_row_first(sh, i);
	if (nrows == 0 || (b = report_table(r, REPORT_TABLE, nrows + 1, nc)) == NULL)
		return false;
	b->keys = npts > 1;	/* a matrix splits by capacity; one point: records */
	report_cell(r, b, 0, 0, "Figure");
	for (size_t c = 0; c < npts; c++) {
		char cap[32];

		report_cell(r, b, 0, c + 1, fmt_capacity(pts[c]->capacity_gb, cap, sizeof cap));
		b->right |= 1u << ((c + 1) % 32);
	}
	report_cell(r, b, 0, npts + 1, "Conditions");
	report_cell(r, b, 0, npts + 2, "Source");
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];

		if (!specdb_figure_row_first(sh, i))
			continue;
		row++;
		/* One point: the unit in its cell; a matrix: in the label, as
		 * show has it (the cells narrow). */
		report_cell(r, b, row, 0, npts == 1 ? g->metric_name :
			    report_fmt(r, "%s (%s)", g->metric_name, fmt_unit(g->unit_id, true)));
		for (size_t c = 0; c < npts; c++) {
			const struct spec_figure *hit = specdb_figure_row_hit(sh, i, pts[c]);

			report_cell(r, b, row, c + 1, hit != NULL ?
				    report_figure_value(r, sh, hit, npts == 1) : "-");
		}
		report_cell(r, b, row, npts + 1, report_figure_conditions(r, g));
		report_cell(r, b, row, npts + 2, report_figure_source(r, sh, g));
	}
	return true;
}

/* The family-wide figures (stated once for every capacity): figure, value,
 * conditions, source and the source's note. */
static void
report_sheet_family(struct report *r, const struct spec_sheet *sh)
{
	static const char *const head[] = { "Figure", "Value", "Conditions", "Source", "Note" };
	struct report_block	*b;
	size_t			 n = 0, row = 0;

	for (size_t i = 0; i < sh->nfigures; i++)
		n += sh->figures[i].drive_id == NULL;
	if (n == 0 || (b = report_table(r, REPORT_TABLE, n + 1, 5)) == NULL)
		return;
	b->right = 1u << 1;
	for (size_t c = 0; c < 5; c++)
		report_cell(r, b, 0, c, head[c]);
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];
		char			  text[4096];

		if (g->drive_id != NULL)
			continue;
		row++;
		report_cell(r, b, row, 0, g->metric_name);
		report_cell(r, b, row, 1, report_figure_value(r, sh, g, true));
		report_cell(r, b, row, 2, report_figure_conditions(r, g));
		report_cell(r, b, row, 3, report_figure_source(r, sh, g));
		report_cell(r, b, row, 4, g->notes != NULL ? specdb_sheet_text(sh, g->notes, text,
									       sizeof text) : "");
	}
}

/* The spec figures of the page: its capacity points' own, then the
 * family-wide ones under a heading that says so (as `show` does), the
 * legends of the marks the figures carry under them. */
static void
report_sec_sheet(struct report *r, const struct spec_sheet *sh)
{
	const struct spec_drive *pts[16];
	size_t			 npts = specdb_sheet_points(sh, pts, 16);
	bool			 any = false, grade_c = false;
	char			 cap[32];

	report_heading(r, 2, "Spec figures", false);
	if (sh->nfigures == 0) {
		report_para(r, "No spec-sheet figures in the sources.", false);
		return;
	}
	for (size_t i = 0; i < sh->nfigures; i++) {
		any |= sh->figures[i].drive_id != NULL;
		grade_c |= specdb_figure_grade_c(sh, &sh->figures[i]);
	}
	if (any) {
		report_heading(r, 3, npts == 1 ? report_fmt(r, "Stated for the %s point",
							    fmt_capacity(pts[0]->capacity_gb, cap,
									 sizeof cap))
			       : "Stated per capacity", false);
		report_sheet_capacities(r, sh, pts, npts);
		report_heading(r, 3, "Family-wide (stated for the family, not per capacity)", false);
	}
	report_sheet_family(r, sh);
	if (grade_c)
		report_para(r, SPECDB_GRADE_C_LEGEND, false);
	if (specdb_sheet_any_inferred(sh))
		report_para(r, SPECDB_INFERRED_LEGEND, false);
}

/* The test a measurement is of: "fio 4K randread", "gdsio 1M read",
 * "fio 128K seqwrite, steady-state". */
static const char *
report_meas_test(struct report *r, const struct spec_measurement *m)
{
	char bs[16];

	return report_fmt(r, "%s%s%s %s%s%s", m->benchmark, m->block_size > 0 ? " " : "",
			  m->block_size > 0 ? fmt_block_size(m->block_size, bs, sizeof bs) : "",
			  m->workload, m->phase != NULL ? ", " : "", m->phase != NULL ? m->phase : "");
}

/* One source's measurements of the page's points, as a table: the test,
 * the capacity (a family page), the point, metric, value and the source's
 * note. */
static void
report_meas_table(struct report *r, const struct spec_sheet *sh, const char *source_id,
		  bool capacity)
{
	size_t		     n = 0, row = 0, k = capacity;	/* k: columns after the test */
	struct report_block *b;

	for (size_t i = 0; i < sh->nmeasurements; i++)
		n += strcmp(sh->measurements[i].source_id, source_id) == 0;
	if ((b = report_table(r, REPORT_TABLE, n + 1, 5 + k)) == NULL)
		return;
	b->right = 1u << (3 + k);
	b->nowrap = (1u << (3 + k)) - 1;	/* all but the value and the note */
	report_cell(r, b, 0, 0, "Test");
	if (capacity)
		report_cell(r, b, 0, 1, "Capacity");
	report_cell(r, b, 0, 1 + k, "Point");
	report_cell(r, b, 0, 2 + k, "Metric");
	report_cell(r, b, 0, 3 + k, "Value");
	report_cell(r, b, 0, 4 + k, "Note");
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];
		char			       buf[4096];

		if (strcmp(m->source_id, source_id) != 0)
			continue;
		row++;
		report_cell(r, b, row, 0, report_meas_test(r, m));
		if (capacity)
			report_cell(r, b, row, 1, specdb_sheet_capacity(sh, m->drive_id, buf,
									sizeof buf));
		report_cell(r, b, row, 1 + k, specdb_measurement_point(m, buf, sizeof buf));
		report_cell(r, b, row, 2 + k, m->metric_name);
		report_cell(r, b, row, 3 + k, fmt_figure(m->qual, m->value, m->value_hi, m->unit_id,
							 buf, sizeof buf));
		report_cell(r, b, row, 4 + k, m->notes != NULL ?
			    specdb_sheet_text(sh, m->notes, buf, sizeof buf) : "");
	}
}

/* The reviews' published measurements of the page's points (`show`'s
 * PUBLISHED MEASUREMENTS), a table per source in the order the sheet
 * lists them. */
static void
report_sec_measurements(struct report *r, const struct spec_sheet *sh)
{
	char what[64] = "this capacity point";

	report_heading(r, 2, "Published measurements", false);
	if (sh->only_drive != NULL)
		specdb_sheet_capacity(sh, sh->only_drive, what, sizeof what);
	if (sh->nmeasurements == 0) {
		report_para(r, report_fmt(r, "None: no review in the database measured %s%s.",
					  sh->only_drive != NULL ? "the " : "this family",
					  sh->only_drive != NULL ? report_fmt(r, "%s point", what)
								 : ""), false);
		return;
	}
	report_para(r, report_fmt(r, "What the reviews measured%s%s%s, in their own figures and "
				  "units, with their notes: %zu figures.",
				  sh->only_drive != NULL ? " on the " : "",
				  sh->only_drive != NULL ? what : "",
				  sh->only_drive != NULL ? " point" : "", sh->nmeasurements), false);
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const char *id = sh->measurements[i].source_id;
		size_t	    k;
		char	    src[256];

		for (k = 0; k < i; k++)
			if (strcmp(sh->measurements[k].source_id, id) == 0)
				break;
		if (k < i)
			continue;	/* its table is written */
		report_heading(r, 3, specdb_sheet_source_label(sh, id, src, sizeof src), false);
		report_meas_table(r, sh, id, sh->only_drive == NULL);
	}
}

/* The sources the page cites: each by name with its title, date, URL and
 * test bed (`show`'s SOURCES). */
static void
report_sec_sources(struct report *r, const struct spec_sheet *sh)
{
	report_heading(r, 2, "Sources", false);
	for (size_t i = 0; i < sh->nsources; i++) {
		const struct spec_source *s = &sh->sources[i];
		char			  name[256], bed[4096];
		const char		 *kv[] = {
			"Title", report_fmt(r, "%s: %s", s->kind, s->title),
			"Published", s->published,
			"URL", s->url,
			"Test bed", s->testbed != NULL ? specdb_sheet_text(sh, s->testbed, bed,
									   sizeof bed) : NULL,
			"Lab overlay", s->origin,
		};

		report_heading(r, 3, specdb_source_label(s, name, sizeof name), false);
		report_fields(r, kv, sizeof kv / sizeof kv[0] / 2, false);
	}
	if (sh->nsources == 0)
		report_para(r, "None cited.", false);
}

/* The capacities of a family in one line: "1.92, 3.84, 7.68 TB" as
 * fmt_capacity writes each. */
static const char *
report_capacities(struct report *r, const struct spec_family *f)
{
	char   out[512] = "", cap[32];
	size_t o = 0;

	for (size_t i = 0; i < f->ndrives && o < sizeof out; i++)
		o += (size_t)snprintf(out + o, sizeof out - o, "%s%s", i ? ", " : "",
				      fmt_capacity(f->drives[i].capacity_gb, cap, sizeof cap));
	return f->ndrives ? arena_strdup(&r->a, out) : NULL;
}

/* The part numbers and model strings of capacity point d: "KCD9DPJE7T68
 * (SED), KCD9XPJE7T68 (SIE)". */
static const char *
report_skus(struct report *r, const struct spec_drive *d)
{
	char   out[1024] = "";
	size_t o = 0;

	for (size_t k = 0; d != NULL && k < d->nskus && o < sizeof out; k++) {
		const struct spec_sku *s = &d->skus[k];
		bool		       inferred = s->status != NULL &&
						  strcmp(s->status, "inferred") == 0;

		o += (size_t)snprintf(out + o, sizeof out - o, "%s%s%s%s%s%s", k ? ", " : "",
				      s->model, s->option || inferred ? " (" : "",
				      s->option ? s->option : "",
				      inferred ? (s->option ? ", inferred" : "inferred") : "",
				      s->option || inferred ? ")" : "");
	}
	return o ? arena_strdup(&r->a, out) : NULL;
}

/* The drive's fields: the family's, and the capacity point's own where it
 * has them (form factor, NAND, endurance, part numbers, note). */
static void
report_drive_fields(struct report *r, const struct spec_sheet *sh, const struct spec_drive *d)
{
	const struct spec_family *f = &sh->family;
	char			  cap[32], num[32], src[256], notes[4096], dnote[4096];
	double			  dwpd = d != NULL && !isnan(d->dwpd) ? d->dwpd : f->dwpd;
	const char		 *kv[] = {
		"Vendor", f->vendor,
		"Segment", f->segment,
		"Capacity", d != NULL ? fmt_capacity(d->capacity_gb, cap, sizeof cap) :
			    report_capacities(r, f),
		"Form factor", d != NULL ? d->form_factor : NULL,
		"Form factors", f->form_factors,
		"Part numbers", report_skus(r, d),
		"Interface", f->pcie_gen > 0 ? report_fmt(r, "PCIe Gen%d x%d%s%s", f->pcie_gen,
							   f->pcie_lanes, f->nvme_version ?
							   ", NVMe " : "", f->nvme_version ?
							   f->nvme_version : "") : NULL,
		"NAND", d != NULL && d->nand != NULL ? d->nand : f->nand,
		"Endurance", isfinite(dwpd) && dwpd > 0 ?
			     report_fmt(r, "%s DWPD", fmt_number(dwpd, 2, num, sizeof num)) : NULL,
		"Warranty", f->warranty_years > 0 ? report_fmt(r, "%d years", f->warranty_years)
						  : NULL,
		"Security", f->security,
		"Power loss", f->plp < 0 ? NULL : f->plp ? "protected (PLP)" : "not protected",
		"Spec sheet", f->has_spec_sheet ? NULL : "none published in the sources",
		"Listed in", d != NULL && d->source_id != NULL ?
			     specdb_sheet_source_label(sh, d->source_id, src, sizeof src) : NULL,
		"This point", d != NULL && d->notes != NULL ?
			      specdb_sheet_text(sh, d->notes, dnote, sizeof dnote) : NULL,
		"Notes", f->notes != NULL ? specdb_sheet_text(sh, f->notes, notes, sizeof notes)
					  : NULL,
		"Lab overlay", f->origin,
	};

	report_fields(r, kv, sizeof kv / sizeof kv[0] / 2, true);
}

/* What the page holds, in a sentence; on a family page, which capacity
 * point the comparison and the heat map take (the drive column's, as
 * `compare` takes it) and how to ask for one point's page. */
static void
report_drive_intro(struct report *r, const struct spec_sheet *sh, const char *query)
{
	const struct spec_family *f = &sh->family;
	const struct cmptab_col	 *col = r->tab.ncols > 0 ? &r->tab.cols[0] : NULL;
	const struct spec_drive	 *d = NULL;
	char			  cap[32];

	if (sh->only_drive != NULL) {
		report_para(r, "No run: the database's figures for this capacity point (its own "
			    "and the family's), the reviews' measurements of it against them, "
			    "and their sources.", true);
		return;
	}
	if (f->ndrives == 0) {
		report_para(r, "No run: the database's figures for this family (it lists no "
			    "capacity point), with their sources.", true);
		return;
	}
	if (col != NULL && col->drive_id[0] != '\0')
		specdb_find_drive(f, 1, col->drive_id, &d);
	if (f->ndrives == 1 || d == NULL) {
		report_para(r, "No run: the database's figures for this family, every capacity "
			    "point's, the reviews' measurements and their sources.", true);
		return;
	}
	fmt_capacity(d->capacity_gb, cap, sizeof cap);
	report_para(r, report_fmt(r, "No run: '%s' names the family, not one capacity: the spec "
				  "figures of every capacity follow, as 'drivedash show' lists "
				  "them; %s %s point, %s.  For one capacity's page, name it: "
				  "'%s %s'.", query, d->nmeasurements > 0 ?
				  "the comparison with the review and its heat map are of the" :
				  "the comparison table is of the", cap, d->nmeasurements > 0 ?
				  "the one the reviews tested" :
				  "the family's headline point (no review measured any)", query,
				  cap), true);
}

/* Did the reviews publish any figure of drive column col's reviewed point
 * on sh? */
static bool
report_col_reviewed(const struct spec_sheet *sh, const struct cmptab_col *col)
{
	for (size_t i = 0; col->review_drive[0] != '\0' && i < sh->nmeasurements; i++)
		if (strcmp(sh->measurements[i].drive_id, col->review_drive) == 0)
			return true;
	return false;
}

/* Under the comparison table of a drive page: what it holds without a run
 * (the reviewed point's measurements beside its spec, or the spec alone). */
static void
report_drive_compare_note(struct report *r, const struct spec_sheet *sh)
{
	const struct cmptab_col *col = r->tab.ncols > 0 ? &r->tab.cols[0] : NULL;
	const char		*what = "this family";
	char			 cap[32];

	if (col == NULL)
		return;
	if (col->drive_id[0] != '\0')
		what = report_fmt(r, "the %s point",
				  specdb_sheet_capacity(sh, col->drive_id, cap, sizeof cap));
	if (report_col_reviewed(sh, col))
		report_para(r, report_fmt(r, "This page has no run: the table sets the reviews' "
					  "measurements of %s beside its spec figures, each at "
					  "its depth, as 'drivedash compare' prints them.", what),
			    false);
	else
		report_para(r, report_fmt(r, "This page has no run, and no review measured %s: "
					  "the table holds its spec figures alone.", what), false);
}

/* The review's 4K random read QD x jobs heat map of drive column 0 (html
 * draws it, as the Sheet screen does), when the reviewed point published
 * any figure on the page's sheet. */
static void
report_review_heat(struct report *r, const struct spec_sheet *sh)
{
	const struct cmptab_col *col = r->tab.ncols > 0 ? &r->tab.cols[0] : NULL;
	struct report_block	*b;

	if (col == NULL || col->kind != CMPTAB_DRIVE || !report_col_reviewed(sh, col) ||
	    (b = report_add(r, REPORT_CHART)) == NULL)
		return;
	b->chart = REPORT_CHART_REVIEW_HEAT;
	b->col = 0;
	b->text = "The review's 4K random read over QD x jobs";
}

/* Append the sections of a spec-sheet-only page of sh (one capacity point,
 * or the family's every one), its drive column in r->tab. */
int
report_sections_drive(struct report *r, const struct spec_sheet *sh, const char *query,
		      struct dd_error *err)
{
	const struct spec_drive *d = NULL;
	char			 label[256];

	specdb_find_drive(&sh->family, 1, sh->only_drive, &d);
	specdb_drive_label(&sh->family, d, true, label, sizeof label);
	snprintf(r->title, sizeof r->title, "drivedash spec sheet: %s", label);
	report_heading(r, 1, r->title, true);
	report_drive_intro(r, sh, query);
	report_drive_fields(r, sh, d);
	report_sec_sheet(r, sh);
	report_sec_workloads(r);
	report_drive_compare_note(r, sh);
	report_review_heat(r, sh);
	report_sec_measurements(r, sh);
	report_sec_sources(r, sh);
	if (r->b == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory building the report");
	return 0;
}
