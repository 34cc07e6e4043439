/*
 * `drivedash report RUN [RUN...] [-o FILE] [--format html|md|txt]
 * [--results PATH]`: a report to forward, of stored runs side by side (RUN
 * as `compare` and results_resolve name them: "12", "#12", "last",
 * "last:SERIAL", "run:SPEC") or, for one operand that is not a run
 * ("drive:QUERY" or a drive query), the spec sheet of that drive.
 *
 * The document and its writers are the ui layer's (src/ui/report.h): this
 * file parses, opens the store and the database, picks the format and
 * writes.  The format: --format when given; else by -o's extension (".md"
 * Markdown, ".txt" text, anything else HTML); without -o, text.  Without
 * -o every format goes to stdout (so `> file` works too); text and
 * Markdown in the locale's character set (cli_fprintf: ASCII under
 * LANG=C), HTML always UTF-8.  -o follows the rules of every output file
 * (safety_outfile_open's judge over lib/outfile.h, as export -o and run
 * --json FILE): a regular file or nothing at the name, replaced whole.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "cli/cli-options.h"
#include "io/safety.h"
#include "lib/outfile.h"
#include "ui/report.h"

/* What the command was asked. */
struct share_opts {
	const char	  *output;	/* -o; NULL stdout */
	bool		   format_given;
	enum report_format format;
	const char	  *store_path;	/* --results; NULL the default */
};

/* Print the options of report. */
static void
share_usage(FILE *f, const char *prog)
{
	cli_fprintf(f, "usage: %s report RUN [RUN...] [-o FILE] [--format html|md|txt] "
		    "[--results PATH]\n\n"
		    "A report to forward: stored runs (RUN: 12, #12, last, last:SERIAL) side by\n"
		    "side, or the spec sheet of a drive (drive:QUERY).\n\n"
		    "  --format F      html (one self-contained page with charts), md (Markdown\n"
		    "                  tables) or txt (80 columns); default: by -o's extension\n"
		    "                  (.md, .txt, else html), txt without -o\n"
		    "  -o, --output F  write FILE whole (a temporary file renamed over it); - is\n"
		    "                  standard output\n"
		    "  --results PATH  the results store (default $XDG_DATA_HOME/drivedash/results.db)\n",
		    prog);
}

/* The format by -o's extension when --format was not given. */
static enum report_format
share_default_format(const struct share_opts *o)
{
	const char *dot;

	if (o->format_given)
		return o->format;
	if (o->output == NULL)
		return REPORT_TXT;
	dot = strrchr(o->output, '.');
	if (dot != NULL && strcmp(dot, ".md") == 0)
		return REPORT_MD;
	if (dot != NULL && strcmp(dot, ".txt") == 0)
		return REPORT_TXT;
	return REPORT_HTML;
}

/* Parse the options; operands are left at argv[optind..]. -1: --help. */
static int
share_parse(struct share_opts *o, struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_options co;
	int		   c;

	cli_options_init(&co, "report", CLI_OG_RESULTS, opts, "f:o:");
	while ((c = cli_options_next(&co, argc, argv)) != -1) {
		switch (c) {
		case 'f':
			if (report_format_parse(optarg, &o->format) < 0) {
				cli_error("--format '%s': expected html, md or txt", optarg);
				return EXIT_USAGE;
			}
			o->format_given = true;
			break;
		case 'o':
			o->output = cli_output_path(optarg);
			break;
		case 'h':
			{
				FILE *help = cli_help_begin();

				share_usage(help, ctx->progname);
				cli_help_end(help);
			}
			return -1;
		default:
			share_usage(stderr, ctx->progname);
			return EXIT_USAGE;
		}
	}
	o->store_path = co.store.path;
	if (argc - optind < 1 || argc - optind > REPORT_RUNS_MAX) {
		cli_error("report takes 1 to %d runs (got %d); see report --help",
			  REPORT_RUNS_MAX, argc - optind);
		return EXIT_USAGE;
	}
	o->format = share_default_format(o);
	return EXIT_OK;
}

/* Build the report of the runs argv names; an exit code. */
static int
share_build_runs(struct report *r, const struct share_opts *o, struct specdb *db,
		 int argc, char **argv)
{
	struct dd_error err = { 0 };
	struct results *store;
	const char     *specs[REPORT_RUNS_MAX];
	char		where[4096];
	size_t		n = 0;
	int		rc = cli_results_open(o->store_path, RESULTS_READ, &store, where,
					      sizeof where);

	if (rc == -ENOENT) {
		cli_error("no results store at %s: no run to report ('drivedash run', 'check', "
			  "the dashboard and 'drivedash import' store runs there)", where);
		return EXIT_NOMATCH;
	}
	if (rc < 0)
		return EXIT_USAGE;
	for (int i = optind; i < argc; i++) {
		if (!cli_operand_is_run(argv[i], true, &specs[n])) {
			cli_error("'%s' is a drive query: a report of a drive takes it alone "
				  "(drive:QUERY); runs are 12, #12, last, last:SERIAL", argv[i]);
			results_close(store);
			return EXIT_USAGE;
		}
		n++;
	}
	rc = report_build_runs(r, store, db, specs, n, &err);
	results_close(store);
	if (rc < 0) {
		cli_error("%s", err.msg);
		return rc == -ENOENT ? EXIT_NOMATCH : EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Write the text to stdout, or whole to the output file f (opened and judged
 * before any work started); an exit code. */
static int
share_write(const struct share_opts *o, struct outfile *f, const char *text, size_t len)
{
	struct dd_error err = { 0 };
	char	       *conv = NULL;
	size_t		clen = 0;
	FILE	       *m;
	int		rc = 0;

	if (f == NULL) {
		if (o->format == REPORT_HTML)
			fwrite(text, 1, len, stdout);
		else
			cli_printf("%s", text);
		return cli_stdout_flush("the report") < 0 ? EXIT_USAGE : EXIT_OK;
	}
	/* Text and Markdown in the locale's character set, as on stdout. */
	if (o->format != REPORT_HTML && (m = open_memstream(&conv, &clen)) != NULL) {
		rc = cli_fprintf(m, "%s", text) < 0 ? -1 : 0;
		if (fclose(m) != 0 || rc < 0) {
			free(conv);
			cli_error("out of memory writing the report");
			return EXIT_USAGE;
		}
		text = conv;
		len = clen;
	}
	rc = outfile_replace(f, text, len, &err);
	free(conv);
	if (rc < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Build the report the operands name; an exit code. */
static int
share_build(struct report *r, const struct share_opts *o, struct cli_ctx *ctx,
	    struct specdb **db, int argc, char **argv)
{
	struct dd_error err = { 0 };
	const char     *spec;

	if (argc - optind == 1 && !cli_operand_is_run(argv[optind], true, &spec)) {
		if ((*db = cli_open_db(ctx)) == NULL)
			return EXIT_USAGE;
		if (report_build_drive(r, *db, spec, &err) < 0) {
			cli_error("%s", err.msg);
			return err.code == -ENOENT ? EXIT_NOMATCH :
			       err.code == -EINVAL ? EXIT_AMBIGUOUS : EXIT_USAGE;
		}
		return EXIT_OK;
	}
	if (cli_open_db_optional(ctx, db) < 0)
		return EXIT_USAGE;
	return share_build_runs(r, o, *db, argc, argv);
}

/* `drivedash report`. */
int
cmd_report(struct cli_ctx *ctx, int argc, char **argv)
{
	struct share_opts  o = { 0 };
	struct report	   r;
	struct report_opts ro = { 0 };
	struct dd_error	   err = { 0 };
	struct outfile	   f;
	struct specdb	  *db = NULL;
	char		  *text = NULL;
	size_t		   len = 0;
	int		   rc = share_parse(&o, ctx, argc, argv);

	if (rc != EXIT_OK)
		return rc < 0 ? EXIT_OK : rc;
	/* -o is judged before any work, as every output file is. */
	if (o.output != NULL && safety_outfile_open(&f, o.output, -1, &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	report_init(&r);
	rc = share_build(&r, &o, ctx, &db, argc, argv);
	ro.format = o.format;
	ro.cp_width = cli_text_cp_width;	/* lines fit as cli_fprintf writes them */
	if (rc == EXIT_OK && report_write(&r, &ro, &text, &len) < 0) {
		cli_error("out of memory writing the report");
		rc = EXIT_USAGE;
	}
	if (rc == EXIT_OK)
		rc = share_write(&o, o.output != NULL ? &f : NULL, text, len);
	if (o.output != NULL)
		outfile_close(&f);
	free(text);
	report_free(&r);
	specdb_close(db);
	return rc;
}
