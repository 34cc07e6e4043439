/*
 * `drivedash show QUERY`: one family (or one capacity point) — its spec sheet
 * with conditions and sources, and the published measurements grouped by
 * benchmark and review.  The query is resolved by specdb_query: ONE is the
 * sheet plus what else matched, CHOICE lists the candidates with what sets
 * each apart (exit 6), ATTRIBUTE is a table of every drive having it.
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "cli/cli-options.h"
#include "core/format.h"
#include "core/verdict.h"
#include "lib/file.h"

/* The mark of a row from the lab's overlay: " [lab.sql:12]" (the file's
 * base name and line; see the header for the whole path), "" otherwise. */
static const char *
show_mark(const char *origin, char *buf, size_t len)
{
	if (origin == NULL)
		return "";
	snprintf(buf, len, " [%s]", file_base(origin));
	return buf;
}

/* The MTTF line of the header: the family's figure (by data/README.md's
 * rule, the lowest the sheet states: the widest temperature range) with its
 * temperature, then any other the sheet states at another temperature:
 * "2,000,000 h at 0-55 C (also 2,500,000 h at 0-50 C)". */
static void
show_mttf(FILE *out, const struct spec_sheet *sh)
{
	const struct spec_figure *own = NULL;
	char			  num[32], also[256];
	size_t			  o = 0;

	also[0] = '\0';
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];

		if (g->drive_id != NULL || !g->preferred || strcmp(g->metric_id, "mttf") != 0)
			continue;
		if (own == NULL && g->value == (double)sh->family.mttf_hours)
			own = g;
		else if (g->conditions != NULL && o < sizeof also)
			o += (size_t)snprintf(also + o, sizeof also - o, "%s%s h at %s",
					      o ? "; " : " (also ",
					      fmt_number(g->value, 0, num, sizeof num),
					      g->conditions);
	}
	if (o > 0 && o < sizeof also)
		snprintf(also + o, sizeof also - o, ")");
	cli_fprintf(out, "  %-13s %s h%s%s%s\n", "MTTF",
		   fmt_number((double)sh->family.mttf_hours, 0, num, sizeof num),
		   own && own->conditions ? " at " : "", own && own->conditions ? own->conditions : "",
		   also);
}

/* Print the family header: the drive's name ("KIOXIA CD9P-R 7.68 TB" for a
 * capacity point), never its database id. */
static void
show_family_header(FILE *out, const struct spec_sheet *sh)
{
	const struct spec_family *f = &sh->family;
	const struct spec_drive	 *d = NULL;
	char			  iface[128], num[32], name[256], src[256], text[4096];

	specdb_find_drive(f, 1, sh->only_drive, &d);
	cli_fprintf(out, "%s", specdb_drive_label(f, d, true, name, sizeof name));
	if (f->segment)
		cli_fprintf(out, "  (%s)", f->segment);
	if (d != NULL)
		cli_fprintf(out, "  capacity point%s%s", d->form_factor ? ", " : "",
			   d->form_factor ? d->form_factor : "");
	if (f->origin)
		cli_fprintf(out, "  [lab overlay %s]", f->origin);
	fputc('\n', out);
	cli_fprintf(out, "  %-13s %s\n", "interface", cli_interface(f, iface, sizeof iface));
	if (f->form_factors)
		cli_fprintf(out, "  %-13s %s\n", "form factors", f->form_factors);
	if (f->nand)
		cli_fprintf(out, "  %-13s %s\n", "NAND", f->nand);
	if (!isnan(f->dwpd))
		cli_fprintf(out, "  %-13s %s DWPD\n", "endurance", fmt_number(f->dwpd, 2, num, sizeof num));
	if (f->warranty_years > 0)
		cli_fprintf(out, "  %-13s %d years\n", "warranty", f->warranty_years);
	if (f->mttf_hours > 0)
		show_mttf(out, sh);
	if (f->security)
		cli_fprintf(out, "  %-13s %s\n", "security", f->security);
	if (f->plp >= 0)
		cli_fprintf(out, "  %-13s %s\n", "power loss", f->plp ? "protected (PLP)" : "not protected");
	if (f->source_id)
		cli_fprintf(out, "  %-13s %s\n", "source", specdb_sheet_source_label(sh, f->source_id, src, sizeof src));
	if (!f->has_spec_sheet)
		cli_fprintf(out, "  %-13s %s\n", "spec sheet", "none published in the sources");
	if (f->notes)
		cli_fprintf(out, "  %-13s %s\n", "notes", specdb_sheet_text(sh, f->notes, text, sizeof text));
}

/* Print capacities and their SKUs. */
static void
show_capacities(FILE *out, const struct spec_sheet *sh)
{
	const struct spec_family *f = &sh->family;

	cli_fprintf(out, "\nCAPACITIES\n");
	for (size_t i = 0; i < f->ndrives; i++) {
		const struct spec_drive *d = &f->drives[i];
		char			 cap[32], src[256], text[4096], mark[128];

		if (sh->only_drive && strcmp(sh->only_drive, d->id) != 0)
			continue;
		cli_fprintf(out, "  %-9s %-22s", fmt_capacity(d->capacity_gb, cap, sizeof cap),
		       d->form_factor ? d->form_factor : "");
		if (d->nmeasurements)
			cli_fprintf(out, " %zu review figures", d->nmeasurements);
		cli_fprintf(out, "%s\n", show_mark(d->origin, mark, sizeof mark));
		if (d->nand)
			cli_fprintf(out, "            NAND %s\n", d->nand);
		if (d->notes)
			cli_fprintf(out, "            %s\n", specdb_sheet_text(sh, d->notes, text,
									sizeof text));
		if (d->source_id)
			cli_fprintf(out, "            listed in %s\n",
				   specdb_sheet_source_label(sh, d->source_id, src, sizeof src));
		for (size_t k = 0; k < d->nskus; k++) {
			const struct spec_sku *s = &d->skus[k];

			cli_fprintf(out, "            %-34s %s%s%s, %s [%s]%s\n", s->model, s->kind,
			       s->option ? " " : "", s->option ? s->option : "",
			       s->status, specdb_sheet_source_label(sh, s->source_id, src, sizeof src),
			       show_mark(s->origin, mark, sizeof mark));
		}
	}
	if (f->ndrives == 0)
		cli_fprintf(out, "  (none recorded)\n");
}

/* Explain the grade-C and inferred marks under the figures, when a figure
 * has them. */
static void
show_grade_c_legend(FILE *out, const struct spec_sheet *sh)
{
	for (size_t i = 0; i < sh->nfigures; i++)
		if (specdb_figure_grade_c(sh, &sh->figures[i])) {
			cli_fprintf(out, "  %s\n", SPECDB_GRADE_C_LEGEND);
			break;
		}
	if (specdb_sheet_any_inferred(sh))
		cli_fprintf(out, "  %s\n", SPECDB_INFERRED_LEGEND);
}

/* The family-wide figures' table: figure, value, conditions, then the
 * source (under its row on a narrow terminal). */
static const struct cli_table_col show_fig_cols[] = {
	{ "figure", "  ", 30, 1, 0, NULL, 22, NULL, NULL },
	{ "value", " ", 22, 0, 0, NULL, 0, NULL, NULL },
	{ "conditions", " ", 36, 2, 0, NULL, 16, NULL, NULL },
	{ "source", " ", 0, 0, CLI_TABLE_FREE | CLI_TABLE_BELOW, NULL, 0, NULL, NULL },
};

/* Print the figures stated for the whole family, one row each. */
static void
show_family_figures(FILE *out, int cols, const struct spec_sheet *sh)
{
	struct cli_table t;

	cli_table_init(&t, show_fig_cols, sizeof show_fig_cols / sizeof show_fig_cols[0]);
	t.noheader = true;
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];
		char			  cond[128], val[64], src[256], from[320], mark[128];

		if (g->drive_id != NULL)
			continue;
		specdb_conditions_text(g->block_size, g->read_pct, g->iodepth, g->numjobs,
				       g->conditions, cond, sizeof cond);
		specdb_figure_value(sh, g, g->unit_id, val, sizeof val);
		snprintf(from, sizeof from, "%s %s%s%s",
			 specdb_sheet_source_label(sh, g->source_id, src, sizeof src),
			 g->confidence, g->preferred ? "" : " (alternative)",
			 show_mark(g->origin, mark, sizeof mark));
		cli_table_add(&t, (const char *const[]){ g->metric_name, val, cond, from });
	}
	if (t.nrows > 0)
		cli_table_print_cols(&t, out, cols);
	cli_table_free(&t);
}

/* Add the matrix row of figure i: its label, a cell per capacity point,
 * the source with the row's free-text conditions and overlay mark. */
static void
show_matrix_row(struct cli_table *t, const struct spec_sheet *sh, size_t i,
		const struct spec_drive *const *pts, size_t npts)
{
	const struct spec_figure *g = &sh->figures[i];
	const char		 *origin = NULL, *cells[18];
	char			  cond[96], label[128], src[256], mark[128], from[512];
	char			  vals[16][48];

	/* Block size, mix and depth in the label; free-text conditions
	 * go after the source, where they have room. */
	specdb_conditions_text(g->block_size, g->read_pct, g->iodepth, g->numjobs, NULL, cond,
			       sizeof cond);
	snprintf(label, sizeof label, "%s %s%s(%s)", g->metric_name, cond, cond[0] ? " " : "",
		 g->unit_id);
	cells[0] = label;
	for (size_t c = 0; c < npts; c++) {
		const struct spec_figure *hit = specdb_figure_row_hit(sh, i, pts[c]);

		if (hit != NULL && origin == NULL)
			origin = hit->origin;	/* the row's first overlay figure */
		cells[c + 1] = hit == NULL ? "-"
				: specdb_figure_value(sh, hit, NULL, vals[c], sizeof vals[c]);
	}
	snprintf(from, sizeof from, "%s %s%s%s%s%s",
		 specdb_sheet_source_label(sh, g->source_id, src, sizeof src), g->confidence,
		 g->preferred ? "" : " (alternative)", g->conditions ? "  " : "",
		 g->conditions ? g->conditions : "", show_mark(origin, mark, sizeof mark));
	cells[npts + 1] = from;
	cli_table_add(t, cells);
}

/* Print the per-capacity figures as a matrix: a row per figure, a column
 * per capacity point (the largest left out first on a narrow terminal). */
static void
show_matrix(FILE *out, int cols, const struct spec_sheet *sh)
{
	const struct spec_drive	 *pts[16];
	struct cli_table_col	  mc[18];
	struct cli_table	  t;
	char			  caps[16][32];
	size_t			  npts = specdb_sheet_points(sh, pts, 16);

	mc[0] = (struct cli_table_col){ "per capacity", "  ", 38, 1, CLI_TABLE_CUT, NULL, 26,
					NULL, "figure" };
	for (size_t c = 0; c < npts; c++)
		mc[c + 1] = (struct cli_table_col){ fmt_capacity(pts[c]->capacity_gb, caps[c],
								 sizeof caps[c]),
						    " ", 11, 2, CLI_TABLE_RIGHT, NULL, 0, NULL,
						    NULL };
	mc[npts + 1] = (struct cli_table_col){ "source", "  ", 0, 0,
					       CLI_TABLE_FREE | CLI_TABLE_BELOW, NULL, 0, NULL,
					       NULL };
	cli_fprintf(out, "\n");
	cli_table_init(&t, mc, npts + 2);
	for (size_t i = 0; i < sh->nfigures; i++)
		if (specdb_figure_row_first(sh, i))	/* each row once: at its first figure */
			show_matrix_row(&t, sh, i, pts, npts);
	cli_table_print_cols(&t, out, cols);
	cli_table_free(&t);
}

/* Print family-wide figures as a list and per-capacity ones as a matrix. */
static void
show_figures(FILE *out, int cols, const struct spec_sheet *sh)
{
	int any_drive = 0;

	cli_fprintf(out, "\nSPEC SHEET (%zu figures)\n", sh->nfigures);
	if (sh->nfigures == 0) {
		cli_fprintf(out, "  (no spec-sheet figures in the sources)\n");
		return;
	}
	for (size_t i = 0; i < sh->nfigures; i++)
		any_drive |= sh->figures[i].drive_id != NULL;
	/* Say which figures hold for every capacity, when some do not. */
	for (size_t i = 0; any_drive && i < sh->nfigures; i++)
		if (sh->figures[i].drive_id == NULL) {
			cli_fprintf(out, "  family-wide (stated for the family, not per capacity)\n");
			break;
		}
	show_family_figures(out, cols, sh);
	if (any_drive)
		show_matrix(out, cols, sh);
	show_grade_c_legend(out, sh);
	if (any_drive && cols > 0)
		cli_fprintf(out, "\n");	/* the notes wrap under their own indent */
	for (size_t i = 0; any_drive && i < sh->nfigures; i++) {
		char text[4096];

		if (sh->figures[i].notes && sh->figures[i].drive_id == NULL)
			cli_fprintf(out, "  note: %s: %s\n", sh->figures[i].metric_name,
				    specdb_sheet_text(sh, sh->figures[i].notes, text, sizeof text));
	}
}

/* The measurements' table (no header: the group lines say what follows). */
static const struct cli_table_col show_meas_cols[] = {
	{ "capacity", "    ", 9, 0, 0, NULL, 0, NULL, NULL },
	{ "workload", " ", 22, 2, CLI_TABLE_CUT, NULL, 10, NULL, NULL },
	{ "block size", " ", 5, 0, 0, NULL, 0, NULL, NULL },
	{ "point", " ", 18, 3, 0, NULL, 0, NULL, NULL },
	{ "phase", " ", 16, 4, CLI_TABLE_CUT, NULL, 6, NULL, NULL },
	{ "metric", " ", 22, 1, CLI_TABLE_CUT, NULL, 14, NULL, NULL },
	{ "value", " ", 0, 0, CLI_TABLE_FREE, NULL, 0, NULL, NULL },
};

/* Add one measurement row, and its note as a line under it. */
static void
show_measurement(struct cli_table *t, const struct spec_sheet *sh,
		 const struct spec_measurement *m)
{
	char cap[32], bs[16], point[48], val[64], text[4096], mark[128], value[256];

	specdb_measurement_point(m, point, sizeof point);
	snprintf(value, sizeof value, "%s%s",
		 fmt_figure(m->qual, m->value, m->value_hi, m->unit_id, val, sizeof val),
		 show_mark(m->origin, mark, sizeof mark));
	cli_table_add(t, (const char *const[]){
		specdb_sheet_capacity(sh, m->drive_id, cap, sizeof cap), m->workload,
		m->block_size > 0 ? fmt_block_size(m->block_size, bs, sizeof bs) : "", point,
		m->phase ? m->phase : "", m->metric_name, value });
	if (m->notes) {
		char line[4200];

		snprintf(line, sizeof line, "              note: %s",
			 specdb_sheet_text(sh, m->notes, text, sizeof text));
		cli_table_add_line(t, line);
	}
}

/* Print measurements grouped by benchmark, review and chart: one table,
 * the groups' titles lines of it. */
static void
show_measurements(FILE *out, int cols, const struct spec_sheet *sh)
{
	const char	*bench = NULL, *src = NULL, *label = NULL;
	char		 name[256], line[600];
	struct cli_table t;

	cli_fprintf(out, "\nPUBLISHED MEASUREMENTS (%zu)\n", sh->nmeasurements);
	if (sh->nmeasurements == 0)
		cli_fprintf(out, "  (none in the reviews)\n");
	cli_table_init(&t, show_meas_cols, sizeof show_meas_cols / sizeof show_meas_cols[0]);
	t.noheader = true;
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];
		const char		      *l = m->label ? m->label : "";

		if (bench == NULL || strcmp(bench, m->benchmark) != 0 ||
		    strcmp(src, m->source_id) != 0) {
			bench = m->benchmark;
			src = m->source_id;
			label = NULL;
			snprintf(line, sizeof line, "  %s %s %s", bench, cli_glyph(CLI_G_MIDDOT),
				 specdb_sheet_source_label(sh, src, name, sizeof name));
			cli_table_add_line(&t, line);
		}
		if (label == NULL || strcmp(label, l) != 0) {
			label = l;
			snprintf(line, sizeof line, "   %s", l[0] ? l : "(unlabelled)");
			cli_table_add_line(&t, line);
		}
		show_measurement(&t, sh, m);
	}
	if (t.nrows > 0)
		cli_table_print_cols(&t, out, cols);
	cli_table_free(&t);
}

/* A source's URL, indented; on a terminal narrower than it, broken after
 * a '/' onto lines of their own further in (a URL has no space to wrap
 * at). */
static void
show_url(FILE *out, int cols, const char *url)
{
	int at = 4, room = cols - at;

	while (cols > 0 && (int)strlen(url) > room && room > 8) {
		int n = room;

		while (n > 1 && url[n - 1] != '/')
			n--;
		if (n <= 1)
			n = room;
		cli_fprintf(out, "%*s%.*s\n", at, "", n, url);
		url += n;
		at = 6;
		room = cols - at;
	}
	cli_fprintf(out, "%*s%s\n", at, "", url);
}

/* Print the sources the sheet cites. */
static void
show_sources(FILE *out, int cols, const struct spec_sheet *sh)
{
	cli_fprintf(out, "\nSOURCES\n");
	for (size_t i = 0; i < sh->nsources; i++) {
		const struct spec_source *s = &sh->sources[i];
		char			  name[256], text[4096];

		/* By name; the full title, kind and date under it. */
		cli_fprintf(out, "  %s\n", specdb_source_label(s, name, sizeof name));
		cli_fprintf(out, "    %s: %s", s->kind, s->title);
		if (s->published)
			cli_fprintf(out, ", %s", s->published);
		if (s->origin)
			cli_fprintf(out, " [lab overlay %s]", s->origin);
		fputc('\n', out);
		/* The source's file (a seed's name in the project) is for the
		 * JSON, not the reader: the title and URL name the source. */
		if (s->url)
			show_url(out, cols, s->url);
		if (s->testbed)
			cli_fprintf(out, "    test bed: %s\n",
				   specdb_sheet_text(sh, s->testbed, text, sizeof text));
	}
}

/* "origin" on each figure, measurement and source of a sheet's JSON: null,
 * or the overlay's "FILE:LINE". */
static void
show_json_origins(const struct spec_sheet *sh, json_t *figs, json_t *meas, json_t *srcs)
{
	for (size_t i = 0; i < sh->nfigures; i++)
		json_object_set_new(json_array_get(figs, i), "origin",
				    cli_jstr(sh->figures[i].origin));
	for (size_t i = 0; i < sh->nmeasurements; i++)
		json_object_set_new(json_array_get(meas, i), "origin",
				    cli_jstr(sh->measurements[i].origin));
	for (size_t i = 0; i < sh->nsources; i++)
		json_object_set_new(json_array_get(srcs, i), "origin",
				    cli_jstr(sh->sources[i].origin));
}

/* JSON for a whole sheet. */
static json_t *
show_json(const struct spec_sheet *sh)
{
	json_t *o = json_object(), *figs = json_array(), *meas = json_array();
	json_t *srcs = json_array();
	char	label[256];

	json_object_set_new(o, "family", json_family(&sh->family));
	json_object_set_new(o, "capacity_point",
			    sh->only_drive ? json_string(sh->only_drive) : json_null());
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];
		json_t			 *j;

		json_array_append_new(figs, j = json_pack(
			"{s:o, s:s, s:s, s:s, s:f, s:o, s:s, s:o, s:o, s:o, s:o, s:o, s:s, s:s, s:b, s:o}",
			"capacity_point", g->drive_id ? json_string(g->drive_id) : json_null(),
			"metric", g->metric_id, "metric_name", g->metric_name,
			"qual", g->qual, "value", g->value,
			"value_hi", isnan(g->value_hi) ? json_null() : json_real(g->value_hi),
			"unit", g->unit_id,
			"block_size", g->block_size < 0 ? json_null() : json_integer(g->block_size),
			"iodepth", g->iodepth < 0 ? json_null() : json_integer(g->iodepth),
			"numjobs", g->numjobs < 0 ? json_null() : json_integer(g->numjobs),
			"read_pct", g->read_pct < 0 ? json_null() : json_integer(g->read_pct),
			"conditions", g->conditions ? json_string(g->conditions) : json_null(),
			"source", g->source_id, "confidence", g->confidence,
			"preferred", g->preferred > 0,
			"notes", g->notes ? json_string(g->notes) : json_null()));
		/* "source" stays the id; the label is what a user reads. */
		json_object_set_new(j, "source_label",
				    json_string(specdb_sheet_source_label(sh, g->source_id, label,
									  sizeof label)));
		json_object_set_new(j, "grade_c_only", json_boolean(specdb_figure_grade_c(sh, g)));
		json_object_set_new(j, "inferred", json_boolean(specdb_figure_inferred(g)));
		json_object_set_new(j, "conditions_stated",
				    json_boolean(g->conditions == NULL ||
						 strcmp(g->conditions, SPECDB_NO_CONDITIONS) != 0));
	}
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];
		json_t			      *j;

		json_array_append_new(meas, j = json_pack(
			"{s:s, s:s, s:s, s:o, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:s, s:f, s:o, s:s, s:o, s:o}",
			"source", m->source_id, "capacity_point", m->drive_id,
			"benchmark", m->benchmark,
			"phase", m->phase ? json_string(m->phase) : json_null(),
			"workload", m->workload,
			"block_size", m->block_size < 0 ? json_null() : json_integer(m->block_size),
			"iodepth", m->iodepth < 0 ? json_null() : json_integer(m->iodepth),
			"numjobs", m->numjobs < 0 ? json_null() : json_integer(m->numjobs),
			"threads", m->threads < 0 ? json_null() : json_integer(m->threads),
			"read_pct", m->read_pct < 0 ? json_null() : json_integer(m->read_pct),
			"pass", m->pass < 0 ? json_null() : json_integer(m->pass),
			"metric", m->metric_id, "qual", m->qual, "value", m->value,
			"value_hi", isnan(m->value_hi) ? json_null() : json_real(m->value_hi),
			"unit", m->unit_id,
			"label", m->label ? json_string(m->label) : json_null(),
			"notes", m->notes ? json_string(m->notes) : json_null()));
		json_object_set_new(j, "source_label",
				    json_string(specdb_sheet_source_label(sh, m->source_id, label,
									  sizeof label)));
		json_object_set_new(j, "checkpoint", cli_jint(m->checkpoint));
	}
	for (size_t i = 0; i < sh->nsources; i++) {
		const struct spec_source *s = &sh->sources[i];
		json_t			 *j = json_object();

		json_object_set_new(j, "id", json_string(s->id));
		json_object_set_new(j, "label",
				    json_string(specdb_source_label(s, label, sizeof label)));
		json_object_set_new(j, "name", cli_jstr(s->name));
		json_object_set_new(j, "kind", json_string(s->kind));
		json_object_set_new(j, "title", json_string(s->title));
#define SET_OPT(k, v) json_object_set_new(j, k, (v) ? json_string(v) : json_null())
		SET_OPT("publisher", s->publisher);
		SET_OPT("language", s->language);
		SET_OPT("file", s->file);
		SET_OPT("url", s->url);
		SET_OPT("published", s->published);
		SET_OPT("testbed", s->testbed);
		SET_OPT("method", s->method);
		SET_OPT("notes", s->notes);
#undef SET_OPT
		json_array_append_new(srcs, j);
	}
	show_json_origins(sh, figs, meas, srcs);
	json_object_set_new(o, "spec", figs);
	json_object_set_new(o, "measurements", meas);
	json_object_set_new(o, "sources", srcs);
	return o;
}

/* Print the lab's acceptance targets (the overlay's target table), if any. */
static void
show_targets(FILE *out, const struct spec_sheet *sh)
{
	char label[160], who[64];

	if (sh->ntargets == 0)
		return;
	cli_fprintf(out, "\nACCEPTANCE TARGETS (lab, %zu)\n", sh->ntargets);
	for (size_t i = 0; i < sh->ntargets; i++) {
		const struct spec_figure *g = &sh->targets[i];

		cli_fprintf(out, "  %-22s %-58s %-16s %s\n", g->metric_name ? g->metric_name : g->metric_id,
			   verdict_target_label(g, label, sizeof label),
			   g->drive_id ? specdb_sheet_capacity(sh, g->drive_id, who, sizeof who)
					: "every capacity", g->source_id);
		if (g->conditions || g->notes || g->origin)
			cli_fprintf(out, "  %-22s %s%s%s%s%s\n", "", g->conditions ? g->conditions : "",
				   g->conditions && g->notes ? "; " : "", g->notes ? g->notes : "",
				   g->origin ? (g->conditions || g->notes ? "; from " : "from ") : "",
				   g->origin ? g->origin : "");
	}
}

/* Add the acceptance targets to a sheet's JSON ("targets", [] when none). */
static void
show_json_targets(json_t *o, const struct spec_sheet *sh)
{
	json_t *arr = json_array();
	char	label[160];

	for (size_t i = 0; i < sh->ntargets; i++) {
		const struct spec_figure *g = &sh->targets[i];

		json_array_append_new(arr, json_pack(
			"{s:o, s:s, s:s, s:s, s:f, s:s, s:f, s:i, s:i, s:i, s:o, s:i, s:o, s:s, s:o, s:o, s:s}",
			"capacity_point", g->drive_id ? json_string(g->drive_id) : json_null(),
			"metric", g->metric_id, "metric_name", g->metric_name, "qual", g->qual,
			"value", g->value, "unit", g->unit_id, "tolerance_pct", g->tolerance * 100,
			"block_size", g->block_size, "iodepth", g->iodepth, "numjobs", g->numjobs,
			"read_pct", g->read_pct < 0 ? json_null() : json_integer(g->read_pct),
			"runtime_s", g->runtime_s,
			"conditions", g->conditions ? json_string(g->conditions) : json_null(),
			"source", g->source_id,
			"notes", g->notes ? json_string(g->notes) : json_null(),
			"origin", g->origin ? json_string(g->origin) : json_null(),
			"label", verdict_target_label(g, label, sizeof label)));
	}
	json_object_set_new(o, "targets", arr);
}

/* JSON for a query's candidates (a CHOICE, a NONE's nearest, a ONE's
 * others). */
static json_t *
show_json_cands(const struct spec_candidate *c, size_t n)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(arr, json_pack(
			"{s:s, s:o, s:s, s:s, s:o}", "family", c[i].family_id,
			"capacity_point", cli_jstr(c[i].drive_id), "label", c[i].label,
			"matched", c[i].matched, "distinct", cli_jstr(c[i].distinct)));
	return arr;
}

/* How many distinct families the candidates come from. */
static size_t
show_nfamilies(const struct spec_answer *ans)
{
	size_t n = 0;

	for (size_t i = 0; i < ans->ncands; i++) {
		size_t k;

		for (k = 0; k < i; k++)
			if (strcmp(ans->cands[k].family_id, ans->cands[i].family_id) == 0)
				break;
		n += k == i;
	}
	return n;
}

/* Report a query with no clear best: every candidate and what sets it apart. */
static int
show_choice(const char *query, const struct spec_answer *ans, int json)
{
	size_t nf = show_nfamilies(ans);
	char   what[64];

	if (nf > 1)
		snprintf(what, sizeof what, "%zu families", nf);
	else
		snprintf(what, sizeof what, "%zu capacity points", ans->ncands);
	if (json) {
		json_t *o = json_object();

		json_object_set_new(o, "query", json_string(query));
		json_object_set_new(o, "kind", json_string("choice"));
		json_object_set_new(o, "candidates", show_json_cands(ans->cands, ans->ncands));
		cli_print_json(o);
	} else {
		FILE *out = cli_wrap_begin(stdout);

		cli_fprintf(out, "'%s' matches %s:\n", query, what);
		for (size_t i = 0; i < ans->ncands; i++)
			cli_fprintf(out, "  %-32s %s\n", ans->cands[i].label,
				   ans->cands[i].distinct ? ans->cands[i].distinct : "");
		cli_wrap_end(out, stdout);
	}
	cli_error("'%s' matches %s; name one (add the variant or the capacity)", query, what);
	return EXIT_AMBIGUOUS;
}

/* Report a query that matches nothing: the nearest, the typo's correction
 * or the part numbers near it (specdb_answer_none_text). */
static int
show_none(const char *query, const struct spec_answer *ans)
{
	char msg[1024];

	cli_error("%s", specdb_answer_none_text(ans, query, msg, sizeof msg));
	return EXIT_NOMATCH;
}

/* The row of an attribute answer: its family and capacity point. */
static const struct spec_family *
show_row_family(const struct spec_answer *ans, const struct spec_candidate *c,
		const struct spec_drive **d)
{
	*d = NULL;
	if (c->drive_id != NULL)
		return specdb_find_drive(ans->families, ans->nfamilies, c->drive_id, d);
	return specdb_find_family(ans->families, ans->nfamilies, c->family_id);
}

/* A row's capacity: the point's, else the family's range. */
static char *
show_row_capacity(const struct spec_family *f, const struct spec_drive *d, char *buf,
		  size_t len)
{
	char lo[32], hi[32];

	if (d != NULL)
		return fmt_capacity(d->capacity_gb, buf, len);
	if (f->ndrives == 0)
		snprintf(buf, len, "-");
	else if (f->ndrives == 1)
		fmt_capacity(f->drives[0].capacity_gb, buf, len);
	else
		snprintf(buf, len, "%s-%s", fmt_capacity(f->drives[0].capacity_gb, lo, sizeof lo),
			 fmt_capacity(f->drives[f->ndrives - 1].capacity_gb, hi, sizeof hi));
	return buf;
}

/* A row's headline figures: a capacity point's own (else family-wide),
 * a family row's headline point's (specdb.c's rule). */
static const struct spec_headfig *
show_row_heads(const struct spec_family *f, const struct spec_drive *d)
{
	return d != NULL ? d->head : f->head;
}

/* Where one figure of a row holds: "this point" (the row's own capacity
 * point), "at 7.68 TB" (a family row's headline point), "family-wide", or ""
 * when there is no figure. */
static const char *
show_fig_from(const struct spec_family *f, const struct spec_drive *d,
	      const struct spec_headfig *h, char *buf, size_t len)
{
	const struct spec_drive *p = NULL;

	if (isnan(h->value))
		return "";
	if (h->drive_id == NULL)
		return "family-wide";
	if (d != NULL && strcmp(d->id, h->drive_id) == 0)
		return "this point";
	specdb_find_drive(f, 1, h->drive_id, &p);
	if (p != NULL) {
		char cap[32];

		snprintf(buf, len, "at %s", fmt_capacity(p->capacity_gb, cap, sizeof cap));
	} else
		snprintf(buf, len, "%s", h->drive_id);
	return buf;
}

/* The "figures from" cell of a row: one phrase when both figures hold at
 * the same place, else each named ("seq: this point; rand: family-wide"). */
static char *
show_row_from(const struct spec_family *f, const struct spec_drive *d, char *buf, size_t len)
{
	const struct spec_headfig *h = show_row_heads(f, d);
	char			   a[32], b[32];
	const char		  *sa = show_fig_from(f, d, &h[SPEC_HEAD_SEQ_READ], a, sizeof a);
	const char		  *sb = show_fig_from(f, d, &h[SPEC_HEAD_RAND_READ], b, sizeof b);

	if (strcmp(sa, sb) == 0 || sb[0] == '\0')
		snprintf(buf, len, "%s", sa[0] ? sa : "-");
	else if (sa[0] == '\0')
		snprintf(buf, len, "%s", sb);
	else
		snprintf(buf, len, "seq: %s; rand: %s", sa, sb);
	return buf;
}

/* A headline figure in a table cell: "14,800", "~30", "-". */
static char *
show_head_value(const struct spec_headfig *h, char *buf, size_t len)
{
	if (isnan(h->value))
		snprintf(buf, len, "-");
	else if (h->qual == NULL || strcmp(h->qual, "eq") == 0)
		fmt_number(h->value, 0, buf, len);
	else {
		fmt_figure(h->qual, h->value, h->value_hi, "", buf, len);
		if (buf[0] != '\0' && buf[strlen(buf) - 1] == ' ')
			buf[strlen(buf) - 1] = '\0';
	}
	return buf;
}

/* JSON for an attribute answer. */
static json_t *
show_json_attribute(const char *query, const struct spec_answer *ans)
{
	json_t *o = json_object(), *rows = json_array();

	for (size_t i = 0; i < ans->ncands; i++) {
		const struct spec_drive	  *d;
		const struct spec_family  *f = show_row_family(ans, &ans->cands[i], &d);
		const struct spec_headfig *h = show_row_heads(f, d);
		double			   dwpd = d != NULL && !isnan(d->dwpd) ? d->dwpd : f->dwpd;
		char			   from[96];
		json_t			  *j;

		json_array_append_new(rows, j = json_pack(
			"{s:s, s:o, s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o}",
			"family", f->id, "capacity_point", cli_jstr(d ? d->id : NULL),
			"label", ans->cands[i].label, "vendor", f->vendor, "name", f->name,
			"capacity_gb", d ? json_real(d->capacity_gb) : json_null(),
			"form_factor", cli_jstr(d && d->form_factor ? d->form_factor : f->form_factors),
			"pcie_gen", f->pcie_gen > 0 ? json_integer(f->pcie_gen) : json_null(),
			"dwpd", isnan(dwpd) ? json_null() : json_real(dwpd),
			"best_seq_read_mbps", cli_jreal(h[SPEC_HEAD_SEQ_READ].value),
			"best_rand_read_iops", cli_jreal(h[SPEC_HEAD_RAND_READ].value)));
		json_object_set_new(j, "figures", cli_json_heads(f, show_row_heads(f, d)));
		json_object_set_new(j, "figures_from",
				    json_string(show_row_from(f, d, from, sizeof from)));
	}
	json_object_set_new(o, "query", json_string(query));
	json_object_set_new(o, "kind", json_string("attribute"));
	json_object_set_new(o, "attribute", json_string(ans->attribute));
	json_object_set_new(o, "drives", rows);
	return o;
}

/* The attribute table's columns: on a narrow terminal the form factor is
 * cut first, then the generation and DWPD left out; "figures from" goes
 * under its row. */
static const struct cli_table_col show_attr_cols[] = {
	{ "vendor", "  ", 9, 0, CLI_TABLE_CUT, NULL, 0, NULL, NULL },
	{ "family", " ", 19, 0, CLI_TABLE_CUT, NULL, 0, NULL, NULL },
	{ "capacity", " ", 17, 0, CLI_TABLE_CUT, NULL, 0, NULL, NULL },
	{ "form factor", " ", 26, 2, CLI_TABLE_CUT, "form f.", 10, NULL, NULL },
	{ "gen", " ", 4, 4, 0, NULL, 0, NULL, NULL },
	{ "DWPD", " ", 5, 3, 0, NULL, 0, NULL, NULL },
	{ "seq read MB/s", " ", 13, 0, CLI_TABLE_RIGHT, "seq MB/s", 0, NULL, NULL },
	{ "rand rd IOPS", " ", 13, 0, CLI_TABLE_RIGHT, "rand IOPS", 0, NULL, NULL },
	{ "figures from", "  ", 0, 0, CLI_TABLE_FREE | CLI_TABLE_BELOW, NULL, 0, NULL, NULL },
};

/* A row's headline figure in its cell, marked SPECDB_FAMILY_WIDE_MARK on
 * a capacity point's row when it is the family's, not the point's. */
static char *
show_row_value(const struct spec_drive *d, const struct spec_headfig *h, char *buf, size_t len,
	       bool *marked)
{
	show_head_value(h, buf, len);
	if (d != NULL && !isnan(h->value) && h->drive_id == NULL) {
		size_t o = strlen(buf);

		snprintf(buf + o, len - o, " %s", SPECDB_FAMILY_WIDE_MARK);
		*marked = true;
	}
	return buf;
}

/* Report an attribute query: a table of every family or capacity point
 * that has it, each row's speeds those of its own point (or labelled). */
static int
show_attribute(const char *query, const struct spec_answer *ans, int json)
{
	struct cli_table t;
	FILE		*out;
	bool		 marked = false, below;

	if (json)
		return cli_print_json(show_json_attribute(query, ans));
	cli_printf("%s: %zu %s\n", ans->attribute, ans->ncands,
		   ans->ncands == 1 ? "drive" : "drives");
	if (ans->ncands == 0)
		return EXIT_OK;
	cli_table_init(&t, show_attr_cols, sizeof show_attr_cols / sizeof show_attr_cols[0]);
	/* Under its row (a narrow terminal) a "-" says nothing: left out. */
	below = cli_wrap_cols(stdout) > 0 && cli_wrap_cols(stdout) < CLI_TABLE_BELOW_COLS;
	for (size_t i = 0; i < ans->ncands; i++) {
		const struct spec_drive	  *d;
		const struct spec_family  *f = show_row_family(ans, &ans->cands[i], &d);
		const struct spec_headfig *h = show_row_heads(f, d);
		double			   dwpd = d != NULL && !isnan(d->dwpd) ? d->dwpd : f->dwpd;
		char			   cap[48], gen[8], dw[16], sr[32], rr[32], from[96];

		snprintf(gen, sizeof gen, f->pcie_gen > 0 ? "Gen%d" : "-", f->pcie_gen);
		cli_table_add(&t, (const char *const[]){
			f->vendor, f->name, show_row_capacity(f, d, cap, sizeof cap),
			d && d->form_factor ? d->form_factor
			: f->form_factors ? f->form_factors : "-", gen,
			fmt_number(dwpd, 1, dw, sizeof dw),
			show_row_value(d, &h[SPEC_HEAD_SEQ_READ], sr, sizeof sr, &marked),
			show_row_value(d, &h[SPEC_HEAD_RAND_READ], rr, sizeof rr, &marked),
			below && strcmp(show_row_from(f, d, from, sizeof from), "-") == 0 ? ""
			: show_row_from(f, d, from, sizeof from) });
	}
	cli_table_print(&t, stdout);
	cli_table_free(&t);
	out = cli_wrap_begin(stdout);
	cli_fprintf(out, "  (one row per family when all its capacity points have it, else per point.\n"
		    "   A point's speeds are its own spec figures, else the family-wide ones, never\n"
		    "   another capacity's; a family row's are its headline point's, as in 'list'.\n"
		    "   'figures from' says which.)\n");
	if (marked)
		cli_fprintf(out, "  %s\n", SPECDB_FAMILY_WIDE_LEGEND);
	cli_wrap_end(out, stdout);
	return EXIT_OK;
}

/* The lines a ONE answer adds under the header: the others the query also
 * matched, and a model string known only by inference. */
static void
show_answer_notes(FILE *out, const struct spec_answer *ans)
{
	const struct spec_sku *sku = ans->cands[0].sku;

	const char	      *kind = sku != NULL && sku->kind != NULL &&
				      strcmp(sku->kind, "part-number") == 0 ? "part number"
									     : "model string";

	if (sku != NULL && sku->status != NULL && strcmp(sku->status, "inferred") == 0)
		cli_fprintf(out, "  %-13s %s: %s inferred, not in a published list\n", kind, sku->model,
			   kind);
	for (size_t i = 1; i < ans->ncands && i < 6; i++)
		cli_fprintf(out, "  %-13s %s (%s)\n", i == 1 ? "also matches" : "", ans->cands[i].label,
			   ans->cands[i].distinct ? ans->cands[i].distinct : ans->cands[i].matched);
	if (ans->ncands > 6)
		cli_fprintf(out, "  %-13s ... and %zu more\n", "", ans->ncands - 6);
}

/* JSON for a ONE answer: the sheet, the SKU it matched, the others. */
static json_t *
show_json_one(const struct spec_sheet *sh, const struct spec_answer *ans)
{
	json_t		      *o = show_json(sh);
	const struct spec_sku *sku = ans->cands[0].sku;

	json_object_set_new(o, "matched", json_string(ans->cands[0].matched));
	json_object_set_new(o, "sku", sku == NULL ? json_null() : json_pack(
		"{s:o, s:o, s:o, s:b}", "model", cli_jstr(sku->model), "kind", cli_jstr(sku->kind),
		"status", cli_jstr(sku->status), "inferred_only",
		sku->status != NULL && strcmp(sku->status, "inferred") == 0));
	json_object_set_new(o, "also_matches", show_json_cands(ans->cands + 1, ans->ncands - 1));
	return o;
}

/* The sheet as text, wrapped to the terminal, its tables fitted to it. */
static void
show_text(const struct spec_sheet *sh, const struct spec_answer *ans)
{
	FILE *out = cli_wrap_begin(stdout);
	int   cols = cli_wrap_cols(stdout);

	show_family_header(out, sh);
	show_answer_notes(out, ans);
	show_capacities(out, sh);
	show_figures(out, cols, sh);
	show_measurements(out, cols, sh);
	show_targets(out, sh);
	show_sources(out, cols, sh);
	cli_wrap_end(out, stdout);
}

/* `drivedash show QUERY [--json]`. */
int
cmd_show(struct cli_ctx *ctx, int argc, char **argv)
{
	struct cli_options co;
	struct dd_error	   err = { 0 };
	struct arena	   a = { 0 };
	struct spec_answer ans;
	struct spec_sheet  sh;
	struct specdb	  *db;
	char		   query[256];
	FILE		  *help;
	int		   c, json = 0, rc = EXIT_OK;

	cli_options_init(&co, "show", CLI_OG_JSON, NULL, NULL);
	while ((c = cli_options_next(&co, argc, argv)) != -1) {
		switch (c) {
		case 'h':
			help = cli_help_begin();
			cli_fprintf(help, "usage: %s show QUERY [--json]\n"
			       "Show the spec sheet and published measurements of the drive\n"
			       "family or capacity point that QUERY names: a database id, a part\n"
			       "number or model string, or words (vendor, family, series, any\n"
			       "case) with a capacity (7.68, 7.68TB, 7680, 7T68).  A query of\n"
			       "attributes only (7.68TB, E3.S, gen5, '3 dwpd') lists every drive\n"
			       "having it.  Exit 6 when several match and none ranks first.\n",
			       ctx->progname);
			return cli_help_end(help);
		default:
			cli_error("usage: show QUERY [--json]");
			return EXIT_USAGE;
		}
	}
	json = co.json;
	if (optind >= argc) {
		cli_error("show needs a QUERY (a vendor, family, model or SKU)");
		return EXIT_USAGE;
	}
	/* Several words form one query: `show micron 9550 max`. */
	cli_join_words(argc - optind, argv + optind, query, sizeof query);
	db = cli_open_db(ctx);
	if (db == NULL)
		return EXIT_USAGE;
	if (specdb_query(db, query, &a, &ans, &err) < 0) {
		cli_error("%s", err.msg);
		rc = EXIT_USAGE;
		goto out;
	}
	if (ans.kind == SPEC_ANSWER_NONE) {
		rc = show_none(query, &ans);
		goto out;
	}
	if (ans.kind == SPEC_ANSWER_CHOICE) {
		rc = show_choice(query, &ans, json);
		goto out;
	}
	if (ans.kind == SPEC_ANSWER_ATTRIBUTE) {
		rc = show_attribute(query, &ans, json);
		goto out;
	}
	if (specdb_sheet(db, ans.cands[0].family_id, ans.cands[0].drive_id, &a, &sh, &err) < 0) {
		cli_error("%s", err.msg);
		rc = EXIT_USAGE;
		goto out;
	}
	if (json) {
		json_t *j = show_json_one(&sh, &ans);

		if (j != NULL)
			show_json_targets(j, &sh);
		rc = cli_print_json(j);
	} else
		show_text(&sh, &ans);
out:
	arena_free(&a);
	specdb_close(db);
	return rc;
}
