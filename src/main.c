/*
 * drivedash entry point: global options, then dispatch to a subcommand.
 * Standard output is the product of list, show, detect and run: a closed
 * stdout is refused before anything runs, and a write that failed (a full
 * disk, a closed pipe's EPIPE) turns the exit status non-zero with a
 * sentence on stderr instead of losing the table silently.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli-table.h"

const struct cli_command cli_commands[] = {
	{ "list", cmd_list, "[--json]", "list every drive family in the specs database" },
	{ "show", cmd_show, "QUERY [--json]",
	  "spec sheet and published measurements of a family or capacity" },
	{ "run", cmd_run, "--target PATH ...",
	  "run a sweep (preset, points or plan file) headless" },
	{ "detect", cmd_detect, "[--json]",
	  "NVMe controllers and block devices here, matched to the database" },
	{ "check", cmd_check, "DEVICE [options]",
	  "spot-check a drive against its spec sheet: a verdict per metric" },
	{ "runs", cmd_runs, "[--json] [QUERY]",
	  "the runs in the results store: date, host, drive, headline figures" },
	{ "export", cmd_export, "RUN --format F",
	  "a stored run as json, csv, fio-json (fio's own output keys) or text" },
	{ "import", cmd_import, "FILE...",
	  "fio 3.x json/json+ output into the results store" },
	{ "compare", cmd_compare, "A [B C D] [--json]",
	  "drives and stored runs point by point: spec, review, measured, drift" },
	{ "report", cmd_report, "RUN... [-o FILE]",
	  "a report to forward: runs side by side as html (charts), md or txt" },
	{ "db", cmd_db, "check|dump ...",
	  "validate the lab's overlay files; dump a drive's rows as overlay SQL" },
	{ "ui", cmd_ui, "[--theme NAME] ...",
	  "the dashboard (also: no command, on a terminal)" },
	{ "complete", cmd_complete, NULL, NULL },	/* hidden: the shells' completion */
	{ NULL, NULL, NULL, NULL },
};

/* Print usage to the given stream. */
static void
usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s [--db FILE] [--no-overlay] [--wide] COMMAND [ARGS]\n\n"
		   "Enterprise NVMe SSD specs, review results and live I/O sweeps.\n\n"
		   "Commands:\n", prog);
	for (const struct cli_command *c = cli_commands; c->name; c++)
		if (c->summary != NULL)	/* NULL: hidden */
			fprintf(f, "  %-6s %-18s %s\n", c->name, c->args, c->summary);
	fprintf(f, "\nOptions:\n"
		   "  --db FILE      specs database to read (default: $DRIVEDASH_DB, then the\n"
		   "                 one next to the program, then the installed one)\n"
		   "  --no-overlay   ignore the lab's overlay files in $XDG_CONFIG_HOME/drivedash\n"
		   "                 (also: DRIVEDASH_NO_OVERLAY=1)\n"
		   "  --wide         every table whole on a terminal too (off a terminal\n"
		   "                 tables always are): drivedash --wide list\n"
		   "  -h, --help     this help; COMMAND --help for a command's options\n"
		   "  -V, --version  print the version\n\n"
		   "With no command, the dashboard's options start it: drivedash --time-scale\n"
		   "0.1 is drivedash ui --time-scale 0.1 (drivedash ui --help lists them).\n"
		   "Preferences: $XDG_CONFIG_HOME/drivedash/config (drivedash(1), FILES).\n\n"
		   "Exit status: 0 ok, 1 no match or a point failed, 2 usage, target or\n"
		   "database error, 3 check WARN, 4 check FAIL, 5 drive not in the database,\n"
		   "6 query matches several families, 129 SIGHUP,\n"
		   "130 SIGINT, 131 SIGQUIT, 143 SIGTERM.\n"
		   "See drivedash(1).\n");
}

/* Hold every closed descriptor of 0, 1, 2 on /dev/null, so no file the
 * program opens lands there; true when stdout was closed. */
static bool
main_hold_stdio(void)
{
	bool out_closed = false;

	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		if (fd == STDOUT_FILENO)
			out_closed = true;
		/* open() takes the lowest free descriptor: this one. */
		int nfd = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);

		if (nfd > fd)
			close(nfd);
	}
	return out_closed;
}

/* The process's locale: the environment's for characters (ncursesw draws
 * wide characters, cli-text picks UTF-8 or ASCII glyphs, wcwidth measures
 * columns), messages and time, but LC_NUMERIC stays "C" for the whole
 * process.  Every number the program reads or writes goes through the C
 * library's locale-aware conversions (strtod, printf's %f and %g, in our
 * code, sqlite's and jansson's), and nearly all of it is a machine format:
 * CSV, JSON, fio job files and fio's own output, SQL, plan files, what the
 * user types as an option.  A decimal comma there shifts CSV columns and
 * makes "0.5" unreadable; keeping one numeric locale for the process, set
 * here before any thread starts, is the one place no conversion can miss
 * (uselocale or strtod_l would have to be at every call, and a library's
 * own calls are out of reach).  Text for people shows numbers the same way,
 * with a decimal point, in every locale. */
static void
main_set_locale(void)
{
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
}

/* Flush stdout at the end: a lost table is an error, not success. */
static int
main_finish_stdout(int rc)
{
	if (cli_stdout_flush("the output") == 0)
		return rc;
	return rc == EXIT_OK ? EXIT_USAGE : rc;
}

/* An option that is not a global one before any command: the dashboard's
 * (`drivedash --time-scale 0.1` is `drivedash ui --time-scale 0.1`), from
 * argv[at] on; `ui` parses them and refuses what it does not know. */
static int
main_ui_options(struct cli_ctx *ctx, int argc, char **argv, int at)
{
	opterr = 1;
	argv[at - 1] = (char *)"ui";
	return cmd_ui(ctx, argc - at + 1, argv + at - 1);
}

/* Global options, then the subcommand; the exit status. */
static int
main_dispatch(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "no-overlay", no_argument, NULL, 'O' },
		{ "wide", no_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_ctx ctx = { .db_path = NULL, .progname = "drivedash", .commands = cli_commands };
	FILE	      *help;
	int	       c;

	main_set_locale();
	/* '+': stop at the subcommand; its own options are parsed by it.
	 * Unknown options are the dashboard's (main_ui_options). */
	opterr = 0;
	for (int at = optind = 1; (c = getopt_long(argc, argv, "+hV", opts, NULL)) != -1;
	     at = optind) {
		switch (c) {
		case 'd':
			ctx.db_path = optarg;
			break;
		case 'O':
			/* Through the environment, so every open (the dashboard's,
			 * run's match) reads the bundled data alone. */
			setenv("DRIVEDASH_NO_OVERLAY", "1", 1);
			break;
		case 'W':
			cli_table_set_wide(true);
			break;
		case 'h':
			help = cli_help_begin();
			usage(help, ctx.progname);
			return cli_help_end(help);
		case 'V':
			printf("drivedash %s\n", PACKAGE_VERSION);
			return EXIT_OK;
		default:
			if (optopt == 'd') {
				cli_error("option '--db' requires an argument");
				fprintf(stderr, "Try '%s --help'.\n", ctx.progname);
				return EXIT_USAGE;
			}
			return main_ui_options(&ctx, argc, argv, at);
		}
	}
	opterr = 1;
	if (optind >= argc) {
		/* No command: the dashboard on a terminal, the usage otherwise. */
		if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
			char *ui_argv[] = { "ui", NULL };

			return cmd_ui(&ctx, 1, ui_argv);
		}
		usage(stderr, ctx.progname);
		return EXIT_USAGE;
	}
	for (const struct cli_command *cmd = cli_commands; cmd->name; cmd++)
		if (strcmp(cmd->name, argv[optind]) == 0)
			return cmd->run(&ctx, argc - optind, argv + optind);
	cli_error("unknown command '%s'; try '%s --help'", argv[optind], ctx.progname);
	return EXIT_USAGE;
}

int
main(int argc, char **argv)
{
	if (main_hold_stdio()) {
		main_set_locale();
		cli_error("standard output is closed; redirect it to a file or to /dev/null");
		return EXIT_USAGE;
	}
	return cli_exit_finish(main_finish_stdout(main_dispatch(argc, argv)));
}
