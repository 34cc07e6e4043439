/*
 * `drivedash import FILE... [--name NAME] [--results PATH]`: fio 3.x JSON
 * output (json or json+, one job or many, client/server) into the results
 * store, one run per file, so fio's numbers list, export and compare like
 * drivedash's own.
 *
 * All or nothing: every file is read and converted (cli_fio_parse) before
 * the store is opened; the first file that is not fio JSON is one sentence
 * naming the file and the key, and nothing is stored.  Each run is stored in
 * one transaction (results_run_store); should a later one fail, the runs
 * stored before it are deleted again.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli-fio.h"
#include "cli/cli.h"
#include "cli/cli-table.h"
#include "cli/cli-options.h"
#include "core/results.h"
#include "lib/file.h"

/* What import reads of one file: a json+ file of many jobs is a few MB, and
 * jansson holds a document in about ten times its size, so a larger file
 * would need more memory than a small host or container has. */
#define IMPORT_MAX_BYTES (64u << 20)

/* The run's plan name: the file's base name less ".json". */
static void
import_plan_name(const char *file, char *buf, size_t len)
{
	file_stem(file, ".json", buf, len);
}

/* Read and convert one file into run, named name (NULL: by what it is). */
static int
import_read(const char *file, const char *name, struct results_run *run)
{
	struct dd_error err = { 0 };
	char	       *text = NULL;
	size_t		len = 0;
	int		rc = file_read_all("fio output", file, IMPORT_MAX_BYTES, &text, &len, &err);

	if (rc == 0)
		rc = cli_fio_parse(file, text, len, run, &err);
	free(text);
	if (rc < 0) {
		cli_error("%s; nothing imported", err.msg);
		return rc;
	}
	if (realpath(file, run->prov.imported_from) == NULL)
		dd_strlcpy(run->prov.imported_from, file, sizeof run->prov.imported_from);
	import_plan_name(file, run->prov.plan_name, sizeof run->prov.plan_name);
	if (name != NULL)
		dd_strlcpy(run->prov.name, name, sizeof run->prov.name);
	else
		results_run_name(&run->prov, true, run->prov.name,
				 sizeof run->prov.name);
	return 0;
}

/* Store every run, or (deleting what was stored) none; an exit code. */
static int
import_store(struct results *db, struct results_run *runs, size_t n, char **files)
{
	struct dd_error err = { 0 };
	size_t		i;

	for (i = 0; i < n; i++)
		if (results_run_store(db, &runs[i], &err) < 0)
			break;
	if (i == n)
		return EXIT_OK;
	cli_error("%s: %s; nothing imported", files[i], err.msg);
	while (i-- > 0)
		if (results_run_delete(db, runs[i].prov.id, &err) < 0)
			cli_error("run %lld (%s) stays stored: %s", (long long)runs[i].prov.id,
				  files[i], err.msg);
	return EXIT_USAGE;
}

/* Say what each file became (wrapped to a terminal's width). */
static void
import_report(const struct results_run *runs, size_t n, char **files, const char *where)
{
	FILE *w = cli_wrap_begin(stdout);

	for (size_t i = 0; i < n; i++) {
		const struct results_prov *p = &runs[i].prov;

		cli_fprintf(w, "imported %s as run %lld: %zu point%s (%s, host %s) %s %s\n",
			    files[i], (long long)p->id, runs[i].n, runs[i].n == 1 ? "" : "s",
			    p->version, p->host, cli_glyph(CLI_G_EMDASH), p->name);
	}
	cli_fprintf(w, "Stored in %s; 'drivedash runs' lists them.\n", where);
	cli_wrap_end(w, stdout);
}

/* Read every file, then store them all; an exit code. */
static int
import_files(const char *path, const char *name, char **files, size_t n)
{
	struct results_run *runs = calloc(n, sizeof *runs);
	struct results	   *db = NULL;
	char		    where[4096];
	size_t		    done = 0;
	int		    rc = EXIT_OK;

	if (runs == NULL) {
		cli_error("out of memory");
		return EXIT_USAGE;
	}
	for (; done < n && rc == EXIT_OK; done++)
		if (import_read(files[done], name, &runs[done]) < 0)
			rc = EXIT_USAGE;
	if (rc == EXIT_OK && cli_results_open(path, RESULTS_WRITE, &db, where, sizeof where) < 0)
		rc = EXIT_USAGE;
	if (rc == EXIT_OK)
		rc = import_store(db, runs, n, files);
	results_close(db);
	if (rc == EXIT_OK)
		import_report(runs, n, files, where);
	for (size_t i = 0; i < done; i++)
		results_run_free(&runs[i]);
	free(runs);
	if (rc == EXIT_OK && cli_stdout_flush("the import report") < 0)
		rc = EXIT_USAGE;
	return rc;
}

/* Print the options of import. */
static void
import_usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s import FILE... [--name NAME] [--results PATH]\n\n"
		   "fio 3.x output (--output-format=json or json+; one or many jobs; client/server)\n"
		   "into the results store, one run per file; a job becomes a point.  Every file\n"
		   "is checked before any is stored: one bad file imports nothing.\n\n"
		   "  --name NAME     the runs' name (default: target, preset and date)\n"
		   "  --results PATH  the results store (default $XDG_DATA_HOME/drivedash/results.db)\n",
		prog);
}

/* `drivedash import FILE... [--name NAME] [--results PATH]`. */
int
cmd_import(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "name", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_options co;
	const char	  *name = NULL;
	int		   c;

	cli_options_init(&co, "import", CLI_OG_RESULTS, opts, NULL);
	while ((c = cli_options_next(&co, argc, argv)) != -1) {
		switch (c) {
		case 'n':
			name = optarg;
			break;
		case 'h':
			{
				FILE *help = cli_help_begin();

				import_usage(help, ctx->progname);
				cli_help_end(help);
			}
			return EXIT_OK;
		default:
			import_usage(stderr, ctx->progname);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		cli_error("import needs at least one FILE of fio JSON output "
			  "(fio --output-format=json or json+)");
		return EXIT_USAGE;
	}
	return import_files(co.store.path, name, argv + optind, (size_t)(argc - optind));
}
