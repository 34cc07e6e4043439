/*
 * `drivedash run`: a sweep without the dashboard.
 *
 * The main thread sets up the plan and the target, starts the sweep thread,
 * and then only waits: on the sweep's wake fd (a new snapshot: redraw the
 * progress line) and on a signalfd (Ctrl-C: cancel the sweep, keep what
 * finished).  At the end it prints a table and, with --json, writes every
 * result.  A scratch file it created is removed unless --keep.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "cli/cli-options.h"
#include "core/format.h"
#include "core/plan.h"
#include "core/record.h"
#include "core/session.h"
#include "core/sweep.h"
#include "io/engine.h"
#include "io/safety.h"
#include "lib/outfile.h"

/* Everything `run` was asked to do. */
struct run_opts {
	const char	     *target;
	const char	     *scratch;		/* --scratch PATH */
	uint64_t	      size;		/* scratch file size */
	bool		      keep;
	const char	     *preset;
	const char	     *preset_default;	/* the preferences' preset; NULL: spot */
	const char	     *plan_file;
	char		    **points;
	size_t		      npoints;
	struct dd_preset_opts preset_opts;
	struct dd_plan_override override;	/* --runtime, --ramp, --rate-iops */
	bool		      allow_write, force, iopoll, steady, quiet;
	const char	     *confirm;
	double		      precondition;
	const char	     *json_path;
	bool		      print_fio;
	bool		      have_spin;	/* --spin given: spin below */
	struct dd_point	      spin;
	struct cli_store_opts store;		/* --results, --no-save */
	struct cli_fleet_opts fleet;		/* --hosts, --host, --fio ... */
};

/* Print usage of `run`. */
static void
run_usage(FILE *f)
{
	size_t			     n;
	const struct dd_preset_info *pi = plan_presets(&n);

	cli_fprintf(f,
		"usage: drivedash run {--target PATH | --scratch PATH | --hosts FILE | --host SPEC...}\n"
		"                     [--preset NAME | --point SPEC... | --plan FILE] [options]\n\n"
		"Run a sweep headless.  PATH is a block device or a file.  A file path that\n"
		"does not exist (in an existing directory on a real filesystem, not under\n"
		"/dev, /sys or /proc) is created as a scratch file (--size) and removed\n"
		"afterwards; a missing /dev path is an error.\n\n"
		"  -t, --target PATH      device or file to measure\n"
		"      --scratch PATH     create a scratch file at PATH, measure it, remove it\n"
		"  -p, --preset NAME      a built-in plan (below)\n"
		"  -P, --point SPEC       a point, e.g. 'randread,bs=4k,qd=32,jobs=1,time=10s'\n"
		"                         (repeatable; see drivedash-plan(5))\n"
		"  -f, --plan FILE        a plan file\n"
		"  -s, --size SIZE        scratch file size (default 1G)\n"
		"      --keep             keep the scratch file\n"
		"      --time-scale X     multiply every point's runtime and ramp (presets)\n"
		"      --runtime SEC      set every point's measured time\n"
		"      --ramp SEC         set every point's ramp time\n"
		"      --rate-iops N      pace every point without a rate at N I/Os per\n"
		"                         second, all jobs together (500, 20k)\n"
		"      --repeat N         run every point N times\n"
		"      --aggregate HOW    fold repeats: best or mean\n"
		"      --steady-state     repeat rounds of each point until the SNIA PTS\n"
		"                         steady-state rule holds (at most 25 rounds)\n"
		"      --precondition N   write the target N times over (128K sequential) first\n"
		"      --iopoll           ask for polled completions (NVMe poll queues)\n"
		"      --spin MODE        how jobs wait for completions: off (the default,\n"
		"                         as fio: sleep until they arrive), on (poll the\n"
		"                         ring, up to 1ms per wait), a time (the longest\n"
		"                         poll, e.g. 200us), or auto: poll at QD <= 8 while\n"
		"                         idle CPUs, measured from /proc/stat before the\n"
		"                         point, outnumber the jobs\n"
		"  -w, --allow-write      allow plans that write (destroys data on PATH)\n"
		"      --force            write even to a device the safety check refuses...\n"
		"      --confirm SERIAL   ...when SERIAL is the device's serial (or name)\n"
		"  -j, --json FILE        write every result as JSON ('-' for stdout)\n"
		"      --print-fio        print the equivalent fio job file and exit\n"
		"      --results PATH     the results store the run is saved in (default\n"
		"                         $XDG_DATA_HOME/drivedash/results.db)\n"
		"      --no-save          do not store the run\n"
		"  -q, --quiet            no progress line\n\n"
		"A fleet (fio client/server; drivedash(1) FLEET):\n"
		"      --hosts FILE       run on every host and device FILE names (one line\n"
		"                         each: ADDRESS DEVICE [DRIVE] [CONFIRM] [key=value])\n"
		"      --host SPEC        one such line (repeatable; with or without --hosts)\n"
		"      --fio PATH         the fio binary that runs the clients (default: fio)\n"
		"      --connect-timeout SEC  give up on a host that does not answer (default 10)\n\n"
		"Presets:\n");
	for (size_t i = 0; i < n; i++)
		cli_fprintf(f, "  %-10s %s\n", pi[i].name, pi[i].summary);
}

/* The options a fleet run refuses (cli_options_fleet_alone refuses the
 * fleet's own without one); -1 after saying which. */
static int
run_check_fleet_args(const struct run_opts *o)
{
	if (!cli_fleet_wanted(&o->fleet))
		return 0;
	if (o->target != NULL || o->scratch != NULL) {
		cli_error("--hosts and --host measure the devices they name on each host: "
			  "drop --%s", o->target != NULL ? "target" : "scratch");
		return -1;
	}
	if (o->force || o->confirm != NULL || o->keep) {
		cli_error("--%s is for a local target: a fleet confirms writes per host "
			  "(CONFIRM in the hosts file)", o->force ? "force" : o->keep ? "keep"
			  : "confirm");
		return -1;
	}
	return 0;
}

/* run's options: its own, and where the shared ones of RUN_GROUPS stand
 * among them (cli-options.h). */
enum {
	OPT_REPEAT = 256, OPT_AGGREGATE, OPT_STEADY, OPT_PRECOND, OPT_IOPOLL, OPT_SPIN,
};
static const struct option run_own_options[] = {
	CLI_OPTIONS_AT("target"),
	CLI_OPTIONS_AT("preset"),
	{ "point", required_argument, NULL, 'P' },
	{ "plan", required_argument, NULL, 'f' },
	CLI_OPTIONS_AT("size"),
	CLI_OPTIONS_AT("scratch"),
	CLI_OPTIONS_AT("keep"),
	CLI_OPTIONS_AT("time-scale"),
	CLI_OPTIONS_AT("runtime"),
	CLI_OPTIONS_AT("ramp"),
	{ "repeat", required_argument, NULL, OPT_REPEAT },
	{ "aggregate", required_argument, NULL, OPT_AGGREGATE },
	{ "steady-state", no_argument, NULL, OPT_STEADY },
	{ "precondition", required_argument, NULL, OPT_PRECOND },
	{ "iopoll", no_argument, NULL, OPT_IOPOLL },
	{ "spin", required_argument, NULL, OPT_SPIN },
	CLI_OPTIONS_AT("allow-write"),
	CLI_OPTIONS_AT("force"),
	CLI_OPTIONS_AT("confirm"),
	{ "json", required_argument, NULL, 'j' },
	CLI_OPTIONS_AT("print-fio"),
	CLI_OPTIONS_AT("results"),
	CLI_OPTIONS_AT("no-save"),
	CLI_OPTIONS_AT("quiet"),
	{ NULL, 0, NULL, 0 },
};
#define RUN_GROUPS (CLI_OG_TARGET | CLI_OG_WRITE | CLI_OG_PRESET | CLI_OG_SCALE | \
		    CLI_OG_TIMES | CLI_OG_STORE | CLI_OG_FLEET | CLI_OG_QUIET | CLI_OG_PRINT_FIO)

/* Take one of run's own options (c: its getopt code, or what
 * cli_options_next returned); 0, or -1 after saying why. */
static int
run_option(struct run_opts *o, int c, char *arg)
{
	struct dd_error e;

	switch (c) {
	case 'P':
		o->points = realloc(o->points, sizeof *o->points * (o->npoints + 1));
		if (o->points == NULL) {
			cli_error("out of memory");
			return -1;
		}
		o->points[o->npoints++] = arg;
		return 0;
	case 'f':
		o->plan_file = arg;
		return 0;
	case OPT_REPEAT:
		return cli_opt_count("--repeat", arg, 1, 1000, &o->preset_opts.repeat);
	case OPT_AGGREGATE:
		if (strcmp(arg, "best") == 0)
			o->preset_opts.aggregate = DD_AGG_BEST;
		else if (strcmp(arg, "mean") == 0)
			o->preset_opts.aggregate = DD_AGG_MEAN;
		else {
			cli_error("--aggregate must be 'best' or 'mean', not '%s'", arg);
			return -1;
		}
		return 0;
	case OPT_STEADY:
		o->steady = true;
		return 0;
	case OPT_PRECOND:
		return cli_opt_double("--precondition", arg, 0, 100, &o->precondition);
	case OPT_IOPOLL:
		o->iopoll = true;
		return 0;
	case OPT_SPIN:
		if (plan_parse_spin(arg, &o->spin, &e) != 0) {
			cli_error("--spin: %s", e.msg);
			return -1;
		}
		o->have_spin = true;
		return 0;
	case 'j':
		o->json_path = arg;
		return 0;
	case 'h':
		{
			FILE *help = cli_help_begin();

			run_usage(help);
			cli_help_end(help);
		}
		exit(EXIT_OK);
	case CLI_OPTIONS_BAD:
		return -1;
	default:
		cli_fprintf(stderr, "Try 'drivedash run --help'.\n");
		return -1;
	}
}

/* Take the shared groups' values from co (o then owns the --host array). */
static void
run_take_shared(struct run_opts *o, const struct cli_options *co)
{
	o->target = co->ses.target;
	o->scratch = co->ses.scratch;
	o->size = co->ses.size ? co->ses.size : SESSION_DEFAULT_SCRATCH;
	o->keep = co->ses.keep;
	o->allow_write = co->ses.allow_write;
	o->force = co->ses.force;
	o->confirm = co->ses.confirm;
	o->preset = co->preset;
	o->preset_default = co->preset_default;
	o->preset_opts.time_scale = co->time_scale;
	o->override = co->times;
	o->store = co->store;
	o->fleet = co->fleet;
	o->quiet = co->quiet;
	o->print_fio = co->print_fio;
}

/* Parse the command line into opts; returns -1 on error (printed). */
static int
run_parse_args(int argc, char **argv, struct run_opts *o)
{
	struct cli_options co;
	int		   c, rc = 0;

	cli_options_init(&co, "run", RUN_GROUPS, run_own_options, "P:f:j:");
	while (rc == 0 && (c = cli_options_next(&co, argc, argv)) != -1)
		rc = run_option(o, c, optarg);
	run_take_shared(o, &co);
	if (rc < 0 || cli_options_no_args(&co, argc, argv) < 0 ||
	    cli_options_fleet_alone(&co) < 0 || run_check_fleet_args(o) < 0)
		return -1;
	if (o->target == NULL && o->scratch == NULL && !o->print_fio &&
	    !cli_fleet_wanted(&o->fleet)) {
		cli_error("run needs --target PATH (a block device or a file) or --scratch PATH");
		return -1;
	}
	if (cli_options_one_target(&co) < 0)
		return -1;
	if ((o->preset != NULL) + (o->plan_file != NULL) + (o->npoints > 0) > 1) {
		cli_error("use one of --preset, --point or --plan");
		return -1;
	}
	o->preset_opts.allow_write = o->allow_write;
	return 0;
}

/* Build the plan the options describe. */
static int
run_build_plan(const struct run_opts *o, struct dd_plan *plan)
{
	struct dd_error err = { 0 };
	int		rc = 0;

	if (o->plan_file != NULL) {
		rc = plan_load_file(o->plan_file, plan, &err);
	} else if (o->npoints > 0) {
		struct dd_point defaults;

		plan_init(plan, "custom");
		plan_point_defaults(&defaults);
		for (size_t i = 0; rc == 0 && i < o->npoints; i++) {
			struct dd_point p;

			rc = plan_parse_point(o->points[i], &defaults, &p, &err);
			if (rc == 0)
				rc = plan_append(plan, &p, &err);
		}
	} else {
		const char *name = o->preset != NULL ? o->preset :
				   o->preset_default != NULL ? o->preset_default : "spot";

		rc = plan_preset(name, &o->preset_opts, plan, &err);
	}
	if (rc < 0) {
		cli_error("%s", err.msg);
		return rc;
	}
	if (o->preset == NULL && o->preset_opts.repeat)
		plan->repeat = o->preset_opts.repeat;
	if (o->preset == NULL && o->preset_opts.aggregate != DD_AGG_NONE)
		plan->aggregate = o->preset_opts.aggregate;
	plan_override(plan, &o->override);
	for (size_t i = 0; i < plan->npoints; i++) {
		if (o->iopoll)
			plan->points[i].iopoll = true;
		if (o->have_spin) {
			plan->points[i].spin = o->spin.spin;
			plan->points[i].spin_us = o->spin.spin_us;
		}
	}
	if (o->steady)
		plan->steady_state = true;
	if (o->precondition > 0)
		plan->precondition_passes = o->precondition;
	if (plan->npoints == 0) {
		cli_error("the plan has no points");
		return -EINVAL;
	}
	return 0;
}

/* Print the results table, then the curves, checkpoints, cliffs and thread
 * scaling (spec_mbps: the matched drive's sequential write, NAN none). */
static void
run_print_table(FILE *f, struct sweep *sw, const struct dd_plan *plan,
		const struct session *ses, double spec_mbps)
{
	FILE *w = cli_wrap_begin(f);

	cli_fprintf(w, "drivedash run: %s on %s (%s)\n", plan->name, ses->tgt.path,
		ses->tgt.description);
	cli_wrap_end(w, f);
	cli_run_print_points(f, sw, plan, spec_mbps);
}

/* The JSON document of a run: the sweep, its target and the first n
 * points (sweep_result_published: safe while it runs); final after join. */
static json_t *
run_json_doc(struct sweep *sw, size_t n, const struct dd_plan *plan,
	     const struct dd_target *t, const struct session *ses, const struct record *rec,
	     json_t *state, bool final, double spec_mbps)
{
	json_t		   *o = json_object(), *pts = json_array(), *tg = json_object();
	struct cli_workload w;

	json_object_set_new(o, "drivedash", json_string(PACKAGE_VERSION));
	cli_json_record(o, rec);
	json_object_set_new(o, "plan", json_string(plan->name));
	json_object_set_new(o, "state", state);
	json_object_set_new(o, "aggregate", json_string(plan_aggregate_name(plan->aggregate)));
	json_object_set_new(o, "repeat", json_integer(plan->repeat));
	json_object_set_new(tg, "path", json_string(t->path));
	json_object_set_new(tg, "size", json_integer((json_int_t)t->size));
	json_object_set_new(tg, "logical_block_size", json_integer(t->lbs));
	json_object_set_new(tg, "kind", json_string(session_kind_name(ses->tgt.kind)));
	json_object_set_new(tg, "description", json_string(ses->tgt.description));
	json_object_set_new(tg, "name", ses->tgt.name[0] ? json_string(ses->tgt.name)
							 : json_null());
	json_object_set_new(tg, "model", ses->tgt.model[0] ? json_string(ses->tgt.model)
							   : json_null());
	json_object_set_new(tg, "filesystem", ses->tgt.fs_type[0]
		? json_pack("{s:s, s:s, s:s}", "source", ses->tgt.fs_source, "type",
			    ses->tgt.fs_type, "mountpoint", ses->tgt.fs_mount) : json_null());
	/* The sensor of the intervals' temp_c, null when the target has none
	 * (known once the sweep is joined). */
	json_object_set_new(tg, "temperature_source", final && sweep_temp_source(sw)[0]
				    ? json_string(sweep_temp_source(sw)) : json_null());
	json_object_set_new(o, "target", tg);
	json_object_set_new(o, "time", json_integer((json_int_t)time(NULL)));
	for (size_t i = 0; i < n; i++)
		json_array_append_new(pts, cli_json_result(sweep_result_published(sw, i),
							   sweep_summary_published(sw, i)));
	json_object_set_new(o, "points", pts);
	if (cli_workload_from_sweep(&w, sw, n, true) == 0) {
		w.spec_write_mbps = spec_mbps;
		cli_workload_json(o, &w);
		cli_workload_free(&w);
	}
	return o;
}

/* Where `run --json FILE` writes, and what it needs to rebuild the file. */
struct run_output {
	struct outfile		f;
	bool			open;
	bool			failed;	/* a write failed and said why */
	size_t			written;	/* points in the last complete version */
	const struct dd_plan   *plan;
	const struct dd_target *t;
	const struct session   *ses;
	const struct record    *rec;	/* the stored run, or NULL */
	double			spec_mbps;	/* cliffs: the spec's sequential write */
};

/* Say why the results file could not be written, naming a full filesystem,
 * and what its last complete version really holds. */
static void
run_output_error(const struct run_output *out, const struct dd_error *err)
{
	struct safety_mount m;
	char		    done[PATH_MAX + 96];

	if (!out->f.replaced)
		snprintf(done, sizeof done, "; nothing was written to it");
	else if (out->written == 0)
		snprintf(done, sizeof done, "; %s holds no points", out->f.path);
	else
		snprintf(done, sizeof done, "; %s holds the first %zu finished point%s", out->f.path,
			 out->written, out->written == 1 ? "" : "s");
	if ((err->code == -ENOSPC || err->code == -EDQUOT) &&
	    safety_file_mount(out->f.dir, &m) == 0)
		cli_error("%s left on %s while writing %s%s",
			  err->code == -ENOSPC ? "no space" : "no quota", m.mountpoint,
			  out->f.path, done);
	else
		cli_error("%s%s", err->msg, done);
}

/* Rewrite the results file with the first n points; 0 or negative errno. */
static int
run_output_write(struct run_output *out, struct sweep *sw, size_t n, json_t *state, bool final)
{
	struct dd_error err = { 0 };
	json_t	       *doc = run_json_doc(sw, n, out->plan, out->t, out->ses, out->rec, state,
					   final, out->spec_mbps);
	char	       *text = cli_json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
						       JSON_REAL_PRECISION(10));
	int		rc;

	json_decref(doc);
	if (text == NULL) {
		cli_error("out of memory building the JSON for %s", out->f.path);
		return -ENOMEM;
	}
	rc = outfile_replace(&out->f, text, strlen(text), &err);
	free(text);
	if (rc == 0)
		out->written = n;
	if (rc < 0) {
		run_output_error(out, &err);
		out->failed = true;
	}
	return rc;
}

/* Sweep hook: the results file after every finished point. */
static int
run_output_point(void *arg, struct sweep *sw, size_t n)
{
	return run_output_write(arg, sw, n, json_string("running"), false);
}

/* Check and open --json FILE before the results store is opened and the
 * sweep starts: a regular file that is not the target and that the write
 * safety rules let us replace (io/safety.h: not a store, a loop's backing
 * file, swap, open elsewhere). */
static int
run_output_open(struct run_output *out, const char *path, const struct dd_plan *plan,
		const struct dd_target *t, const struct session *ses)
{
	struct dd_error err = { 0 };

	*out = (struct run_output){ .plan = plan, .t = t, .ses = ses, .spec_mbps = NAN };
	/* An unnamed scratch file has no inode at its name to compare: the
	 * name itself is the target's. */
	if (ses->unnamed && strcmp(path, t->path) == 0) {
		cli_error("%s is the target being measured; results go to another file", path);
		return -1;
	}
	if (safety_outfile_open(&out->f, path, t->fd, &err) < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	out->open = true;
	return 0;
}
/* Print the table and write the JSON of a joined sweep; the exit code. */
static int
run_report(const struct run_opts *o, struct run_output *out, struct sweep *sw,
	   const struct dd_plan *plan, const struct dd_target *t, const struct session *ses,
	   enum sweep_state state, const char *message, int signo)
{
	bool json_stdout = o->json_path && strcmp(o->json_path, "-") == 0;
	int  rc;

	/* With --json - the JSON owns stdout; the table goes to stderr. */
	run_print_table(json_stdout ? stderr : stdout, sw, plan, ses, out->spec_mbps);
	if (state == SWEEP_FAILED)
		cli_error("the sweep stopped: %s", message);
	rc = state == SWEEP_DONE ? EXIT_OK : state == SWEEP_CANCELLED ? cli_exit_signal(signo)
	     : EXIT_NOMATCH;
	if (out->failed)
		rc = EXIT_USAGE;	/* the sweep stopped because of it */
	else if (out->open && run_output_write(out, sw, sweep_nresults(sw),
					       cli_json_sweep_state(state), true) < 0)
		rc = EXIT_USAGE;
	if (json_stdout && cli_print_json(run_json_doc(sw, sweep_nresults(sw), plan, t, ses,
						       out->rec, cli_json_sweep_state(state),
						       true, out->spec_mbps)) != EXIT_OK)
		rc = EXIT_USAGE;
	if (!json_stdout && cli_stdout_flush("the table") < 0 && rc == EXIT_OK)
		rc = EXIT_USAGE;
	return rc;
}

/* Open the target, the results store and the results file with the
 * sweep's signals blocked; a signal that came meanwhile is taken into
 * *signo.  0 or -1 (said). */
static int
run_prepare(struct cli_ctx *ctx, const struct run_opts *o, struct session *ses,
	    struct dd_plan *plan, struct dd_target *t, struct run_output *out,
	    struct record **rec, int *signo)
{
	sigset_t mask;

	/* Blocked before the scratch file is created: a signal now waits
	 * until it can be answered by removing it. */
	cli_signals_block(&mask);
	if (cli_session_open(ses, plan, t) < 0)
		return -1;
	if (o->json_path != NULL && strcmp(o->json_path, "-") != 0 &&
	    run_output_open(out, o->json_path, plan, t, ses) < 0)
		return -1;
	if (cli_record_begin_run(ctx, &o->store, ses, plan, t, rec) < 0)
		return -1;
	out->rec = *rec;
	/* Written once (no points) so a kill leaves valid JSON. */
	if (out->open && run_output_write(out, NULL, 0, json_string("running"), false) < 0)
		return -1;
	*signo = cli_signal_take(&mask);
	return 0;
}

/* The matched drive's spec sequential write for a plan with a cliff point
 * (the stored run's match); NAN none. */
static double
run_spec_write(struct cli_ctx *ctx, const struct record *rec, const struct dd_plan *plan)
{
	struct cli_workload w = { .n = plan->npoints, .pts = plan->points,
				  .spec_write_mbps = NAN };
	const struct results_prov *p = rec ? record_prov(rec) : NULL;

	if (p != NULL)
		cli_workload_spec(&w, ctx, p->drive_id);
	return w.spec_write_mbps;
}

/* `drivedash run`. */
int
cmd_run(struct cli_ctx *ctx, int argc, char **argv)
{
	struct run_opts	      o = { 0 };
	struct session	      ses = { 0 };
	struct dd_plan	      plan;
	struct dd_target      t = { .fd = -1 };
	struct run_output     out = { .open = false };
	struct cli_sweep_hook hook = { .arg = &out };
	struct record	     *rec = NULL;
	struct sweep	     *sw = NULL;
	enum sweep_state      state;
	char		      message[512];
	int		      rc = EXIT_USAGE, signo = 0;

	plan_init(&plan, "none");
	if (run_parse_args(argc, argv, &o) < 0)
		goto out;
	if (run_build_plan(&o, &plan) < 0)
		goto out;
	if (cli_fleet_wanted(&o.fleet)) {
		o.fleet.allow_write = o.allow_write;
		o.fleet.quiet = o.quiet;
		o.fleet.iopoll = o.iopoll;
		o.fleet.store = o.store;
		rc = o.print_fio ? cli_fleet_print_fio(&o.fleet, &plan)
				 : cli_fleet_cmd_run(ctx, &o.fleet, &plan, o.json_path);
		goto out;
	}
	if (o.print_fio) {
		const char *path = o.target ? o.target : o.scratch ? o.scratch : "/dev/TARGET";
		struct stat st;
		bool	    scratch = o.scratch != NULL || (o.target != NULL && stat(o.target, &st) < 0);
		struct dd_error e = { 0 };
		char	   *job;

		if (plan_resolve_path(&plan, path, scratch ? (o.size ? o.size : SESSION_DEFAULT_SCRATCH)
				      : 0, &e) < 0) {
			cli_error("%s", e.msg);
			goto out;
		}
		job = plan_fio_jobfile_target(&plan, path, o.iopoll);
		if (job == NULL) {
			cli_error("cannot build the fio job file (out of memory, or a control character in the target path)");
			goto out;
		}
		fputs(job, stdout);
		free(job);
		rc = cli_stdout_flush("the fio job file") < 0 ? EXIT_USAGE : EXIT_OK;
		goto out;
	}
	ses.o = (struct session_opts){ .target = o.target, .scratch = o.scratch, .size = o.size,
				       .keep = o.keep, .allow_write = o.allow_write,
				       .force = o.force, .confirm = o.confirm };
	if (run_prepare(ctx, &o, &ses, &plan, &t, &out, &rec, &signo) < 0)
		goto out;
	out.spec_mbps = run_spec_write(ctx, rec, &plan);
	if (signo != 0) {
		cli_record_end(rec, SWEEP_CANCELLED, signo, NULL, 0, true);
		cli_error("%s before the sweep started: nothing measured", strsignal(signo));
		rc = cli_exit_signal(signo);
		goto out;
	}
	if (!o.quiet) {
		char eta[256], size[32];

		/* Byte budgets (cliff, dlio) at the matched drive's spec write;
		 * the size in the unit it was typed in ("256 MiB"). */
		FILE *w = cli_wrap_begin(stderr);

		cli_fprintf(w, "drivedash: %s: %zu point%s on %s (%s, %s), %s%s%s\n",
			plan.name, plan.npoints, plan.npoints == 1 ? "" : "s", t.path,
			fmt_size((double)t.size, size, sizeof size), ses.tgt.description,
			plan_estimate_say(&plan, t.size, out.spec_mbps, NAN, eta, sizeof eta),
			plan.precondition_passes > 0 ? ", plus a preconditioning pass" : "",
			plan.steady_state ? ", plus steady-state rounds" : "");
		cli_wrap_end(w, stderr);
	}
	hook.point_done = out.open ? run_output_point : NULL;
	hook.rec = rec;
	rc = cli_sweep_run_hook(&t, &plan, o.quiet, &hook, &sw, &state, message, sizeof message,
				&signo);
	if (rc == -EINTR) {
		/* Abandoned with the sweep thread still running: remove the
		 * scratch file and leave without joining it. */
		session_close(&ses, &t);
		cli_exit_now(signo);
	}
	if (rc < 0) {
		cli_record_end(rec, SWEEP_FAILED, 0, "the sweep could not start", 0, true);
		rc = EXIT_USAGE;
		goto out;
	}
	record_sync(rec);	/* the final JSON names the stored run */
	rc = run_report(&o, &out, sw, &plan, &t, &ses, state, message, signo);
	cli_record_end(rec, state, signo, out.failed ? "writing the --json file failed" : message,
		       sweep_nresults(sw), o.quiet);
	if (!o.quiet && (o.json_path == NULL || strcmp(o.json_path, "-") != 0)) {
		cli_print_summary(ctx, rec);
		if (cli_stdout_flush("the summary") < 0 && rc == EXIT_OK)
			rc = EXIT_USAGE;
	}
out:
	record_free(rec);
	if (out.open)
		outfile_close(&out.f);
	sweep_destroy(sw);
	session_close(&ses, &t);
	plan_free(&plan);
	free(o.points);
	cli_fleet_opts_free(&o.fleet);
	return rc;
}
