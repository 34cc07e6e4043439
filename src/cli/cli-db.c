/*
 * `drivedash db`: the lab's overlay files (core/specdb-overlay.c).
 *
 *   db check FILE...     load the bundled database, the installed overlay
 *                        and FILE(s) as every command would, and report
 *                        every load error, then every consistency problem
 *                        of an overlay row, one "FILE:LINE: message" line
 *                        each on stdout; exit 0 clean, 1 problems, 2 usage.
 *   db dump --sql QUERY  the rows of the family or capacity point QUERY
 *                        names (as `show` finds it) as overlay SQL: a
 *                        starting point for the lab's own file.
 *
 * Nothing is installed or written but stdout.
 */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "lib/file.h"

/* What db check counts while the overlay loads. */
struct db_check_state {
	size_t problems;
};

/* One load error of db check: a problem line on stdout. */
static void
db_check_report(void *arg, const struct dd_error *e)
{
	struct db_check_state *s = arg;

	cli_printf("%s\n", e->msg);
	s->problems++;
}

/* The usage of `db`, on f. */
static void
db_usage(FILE *f, const char *prog)
{
	cli_fprintf(f,
		    "usage: %s db check FILE...\n"
		    "       %s db dump --sql QUERY\n"
		    "check: validate overlay files without installing them (the bundled\n"
		    "  database, the installed overlay in $XDG_CONFIG_HOME/drivedash, then\n"
		    "  FILE...): every problem as FILE:LINE: message; exit 0 clean, 1 problems.\n"
		    "dump: the rows of the family or capacity point QUERY names as overlay\n"
		    "  SQL (INSERT statements), a starting point for the lab's own file.\n",
		    prog, prog);
}

/* Every FILE must be a readable regular file (a usage error otherwise). */
static int
db_check_args(int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		struct dd_error err = { 0 };

		if (file_check_regular("overlay file", argv[i], &err) < 0) {
			cli_error("%s", err.msg);
			return -1;
		}
	}
	return 0;
}

/* The consistency problems of overlay rows, printed; how many. */
static size_t
db_check_rules(struct specdb *db, int *rc)
{
	struct dd_error	   err = { 0 };
	struct arena	   a = { 0 };
	struct spec_issue *is;
	size_t		   n, bad = 0;

	if (specdb_check(db, &a, &is, &n, &err) < 0) {
		cli_error("%s", err.msg);
		*rc = EXIT_USAGE;
		n = 0;
	}
	for (size_t i = 0; i < n; i++) {
		if (is[i].file == NULL)
			continue;	/* the bundled database's: tests/unit/test-data.c */
		cli_printf("%s:%d: %s: %s\n", is[i].file, is[i].line, is[i].rule,
			   is[i].detail);
		bad++;
	}
	arena_free(&a);
	return bad;
}

/* `drivedash db check FILE...`. */
static int
db_check(struct cli_ctx *ctx, int argc, char **argv)
{
	struct db_check_state	s = { 0 };
	struct specdb_open_opts o = {
		.extra = (const char *const *)argv, .nextra = (size_t)argc,
		.report = db_check_report, .report_arg = &s,
	};
	struct dd_error		err = { 0 };
	struct specdb	       *db;
	char		       *path;
	size_t			nfiles;
	int			rc = EXIT_OK;

	if (argc == 0) {
		cli_error("db check needs one or more overlay FILEs");
		return EXIT_USAGE;
	}
	if (db_check_args(argc, argv) < 0)
		return EXIT_USAGE;
	if ((path = specdb_locate(ctx->db_path, &err)) == NULL ||
	    specdb_open_with(path, &o, &db, &err) < 0) {
		cli_error("%s", err.msg);
		free(path);
		return EXIT_USAGE;
	}
	free(path);
	s.problems += db_check_rules(db, &rc);
	specdb_overlays(db, &nfiles);
	specdb_close(db);
	if (cli_stdout_flush("the problems") < 0)
		return EXIT_USAGE;
	if (rc != EXIT_OK)
		return rc;
	if (s.problems > 0) {
		cli_error("%zu problem%s in the overlay (%zu file%s checked)", s.problems,
			  s.problems == 1 ? "" : "s", nfiles, nfiles == 1 ? "" : "s");
		return EXIT_NOMATCH;
	}
	cli_fprintf(stderr, "drivedash: no problems (%zu overlay file%s checked)\n", nfiles,
		    nfiles == 1 ? "" : "s");
	return EXIT_OK;
}

/* The family (and capacity point) a dump's query names, through the one
 * query resolver (specdb_query, as show); an exit code. */
static int
db_dump_resolve(struct specdb *db, const char *query, struct arena *a, const char **family,
		const char **drive)
{
	struct dd_error	   err = { 0 };
	struct spec_answer ans;

	if (specdb_query(db, query, a, &ans, &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	if (ans.kind == SPEC_ANSWER_NONE) {
		char msg[1024];

		cli_error("%s", specdb_answer_none_text(&ans, query, msg, sizeof msg));
		return EXIT_NOMATCH;
	}
	if (ans.kind != SPEC_ANSWER_ONE) {
		for (size_t i = 0; i < ans.ncands; i++)
			cli_fprintf(stderr, "  %s\n", ans.cands[i].label);
		cli_error("'%s' names %s; a dump needs one family or capacity point", query,
			  ans.kind == SPEC_ANSWER_ATTRIBUTE ? "an attribute" : "several drives");
		return EXIT_AMBIGUOUS;
	}
	*family = ans.cands[0].family_id;
	*drive = ans.cands[0].drive_id;
	return EXIT_OK;
}

/* `drivedash db dump --sql QUERY`. */
static int
db_dump(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "sql", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dd_error err = { 0 };
	struct arena	a = { 0 };
	struct specdb  *db;
	const char     *family = NULL, *drive = NULL;
	char		query[256];
	int		c, rc;

	optind = 0;
	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		if (c == 's')
			continue;	/* the one format (and the default) */
		if (c == 'h') {
			{
				FILE *help = cli_help_begin();

				db_usage(help, ctx->progname);
				cli_help_end(help);
			}
			return EXIT_OK;
		}
		cli_error("usage: db dump --sql QUERY");
		return EXIT_USAGE;
	}
	if (optind >= argc) {
		cli_error("db dump needs a QUERY (a family, model or SKU, as show takes it)");
		return EXIT_USAGE;
	}
	cli_join_words(argc - optind, argv + optind, query, sizeof query);
	if ((db = cli_open_db(ctx)) == NULL)
		return EXIT_USAGE;
	rc = db_dump_resolve(db, query, &a, &family, &drive);
	if (rc == EXIT_OK && specdb_dump(db, family, drive, stdout, &err) < 0) {
		cli_error("%s", err.msg);
		rc = EXIT_USAGE;
	}
	if (rc == EXIT_OK && cli_stdout_flush("the dump") < 0)
		rc = EXIT_USAGE;
	arena_free(&a);
	specdb_close(db);
	return rc;
}

/* `drivedash db check|dump ...`. */
int
cmd_db(struct cli_ctx *ctx, int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "check") == 0) {
		int first = argc >= 3 && strcmp(argv[2], "--") == 0 ? 3 : 2;

		if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
			{
				FILE *help = cli_help_begin();

				db_usage(help, ctx->progname);
				cli_help_end(help);
			}
			return EXIT_OK;
		}
		return db_check(ctx, argc - first, argv + first);
	}
	if (argc >= 2 && strcmp(argv[1], "dump") == 0)
		return db_dump(ctx, argc - 1, argv + 1);
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		{
			FILE *help = cli_help_begin();

			db_usage(help, ctx->progname);
			cli_help_end(help);
		}
		return EXIT_OK;
	}
	db_usage(stderr, ctx->progname);
	return EXIT_USAGE;
}
