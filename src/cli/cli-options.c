/*
 * The option groups the subcommands share, parsed once (cli-options.h).
 *
 * One const table lists every shared option with its group, its getopt
 * entry and its short letter; cli_options_init copies a command's own
 * options and then the rows of the groups it takes into the command's
 * struct cli_options, which getopt_long walks.  cli_options_next stores a
 * shared option's value, through the one value parser of each kind
 * (cli_opt_size, cli_opt_double, cli_opt_seconds in cli-common.c; the fleet
 * rows through cli_fleet_option, here too), so every command refuses a bad
 * value with the same sentence and the same exit code.  This file calls
 * down only (cli-common.c, core/plan.h): every command file calls it.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli-options.h"
#include "core/plan.h"

/* getopt codes of the shared long-only options (the fleet's are CLI_OPT_*
 * in cli.h; the others are their short letters, and --results is 'r', a
 * short letter only where a command adds "r:" to its own: compare). */
enum {
	CLI_OPT_SCRATCH = 0x1100,
	CLI_OPT_KEEP,
	CLI_OPT_FORCE,
	CLI_OPT_CONFIRM,
	CLI_OPT_TIME_SCALE,
	CLI_OPT_RUNTIME,
	CLI_OPT_RAMP,
	CLI_OPT_RATE_IOPS,
	CLI_OPT_NO_SAVE,
	CLI_OPT_PRINT_FIO,
};

/* One shared option: its group, getopt entry and short letter spec. */
struct cli_options_row {
	unsigned      group;
	struct option opt;
	const char   *letter;	/* "t:", "w", or NULL: long only */
};

/* Every shared option, in the order the usage texts list them. */
static const struct cli_options_row cli_options_rows[] = {
	{ CLI_OG_TARGET, { "target", required_argument, NULL, 't' }, "t:" },
	{ CLI_OG_TARGET, { "scratch", required_argument, NULL, CLI_OPT_SCRATCH }, NULL },
	{ CLI_OG_TARGET, { "size", required_argument, NULL, 's' }, "s:" },
	{ CLI_OG_TARGET, { "keep", no_argument, NULL, CLI_OPT_KEEP }, NULL },
	{ CLI_OG_WRITE, { "allow-write", no_argument, NULL, 'w' }, "w" },
	{ CLI_OG_WRITE, { "force", no_argument, NULL, CLI_OPT_FORCE }, NULL },
	{ CLI_OG_WRITE, { "confirm", required_argument, NULL, CLI_OPT_CONFIRM }, NULL },
	{ CLI_OG_PRESET, { "preset", required_argument, NULL, 'p' }, "p:" },
	{ CLI_OG_SCALE, { "time-scale", required_argument, NULL, CLI_OPT_TIME_SCALE }, NULL },
	{ CLI_OG_TIMES, { "runtime", required_argument, NULL, CLI_OPT_RUNTIME }, NULL },
	{ CLI_OG_TIMES, { "ramp", required_argument, NULL, CLI_OPT_RAMP }, NULL },
	{ CLI_OG_TIMES, { "rate-iops", required_argument, NULL, CLI_OPT_RATE_IOPS }, NULL },
	{ CLI_OG_RESULTS, { "results", required_argument, NULL, 'r' }, NULL },
	{ CLI_OG_NO_SAVE, { "no-save", no_argument, NULL, CLI_OPT_NO_SAVE }, NULL },
	{ CLI_OG_FLEET, { "hosts", required_argument, NULL, CLI_OPT_HOSTS }, NULL },
	{ CLI_OG_FLEET, { "host", required_argument, NULL, CLI_OPT_HOST }, NULL },
	{ CLI_OG_FLEET, { "fio", required_argument, NULL, CLI_OPT_FIO }, NULL },
	{ CLI_OG_FLEET, { "connect-timeout", required_argument, NULL,
			  CLI_OPT_CONNECT_TIMEOUT }, NULL },
	{ CLI_OG_QUIET, { "quiet", no_argument, NULL, 'q' }, "q" },
	{ CLI_OG_PRINT_FIO, { "print-fio", no_argument, NULL, CLI_OPT_PRINT_FIO }, NULL },
	{ CLI_OG_JSON, { "json", no_argument, NULL, 'j' }, "j" },
	{ ~0u, { "help", no_argument, NULL, 'h' }, "h" },
};

#define CLI_OPTIONS_NROWS (sizeof cli_options_rows / sizeof cli_options_rows[0])

void (*cli_options_seen)(const struct cli_options *o, void *arg);
void *cli_options_seen_arg;

/* Append one getopt entry and its letter spec to o's tables; aborts on
 * overflow (the tables are sized for every command). */
static void
cli_options_add(struct cli_options *o, size_t *n, const struct option *opt, const char *letter)
{
	size_t len = strlen(o->shortopts);

	if (*n >= CLI_OPTIONS_MAX ||
	    (letter != NULL && len + strlen(letter) > CLI_OPTIONS_SHORT)) {
		fprintf(stderr, "drivedash: %s: too many options (CLI_OPTIONS_MAX)\n", o->cmd);
		abort();
	}
	o->longopts[(*n)++] = *opt;
	if (letter != NULL)
		memcpy(o->shortopts + len, letter, strlen(letter) + 1);
}

/* The row of a shared option named name, or NULL. */
static const struct cli_options_row *
cli_options_row_named(const char *name)
{
	for (size_t i = 0; i < CLI_OPTIONS_NROWS; i++)
		if (strcmp(cli_options_rows[i].opt.name, name) == 0)
			return &cli_options_rows[i];
	return NULL;
}

/* Set o up for cmd: its own options and the shared ones it places
 * (CLI_OPTIONS_AT), then the rest of its groups' and --help. */
void
cli_options_init(struct cli_options *o, const char *cmd, unsigned groups,
		 const struct option *own, const char *own_short)
{
	const struct cli_options_row *row;
	bool			      placed[CLI_OPTIONS_NROWS] = { false };
	size_t			      n = 0;

	memset(o, 0, sizeof *o);
	o->times.runtime_s = o->times.ramp_s = -1;
	o->cmd = cmd;
	o->groups = groups;
	if (own_short != NULL) {
		if (strlen(own_short) > CLI_OPTIONS_SHORT) {
			fprintf(stderr, "drivedash: %s: too many options\n", cmd);
			abort();
		}
		memcpy(o->shortopts, own_short, strlen(own_short) + 1);
	}
	for (size_t i = 0; own != NULL && own[i].name != NULL; i++) {
		row = own[i].val == 0 ? cli_options_row_named(own[i].name) : NULL;
		if (row == NULL) {
			cli_options_add(o, &n, &own[i], NULL);
			continue;
		}
		if (!(row->group & groups)) {
			fprintf(stderr, "drivedash: %s: --%s is not in its groups\n", cmd,
				row->opt.name);
			abort();
		}
		placed[row - cli_options_rows] = true;
		cli_options_add(o, &n, &row->opt, row->letter);
	}
	for (size_t i = 0; i < CLI_OPTIONS_NROWS; i++)
		if ((cli_options_rows[i].group & groups) && !placed[i])
			cli_options_add(o, &n, &cli_options_rows[i].opt, cli_options_rows[i].letter);
	/* longopts[n] stays zero: the table's end. */
	optind = 0;
	if (cli_options_seen != NULL)
		cli_options_seen(o, cli_options_seen_arg);
}

/* The group of a getopt code among the groups o takes; 0 when the code is
 * not a shared option of o (the command's own, 'h' or '?'). */
static unsigned
cli_options_group_of(const struct cli_options *o, int code)
{
	for (size_t i = 0; i + 1 < CLI_OPTIONS_NROWS; i++)
		if (cli_options_rows[i].opt.val == code && (cli_options_rows[i].group & o->groups))
			return cli_options_rows[i].group;
	return 0;
}

/* The fleet group (struct cli_fleet_opts, cli.h), its three functions. */

/* Is a fleet asked for? */
bool
cli_fleet_wanted(const struct cli_fleet_opts *o)
{
	return o->hosts_file != NULL || o->nhost_specs > 0;
}

/* Take one fleet option and its argument. */
int
cli_fleet_option(struct cli_fleet_opts *o, int code, const char *arg)
{
	const char **specs;

	if (code == CLI_OPT_HOSTS) {
		o->hosts_file = arg;
	} else if (code == CLI_OPT_HOST) {
		specs = realloc(o->host_specs, sizeof *specs * (o->nhost_specs + 1));
		if (specs == NULL) {
			cli_error("out of memory");
			return -1;
		}
		o->host_specs = specs;
		o->host_specs[o->nhost_specs++] = arg;
	} else if (code == CLI_OPT_FIO) {
		if (arg[0] == '\0') {
			cli_error("--fio needs the path of the fio binary");
			return -1;
		}
		o->fio = arg;
	} else if (code == CLI_OPT_CONNECT_TIMEOUT) {
		return cli_opt_seconds("--connect-timeout", arg, 0.1, 3600,
				       &o->connect_timeout_s) < 0 ? -1 : 0;
	}
	return 0;
}

/* Free the options' --host array. */
void
cli_fleet_opts_free(struct cli_fleet_opts *o)
{
	free(o->host_specs);
	o->host_specs = NULL;
	o->nhost_specs = 0;
}

/* Store a target, write or preset option; 0 or -1 (said). */
static int
cli_options_take_target(struct cli_options *o, int code, const char *arg)
{
	switch (code) {
	case 't':
		o->ses.target = arg;
		return 0;
	case CLI_OPT_SCRATCH:
		o->ses.scratch = arg;
		return 0;
	case 's':
		return cli_opt_size("--size", arg, CLI_SIZE_MIN, CLI_SIZE_MAX, &o->ses.size);
	case CLI_OPT_KEEP:
		o->ses.keep = true;
		return 0;
	case 'w':
		o->ses.allow_write = true;
		return 0;
	case CLI_OPT_FORCE:
		o->ses.force = true;
		return 0;
	case CLI_OPT_CONFIRM:
		o->ses.confirm = arg;
		return 0;
	case 'p':
		o->preset = arg;
		return 0;
	}
	return 0;
}

/* Store a times, store, output or fleet option; 0 or -1 (said). */
static int
cli_options_take_other(struct cli_options *o, int code, const char *arg)
{
	switch (code) {
	case CLI_OPT_TIME_SCALE:
		return cli_opt_double("--time-scale", arg, PREFS_SCALE_MIN, PREFS_SCALE_MAX,
				      &o->time_scale);
	case CLI_OPT_RUNTIME:
		return cli_opt_seconds("--runtime", arg, 1e-3, CLI_SECONDS_MAX,
				       &o->times.runtime_s);
	case CLI_OPT_RAMP:
		return cli_opt_seconds("--ramp", arg, 0, CLI_SECONDS_MAX, &o->times.ramp_s);
	case CLI_OPT_RATE_IOPS:
		return cli_opt_rate("--rate-iops", arg, &o->times.rate_iops);
	case 'r':
		o->store.path = arg;
		return 0;
	case CLI_OPT_NO_SAVE:
		o->store.no_save = true;
		return 0;
	case 'q':
		o->quiet = true;
		return 0;
	case CLI_OPT_PRINT_FIO:
		o->print_fio = true;
		return 0;
	case 'j':
		o->json = true;
		return 0;
	}
	return cli_fleet_option(&o->fleet, code, arg);
}

/* The preferences file, read once. */
const struct prefs *
cli_prefs(const char **notice)
{
	static struct prefs    p;
	static struct dd_error err;
	static bool	       read, said;

	if (!read) {
		size_t n;
		int    rc = prefs_load(&p, &err);	/* what it could read applies */

		read = true;
		n = strlen(err.msg);
		if (rc < 0)
			snprintf(err.msg + n, sizeof err.msg - n, "; %s",
				 rc != -EINVAL ? "the file is ignored" :
				 p.n_bad > 1 ? "those lines are ignored" : "that line is ignored");
	}
	if (notice != NULL) {
		*notice = !said && err.msg[0] != '\0' ? err.msg : NULL;
		said = true;
	}
	return &p;
}

/* The options are over: the preferences fill what they left unset, for
 * the groups o takes; the file's bad line is said unless o leaves it to
 * its caller. */
static void
cli_options_take_prefs(struct cli_options *o)
{
	const struct prefs *p;
	const char	   *notice = NULL;

	if (!(o->groups & (CLI_OG_SCALE | CLI_OG_TARGET | CLI_OG_PRESET)))
		return;
	p = cli_prefs(o->prefs_quiet ? NULL : &notice);
	if (notice != NULL)
		cli_error("warning: %s", notice);
	if ((o->groups & CLI_OG_SCALE) && o->time_scale == 0)
		o->time_scale = p->time_scale;
	if ((o->groups & CLI_OG_TARGET) && o->ses.size == 0)
		o->ses.size = p->size;
	if ((o->groups & CLI_OG_PRESET) && p->preset[0] != '\0')
		o->preset_default = p->preset;
}

/* The next option that is not a shared one (cli-options.h). */
int
cli_options_next(struct cli_options *o, int argc, char **argv)
{
	int	 c;
	unsigned g;

	while ((c = getopt_long(argc, argv, o->shortopts, o->longopts, NULL)) != -1) {
		g = cli_options_group_of(o, c);
		if (g == 0)
			return c;
		if ((g & (CLI_OG_TARGET | CLI_OG_WRITE | CLI_OG_PRESET))
		    ? cli_options_take_target(o, c, optarg) < 0
		    : cli_options_take_other(o, c, optarg) < 0)
			return CLI_OPTIONS_BAD;
	}
	cli_options_take_prefs(o);
	return -1;
}

/* Refuse any word left after the options. */
int
cli_options_no_args(const struct cli_options *o, int argc, char **argv)
{
	if (optind < argc) {
		cli_error("%s: unexpected argument '%s'", o->cmd, argv[optind]);
		return -1;
	}
	return 0;
}

/* Refuse --target with --scratch. */
int
cli_options_one_target(const struct cli_options *o)
{
	if (o->ses.target != NULL && o->ses.scratch != NULL) {
		cli_error("use one of --target and --scratch");
		return -1;
	}
	return 0;
}

/* Refuse the fleet's client settings without a fleet. */
int
cli_options_fleet_alone(const struct cli_options *o)
{
	if (!cli_fleet_wanted(&o->fleet) &&
	    (o->fleet.fio != NULL || o->fleet.connect_timeout_s > 0)) {
		cli_error("--fio and --connect-timeout go with --hosts or --host");
		return -1;
	}
	return 0;
}

/* Refuse an unknown --preset with the plan's sentence. */
int
cli_options_preset_known(const struct cli_options *o)
{
	struct dd_preset_opts po = { .allow_write = true };
	struct dd_plan	      tmp;
	struct dd_error	      err = { 0 };
	int		      rc;

	if (o->preset == NULL)
		return 0;
	plan_init(&tmp, "");
	rc = plan_preset(o->preset, &po, &tmp, &err);
	plan_free(&tmp);
	if (rc < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	return 0;
}

/* Free the --host array. */
void
cli_options_free(struct cli_options *o)
{
	cli_fleet_opts_free(&o->fleet);
}
