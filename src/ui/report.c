/*
 * The report's runs and document (report.h): loading runs from the store
 * as `compare` names them, the comparison table over them and their
 * matched drives, the block list the sections (report-build.c) append to,
 * and choosing a writer.
 *
 * Data model: struct report (report.h).  Strings and cells of the blocks
 * live in the report's arena and die with report_free; the runs are heap
 * (results_run_free), the sheets of their matched drives in the arena.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/report.h"
#include "ui/report-int.h"

/* An empty report. */
void
report_init(struct report *r)
{
	memset(r, 0, sizeof *r);
	cmptab_init(&r->tab);
}

/* Free what a report holds (it is empty again). */
void
report_free(struct report *r)
{
	for (size_t i = 0; i < r->nruns; i++)
		results_run_free(&r->runs[i]);
	free(r->runs);
	free(r->ids);
	free(r->b);
	cmptab_free(&r->tab);
	arena_free(&r->a);
	report_init(r);
}

/* The formats by name: the parser's table, and what completion offers (the
 * first name of each is its --format word; the others are accepted too). */
const struct report_format_name report_format_names[] = {
	{ "html", REPORT_HTML },
	{ "md", REPORT_MD },
	{ "txt", REPORT_TXT },
	{ "markdown", REPORT_MD },
	{ "text", REPORT_TXT },
	{ NULL, REPORT_TXT },
};

/* "txt", "md", "html" (or "text", "markdown") into *f; -EINVAL for anything
 * else. */
int
report_format_parse(const char *s, enum report_format *f)
{
	for (const struct report_format_name *n = report_format_names; n->name != NULL; n++) {
		if (strcmp(s, n->name) == 0) {
			*f = n->format;
			return 0;
		}
	}
	return -EINVAL;
}

/* Add a drive column for each run's matched database drive (once per
 * family, as `compare` does: cmptab_add_matched) and keep their sheets for
 * the sections. */
static int
report_add_drives(struct report *r, struct specdb *db, struct dd_error *err)
{
	if (cmptab_add_matched(&r->tab, db, &r->a, err) < 0)
		return err->code;
	for (size_t c = 0; c < r->tab.ncols; c++)
		if (r->tab.cols[c].kind == CMPTAB_DRIVE &&
		    r->nsheets < sizeof r->sheets / sizeof r->sheets[0])
			r->sheets[r->nsheets++] = r->tab.cols[c].sheet;
	return 0;
}

/* Add the run columns and build the comparison table. */
static int
report_table_build(struct report *r, struct specdb *db, struct dd_error *err)
{
	for (size_t i = 0; i < r->nruns; i++) {
		int col = cmptab_add_results_run(&r->tab, &r->runs[i], err);

		if (col < 0)
			return err->code;
	}
	if (report_add_drives(r, db, err) < 0)
		return err->code;
	return cmptab_build(&r->tab, err);
}

/* Build the document of runs already in memory (taken over). */
int
report_build_loaded(struct report *r, struct specdb *db, struct results_run *runs,
		    const int64_t *ids, size_t n, struct dd_error *err)
{
	r->runs = calloc(n ? n : 1, sizeof *r->runs);
	r->ids = calloc(n ? n : 1, sizeof *r->ids);
	if (r->runs == NULL || r->ids == NULL) {
		for (size_t i = 0; i < n; i++)
			results_run_free(&runs[i]);
		return dd_error_set(err, -ENOMEM, "out of memory building the report");
	}
	for (size_t i = 0; i < n; i++) {
		r->runs[i] = runs[i];
		r->ids[i] = ids != NULL ? ids[i] : runs[i].prov.id;
	}
	r->nruns = n;
	if (report_table_build(r, db, err) < 0)
		return err->code;
	return report_sections(r, err);
}

/* Load the runs specs name from store and build the document. */
int
report_build_runs(struct report *r, struct results *store, struct specdb *db,
		  const char *const *specs, size_t n, struct dd_error *err)
{
	struct results_run runs[REPORT_RUNS_MAX];
	int64_t		   ids[REPORT_RUNS_MAX];
	size_t		   got = 0;
	int		   rc = 0;

	if (n == 0 || n > REPORT_RUNS_MAX)
		return dd_error_set(err, -EINVAL, "a report shows 1 to %d runs (%zu given)",
				    REPORT_RUNS_MAX, n);
	memset(runs, 0, sizeof runs);
	for (; got < n && rc == 0; got++) {
		rc = results_resolve_distinct(store, specs[got], specs, ids, got, &ids[got], err);
		if (rc == -ENOENT && strncmp(specs[got], "last", 4) != 0)
			dd_error_set(err, -ENOENT, "no run %s%s in %s", specs[got][0] == '#' ? "" : "#",
				     specs[got], results_path(store));
		if (rc == 0)
			rc = results_run_load(store, ids[got], &runs[got], err);
	}
	if (rc < 0) {
		for (size_t i = 0; i < got; i++)
			results_run_free(&runs[i]);
		return rc;
	}
	return report_build_loaded(r, db, runs, ids, n, err);
}

/* Build a spec-sheet-only page of the drive a query names: its sheet as
 * `show` loads it (one capacity point, or the family's every one), and
 * the drive as the comparison table's one column, as `compare` has it. */
int
report_build_drive(struct report *r, struct specdb *db, const char *query,
		   struct dd_error *err)
{
	struct spec_answer	 ans;
	struct spec_sheet	*sh = arena_alloc(&r->a, sizeof *sh);
	const struct spec_drive *d = NULL;
	const char		*point;
	char			 label[256];

	if (sh == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory building the report");
	if (specdb_query(db, query, &r->a, &ans, err) < 0)
		return err->code;
	if (ans.kind == SPEC_ANSWER_NONE) {
		char msg[1024];

		return dd_error_set(err, -ENOENT, "%s",
				    specdb_answer_none_text(&ans, query, msg, sizeof msg));
	}
	if (ans.kind != SPEC_ANSWER_ONE)
		return dd_error_set(err, -EINVAL, "'%s' matches %zu drives: name one", query,
				    ans.ncands);
	if (specdb_sheet(db, ans.cands[0].family_id, ans.cands[0].drive_id, &r->a, sh, err) < 0)
		return err->code;
	r->sheets[r->nsheets++] = sh;
	point = cmptab_compared_point(&sh->family, sh->only_drive);
	specdb_find_drive(&sh->family, 1, point, &d);
	if (cmptab_add_drive(&r->tab, sh, point,
			     specdb_drive_label(&sh->family, d, true, label, sizeof label), err) < 0 ||
	    cmptab_build(&r->tab, err) < 0)
		return err->code;
	return report_sections_drive(r, sh, query, err);
}

/* Write the document in o's format into a malloc'd buffer. */
int
report_write(const struct report *r, const struct report_opts *o, char **out, size_t *len)
{
	FILE *f = open_memstream(out, len);
	int   rc;

	if (f == NULL)
		return -ENOMEM;
	rc = o->format == REPORT_HTML ? report_write_html(r, f) : report_write_text(r, o, f);
	if (fclose(f) != 0 || rc < 0) {
		free(*out);
		*out = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* The file name the dashboard saves a report of r under. */
char *
report_file_name(const struct report *r, char *buf, size_t len)
{
	size_t o = (size_t)snprintf(buf, len, "drivedash-report");

	for (size_t i = 0; i < r->nruns && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "-%lld", (long long)r->ids[i]);
	if (o < len)
		snprintf(buf + o, len - o, ".html");
	return buf;
}
