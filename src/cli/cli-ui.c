/*
 * `drivedash ui` (and `drivedash` with no command on a terminal): parse the
 * dashboard's options into a struct tui_opts and hand over to tui_run().
 * Everything curses lives in src/ui/; this file only checks that there is a
 * terminal and turns tui_run()'s error into one sentence and an exit code.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/hosts.h"
#include "core/session.h"
#include "ui/tui.h"

/* Print usage of `ui`. */
static void
ui_usage(FILE *f)
{
	size_t			     n;
	const struct dd_preset_info *pi = plan_presets(&n);

	fprintf(f,
		"usage: drivedash [--db FILE] [ui [options]]\n\n"
		"The dashboard: drives here and in the database, spec sheets, live sweeps\n"
		"against the spec sheet and the reviews, compare.  Press ? inside for keys.\n\n"
		"  --theme NAME|PATH   default, light, high-contrast, mono, or a theme file\n"
		"                      (drivedash-theme(5)); NO_COLOR=1 turns colour off\n"
		"  --ascii             ASCII glyphs instead of UTF-8 block, braille and box\n"
		"  -t, --target PATH   what sweeps measure: a block device or a file (a file\n"
		"                      path that does not exist, not under /dev, becomes a\n"
		"                      scratch file); default\n"
		"                      $TMPDIR/drivedash-scratch-UID.dat\n"
		"      --scratch PATH  a scratch file at PATH (must not exist), removed on exit\n"
		"  -s, --size SIZE     scratch file size (default 1G)\n"
		"      --keep          keep the scratch file on exit\n"
		"  -w, --allow-write   write points on devices and existing files\n"
		"      --force         write to a device the safety check refuses...\n"
		"      --confirm SERIAL ...when SERIAL is its serial (or kernel name)\n"
		"  -p, --preset NAME   the preset the sweep setup starts on (default spot)\n"
		"      --time-scale X  multiply every preset point's runtime and ramp\n"
		"      --runtime SEC   every preset point's measured time (the reference's\n"
		"                      acceptance-target points keep their stated runtime)\n"
		"      --ramp SEC      every point's ramp time\n"
		"      --results PATH  the results store sweeps are saved in (default\n"
		"                      $XDG_DATA_HOME/drivedash/results.db)\n"
		"      --no-save       do not store the dashboard's sweeps\n"
		"      --hosts FILE    a fleet: one fio server, device and drive per line\n"
		"                      (man drivedash, FLEET); opens on the Fleet screen\n"
		"      --host SPEC     one more host: 'ADDRESS DEVICE [DRIVE] [CONFIRM]'\n"
		"                      (repeatable)\n"
		"      --fio PATH      the fio client for --hosts (default: fio in PATH)\n"
		"      --connect-timeout SEC  give up on a fio server that has not\n"
		"                      answered in SEC seconds (default 10)\n\n"
		"Presets:\n");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "  %-10s %s\n", pi[i].name, pi[i].summary);
}

/* --scratch PATH: a scratch file there (it must not exist yet), as --target. */
static int
ui_scratch(const char *path, struct tui_opts *o)
{
	struct session_target st;
	struct dd_error	      err = { 0 };

	if (o->target != NULL) {
		cli_error("use one of --target and --scratch");
		return -1;
	}
	if (session_resolve_path(path, true, false, &st, &err) < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	o->target = path;
	return 0;
}

/* `drivedash ui`. */
int
cmd_ui(struct cli_ctx *ctx, int argc, char **argv)
{
	enum {
		OPT_THEME = 256, OPT_ASCII, OPT_KEEP, OPT_TIME_SCALE, OPT_RUNTIME, OPT_RAMP,
		OPT_SCRATCH, OPT_FORCE, OPT_CONFIRM, OPT_RESULTS, OPT_NO_SAVE,
	};
	static const struct option opts[] = {
		{ "theme", required_argument, NULL, OPT_THEME },
		{ "ascii", no_argument, NULL, OPT_ASCII },
		{ "target", required_argument, NULL, 't' },
		{ "size", required_argument, NULL, 's' },
		{ "keep", no_argument, NULL, OPT_KEEP },
		{ "scratch", required_argument, NULL, OPT_SCRATCH },
		{ "allow-write", no_argument, NULL, 'w' },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "confirm", required_argument, NULL, OPT_CONFIRM },
		{ "preset", required_argument, NULL, 'p' },
		{ "time-scale", required_argument, NULL, OPT_TIME_SCALE },
		{ "runtime", required_argument, NULL, OPT_RUNTIME },
		{ "ramp", required_argument, NULL, OPT_RAMP },
		{ "results", required_argument, NULL, OPT_RESULTS },
		{ "no-save", no_argument, NULL, OPT_NO_SAVE },
		CLI_FLEET_LONG_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct tui_opts	   o = { .runtime_s = -1, .ramp_s = -1 };
	struct dd_error	   err = { 0 };
	const char	  *scratch = NULL;
	struct cli_fleet_opts fo = { 0 };
	struct fleet_host *hosts = NULL;
	size_t		   n, nhosts = 0;
	int		   c, rc;
	bool		   known;

	o.db_path = ctx->db_path;
	optind = 0;
	while ((c = getopt_long(argc, argv, "t:s:wp:h", opts, NULL)) != -1) {
		switch (c) {
		case OPT_THEME:
			o.theme = optarg;
			break;
		case OPT_ASCII:
			o.ascii = true;
			break;
		case 't':
			o.target = optarg;
			break;
		case 's':
			if (cli_opt_size("--size", optarg, CLI_SIZE_MIN, CLI_SIZE_MAX, &o.size) < 0)
				return EXIT_USAGE;
			break;
		case OPT_KEEP:
			o.keep = true;
			break;
		case OPT_SCRATCH:
			scratch = optarg;
			break;
		case OPT_FORCE:
			o.force = true;
			break;
		case OPT_CONFIRM:
			o.confirm = optarg;
			break;
		case 'w':
			o.allow_write = true;
			break;
		case 'p':
			o.preset = optarg;
			break;
		case OPT_TIME_SCALE:
			if (cli_opt_double("--time-scale", optarg, 1e-6, 1000, &o.time_scale) < 0)
				return EXIT_USAGE;
			break;
		case OPT_RUNTIME:
			if (cli_opt_seconds("--runtime", optarg, 1e-3, CLI_SECONDS_MAX,
					    &o.runtime_s) < 0)
				return EXIT_USAGE;
			break;
		case OPT_RAMP:
			if (cli_opt_seconds("--ramp", optarg, 0, CLI_SECONDS_MAX, &o.ramp_s) < 0)
				return EXIT_USAGE;
			break;
		case OPT_RESULTS:
			o.results_path = optarg;
			break;
		case OPT_NO_SAVE:
			o.no_save = true;
			break;
		case CLI_OPT_HOSTS:
		case CLI_OPT_HOST:
		case CLI_OPT_FIO:
		case CLI_OPT_CONNECT_TIMEOUT:
			if (cli_fleet_option(&fo, c, optarg) < 0) {
				cli_fleet_opts_free(&fo);
				return EXIT_USAGE;
			}
			break;
		case 'h':
			ui_usage(stdout);
			return EXIT_OK;
		default:
			fprintf(stderr, "Try 'drivedash ui --help'.\n");
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		cli_error("ui: unexpected argument '%s'", argv[optind]);
		return EXIT_USAGE;
	}
	if (scratch != NULL && ui_scratch(scratch, &o) < 0)
		return EXIT_USAGE;
	known = o.preset == NULL;
	for (const struct dd_preset_info *pi = plan_presets(&n); !known && n > 0; n--, pi++)
		known = strcmp(pi->name, o.preset) == 0;
	if (!known) {
		cli_error("unknown preset '%s' (valid: review, spot, cdm, cdm-nvme, threads)",
			  o.preset);
		return EXIT_USAGE;
	}
	if (cli_fleet_wanted(&fo) && cli_fleet_hosts(&fo, &hosts, &nhosts) < 0) {
		cli_fleet_opts_free(&fo);
		return EXIT_USAGE;
	}
	cli_fleet_configure(&fo);
	cli_fleet_opts_free(&fo);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		cli_error("the dashboard needs a terminal; for scripts use list, show, detect or run");
		free(hosts);
		return EXIT_USAGE;
	}
	o.hosts = hosts;
	o.nhosts = nhosts;
	rc = tui_run(&o, &err);
	free(hosts);
	if (rc < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	return rc > 0 ? cli_exit_signal(rc) : EXIT_OK;
}
