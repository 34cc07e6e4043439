/*
 * The option groups the subcommands share (cli-options.c), parsed in one
 * place: the target (-t/--target, --scratch, -s/--size, --keep), writing
 * (-w/--allow-write, --force, --confirm), times (--time-scale; --runtime,
 * --ramp), the preset (-p/--preset), the store (--results; --no-save), the
 * fleet (--hosts, --host, --fio, --connect-timeout), -q/--quiet,
 * --print-fio, -j/--json (a flag) and --help.
 *
 * A command names the groups it takes and its own options; struct
 * cli_options merges both into one getopt_long table (the long options and
 * the short letters) and cli_options_next() walks the command line: a
 * shared option is stored in the struct's values (a bad value is refused
 * with the one sentence of its value parser, cli_opt_* in cli-common.c),
 * and only the command's own options, --help and unknown ones come back to
 * the caller.  An option of a group the command did not name is not in its
 * table: getopt_long refuses it as unrecognized, as any unknown option.
 *
 * The preferences file (core/prefs.h) fills what the command line left
 * unset, for the groups the command takes, when the options end:
 * --time-scale and --size take its value, and --preset's default is in
 * preset_default (a command still tells --preset from its default).  The
 * file is read once per process and its bad line said once (cli_prefs).
 */
#ifndef DD_CLI_OPTIONS_H
#define DD_CLI_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>

#include "cli/cli.h"
#include "core/plan.h"
#include "core/prefs.h"
#include "core/session.h"

/* The groups (a command's set is their bitwise or). */
enum cli_options_group {
	CLI_OG_TARGET = 1u << 0,	/* -t/--target, --scratch, -s/--size, --keep */
	CLI_OG_WRITE = 1u << 1,		/* -w/--allow-write, --force, --confirm */
	CLI_OG_SCALE = 1u << 2,		/* --time-scale */
	CLI_OG_TIMES = 1u << 3,		/* --runtime, --ramp, --rate-iops */
	CLI_OG_PRESET = 1u << 4,	/* -p/--preset */
	CLI_OG_RESULTS = 1u << 5,	/* --results PATH */
	CLI_OG_NO_SAVE = 1u << 6,	/* --no-save */
	CLI_OG_FLEET = 1u << 7,		/* --hosts, --host, --fio, --connect-timeout */
	CLI_OG_QUIET = 1u << 8,		/* -q/--quiet */
	CLI_OG_PRINT_FIO = 1u << 9,	/* --print-fio */
	CLI_OG_JSON = 1u << 10,		/* -j/--json, a flag (run's -j FILE is its own) */
};

/* The store as run, check and ui take it. */
#define CLI_OG_STORE (CLI_OG_RESULTS | CLI_OG_NO_SAVE)

/* A shared option's place in a command's own table (cli_options_init). */
#define CLI_OPTIONS_AT(name) { (name), no_argument, NULL, 0 }

/* Returned by cli_options_next after a bad value was said. */
#define CLI_OPTIONS_BAD (-2)

/* The most options one command's merged table holds (its own and the
 * groups'), and the longest merged short-option string. */
#define CLI_OPTIONS_MAX	  64
#define CLI_OPTIONS_SHORT 64

/* A command's shared option values and its merged getopt table. */
struct cli_options {
	/* The values: zero when not given, but times.runtime_s and ramp_s < 0. */
	struct session_opts   ses;		/* target and write groups */
	double		      time_scale;	/* --time-scale; 0 = 1 */
	struct dd_plan_override times;		/* --runtime, --ramp, --rate-iops */
	const char	     *preset;		/* --preset NAME */
	const char	     *preset_default;	/* the preferences' preset, or NULL */
	bool		      prefs_quiet;	/* leave the file's notice to the caller */
	struct cli_store_opts store;		/* --results, --no-save */
	struct cli_fleet_opts fleet;		/* --hosts, --host ... (free it) */
	bool		      quiet, print_fio, json;

	/* The parser: what the command takes. */
	const char	     *cmd;		/* "run": its messages' name */
	unsigned	      groups;		/* CLI_OG_* */
	struct option	      longopts[CLI_OPTIONS_MAX + 1];
	char		      shortopts[CLI_OPTIONS_SHORT + 1];
};

/*
 * Set o up for command cmd taking groups and its own options (own: a table
 * ending in a zero entry, or NULL; own_short: their short letters in
 * getopt's syntax, "P:f:j:").  --help is always taken ('h').  own may
 * place shared options among its own with CLI_OPTIONS_AT("size"): getopt
 * lists the options an ambiguous abbreviation matches in table order, so
 * a command keeps its order; the groups' options it does not place follow
 * its own.  Resets getopt (optind).  Aborts when the tables overflow or
 * own places an option of a group it does not take (programming errors).
 */
void cli_options_init(struct cli_options *o, const char *cmd, unsigned groups,
		      const struct option *own, const char *own_short);

/*
 * The next option of argv that is not a shared one: its code, with optarg
 * its argument ('h' for --help, '?' for one getopt_long refused, having
 * said why); -1 when the options end (optind: the first other word); or
 * CLI_OPTIONS_BAD after the sentence on a shared option's bad value.
 */
int cli_options_next(struct cli_options *o, int argc, char **argv);

/* "CMD: unexpected argument 'WORD'" for any word left after the options
 * (commands that take none); 0, or -1 after saying it. */
int cli_options_no_args(const struct cli_options *o, int argc, char **argv);

/* "use one of --target and --scratch" when both were given; 0 or -1. */
int cli_options_one_target(const struct cli_options *o);

/* "--fio and --connect-timeout go with --hosts or --host" when they came
 * without a fleet; 0 or -1. */
int cli_options_fleet_alone(const struct cli_options *o);

/* Refuse a --preset that names no preset with plan_preset's own sentence
 * (every valid name), as `run` does when it builds the plan; 0 or -1. */
int cli_options_preset_known(const struct cli_options *o);

/* The preferences file, read at the first call; *notice (may be NULL)
 * gets the sentence on its bad lines, or on why it could not be read, with
 * what that costs ("; that line is ignored"), the first time it is asked
 * for; NULL afterwards and when there is none. */
const struct prefs *cli_prefs(const char **notice);

/* Free what the values hold (the --host array). */
void cli_options_free(struct cli_options *o);

/*
 * When set, cli_options_init calls it with each table it merged (and
 * cli_options_seen_arg): how the hidden `complete` command reads a
 * command's options from the very table the command's parser walks
 * (cli-complete.c), so the completion cannot drift from the parser.
 */
extern void (*cli_options_seen)(const struct cli_options *o, void *arg);
extern void *cli_options_seen_arg;

#endif
