/*
 * `drivedash ui` (and `drivedash` with no command on a terminal, or with
 * the dashboard's options alone, main.c): parse the dashboard's options,
 * over the preferences file's defaults (core/prefs.h, through cli_prefs),
 * into a struct tui_opts and hand over to tui_run().
 * Everything curses lives in src/ui/; this file only checks that there is a
 * terminal and turns tui_run()'s error into one sentence and an exit code.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "cli/cli-options.h"
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
		"      --rate-iops N   pace every preset point at N I/Os per second\n"
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
		"With no command the same options start the dashboard without 'ui'.\n"
		"Defaults for --theme, --preset, --time-scale, --size and the scratch path:\n"
		"$XDG_CONFIG_HOME/drivedash/config (drivedash-config(5)); options win; the\n"
		"t key saves the theme there.\n\n"
		"Presets:\n");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "  %-10s %s\n", pi[i].name, pi[i].summary);
}

/* --scratch PATH: a scratch file there (it must not exist yet), as --target
 * (cli_options_one_target refused both). */
static int
ui_scratch(const char *path, struct tui_opts *o)
{
	struct session_target st;
	struct dd_error	      err = { 0 };

	if (session_resolve_path(path, true, false, &st, &err) < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	o->target = path;
	return 0;
}

/* The preferences the command line left unset that only the dashboard
 * takes (cli-options.c fills the shared ones): the theme (one that cannot
 * be loaded is a notice, and the built-in theme is used), and the scratch
 * path as the target when neither --target nor --scratch was given.  The
 * file's bad line becomes the dashboard's opening notice. */
static void
ui_take_prefs(struct tui_opts *o, const struct cli_options *co)
{
	static char	    notice[sizeof ((struct dd_error *)0)->msg + 128];
	const char	   *bad = NULL;
	const struct prefs *p = cli_prefs(&bad);
	struct theme_report rep;
	struct theme	    th;

	o->save_theme = true;
	if (bad != NULL)
		snprintf(notice, sizeof notice, "%s", bad);
	if (o->theme == NULL && p->theme[0] != '\0') {
		int rc = theme_load(&th, p->theme, &rep);

		if (rc >= 0 || rep.path[0] != '\0')	/* read, bad lines or not */
			o->theme = p->theme;
		else if (notice[0] == '\0')
			snprintf(notice, sizeof notice, "%.300s: theme '%.60s' cannot be loaded; "
				 "using the default theme", p->path, p->theme);
	}
	if (co->ses.target == NULL && co->ses.scratch == NULL && p->scratch[0] != '\0')
		o->target = p->scratch;
	o->notice = notice[0] != '\0' ? notice : NULL;
}

/* ui's options: its own, and where the shared ones of UI_GROUPS stand among
 * them (cli-options.h). */
enum { OPT_THEME = 256, OPT_ASCII };
static const struct option ui_own_options[] = {
	{ "theme", required_argument, NULL, OPT_THEME },
	{ "ascii", no_argument, NULL, OPT_ASCII },
	CLI_OPTIONS_AT("target"),
	CLI_OPTIONS_AT("size"),
	CLI_OPTIONS_AT("keep"),
	CLI_OPTIONS_AT("scratch"),
	{ NULL, 0, NULL, 0 },
};
#define UI_GROUPS (CLI_OG_TARGET | CLI_OG_WRITE | CLI_OG_PRESET | CLI_OG_SCALE | \
		   CLI_OG_TIMES | CLI_OG_STORE | CLI_OG_FLEET)

/* Parse the command line into o, the fleet options into co (the caller
 * frees co); 0, 1 after --help, or -1 after saying why. */
static int
ui_parse_args(int argc, char **argv, struct tui_opts *o, struct cli_options *co)
{
	int c;

	cli_options_init(co, "ui", UI_GROUPS, ui_own_options, NULL);
	co->prefs_quiet = true;	/* the dashboard shows the file's notice itself */
	while ((c = cli_options_next(co, argc, argv)) != -1) {
		if (c == OPT_THEME) {
			o->theme = optarg;
		} else if (c == OPT_ASCII) {
			o->ascii = true;
		} else if (c == 'h') {
			{
				FILE *help = cli_help_begin();

				ui_usage(help);
				cli_help_end(help);
			}
			return 1;
		} else {
			if (c != CLI_OPTIONS_BAD)
				fprintf(stderr, "Try 'drivedash ui --help'.\n");
			return -1;
		}
	}
	o->target = co->ses.target;
	o->size = co->ses.size;
	o->keep = co->ses.keep;
	o->allow_write = co->ses.allow_write;
	o->force = co->ses.force;
	o->confirm = co->ses.confirm;
	o->preset = co->preset != NULL ? co->preset : co->preset_default;
	o->time_scale = co->time_scale;
	o->times = co->times;
	o->results_path = co->store.path;
	o->no_save = co->store.no_save;
	if (cli_options_no_args(co, argc, argv) < 0 || cli_options_one_target(co) < 0 ||
	    (co->ses.scratch != NULL && ui_scratch(co->ses.scratch, o) < 0))
		return -1;
	if (cli_options_preset_known(co) < 0)
		return -1;
	ui_take_prefs(o, co);
	return 0;
}

/* `drivedash ui`. */
int
cmd_ui(struct cli_ctx *ctx, int argc, char **argv)
{
	struct tui_opts	   o = { .db_path = ctx->db_path };
	struct cli_options co;
	struct dd_error	   err = { 0 };
	struct fleet_host *hosts = NULL;
	size_t		   nhosts = 0;
	int		   rc;

	rc = ui_parse_args(argc, argv, &o, &co);
	if (rc == 0 && cli_fleet_wanted(&co.fleet) && cli_fleet_hosts(&co.fleet, &hosts, &nhosts) < 0)
		rc = -1;
	if (rc == 0)
		cli_fleet_configure(&co.fleet);
	cli_options_free(&co);
	if (rc != 0)
		return rc > 0 ? EXIT_OK : EXIT_USAGE;
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
