/*
 * `drivedash compare A [B C D] [--json] [--results PATH]`: database drives
 * and stored runs side by side, through the core comparison table
 * (src/core/cmptab.h), the same table the dashboard's Compare screen draws.
 *
 * Operands.  "run:SPEC" or a bare "#12", "last", "last:SERIAL" is a stored
 * run (results_resolve: "12", "#12", "last", "last:SERIAL"), shown with the
 * verdict and reference stored when it ran (never judged again); "drive:QUERY"
 * or anything else is a database drive, found as `show` finds it (one
 * family; a query naming one capacity point narrows to it).  A bare number
 * is a drive query ("9550"): a run by number is "#12" or "run:12".  A run
 * whose target was matched to a database drive brings that drive's column
 * along when no operand names its family.  Runs drift against the first
 * run of the same serial; a target without one (a file, a loop device)
 * counts as the same when its path and device are.
 *
 * Output: a legend of the columns (letters A, B, ...), then one line per
 * row of the table: the run's value, its % and what it is against (drift,
 * review, spec) and its depth; a drive's spec with its stated depth or
 * "rated max", its review with % against the spec and its depth.  Rows of
 * the reviews' other workloads (a load curve's peak against VDBench, a
 * checkpoint pass against DLIO, thread scaling against GDSIO) say so in
 * their label and unit.  --json prints the same table as one document; a
 * row's "kind" is "fio", "curve", "checkpoint" or "gdsio".
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "cli/cli-options.h"
#include "core/cmptab.h"
#include "core/format.h"
#include "core/results.h"
#include "lib/histogram.h"

#define CMPCLI_OPERANDS_MAX 4

/* What the command holds while it runs. */
struct cmpcli {
	struct cli_ctx	   *ctx;
	struct specdb	   *db;
	struct results	   *store;
	const char	   *store_path;		/* --results; NULL: the default */
	struct arena	    a;			/* sheets and families */
	struct results_run  runs[CMPCLI_OPERANDS_MAX];
	size_t		    nruns;
	int64_t		    ids[CMPCLI_OPERANDS_MAX];	/* runs[i]'s id, as ... */
	const char	   *specs[CMPCLI_OPERANDS_MAX];	/* ... the user named it */
	int64_t		    run_ids[CMPCLI_OPERANDS_MAX * 2];	/* per column; 0 drive */
	const struct results_prov *provs[CMPCLI_OPERANDS_MAX * 2];	/* per column; NULL drive */
	struct cmptab	    tab;
};

/* Open the results store once, read-only; an exit code. */
static int
cmpcli_store(struct cmpcli *c)
{
	struct dd_error err = { 0 };
	char		path[4096];

	if (c->store != NULL)
		return EXIT_OK;
	if (c->store_path == NULL) {
		if (results_default_path(path, sizeof path, &err) < 0) {
			cli_error("%s", err.msg);
			return EXIT_USAGE;
		}
		c->store_path = strdup(path);
		if (c->store_path == NULL)
			return EXIT_USAGE;
	}
	if (results_open(&c->store, c->store_path, RESULTS_READ, &err) < 0) {
		cli_error("%s", err.msg);
		return err.code == -ENOENT ? EXIT_NOMATCH : EXIT_USAGE;
	}
	return EXIT_OK;
}

/* A drive column's label: "KIOXIA CD9P-R 7.68 TB" or "KIOXIA CD9P-R". */
static char *
cmpcli_drive_label(const struct spec_sheet *sh, const char *drive_id, char *buf, size_t len)
{
	const struct spec_drive *d = NULL;

	specdb_find_drive(&sh->family, 1, drive_id, &d);
	return specdb_drive_label(&sh->family, d, true, buf, len);
}

/* Load a family's sheet and add its column; an exit code. */
static int
cmpcli_add_family(struct cmpcli *c, const char *family_id, const char *drive_id)
{
	struct dd_error	   err = { 0 };
	struct spec_sheet *sh = arena_alloc(&c->a, sizeof *sh);
	char		   label[256];

	if (sh == NULL || specdb_sheet(c->db, family_id, NULL, &c->a, sh, &err) < 0) {
		cli_error("%s", sh == NULL ? "out of memory" : err.msg);
		return EXIT_USAGE;
	}
	/* A family without a capacity point: its most reviewed, else headline, one. */
	drive_id = cmptab_compared_point(&sh->family, drive_id);
	if (cmptab_add_drive(&c->tab, sh, drive_id,
			     cmpcli_drive_label(sh, drive_id, label, sizeof label), &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* The first three candidates of a query, "A, B, C, ...". */
static char *
cmpcli_candidates(const struct spec_answer *ans, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ans->ncands && o < len; i++) {
		if (i == 3) {
			snprintf(buf + o, len - o, ", ...");
			break;
		}
		o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "", ans->cands[i].label);
	}
	return buf;
}

/* Add the drive column a query names (as `show` finds it); an exit code. */
static int
cmpcli_add_drive(struct cmpcli *c, const char *query)
{
	struct dd_error	   err = { 0 };
	struct spec_answer ans;
	char		   names[1024];

	if (specdb_query(c->db, query, &c->a, &ans, &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	switch (ans.kind) {
	case SPEC_ANSWER_ONE:
		return cmpcli_add_family(c, ans.cands[0].family_id, ans.cands[0].drive_id);
	case SPEC_ANSWER_CHOICE:
		cli_error("'%s' matches %zu candidates (%s): name one", query, ans.ncands,
			  cmpcli_candidates(&ans, names, sizeof names));
		return EXIT_AMBIGUOUS;
	case SPEC_ANSWER_ATTRIBUTE:
		cli_error("'%s' is an attribute (%s) of %zu drives (%s): name one", query,
			  ans.attribute, ans.ncands, cmpcli_candidates(&ans, names, sizeof names));
		return EXIT_AMBIGUOUS;
	case SPEC_ANSWER_NONE:
		break;
	}
	cli_error("%s; a stored run is run:ID or #ID",
		  specdb_answer_none_text(&ans, query, names, sizeof names));
	return EXIT_NOMATCH;
}

/* Add the run column a spec names; an exit code. */
static int
cmpcli_add_run(struct cmpcli *c, const char *spec)
{
	struct dd_error	    err = { 0 };
	struct results_run *run = &c->runs[c->nruns];
	int64_t		    id;
	int		    rc = cmpcli_store(c), col;

	if (rc != EXIT_OK)
		return rc;
	if (results_resolve_distinct(c->store, spec, c->specs, c->ids, c->nruns, &id, &err) < 0) {
		cli_error("%s", err.msg);
		return err.code == -ENOENT ? EXIT_NOMATCH : EXIT_USAGE;
	}
	if (results_run_load(c->store, id, run, &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	c->ids[c->nruns] = id;
	c->specs[c->nruns++] = spec;
	col = cmptab_add_results_run(&c->tab, run, &err);
	if (col < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	c->run_ids[col] = id;
	c->provs[col] = &run->prov;
	return EXIT_OK;
}

/* Add a column for each run's matched database drive not named already
 * (cmptab_add_matched, as a report does); an exit code. */
static int
cmpcli_add_matched(struct cmpcli *c)
{
	struct dd_error err = { 0 };

	if (cmptab_add_matched(&c->tab, c->db, &c->a, &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* The letter of column i. */
static char
cmpcli_letter(size_t i)
{
	return (char)('A' + (i % 26));
}

/* Print a drive column's sources, by name, under its legend line. */
static void
cmpcli_print_sources(FILE *f, const struct cmpcli *c, size_t i)
{
	char buf[1024];

	if (cmptab_col_sources(&c->tab, i, CMPTAB_SPEC, buf, sizeof buf)[0] != '\0')
		cli_fprintf(f, "\n   spec: %s", buf);
	if (cmptab_col_sources(&c->tab, i, CMPTAB_REVIEW, buf, sizeof buf)[0] != '\0')
		cli_fprintf(f, "\n   review: %s", buf);
}

/* Print a run column's stored verdict and reference under its legend line. */
static void
cmpcli_print_stored(FILE *f, const struct results_prov *p)
{
	if (p->verdict[0] != '\0')
		cli_fprintf(f, "\n   stored verdict %s against %s%s%s%s (as judged when it ran)",
			   p->verdict, p->drive_label[0] ? p->drive_label : "no database drive",
			   p->query[0] ? ", query \"" : "", p->query, p->query[0] ? "\"" : "");
	else if (p->drive_label[0] != '\0')
		cli_fprintf(f, "\n   swept against %s (not judged)", p->drive_label);
}

/* Print the legend: each column's letter and what it is. */
static void
cmpcli_print_legend(const struct cmpcli *c, FILE *f)
{
	for (size_t i = 0; i < c->tab.ncols; i++) {
		const struct cmptab_col *col = &c->tab.cols[i];

		if (col->kind == CMPTAB_RUN) {
			cli_fprintf(f, "%c  run #%lld  %s", cmpcli_letter(i), (long long)c->run_ids[i],
				   col->label);
			if (col->drift_of != SIZE_MAX)
				cli_fprintf(f, "  (drift: against %c)", cmpcli_letter(col->drift_of));
			else if (col->ref_drive != SIZE_MAX)
				cli_fprintf(f, "  (against %c)", cmpcli_letter(col->ref_drive));
			else if (col->base_run != SIZE_MAX)
				cli_fprintf(f, "  (against %c)", cmpcli_letter(col->base_run));
			cmpcli_print_stored(f, c->provs[i]);
		} else {
			char spec[32], rev[32];

			cli_fprintf(f, "%c  %s  spec of %s, review of %s", cmpcli_letter(i), col->label,
				   cmptab_point_label(col, col->drive_id, spec, sizeof spec),
				   col->review_drive[0] ? cmptab_point_label(col, col->review_drive,
									     rev, sizeof rev)
							: "none");
			cmpcli_print_sources(f, c, i);
		}
		fputc('\n', f);
	}
}

/* Display columns of a row's unit ("µs" is two in three bytes). */
static int
cmpcli_unit_cols(const struct cmptab_row *row)
{
	return row->q == COMPARE_LAT ? 2 : (int)strlen(cmptab_row_unit(row, true));
}

/* The widths of the point and unit columns: the longest label and unit, at
 * least 24 and 4. */
static void
cmpcli_widths(const struct cmpcli *c, int *lw, int *uw)
{
	*lw = 24;
	*uw = 4;
	for (size_t r = 0; r < c->tab.nrows; r++) {
		char label[96];
		int  n = (int)strlen(cmptab_row_label(&c->tab.rows[r], "x", label, sizeof label));

		*lw = n > *lw ? n : *lw;
		n = cmpcli_unit_cols(&c->tab.rows[r]);
		*uw = n > *uw ? n : *uw;
	}
}

/* The group labels over the columns: a letter each. */
static const char *const cmpcli_group[] = { "A", "B", "C", "D", "E", "F", "G", "H" };

/* A run column's and a drive column's cells: on a narrow terminal the
 * depths go first (the review's, then the spec's), then what a % is
 * against and the %s; the figures stay. */
static const struct cli_table_col cmpcli_run_cols[] = {
	{ "measured", " | ", 9, 1, CLI_TABLE_RIGHT, "meas", 0, NULL, NULL },
	{ "%", " ", 7, 3, 0, NULL, 0, NULL, NULL },
	{ "vs", " ", 6, 5, 0, NULL, 0, NULL, NULL },
	{ "at", " ", 8, 6, 0, NULL, 0, NULL, NULL },
};
static const struct cli_table_col cmpcli_drive_cols[] = {
	{ "spec", " | ", 9, 1, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "at", " ", 9, 5, 0, NULL, 0, NULL, "spec at" },
	{ "review", " ", 9, 2, CLI_TABLE_RIGHT, "rev", 0, NULL, NULL },
	{ "vs spec", " ", 7, 4, 0, "%", 0, NULL, NULL },
	{ "at", " ", 8, 6, 0, NULL, 0, NULL, "review at" },
};

/* The table's columns: point, unit, then each column's cells under its
 * letter; malloc'd, NULL when there is no memory. */
static struct cli_table_col *
cmpcli_table_cols(const struct cmpcli *c, size_t *n)
{
	struct cli_table_col *cols = calloc(2 + c->tab.ncols * 5, sizeof *cols);
	int		      lw, uw;

	if (cols == NULL)
		return NULL;
	cmpcli_widths(c, &lw, &uw);
	cols[0] = (struct cli_table_col){ "point", "", lw, 0, 0, NULL, 0, NULL, NULL };
	cols[1] = (struct cli_table_col){ "unit", " ", uw, 0, 0, NULL, 0, NULL, NULL };
	*n = 2;
	for (size_t i = 0; i < c->tab.ncols; i++) {
		bool			    run = c->tab.cols[i].kind == CMPTAB_RUN;
		const struct cli_table_col *g = run ? cmpcli_run_cols : cmpcli_drive_cols;
		size_t			    k = run ? 4 : 5;

		for (size_t j = 0; j < k; j++) {
			cols[*n] = g[j];
			cols[*n].group = cmpcli_group[i % 8];
			++*n;
		}
	}
	return cols;
}

/* Add row r's cells to t. */
static void
cmpcli_add_row(const struct cmpcli *c, struct cli_table *t, size_t r)
{
	const char	   *dash = "-", *x = "x";	/* one column each: the widths hold */
	struct cmptab_texts tx[CMPCLI_OPERANDS_MAX * 2];
	char		    label[96];
	const char	   *cells[2 + CMPCLI_OPERANDS_MAX * 2 * 5];
	size_t		    n = 2;

	cells[0] = cmptab_row_label(&c->tab.rows[r], "x", label, sizeof label);
	cells[1] = cmptab_row_unit(&c->tab.rows[r], true);
	for (size_t i = 0; i < c->tab.ncols && i < sizeof tx / sizeof tx[0]; i++) {
		struct cmptab_texts *v = &tx[i];

		cmptab_texts(&c->tab, r, i, dash, x, true, v);
		cells[n++] = v->value;
		if (c->tab.cols[i].kind == CMPTAB_RUN) {
			cells[n++] = v->delta;
			cells[n++] = v->ref;
			cells[n++] = v->at;
		} else {
			cells[n++] = v->at;
			cells[n++] = v->review;
			cells[n++] = v->review_delta;
			cells[n++] = v->review_at;
		}
	}
	cli_table_add(t, cells);
}

/* Print the table as text: the legend and the notes wrap to a terminal,
 * the table fits it. */
static int
cmpcli_print_text(const struct cmpcli *c)
{
	struct cli_table_col *cols;
	struct cli_table      t;
	size_t		      ncols;
	char		      notes[1024];
	FILE		     *w = cli_wrap_begin(stdout);

	cmpcli_print_legend(c, w);
	cli_fprintf(w, "\n");
	cli_wrap_end(w, stdout);
	cols = cmpcli_table_cols(c, &ncols);
	if (cols == NULL) {
		cli_error("out of memory");
		return EXIT_USAGE;
	}
	cli_table_init(&t, cols, ncols);
	for (size_t r = 0; r < c->tab.nrows; r++)
		cmpcli_add_row(c, &t, r);
	cli_table_print(&t, stdout);
	cli_table_free(&t);
	free(cols);
	w = cli_wrap_begin(stdout);
	cli_fprintf(w, "\n%s", cmptab_notes(&c->tab, notes, sizeof notes));
	cli_wrap_end(w, stdout);
	return cli_stdout_flush("the table") < 0 ? EXIT_USAGE : EXIT_OK;
}

/* JSON of a cell's depth: {"iodepth", "numjobs"} or a rule. */
static json_t *
cmpcli_json_depth(const struct cmptab_cell *cell)
{
	char buf[32];

	if (cell->depth == CMPTAB_DEPTH_NONE)
		return json_null();
	if (cell->depth == CMPTAB_DEPTH_THREADS)
		return json_pack("{s:o, s:o, s:s}", "iodepth", json_null(), "threads",
				 cli_jint(cell->jobs), "label",
				 cmptab_depth_label(cell, "x", buf, sizeof buf));
	return json_pack("{s:o, s:o, s:s}", "iodepth",
			 cell->depth == CMPTAB_DEPTH_RATED_MAX ? json_null() : cli_jint(cell->qd),
			 "numjobs", cell->depth == CMPTAB_DEPTH_RATED_MAX || cell->jobs == 0 ?
			 json_null() : cli_jint(cell->jobs),
			 "label", cmptab_depth_label(cell, "x", buf, sizeof buf));
}

/* JSON of one cell, or null when it has no value. */
static json_t *
cmpcli_json_cell(const struct cmptab_cell *cell)
{
	json_t *o;

	if (isnan(cell->value))
		return json_null();
	o = json_pack("{s:o, s:o, s:b, s:b}", "value", cli_jreal(cell->value), "depth",
		      cmpcli_json_depth(cell), "derived", cell->derived, "best", cell->best);
	static const char *const keys[CMPTAB_REF_COUNT] = {
		[CMPTAB_REF_RUN] = "vs_run_pct", [CMPTAB_REF_SPEC] = "vs_spec_pct",
		[CMPTAB_REF_REVIEW] = "vs_review_pct", [CMPTAB_REF_DRIFT] = "drift_pct",
	};

	for (int k = CMPTAB_REF_RUN; k < CMPTAB_REF_COUNT; k++)
		if (!isnan(cell->delta[k]))
			json_object_set_new(o, keys[k], cli_jreal(cell->delta[k]));
	json_object_set_new(o, "against", cell->ref ? json_string(cmptab_ref_name(cell->ref))
						    : json_null());
	/* The figure's own mark: "approx" for "etwa 30 us", "range" with its
	 * upper end; "eq" for a run's measurement. */
	json_object_set_new(o, "qual", json_string(cmptab_cell_qual(cell)));
	json_object_set_new(o, "value_hi", cli_jreal(cmptab_cell_value_hi(cell)));
	return o;
}

/* JSON of a drive column's spec or review cell, with its source: the id
 * ("source") and as a user reads it ("source_label"); a spec cell also says
 * whether its only source is grade C. */
static json_t *
cmpcli_json_sourced(const struct cmpcli *c, size_t r, size_t i, enum cmptab_part part)
{
	const struct cmptab_cell *cell = cmptab_cell(&c->tab, r, i, part);
	json_t			 *o = cmpcli_json_cell(cell);
	const char		 *id = NULL;
	char			  label[256];

	if (json_is_null(o))
		return o;
	if (part == CMPTAB_SPEC && cell->fig != NULL)
		id = cell->fig->source_id;
	else if (part == CMPTAB_REVIEW && cell->meas != NULL)
		id = cell->meas->source_id;
	json_object_set_new(o, "source", cli_jstr(id));
	json_object_set_new(o, "source_label",
			    id != NULL ? json_string(specdb_sheet_source_label(
						 c->tab.cols[i].sheet, id, label, sizeof label))
				       : json_null());
	if (part == CMPTAB_SPEC) {
		json_object_set_new(o, "grade_c_only",
				    json_boolean(cmptab_spec_grade_c(&c->tab, r, i)));
		json_object_set_new(o, "inferred", json_boolean(cell->fig != NULL &&
								specdb_figure_inferred(cell->fig)));
	}
	return o;
}

/* JSON of the columns. */
static json_t *
cmpcli_json_columns(const struct cmpcli *c)
{
	json_t *a = json_array();

	for (size_t i = 0; i < c->tab.ncols; i++) {
		const struct cmptab_col *col = &c->tab.cols[i];
		char			 id[2] = { cmpcli_letter(i), '\0' };

		if (col->kind == CMPTAB_RUN) {
			const struct results_prov *p = c->provs[i];
			json_t			  *o = json_pack(
				"{s:s, s:s, s:I, s:s, s:o, s:s, s:o, s:o, s:o, s:o}", "column", id, "kind", "run",
				"run_id", (json_int_t)c->run_ids[i], "name", col->label, "serial",
				cli_jstr(c->provs[i]->serial[0] ? c->provs[i]->serial : NULL),
				"drift_key", col->serial, "drive_id",
				cli_jstr(col->drive_id[0] ? col->drive_id : NULL), "drift_of",
				col->drift_of == SIZE_MAX ? json_null() :
				json_stringn((char[]){ cmpcli_letter(col->drift_of) }, 1),
				"reference_drive", col->ref_drive == SIZE_MAX ? json_null() :
				json_stringn((char[]){ cmpcli_letter(col->ref_drive) }, 1),
				"first_run", col->base_run == SIZE_MAX ? json_null() :
				json_stringn((char[]){ cmpcli_letter(col->base_run) }, 1));

			/* The stored judgement and reference, as when it ran. */
			json_object_set_new(o, "verdict", p->verdict[0] ? json_string(p->verdict)
									: json_null());
			json_object_set_new(o, "reference_label",
					    cli_jstr(p->drive_label[0] ? p->drive_label : NULL));
			json_object_set_new(o, "query", cli_jstr(p->query[0] ? p->query : NULL));
			json_array_append_new(a, o);
		} else
			json_array_append_new(a, json_pack(
				"{s:s, s:s, s:s, s:s, s:o, s:o}", "column", id, "kind", "drive",
				"name", col->label, "family_id", col->sheet->family.id, "drive_id",
				cli_jstr(col->drive_id[0] ? col->drive_id : NULL), "review_drive",
				cli_jstr(col->review_drive[0] ? col->review_drive : NULL)));
	}
	return a;
}

/* What a row is in JSON: "fio", "curve", "checkpoint", "gdsio". */
static const char *
cmpcli_row_kind(const struct cmptab_row *row)
{
	switch (row->kind) {
	case DD_KIND_CURVE_MAX:
		return "curve";
	case DD_KIND_CHECKPOINT:
		return "checkpoint";
	case DD_KIND_THREADS:
		return "gdsio";
	default:
		return "fio";
	}
}

/* JSON of one row. */
static json_t *
cmpcli_json_row(const struct cmpcli *c, size_t r)
{
	const struct cmptab_row *row = &c->tab.rows[r];
	json_t			*cells = json_object();
	char			 label[96];

	for (size_t i = 0; i < c->tab.ncols; i++) {
		char id[2] = { cmpcli_letter(i), '\0' };

		if (c->tab.cols[i].kind == CMPTAB_RUN)
			json_object_set_new(cells, id, json_pack("{s:o}", "measured", cmpcli_json_cell(
				cmptab_cell(&c->tab, r, i, CMPTAB_MEASURED))));
		else
			json_object_set_new(cells, id, json_pack(
				"{s:o, s:o}", "spec", cmpcli_json_sourced(c, r, i, CMPTAB_SPEC),
				"review", cmpcli_json_sourced(c, r, i, CMPTAB_REVIEW)));
	}
	return json_pack("{s:s, s:s, s:s, s:o, s:o, s:s, s:o, s:o, s:b, s:o, s:b, s:o, s:o, s:o}",
			 "point", cmptab_row_label(row, "x", label, sizeof label), "kind",
			 cmpcli_row_kind(row), "pattern", dd_pattern_name(row->pattern), "bs",
			 row->bs > 0 ? cli_jint(row->bs) : json_null(), "read_pct",
			 row->read_pct >= 0 ? json_integer(row->read_pct) : json_null(), "unit",
			 compare_unit(row->q), "profile", cli_jstr(row->profile[0] ? row->profile :
								   NULL),
			 "pass", row->pass > 0 ? cli_jint(row->pass) : json_null(),
			 "lower_is_better", (int)compare_lower_is_better(row->q),
			 "percentile",
			 row->q == COMPARE_LAT && row->pct >= 0 ? json_real(hist_default_pcts[row->pct])
								: json_null(),
			 "best_depth", row->best, "iodepth", row->best ? json_null() :
			 cli_jint(row->qd), "numjobs", row->best ? json_null() : cli_jint(row->jobs),
			 "cells", cells);
}

/* Print the table as JSON. */
static int
cmpcli_print_json(const struct cmpcli *c)
{
	json_t *rows = json_array();

	for (size_t r = 0; r < c->tab.nrows; r++)
		json_array_append_new(rows, cmpcli_json_row(c, r));
	return cli_print_json(json_pack("{s:o, s:o}", "columns", cmpcli_json_columns(c), "rows",
					rows));
}

/* Print usage. */
static void
cmpcli_usage(FILE *f, const char *prog)
{
	cli_fprintf(f, "usage: %s compare A [B C D] [--json] [--results PATH]\n"
		    "Compare database drives and stored runs point by point: spec, review and\n"
		    "measured figures with the depth of each and %% deltas.  An operand is a\n"
		    "stored run (run:ID, #ID, last, last:SERIAL) or a drive query as `show`\n"
		    "takes it (drive:QUERY to force it; a bare number is a drive query).\n"
		    "A run's matched database drive is added when no operand names it.\n",
		    prog);
}

/* Parse the options; operands are left at argv[optind..]. */
static int
cmpcli_parse(struct cmpcli *c, int argc, char **argv, bool *json)
{
	struct cli_options co;
	int		   ch;

	/* -r: compare's own short letter for --results. */
	cli_options_init(&co, "compare", CLI_OG_JSON | CLI_OG_RESULTS, NULL, "r:");
	while ((ch = cli_options_next(&co, argc, argv)) != -1) {
		switch (ch) {
		case 'h':
			{
				FILE *help = cli_help_begin();

				cmpcli_usage(help, c->ctx->progname);
				cli_help_end(help);
			}
			return -1;
		default:
			cmpcli_usage(stderr, c->ctx->progname);
			return EXIT_USAGE;
		}
	}
	*json = co.json;
	c->store_path = co.store.path;
	if (argc - optind < 1 || argc - optind > CMPCLI_OPERANDS_MAX) {
		cli_error("compare takes 1 to %d drives or runs (got %d); see compare --help",
			  CMPCLI_OPERANDS_MAX, argc - optind);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Add every operand's column; an exit code. */
static int
cmpcli_columns(struct cmpcli *c, int argc, char **argv)
{
	int rc = EXIT_OK;

	for (int i = optind; i < argc && rc == EXIT_OK; i++) {
		const char *spec;

		if (cli_operand_is_run(argv[i], false, &spec))
			rc = cmpcli_add_run(c, spec);
		else
			rc = cmpcli_add_drive(c, spec);
	}
	return rc == EXIT_OK ? cmpcli_add_matched(c) : rc;
}

/* `drivedash compare`. */
int
cmd_compare(struct cli_ctx *ctx, int argc, char **argv)
{
	struct cmpcli	c = { .ctx = ctx };
	struct dd_error err = { 0 };
	const char     *given;
	bool		json = false;
	int		rc = cmpcli_parse(&c, argc, argv, &json);

	if (rc != EXIT_OK)
		return rc < 0 ? EXIT_OK : rc;
	given = c.store_path;
	cmptab_init(&c.tab);
	c.db = cli_open_db(ctx);
	rc = c.db == NULL ? EXIT_USAGE : cmpcli_columns(&c, argc, argv);
	if (rc == EXIT_OK && cmptab_build(&c.tab, &err) < 0) {
		cli_error("%s", err.msg);
		rc = EXIT_USAGE;
	}
	if (rc == EXIT_OK)
		rc = json ? cmpcli_print_json(&c) : cmpcli_print_text(&c);
	cmptab_free(&c.tab);
	for (size_t i = 0; i < c.nruns; i++)
		results_run_free(&c.runs[i]);
	results_close(c.store);
	if (c.store_path != given)
		free((char *)c.store_path);
	arena_free(&c.a);
	specdb_close(c.db);
	return rc;
}
