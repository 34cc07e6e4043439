/*
 * `drivedash show QUERY`: one family (or one capacity point) — its spec sheet
 * with conditions and sources, and the published measurements grouped by
 * benchmark and review.  A query that names several families lists them.
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <string.h>

#include "cli/cli.h"
#include "core/format.h"
#include "lib/file.h"

/* A figure's conditions as one phrase: "128K, 70% read, typical". */
static char *
show_conditions(int block_size, int read_pct, int iodepth, int numjobs,
		const char *conditions, char *buf, size_t len)
{
	char   bs[16];
	size_t o = 0;

	buf[0] = '\0';
	if (block_size > 0)
		o += (size_t)snprintf(buf + o, len - o, "%s",
				      fmt_block_size(block_size, bs, sizeof bs));
	if (read_pct >= 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%s%d%% read", o ? ", " : "",
				      read_pct);
	if (iodepth > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sQD%d", o ? ", " : "", iodepth);
	if (numjobs > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sx%d jobs", o ? " " : "", numjobs);
	if (conditions != NULL && o < len)
		snprintf(buf + o, len - o, "%s%s", o ? ", " : "", conditions);
	return buf;
}

/* Do two figures belong on one row of the capacity matrix? */
static int
figure_same_row(const struct spec_figure *a, const struct spec_figure *b)
{
	return strcmp(a->metric_id, b->metric_id) == 0 &&
	       a->block_size == b->block_size && a->read_pct == b->read_pct &&
	       a->iodepth == b->iodepth && a->numjobs == b->numjobs &&
	       strcmp(a->unit_id, b->unit_id) == 0 &&
	       strcmp(a->source_id, b->source_id) == 0 &&
	       a->preferred == b->preferred &&
	       ((a->conditions == NULL && b->conditions == NULL) ||
		(a->conditions && b->conditions &&
		 strcmp(a->conditions, b->conditions) == 0));
}

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

/* Print the family header. */
static void
show_family_header(const struct spec_sheet *sh)
{
	const struct spec_family *f = &sh->family;
	char			  iface[128], num[32];

	cli_printf("%s %s", f->vendor, f->name);
	if (f->segment)
		cli_printf("  (%s)", f->segment);
	if (sh->only_drive)
		cli_printf("  capacity point %s", sh->only_drive);
	if (f->origin)
		cli_printf("  [lab overlay %s]", f->origin);
	putchar('\n');
	cli_printf("  %-13s %s\n", "interface", cli_interface(f, iface, sizeof iface));
	if (f->form_factors)
		cli_printf("  %-13s %s\n", "form factors", f->form_factors);
	if (f->nand)
		cli_printf("  %-13s %s\n", "NAND", f->nand);
	if (!isnan(f->dwpd))
		cli_printf("  %-13s %s DWPD\n", "endurance", fmt_number(f->dwpd, 2, num, sizeof num));
	if (f->warranty_years > 0)
		cli_printf("  %-13s %d years\n", "warranty", f->warranty_years);
	if (f->mttf_hours > 0)
		cli_printf("  %-13s %s h\n", "MTTF",
		       fmt_number((double)f->mttf_hours, 0, num, sizeof num));
	if (f->security)
		cli_printf("  %-13s %s\n", "security", f->security);
	if (f->plp >= 0)
		cli_printf("  %-13s %s\n", "power loss", f->plp ? "protected (PLP)" : "not protected");
	if (f->source_id)
		cli_printf("  %-13s %s\n", "source", f->source_id);
	if (!f->has_spec_sheet)
		cli_printf("  %-13s %s\n", "spec sheet", "none published in the sources");
	if (f->notes)
		cli_printf("  %-13s %s\n", "notes", f->notes);
}

/* Print capacities and their SKUs. */
static void
show_capacities(const struct spec_sheet *sh)
{
	const struct spec_family *f = &sh->family;

	cli_printf("\nCAPACITIES\n");
	for (size_t i = 0; i < f->ndrives; i++) {
		const struct spec_drive *d = &f->drives[i];
		char			 cap[32], mark[128];

		if (sh->only_drive && strcmp(sh->only_drive, d->id) != 0)
			continue;
		cli_printf("  %-9s %-22s", fmt_capacity(d->capacity_gb, cap, sizeof cap),
		       d->form_factor ? d->form_factor : "");
		if (d->nmeasurements)
			cli_printf(" %zu review figures", d->nmeasurements);
		cli_printf("%s\n", show_mark(d->origin, mark, sizeof mark));
		if (d->nand)
			cli_printf("            NAND %s\n", d->nand);
		if (d->notes)
			cli_printf("            %s\n", d->notes);
		for (size_t k = 0; k < d->nskus; k++) {
			const struct spec_sku *s = &d->skus[k];

			cli_printf("            %-34s %s%s%s, %s [%s]%s\n", s->model, s->kind,
			       s->option ? " " : "", s->option ? s->option : "",
			       s->status, s->source_id,
			       show_mark(s->origin, mark, sizeof mark));
		}
	}
	if (f->ndrives == 0)
		cli_printf("  (none recorded)\n");
}

/* Print family-wide figures as a list and per-capacity ones as a matrix. */
static void
show_figures(const struct spec_sheet *sh)
{
	const struct spec_family *f = &sh->family;
	const struct spec_drive	 *cols[16];
	size_t			  ncols = 0;
	int			  any_drive = 0;

	cli_printf("\nSPEC SHEET (%zu figures)\n", sh->nfigures);
	if (sh->nfigures == 0) {
		cli_printf("  (no spec-sheet figures in the sources)\n");
		return;
	}
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];
		char			  cond[128], val[64], label[64], mark[128];

		if (g->drive_id != NULL) {
			any_drive = 1;
			continue;
		}
		show_conditions(g->block_size, g->read_pct, g->iodepth, g->numjobs,
				g->conditions, cond, sizeof cond);
		snprintf(label, sizeof label, "%s", g->metric_name);
		cli_printf("  %-30s %-22s %-36s %s %s%s%s\n", label,
		       fmt_figure(g->qual, g->value, g->value_hi, g->unit_id, val,
				  sizeof val),
		       cond, g->source_id, g->confidence,
		       g->preferred ? "" : " (alternative)",
		       show_mark(g->origin, mark, sizeof mark));
	}
	if (!any_drive)
		return;

	for (size_t i = 0; i < f->ndrives && ncols < 16; i++) {
		if (sh->only_drive && strcmp(sh->only_drive, f->drives[i].id) != 0)
			continue;
		cols[ncols++] = &f->drives[i];
	}
	cli_printf("\n  %-38s", "per capacity");
	for (size_t c = 0; c < ncols; c++) {
		char cap[32];

		cli_printf(" %11s", fmt_capacity(cols[c]->capacity_gb, cap, sizeof cap));
	}
	cli_printf("  source\n");
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];
		const char		 *origin = NULL;
		char			  cond[96], label[128], mark[128];
		size_t			  k;

		if (g->drive_id == NULL)
			continue;
		/* Print each row once: at its first figure. */
		for (k = 0; k < i; k++)
			if (sh->figures[k].drive_id && figure_same_row(&sh->figures[k], g))
				break;
		if (k < i)
			continue;
		/* Block size, mix and depth in the label; free-text conditions
		 * go after the source, where they have room. */
		show_conditions(g->block_size, g->read_pct, g->iodepth, g->numjobs,
				NULL, cond, sizeof cond);
		snprintf(label, sizeof label, "%s %s%s(%s)", g->metric_name, cond,
			 cond[0] ? " " : "", g->unit_id);
		cli_printf("  %-38.38s", label);
		for (size_t c = 0; c < ncols; c++) {
			const struct spec_figure *hit = NULL;
			char			  val[48];

			for (size_t j = i; j < sh->nfigures; j++)
				if (sh->figures[j].drive_id &&
				    strcmp(sh->figures[j].drive_id, cols[c]->id) == 0 &&
				    figure_same_row(&sh->figures[j], g)) {
					hit = &sh->figures[j];
					break;
				}
			if (hit != NULL && origin == NULL)
				origin = hit->origin;	/* the row's first overlay figure */
			if (hit == NULL)
				cli_printf(" %11s", "-");
			else if (strcmp(hit->qual, "eq") == 0)
				cli_printf(" %11s", fmt_number(hit->value, 2, val, sizeof val));
			else
				cli_printf(" %11s", fmt_figure(hit->qual, hit->value,
							  hit->value_hi, "", val,
							  sizeof val));
		}
		cli_printf("  %s %s%s%s%s%s\n", g->source_id, g->confidence,
		       g->preferred ? "" : " (alternative)", g->conditions ? "  " : "",
		       g->conditions ? g->conditions : "",
		       show_mark(origin, mark, sizeof mark));
	}
	for (size_t i = 0; i < sh->nfigures; i++)
		if (sh->figures[i].notes && sh->figures[i].drive_id == NULL)
			cli_printf("  note: %s: %s\n", sh->figures[i].metric_name,
			       sh->figures[i].notes);
}

/* The capacity label of a drive id in a sheet. */
static const char *
show_drive_label(const struct spec_sheet *sh, const char *drive_id, char *buf,
		 size_t len)
{
	for (size_t i = 0; i < sh->family.ndrives; i++)
		if (strcmp(sh->family.drives[i].id, drive_id) == 0)
			return fmt_capacity(sh->family.drives[i].capacity_gb, buf, len);
	snprintf(buf, len, "%s", drive_id);
	return buf;
}

/* Print one measurement row. */
static void
show_measurement(const struct spec_sheet *sh, const struct spec_measurement *m)
{
	char cap[32], bs[16], point[48], val[64], mark[128];

	point[0] = '\0';
	if (m->iodepth > 0 || m->numjobs > 0)
		snprintf(point, sizeof point, "QD%d x NJ%d", m->iodepth, m->numjobs);
	else if (m->threads > 0)
		snprintf(point, sizeof point, "%d threads", m->threads);
	else if (m->pass > 0)
		snprintf(point, sizeof point, "pass %d", m->pass);
	if (m->read_pct >= 0) {
		size_t o = strlen(point);

		snprintf(point + o, sizeof point - o, "%s%d%% read", o ? ", " : "",
			 m->read_pct);
	}
	cli_printf("    %-9s %-22.22s %-5s %-18s %-16.16s %-22.22s %s%s\n",
	       show_drive_label(sh, m->drive_id, cap, sizeof cap), m->workload,
	       m->block_size > 0 ? fmt_block_size(m->block_size, bs, sizeof bs) : "",
	       point, m->phase ? m->phase : "", m->metric_name,
	       fmt_figure(m->qual, m->value, m->value_hi, m->unit_id, val, sizeof val),
	       show_mark(m->origin, mark, sizeof mark));
	if (m->notes)
		cli_printf("              note: %s\n", m->notes);
}

/* Print measurements grouped by benchmark, review and chart. */
static void
show_measurements(const struct spec_sheet *sh)
{
	const char *bench = NULL, *src = NULL, *label = NULL;

	cli_printf("\nPUBLISHED MEASUREMENTS (%zu)\n", sh->nmeasurements);
	if (sh->nmeasurements == 0)
		cli_printf("  (none in the reviews)\n");
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];
		const char		      *l = m->label ? m->label : "";

		if (bench == NULL || strcmp(bench, m->benchmark) != 0 ||
		    strcmp(src, m->source_id) != 0) {
			bench = m->benchmark;
			src = m->source_id;
			label = NULL;
			cli_printf("  %s %s %s\n", bench, cli_glyph(CLI_G_MIDDOT), src);
		}
		if (label == NULL || strcmp(label, l) != 0) {
			label = l;
			cli_printf("   %s\n", l[0] ? l : "(unlabelled)");
		}
		show_measurement(sh, m);
	}
}

/* Print the sources the sheet cites. */
static void
show_sources(const struct spec_sheet *sh)
{
	cli_printf("\nSOURCES\n");
	for (size_t i = 0; i < sh->nsources; i++) {
		const struct spec_source *s = &sh->sources[i];

		cli_printf("  %-14s %s: %s", s->id, s->kind, s->title);
		if (s->publisher)
			cli_printf(" (%s", s->publisher);
		if (s->language)
			cli_printf("%s%s", s->publisher ? ", " : " (", s->language);
		if (s->publisher || s->language)
			putchar(')');
		if (s->published)
			cli_printf(", %s", s->published);
		if (s->origin)
			cli_printf(" [lab overlay %s]", s->origin);
		putchar('\n');
		if (s->file)
			cli_printf("  %-14s file %s\n", "", s->file);
		if (s->url)
			cli_printf("  %-14s %s\n", "", s->url);
		if (s->testbed)
			cli_printf("  %-14s test bed: %s\n", "", s->testbed);
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

	json_object_set_new(o, "family", json_family(&sh->family));
	json_object_set_new(o, "capacity_point",
			    sh->only_drive ? json_string(sh->only_drive) : json_null());
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];

		json_array_append_new(figs, json_pack(
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
	}
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];

		json_array_append_new(meas, json_pack(
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
	}
	for (size_t i = 0; i < sh->nsources; i++) {
		const struct spec_source *s = &sh->sources[i];
		json_t			 *j = json_object();

		json_object_set_new(j, "id", json_string(s->id));
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

/* Report a query that names several families. */
static int
show_candidates(const char *query, const struct spec_search *s, int json)
{
	if (json) {
		json_t *o = json_object(), *arr = json_array();

		for (size_t i = 0; i < s->nhits; i++)
			json_array_append_new(arr, json_pack(
				"{s:s, s:o, s:s, s:s}", "family", s->hits[i].family_id,
				"capacity_point", s->hits[i].drive_id
					? json_string(s->hits[i].drive_id) : json_null(),
				"label", s->hits[i].label, "matched", s->hits[i].matched));
		json_object_set_new(o, "query", json_string(query));
		json_object_set_new(o, "candidates", arr);
		cli_print_json(o);
	} else {
		cli_printf("'%s' matches %zu families:\n", query, s->nfamilies);
		for (size_t i = 0; i < s->nhits; i++)
			cli_printf("  %-32s (matched \"%s\")\n", s->hits[i].label,
			       s->hits[i].matched);
	}
	cli_error("'%s' matches %zu families; narrow the query", query, s->nfamilies);
	return EXIT_AMBIGUOUS;
}

/* `drivedash show QUERY [--json]`. */
int
cmd_show(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dd_error	   err = { 0 };
	struct arena	   a = { 0 };
	struct spec_search s;
	struct spec_sheet  sh;
	struct specdb	  *db;
	const char	  *drive = NULL;
	char		   query[256];
	int		   c, json = 0, rc = EXIT_OK;

	optind = 0;
	while ((c = getopt_long(argc, argv, "jh", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = 1;
			break;
		case 'h':
			cli_printf("usage: %s show QUERY [--json]\n"
			       "Show the spec sheet and published measurements of the drive\n"
			       "family or capacity point that QUERY names (vendor, family,\n"
			       "model or SKU, any case, as a substring).\n", ctx->progname);
			return EXIT_OK;
		default:
			cli_error("usage: show QUERY [--json]");
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		cli_error("show needs a QUERY (a vendor, family, model or SKU)");
		return EXIT_USAGE;
	}
	/* Several words form one query: `show micron 9550 max`. */
	query[0] = '\0';
	for (int i = optind; i < argc; i++) {
		size_t o = strlen(query);

		snprintf(query + o, sizeof query - o, "%s%s", i > optind ? " " : "",
			 argv[i]);
	}
	db = cli_open_db(ctx);
	if (db == NULL)
		return EXIT_USAGE;
	if (specdb_search(db, query, &a, &s, &err) < 0) {
		cli_error("%s", err.msg);
		rc = EXIT_USAGE;
		goto out;
	}
	if (s.nhits == 0) {
		cli_error("no drive in the database matches '%s' (try 'drivedash list')",
			  query);
		rc = EXIT_NOMATCH;
		goto out;
	}
	if (s.nfamilies > 1) {
		rc = show_candidates(query, &s, json);
		goto out;
	}
	/* One family: a single capacity-point hit narrows the sheet to it. */
	if (s.nhits == 1 && s.hits[0].drive_id != NULL)
		drive = s.hits[0].drive_id;
	for (size_t i = 0; i < s.nhits; i++)
		if (s.hits[i].drive_id == NULL)
			drive = NULL;
	if (specdb_sheet(db, s.hits[0].family_id, drive, &a, &sh, &err) < 0) {
		cli_error("%s", err.msg);
		rc = EXIT_USAGE;
		goto out;
	}
	if (json) {
		rc = cli_print_json(show_json(&sh));
	} else {
		show_family_header(&sh);
		show_capacities(&sh);
		show_figures(&sh);
		show_measurements(&sh);
		show_sources(&sh);
	}
out:
	arena_free(&a);
	specdb_close(db);
	return rc;
}
