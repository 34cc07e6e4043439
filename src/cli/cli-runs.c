/*
 * `drivedash runs`: the runs in the results store (src/core/results.h),
 * newest first, one line each -- id, local start date, host, drive (the
 * database drive it was matched to or swept against, else the model; the
 * serial; else the target), preset, points, the headline figures (best
 * IOPS, best MB/s, best 4K random read QD1 mean), how the run ended
 * ("interrupted" for one still marked running: its process was killed),
 * the verdict stored when it was judged, and the text typed to name the
 * drive (`check --model`) as its query --
 * or, with --json, an array of every run's whole provenance.  Free words narrow the list as
 * struct results_query says (drive, serial:, host:, drive:, since:, until:).
 *
 * Also the one way the CLI opens the store (cli_results_open), shared with
 * `export` and `import`: --results PATH, else the default location.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "cli/cli-options.h"
#include "core/format.h"
#include "core/results.h"
#include "lib/file.h"
#include "lib/utf8.h"

/* Open the store at path (NULL: the default), printing why not.  For
 * RESULTS_READ a store that does not exist is -ENOENT with nothing printed,
 * so the caller can say what that means for it.  pathbuf gets the path. */
int
cli_results_open(const char *path, enum results_mode mode, struct results **db, char *pathbuf,
		 size_t len)
{
	struct dd_error err = { 0 };
	int		rc;

	*db = NULL;
	if (path == NULL && (rc = results_default_path(pathbuf, len, &err)) < 0) {
		cli_error("%s", err.msg);
		return rc;
	}
	if (path != NULL)
		dd_strlcpy(pathbuf, path, len);
	rc = results_open(db, pathbuf, mode, &err);
	if (rc == -ENOENT && mode == RESULTS_READ)
		return rc;
	if (rc < 0)
		cli_error("%s", err.msg);
	return rc;
}

/* How a run reads in the list: "interrupted" for one never ended. */
static const char *
runs_state(const struct results_prov *p)
{
	return p->state[0] ? results_prov_state(p) : "-";
}


/* The drive column: the matched drive (else the model) and serial, else
 * the target (and its device). */
static void
runs_drive(const struct results_prov *p, char *buf, size_t len)
{
	if (p->drive_label[0])
		snprintf(buf, len, "%s%s%s", p->drive_label, p->serial[0] ? " " : "", p->serial);
	else if (p->model[0])
		snprintf(buf, len, "%s%s%s", p->model, p->serial[0] ? " " : "", p->serial);
	else if (p->drive_label[0])
		snprintf(buf, len, "%s", p->drive_label);
	else if (p->target_path[0] && p->device[0] &&
		 strcmp(file_base(p->target_path), p->device) != 0)	/* a file: its name is enough */
		snprintf(buf, len, "%s on %s", file_base(p->target_path), p->device);
	else if (p->target_desc[0])	/* a device with no model: what it is */
		snprintf(buf, len, "%s", strncmp(p->target_desc, "block device ", 13) == 0 ?
			 p->target_desc + 13 : p->target_desc);
	else
		snprintf(buf, len, "%s", p->target_path[0] ? p->target_path : "-");
}

/* The local start date without seconds: "2026-12-01 15:03". */
static void
runs_date(const struct results_prov *p, char *buf, size_t len)
{
	snprintf(buf, len, "%.16s", p->start_local[0] ? p->start_local : "-");
	if (strlen(buf) > 10 && buf[10] == 'T')
		buf[10] = ' ';
}

/* The table's columns: on a narrow terminal the preset, host and date
 * are cut, then the points, state, preset, host, latency and throughput
 * go; the id, the drive, the best IOPS and the verdict stay. */
static const struct cli_table_col runs_cols[] = {
	{ "ID", "", 5, 0, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "DATE", "  ", 16, 3, 0, NULL, 0, NULL, NULL },
	{ "HOST", "  ", 14, 5, CLI_TABLE_CUT, "HOST", 8, NULL, NULL },
	{ "DRIVE", "  ", 34, 1, CLI_TABLE_CUT, "DRIVE", 20, NULL, NULL },
	{ "PRESET", "  ", 16, 6, CLI_TABLE_CUT, "PRESET", 8, NULL, NULL },
	{ "PTS", "  ", 4, 7, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "BEST IOPS", "  ", 9, 0, CLI_TABLE_RIGHT, "IOPS", 0, NULL, NULL },
	{ "BEST MB/s", "  ", 9, 2, CLI_TABLE_RIGHT, "MB/s", 0, NULL, NULL },
	{ "QD1 MEAN", "  ", 8, 4, CLI_TABLE_RIGHT, "QD1", 0, NULL, NULL },
	{ "STATE", "  ", 11, 6, 0, NULL, 0, NULL, NULL },
	{ "VERDICT", "  ", 0, 0, CLI_TABLE_FREE, NULL, 0, NULL, NULL },
};

/* Add run p's row to the table. */
static int
runs_add_row(struct cli_table *t, const struct results_prov *p)
{
	char id[24], date[24], drive[4352], host[512], dcell[1024], pcell[512];
	char pts[24], iops[32], mbps[32], qd1[32], verdict[4224];

	snprintf(id, sizeof id, "%lld", (long long)p->id);
	runs_date(p, date, sizeof date);
	runs_drive(p, drive, sizeof drive);
	/* Foreign text quoted inert (a host name, a plan name). */
	utf8_escape(p->host, host, sizeof host);
	utf8_escape(drive, dcell, sizeof dcell);
	utf8_escape(p->plan_name, pcell, sizeof pcell);
	snprintf(pts, sizeof pts, "%zu", p->npoints);
	fmt_count(p->best_iops, iops, sizeof iops);
	if (isfinite(p->best_mbps))
		fmt_number(p->best_mbps, p->best_mbps < 100 ? 1 : 0, mbps, sizeof mbps);
	else
		snprintf(mbps, sizeof mbps, "-");
	if (isfinite(p->qd1_mean_us))
		snprintf(qd1, sizeof qd1, "%.1f %ss", p->qd1_mean_us, cli_glyph(CLI_G_MICRO));
	else
		snprintf(qd1, sizeof qd1, "-");
	snprintf(verdict, sizeof verdict, "%s%s%s%s", p->verdict[0] ? p->verdict : "-",
		 p->query[0] ? " query \"" : "", p->query, p->query[0] ? "\"" : "");
	return cli_table_add(t, (const char *const[]){ id, date, host, dcell, pcell, pts, iops,
			     mbps, qd1, runs_state(p), verdict });
}

/* Print the table. */
static void
runs_print_text(const struct results_prov *runs, size_t n, const char *path)
{
	struct cli_table t;
	FILE		*note;

	cli_table_init(&t, runs_cols, sizeof runs_cols / sizeof runs_cols[0]);
	for (size_t i = 0; i < n; i++)
		runs_add_row(&t, &runs[i]);
	cli_table_print(&t, stdout);
	cli_table_free(&t);
	note = cli_help_begin();
	cli_fprintf(note, "\n%zu run%s in %s.  'drivedash export ID --format json|csv|fio-json' "
		    "for every point.\n", n, n == 1 ? "" : "s", path);
	cli_note_end(note);
}

/* Say the store is empty, where it is, and how to fill it. */
static void
runs_print_empty(const char *path)
{
	cli_printf("No runs stored yet in %s.  'drivedash run', 'check' and the dashboard "
		   "store every sweep there (unless --no-save), and 'drivedash import FILE' "
		   "stores fio's JSON output.\n", path);
}

/* The free words of the query as one string (malloc'd; "" for none). */
static char *
runs_query_text(int argc, char **argv)
{
	size_t len = 1;
	char  *s;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	if ((s = calloc(1, len)) == NULL)
		return NULL;
	for (int i = 0; i < argc; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

/* Print the runs as text or JSON; the exit code. */
static int
runs_print(const struct results_prov *runs, size_t n, bool json, const char *path,
	   const char *query)
{
	if (json) {
		json_t *a = json_array();

		for (size_t i = 0; i < n; i++)
			json_array_append_new(a, cli_json_prov(&runs[i]));
		int rc = cli_print_json(a);

		return rc != EXIT_OK ? rc : n == 0 && query[0] ? EXIT_NOMATCH : EXIT_OK;
	}
	if (n == 0 && query[0] == '\0') {
		runs_print_empty(path);
		return cli_stdout_flush("the list") < 0 ? EXIT_USAGE : EXIT_OK;
	}
	if (n == 0) {
		cli_error("no stored run matches '%s' (in %s)", query, path);
		return EXIT_NOMATCH;
	}
	runs_print_text(runs, n, path);
	return cli_stdout_flush("the list") < 0 ? EXIT_USAGE : EXIT_OK;
}

/* List the runs of an open store matching query. */
static int
runs_list(struct results *db, const char *query, bool json, const char *path)
{
	struct results_query q = { .text = query[0] ? query : NULL };
	struct results_prov *runs = NULL;
	struct dd_error	     err = { 0 };
	size_t		     n = 0;
	int		     rc;

	if (results_list(db, &q, &runs, &n, &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	rc = runs_print(runs, n, json, path, query);
	free(runs);
	return rc;
}

/* Print the options of runs. */
static void
runs_usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s runs [--json] [--results PATH] [QUERY...]\n\n"
		   "The runs in the results store, newest first.  QUERY words each match a\n"
		   "drive, model, serial, host, preset or run name; serial:X, host:X, drive:X,\n"
		   "since:YYYY-MM-DD and until:YYYY-MM-DD narrow to one field.\n\n"
		   "  --json          every run's provenance as a JSON array\n"
		   "  --results PATH  the results store (default $XDG_DATA_HOME/drivedash/results.db)\n",
		prog);
}

/* `drivedash runs [--json] [--results PATH] [QUERY...]`. */
int
cmd_runs(struct cli_ctx *ctx, int argc, char **argv)
{
	struct cli_options co;
	const char	*path;
	struct results	*db;
	char		 where[4096], *query;
	bool		 json = false;
	int		 c, rc;

	cli_options_init(&co, "runs", CLI_OG_JSON | CLI_OG_RESULTS, NULL, NULL);
	while ((c = cli_options_next(&co, argc, argv)) != -1) {
		switch (c) {
		case 'h':
			{
				FILE *help = cli_help_begin();

				runs_usage(help, ctx->progname);
				cli_help_end(help);
			}
			return EXIT_OK;
		default:
			runs_usage(stderr, ctx->progname);
			return EXIT_USAGE;
		}
	}
	json = co.json;
	path = co.store.path;
	if ((query = runs_query_text(argc - optind, argv + optind)) == NULL) {
		cli_error("out of memory");
		return EXIT_USAGE;
	}
	rc = cli_results_open(path, RESULTS_READ, &db, where, sizeof where);
	if (rc == -ENOENT)	/* no store yet: nothing stored, not an error */
		rc = runs_print(NULL, 0, json, where, query);
	else if (rc < 0)
		rc = EXIT_USAGE;
	else
		rc = runs_list(db, query, json, where);
	results_close(db);
	free(query);
	return rc;
}
