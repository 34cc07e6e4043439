/*
 * `drivedash check DEVICE`: spot-checking a drive against its spec sheet.
 *
 * One struct check holds what a check learns, in the order it learns it:
 * the options; the device (its canonical path and kernel name, and the disk
 * when it is a partition); the discovery before the sweep, with the NVMe
 * controller and namespace behind the device (none for other block devices)
 * and its sysfs entry; the model string matched and where it came from
 * (--model, the controller's Identify data, or sysfs); the match, the spec
 * sheet narrowed to the matched capacity point and the figures compared;
 * the explainers; the spot plan, the target and the sweep; the discovery
 * after the sweep and the SMART delta; and the verdict report.  What a
 * check does between parsing and printing is src/core/check.h's (the plan,
 * the sheet, UNKNOWN before any I/O, the judgement with plausibility;
 * src/core/verdict.h holds the rules); this file gathers, runs the sweep
 * and prints, through the reports of cli-report.c.  Discoveries and the
 * sheet live in the check's arena.
 *
 * With --curve a short load curve (VDBench style) follows the spot points:
 * the shape of a plan preset's curve of that profile (its CURVE_MAX point:
 * pattern, block size, depth, jobs, region), a maximum then steps at 25,
 * 50, 75 and 100 % of it, appended by check_plan_build; its peak and
 * the latency there are judged against the matched drive's VDBench figures
 * (verdict_curve), and the rate limiter's achieved/target per step is
 * reported as information (struct workload_curve).
 *
 * The main thread sets everything up, then only waits, as `run` does: on the
 * sweep's wake fd (progress line on a terminal, a log line per finished
 * point otherwise) and on a signalfd (Ctrl-C stops the sweep; what finished
 * is still judged).  The report is text on stdout, or with --json one JSON
 * object on stdout and the text on stderr.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
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
#include "core/check.h"
#include "core/explain.h"
#include "core/format.h"
#include "core/match.h"
#include "core/plan.h"
#include "core/record.h"
#include "core/session.h"
#include "core/sweep.h"
#include "core/verdict.h"
#include "core/workload.h"
#include "io/engine.h"
#include "io/nvme.h"

/* What `check` was asked to do. */
struct check_opts {
	const char *device;
	const char *model;		/* --model, or NULL */
	const char *curve;		/* --curve's profile, or NULL */
	const char *confirm;
	bool	    json, allow_write, force, quiet;
	bool	    print_fio;		/* print the fio job file and exit */
	bool	    precondition;	/* --precondition: fill the device first */
	bool	    sweep_unknown;	/* --sweep-unknown: measure a drive not in
					 * the database anyway */
	double	    time_scale;		/* 0 = 1 */
	double	    tolerance;		/* fraction */
	struct cli_store_opts store;	/* --results, --no-save */
	struct cli_fleet_opts fleet;	/* --hosts, --host, --fio ... */
};

/* Everything one check learns. */
struct check {
	struct check_opts		o;
	struct check_params		p;		/* what core/check.h is asked */
	struct session			ses;		/* the target: canonical path,
							 * kernel name, disk */
	struct arena			a;
	struct specdb		       *db;
	struct spec_family	       *fams;
	size_t				nfams;
	struct session_identity		id;		/* the discovery before */
	struct nvmeinfo			after;
	bool				scanned_after;
	const struct nvmeinfo_ctrl     *ctrl, *ctrl_after;
	const struct nvmeinfo_ns       *ns;
	const struct nvmeinfo_blockdev *bdev;
	const char		       *model;
	const char		       *model_source;	/* "option", "nvme", "sysfs" */
	uint64_t			capacity;
	struct match_result		match;
	struct verdict_subject		subject;	/* who is judged */
	struct spec_sheet		sheet;
	bool				have_sheet;
	struct spec_figure		figs[VERDICT_MAX];
	size_t				nfigs;
	struct explain_item		items[EXPLAIN_MAX + 1];
	size_t				nitems;
	struct nvmeinfo_written		written;	/* how much of it held data
							 * before the sweep */
	struct dd_plan			plan;
	int				ntarget_points;	/* of the plan: the targets' */
	struct dd_target		t;
	struct record		       *rec;		/* the stored run, or NULL */
	struct sweep		       *sw;
	enum sweep_state		state;
	int				signo;		/* what cancelled it, 0 none */
	char				sweep_message[512];
	struct verdict_smart_delta	delta;
	struct verdict_report		report;
	bool				have_curve;	/* --curve ran (some of) its points */
	struct workload_curve		curve;
};

/* Print usage of `check`. */
static void
check_usage(FILE *f)
{
	cli_fprintf(f,
		"usage: drivedash check DEVICE [--json] [--allow-write [--force --confirm SERIAL]]\n"
		"                       [--model STRING] [--time-scale X] [--tolerance PCT]\n"
		"                       [--curve [PROFILE]] [--precondition] [--sweep-unknown]\n"
		"       drivedash check {--hosts FILE | --host SPEC...} [options]\n\n"
		"Spot-check a drive against its spec sheet: identify DEVICE (an NVMe namespace\n"
		"such as /dev/nvme0n1, or any block device), match it to the specs database,\n"
		"read SMART, run the spot preset (about 80 s read-only, 88 s with writes), read\n"
		"SMART again and judge every spec metric: PASS within the tolerance, WARN within\n"
		"twice it, FAIL beyond, NOT_COMPARABLE when the check ran no point under the\n"
		"spec's conditions.  A drive not in the database is UNKNOWN before any I/O\n"
		"(name it with --model).  See drivedash(1) CHECK VERDICTS.\n\n"
		"  -j, --json             one JSON object on stdout (the text goes to stderr)\n"
		"  -m, --model STRING     the model string to match (for devices without an\n"
		"                         NVMe identity, or to override it); a database id or a\n"
		"                         query naming one capacity point (\"cd9p 7.68\") too\n"
		"      --time-scale X     multiply every point's runtime and ramp\n"
		"      --tolerance PCT    PASS band in percent of the spec (default 10)\n"
		"      --print-fio        print the fio job file of the check's points (the spot\n"
		"                         preset and the drive's acceptance targets) and exit\n"
		"      --curve [PROFILE]  add a short load curve (max, then 25/50/75/100 %%) of a\n"
		"                         preset's VDBench profile (default \"4K random read\"),\n"
		"                         judged against the drive's published curve\n"
		"      --sweep-unknown    measure a drive not in the database anyway (UNKNOWN:\n"
		"                         the figures, no verdict)\n"
		"  -w, --allow-write      also measure writes (destroys data on DEVICE)\n"
		"      --precondition     fill DEVICE sequentially first (128K writes, as the\n"
		"                         reviews do), then measure: reads of never-written\n"
		"                         space are not judged (needs --allow-write)\n"
		"      --force            write even to a device the safety check refuses...\n"
		"      --confirm SERIAL   ...when SERIAL is the device's serial (or name)\n"
		"      --results PATH     the results store the check is saved in (default\n"
		"                         $XDG_DATA_HOME/drivedash/results.db)\n"
		"      --no-save          do not store the check's sweep\n"
		"  -q, --quiet            no progress, no text report with --json\n\n"
		"A rack (fio client/server; drivedash(1) FLEET): each host's device, judged\n"
		"against the drive its hosts-file line (or detect= file) names, then a rack\n"
		"verdict and the worst host's exit status:\n"
		"      --hosts FILE       the hosts file (ADDRESS DEVICE [DRIVE] [CONFIRM] [key=value])\n"
		"      --host SPEC        one such line (repeatable)\n"
		"      --fio PATH         the fio binary that runs the clients (default: fio)\n"
		"      --connect-timeout SEC  give up on a host that does not answer (default 10)\n\n"
		"Exit status: 0 PASS (only), 3 WARN, 4 FAIL, 5 UNKNOWN (drive not in the\n"
		"database), 7 NOT_COMPARABLE (nothing could be judged), 8 ERROR (the target\n"
		"could not be measured: a failed sweep, a host refused or lost), 2 usage or\n"
		"setup error, 130 interrupted (SIGINT), 143 terminated (SIGTERM).  A rack\n"
		"exits with its verdict's code, the worst host's by PASS < NOT_COMPARABLE <\n"
		"UNKNOWN < WARN < ERROR < FAIL.\n");
}

/* The arguments a rack check refuses (rest: the words after the options);
 * 0, or -1 after saying which. */
static int
check_fleet_args(const struct check_opts *o, int nrest, char **rest)
{
	if (nrest > 0) {
		cli_error("check --hosts takes no DEVICE (got '%s'): each hosts-file line names "
			  "its host's device", rest[0]);
		return -1;
	}
	if (o->print_fio) {
		cli_error("check --print-fio is for a local DEVICE (run --hosts --print-fio "
			  "prints each host's job file)");
		return -1;
	}
	if (o->model != NULL || o->force || o->confirm != NULL || o->precondition) {
		cli_error("--%s is for a local DEVICE: a rack names each drive (DRIVE, detect=) "
			  "and confirms writes (CONFIRM) in the hosts file",
			  o->model ? "model" : o->force ? "force" : o->confirm ? "confirm"
			  : "precondition");
		return -1;
	}
	return 0;
}

/* check's options: its own, and where the shared ones of CHECK_GROUPS stand
 * among them (cli-options.h). */
enum {
	OPT_TOLERANCE = 256, OPT_CURVE, OPT_PRECONDITION, OPT_SWEEP_UNKNOWN,
};
static const struct option check_own_options[] = {
	CLI_OPTIONS_AT("json"),
	{ "model", required_argument, NULL, 'm' },
	CLI_OPTIONS_AT("time-scale"),
	{ "tolerance", required_argument, NULL, OPT_TOLERANCE },
	CLI_OPTIONS_AT("allow-write"),
	CLI_OPTIONS_AT("force"),
	CLI_OPTIONS_AT("confirm"),
	CLI_OPTIONS_AT("quiet"),
	CLI_OPTIONS_AT("results"),
	CLI_OPTIONS_AT("no-save"),
	{ "curve", optional_argument, NULL, OPT_CURVE },
	CLI_OPTIONS_AT("print-fio"),
	{ "precondition", no_argument, NULL, OPT_PRECONDITION },
	{ "sweep-unknown", no_argument, NULL, OPT_SWEEP_UNKNOWN },
	{ NULL, 0, NULL, 0 },
};
#define CHECK_GROUPS (CLI_OG_WRITE | CLI_OG_SCALE | CLI_OG_STORE | CLI_OG_FLEET | \
		      CLI_OG_QUIET | CLI_OG_PRINT_FIO | CLI_OG_JSON)

/* Take one of check's own options (c: its getopt code, or what
 * cli_options_next returned); 0, 1 after --help, or -1 after saying why. */
static int
check_option(struct check_opts *o, int c, int argc, char **argv)
{
	double pct;

	switch (c) {
	case 'm':
		if (optarg[0] == '\0') {
			cli_error("--model needs a model string");
			return -1;
		}
		o->model = optarg;
		return 0;
	case OPT_TOLERANCE:
		if (cli_opt_double("--tolerance", optarg, 0, VERDICT_TOLERANCE_MAX * 100, &pct) < 0)
			return -1;
		o->tolerance = pct / 100;
		return 0;
	case OPT_CURVE:
		/* "--curve PROFILE" when the next word is a profile, not the DEVICE. */
		o->curve = optarg != NULL ? optarg : CHECK_CURVE_DEFAULT;
		if (optarg == NULL && optind < argc && argv[optind][0] != '-' &&
		    check_curve_shape(argv[optind], NULL) == 0)
			o->curve = argv[optind++];
		return 0;
	case OPT_PRECONDITION:
		o->precondition = true;
		return 0;
	case OPT_SWEEP_UNKNOWN:
		o->sweep_unknown = true;
		return 0;
	case 'h':
		{
			FILE *help = cli_help_begin();

			check_usage(help);
			cli_help_end(help);
		}
		return 1;
	case CLI_OPTIONS_BAD:
		return -1;
	default:
		cli_fprintf(stderr, "Try 'drivedash check --help'.\n");
		return -1;
	}
}

/* Take the shared groups' values from co (o then owns the --host array). */
static void
check_take_shared(struct check_opts *o, const struct cli_options *co)
{
	o->allow_write = co->ses.allow_write;
	o->force = co->ses.force;
	o->confirm = co->ses.confirm;
	o->time_scale = co->time_scale;
	o->store = co->store;
	o->fleet = co->fleet;
	o->quiet = co->quiet;
	o->print_fio = co->print_fio;
	o->json = co->json;
}

/* Parse the command line; returns -1 on error (printed), 1 after --help. */
static int
check_parse_args(int argc, char **argv, struct check_opts *o)
{
	struct cli_options co;
	int		   c, rc = 0;

	o->tolerance = VERDICT_DEFAULT_TOLERANCE;
	cli_options_init(&co, "check", CHECK_GROUPS, check_own_options, "m:");
	while (rc == 0 && (c = cli_options_next(&co, argc, argv)) != -1)
		rc = check_option(o, c, argc, argv);
	check_take_shared(o, &co);
	if (rc != 0)
		return rc;
	if (cli_fleet_wanted(&o->fleet))
		return check_fleet_args(o, argc - optind, argv + optind);
	if (o->precondition && !o->allow_write) {
		cli_error("--precondition writes the whole device: it needs --allow-write "
			  "(and --force --confirm where the safety check refuses the device)");
		return -1;
	}
	if (cli_options_fleet_alone(&co) < 0)
		return -1;
	if (optind >= argc) {
		cli_error("check needs a DEVICE, a block device such as /dev/nvme0n1");
		return -1;
	}
	if (argc - optind > 1) {
		cli_error("check takes one DEVICE (got also '%s')", argv[optind + 1]);
		return -1;
	}
	o->device = argv[optind];
	return 0;
}

/* Resolve DEVICE along the measurement path: a block device or an error. */
static int
check_device(struct check *c)
{
	struct dd_error err = { 0 };

	c->ses.o = (struct session_opts){ .target = c->o.device, .block_only = true,
					  .allow_write = c->o.allow_write, .force = c->o.force,
					  .confirm = c->o.confirm };
	if (session_resolve(&c->ses, &err) < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	return 0;
}

/* Discover, identify, match, load the sheet and explain. */
static void
check_identify(struct check *c)
{
	session_identify(&c->ses, c->o.model, &c->a, &c->id);
	c->ctrl = c->id.ctrl;
	c->ns = c->id.ns;
	c->bdev = c->id.bdev;
	c->model = c->id.model;
	c->model_source = c->id.model_source;
	c->capacity = session_capacity(&c->id, c->t.size);
	session_match(&c->id, c->t.size, c->fams, c->nfams, &c->a, &c->match);
	c->have_sheet = check_sheet(c->db, &c->match, &c->a, &c->sheet, c->figs, &c->nfigs);
	check_subject(&c->match, c->have_sheet ? &c->sheet : NULL, c->figs, c->nfigs, c->model,
		      c->model_source != NULL && strcmp(c->model_source, "option") == 0,
		      &c->subject);
	if (c->ctrl != NULL) {
		bool link = false;

		c->nitems = explain_controller(c->ctrl, c->have_sheet ? &c->sheet : NULL,
					       c->items, EXPLAIN_MAX);
		for (size_t i = 0; i < c->nitems; i++)
			link |= strcmp(c->items[i].kind, "pcie-link") == 0;
		if (!link && c->match.rule != MATCH_NONE &&
		    verdict_link_hint(c->ctrl, c->match.family, &c->items[c->nitems]))
			c->nitems++;
	}
}

/* Build the check's plan (core/check.h: spot preset, fill, curve). */
static int
check_plan(struct check *c)
{
	struct dd_error err = { 0 };

	c->p = (struct check_params){ .tolerance = c->o.tolerance, .time_scale = c->o.time_scale,
				      .allow_write = c->o.allow_write,
				      .precondition = c->o.precondition,
				      .sweep_unknown = c->o.sweep_unknown, .curve = c->o.curve };
	if (check_plan_build(&c->p, &c->plan, &err) < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	return 0;
}

/* Append the matched drive's acceptance targets' points to the plan, at
 * their stated runtime, and check them against the open target. */
static int
check_plan_targets(struct check *c)
{
	struct dd_error err = { 0 };
	int		rc = check_plan_add_targets(&c->plan, c->figs, c->nfigs, &c->p, &c->t, &err);

	if (rc < 0) {
		cli_error("acceptance targets: %s", err.msg);
		return -1;
	}
	c->ntarget_points = rc;
	return 0;
}

/* --print-fio: the fio job file of the check's points on DEVICE. */
static int
check_print_fio(struct check *c)
{
	char *job = plan_fio_jobfile_target(&c->plan, c->ses.tgt.path, false);

	if (job == NULL) {
		cli_error("cannot build the fio job file (out of memory, or a control character in the target path)");
		return EXIT_USAGE;
	}
	fputs(job, stdout);
	free(job);
	return cli_stdout_flush("the fio job file") < 0 ? EXIT_USAGE : EXIT_OK;
}

/* Run the sweep in the foreground (progress, Ctrl-C) via cli_sweep_run. */
static int
check_sweep(struct check *c)
{
	struct cli_sweep_hook hook = { .rec = c->rec };

	return cli_sweep_run_hook(&c->t, &c->plan, c->o.quiet, &hook, &c->sw, &c->state,
				  c->sweep_message, sizeof c->sweep_message, &c->signo);
}

/* Read SMART again and judge what the sweep measured (core/check.h). */
static void
check_verdict(struct check *c)
{
	struct dd_error		 err = { 0 };
	const struct dd_result **res;
	size_t			 n = sweep_nresults(c->sw);
	struct check_evidence	 ev;
	struct check_judging	 j = { .subject = &c->subject, .tolerance = c->o.tolerance,
				       .writes_ran = plan_writes(&c->plan), .smart = &c->delta,
				       .evidence = &ev, .items = c->items, .nitems = c->nitems };

	if (c->ctrl != NULL && nvmeinfo_scan(NULL, &c->a, &c->after, &err) == 0) {
		c->scanned_after = true;
		session_find(c->ses.tgt.disk, &c->after, &c->ctrl_after, NULL, NULL);
	}
	verdict_smart_delta(c->ctrl ? &c->ctrl->smart : NULL,
			    c->ctrl_after ? &c->ctrl_after->smart : NULL, &c->delta);
	res = arena_alloc(&c->a, (n ? n : 1) * sizeof *res);
	for (size_t i = 0; i < n; i++)
		res[i] = sweep_result(c->sw, i);
	c->have_curve = c->o.curve != NULL && check_curve(c->sw, &c->curve);
	j.curve = c->have_curve ? &c->curve : NULL;
	check_evidence_local(c->ctrl, &c->written, &c->plan, &ev);
	check_judge(&j, res, n, &c->report);
}

/* A drive not in the database, unless --sweep-unknown: UNKNOWN before any
 * I/O, the sweep line saying how to name it; true when the check stops. */
static bool
check_unknown(struct check *c)
{
	if (!check_stop_unknown(&c->subject, &c->p, &c->report))
		return false;
	snprintf(c->sweep_message, sizeof c->sweep_message,
		 "not run: there is no spec to judge it by; name the drive with --model (a model "
		 "string, a database id, or a query naming one capacity point such as \"cd9p "
		 "7.68\"), or give --sweep-unknown to measure it anyway");
	return true;
}

/* The critical-warning bits as names: "temperature, spare" or "none". */
static char *
check_cw(int bits, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int b = 0; b < 8 && o + 1 < len; b++)
		if (bits & (1 << b)) {
			const char *name = nvmeinfo_cw_name(1 << b);

			o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "",
					      name ? name : "reserved");
		}
	if (o == 0)
		snprintf(buf, len, "none");
	return buf;
}

/* The verdict's exit code. */
static int
check_exit_code(const struct check *c)
{
	return cli_check_exit_code(c->state, c->signo, c->report.overall);
}

/* Print the identity, match and explainers. */
static void
check_print_identity(FILE *f, const struct check *c)
{
	const struct nvmeinfo_ctrl *ct = c->ctrl;
	const char		   *src;
	char			    b[32], pl[PLAN_NAME_MAX + 32];

	cli_fprintf(f, "  %-11s %s (%s), %s, %u B sectors%s\n", "device", c->o.device, c->ses.tgt.name,
		fmt_size((double)c->t.size, b, sizeof b), c->t.lbs,
		ct != NULL ? "" : ", not NVMe: no identity, no SMART");
	if (ct != NULL) {
		cli_fprintf(f, "  %-11s %s: %s, serial %s, firmware %s", "controller", ct->name,
			ct->model ? ct->model : "(no model)", ct->serial ? ct->serial : "-",
			ct->firmware ? ct->firmware : "-");
		if (!isnan(ct->pcie.speed_gts) && nvmeinfo_pcie_gen(ct->pcie.speed_gts) > 0)
			cli_fprintf(f, ", PCIe Gen%d x%d", nvmeinfo_pcie_gen(ct->pcie.speed_gts),
				ct->pcie.width);
		fputc('\n', f);
	} else if (c->id.scan_note[0] != '\0') {
		cli_fprintf(f, "  %-11s discovery failed: %s\n", "controller", c->id.scan_note);
	}
	src = c->model_source == NULL ? "" : strcmp(c->model_source, "option") == 0 ? "--model"
		: strcmp(c->model_source, "nvme") == 0 ? "Identify Controller" : "sysfs";
	if (c->model == NULL)
		cli_fprintf(f, "  %-11s no model string (--model names one)\n", "match");
	else if (c->match.rule == MATCH_QUERY)
		cli_fprintf(f, "  %-11s %s (named by %s \"%s\", not a model string)\n", "match",
			c->match.label, src, c->model);
	else if (c->match.rule != MATCH_NONE)
		cli_fprintf(f, "  %-11s %s (%s match of \"%s\" from %s, SKU %s)\n", "match",
			c->match.label, match_rule_name(c->match.rule), c->model, src,
			c->match.sku && c->match.sku->status ? c->match.sku->status : "?");
	else
		cli_fprintf(f, "  %-11s \"%s\" (from %s): %s\n", "match", c->model, src,
			c->match.label);
	if (c->model != NULL && c->match.inferred_only)
		cli_fprintf(f, "  %-11s model string inferred, not in a published list\n", "");
	snprintf(pl, sizeof pl, "%s, %zu points", c->plan.name, c->plan.npoints);
	if (c->ntarget_points > 0)
		snprintf(pl + strlen(pl), sizeof pl - strlen(pl), " (%d for the lab's targets)",
			 c->ntarget_points);
	cli_fprintf(f, "  %-11s %s, time scale %g, tolerance %.0f%%\n", "plan", pl,
		c->o.time_scale > 0 ? c->o.time_scale : 1, c->o.tolerance * 100);
	for (size_t i = 0; i < c->nitems; i++)
		cli_fprintf(f, "  %-11s %s %s: %s: %s\n", i == 0 ? "explainers" : "",
			cli_glyph(CLI_G_WARN), explain_severity_name(c->items[i].severity), c->items[i].kind,
			c->items[i].message);
}

/* Print the SMART delta. */
static void
check_print_smart(FILE *f, const struct check *c)
{
	const struct verdict_smart_delta *d = &c->delta;
	char				  t[3][24], rd[32], wr[32], cw[96];

	if (!d->valid) {
		cli_fprintf(f, "\n  %-11s %s\n", "SMART",
			c->ctrl == NULL ? "not available: not an NVMe namespace"
			: !c->ctrl->smart.valid ? "the log could not be read (needs root)"
						: "the log could not be read after the sweep");
		return;
	}
	cli_fprintf(f, "\n  %-11s temperature %s %s %s (max %s), thermal transitions T1 %+lld "
		"T2 %+lld\n", "SMART", cli_temp(d->temp_before_c, t[0], sizeof t[0]),
		cli_glyph(CLI_G_ARROW),
		cli_temp(d->temp_after_c, t[1], sizeof t[1]),
		cli_temp(d->temp_max_c, t[2], sizeof t[2]),
		(long long)d->thermal_t1_transitions, (long long)d->thermal_t2_transitions);
	cli_fprintf(f, "  %-11s media errors %+lld, error log %+lld, read %s, written %s, "
		   "critical warnings %s\n", "",
		(long long)d->media_errors, (long long)d->error_log_entries,
		fmt_bytes((double)d->data_units_read * 512000.0, rd, sizeof rd),
		fmt_bytes((double)d->data_units_written * 512000.0, wr, sizeof wr),
		check_cw(d->critical_after, cw, sizeof cw));
}

/* The whole text report; on a terminal the lines around the verdict
 * table wrap to its width. */
static void
check_print_text(FILE *f, const struct check *c)
{
	FILE *w = cli_wrap_begin(f);

	cli_fprintf(w, "drivedash check %s: %s\n", c->o.device, c->ses.tgt.description);
	check_print_identity(w, c);
	if (c->state == SWEEP_CANCELLED)
		cli_fprintf(w, "  %-11s stopped by the user: %zu of %zu points ran\n", "sweep",
			sweep_nresults(c->sw), c->plan.npoints);
	else if (c->state == SWEEP_FAILED)
		cli_fprintf(w, "  %-11s failed: %s\n", "sweep", c->sweep_message);
	else if (c->state == SWEEP_IDLE)
		cli_fprintf(w, "  %-11s %s\n", "sweep", c->sweep_message);
	cli_wrap_end(w, f);
	if (c->state != SWEEP_IDLE)
		cli_check_print_verdicts(f, &c->report, c->items, c->nitems, c->sw);
	if (c->have_curve)
		cli_check_print_curve(f, &c->curve);
	w = cli_wrap_begin(f);
	if (c->state != SWEEP_IDLE)
		check_print_smart(w, c);
	cli_fprintf(w, "\nVERDICT %s: %s\n", verdict_status_name(c->report.overall),
		c->report.summary);
	cli_wrap_end(w, f);
}

/* JSON for the SMART delta, or null. */
static json_t *
check_json_delta(const struct verdict_smart_delta *d)
{
	json_t *o;

	if (!d->valid)
		return json_null();
	o = json_object();
	json_object_set_new(o, "temperature_before_c", cli_jtemp(d->temp_before_c));
	json_object_set_new(o, "temperature_after_c", cli_jtemp(d->temp_after_c));
	json_object_set_new(o, "temperature_max_c", cli_jtemp(d->temp_max_c));
	json_object_set_new(o, "thermal_t1_transitions", json_integer(d->thermal_t1_transitions));
	json_object_set_new(o, "thermal_t2_transitions", json_integer(d->thermal_t2_transitions));
	json_object_set_new(o, "warning_temp_time_min", json_integer(d->warning_temp_minutes));
	json_object_set_new(o, "critical_temp_time_min", json_integer(d->critical_temp_minutes));
	json_object_set_new(o, "media_errors", json_integer(d->media_errors));
	json_object_set_new(o, "error_log_entries", json_integer(d->error_log_entries));
	json_object_set_new(o, "data_units_read", json_integer(d->data_units_read));
	json_object_set_new(o, "data_units_written", json_integer(d->data_units_written));
	json_object_set_new(o, "data_read_bytes", json_integer(d->data_units_read * 512000));
	json_object_set_new(o, "data_written_bytes",
			    json_integer(d->data_units_written * 512000));
	json_object_set_new(o, "percentage_used", json_integer(d->percentage_used));
	json_object_set_new(o, "new_critical_warning", json_integer(d->new_critical_bits));
	return o;
}

/* JSON for the device and its NVMe identity. */
static json_t *
check_json_device(const struct check *c)
{
	const struct nvmeinfo_ctrl *ct = c->ctrl;
	json_t			   *o = json_object(), *id;

	json_object_set_new(o, "path", json_string(c->o.device));
	json_object_set_new(o, "canonical", json_string(c->ses.tgt.canonical));
	json_object_set_new(o, "name", json_string(c->ses.tgt.name));
	json_object_set_new(o, "disk", json_string(c->ses.tgt.disk));
	json_object_set_new(o, "description", json_string(c->ses.tgt.description));
	json_object_set_new(o, "kind", cli_jstr(c->bdev ? c->bdev->kind : NULL));
	json_object_set_new(o, "size_bytes", cli_ju64(c->t.size));
	json_object_set_new(o, "logical_block_size", json_integer(c->t.lbs));
	json_object_set_new(o, "nvme", json_boolean(ct != NULL));
	json_object_set_new(o, "model", cli_jstr(c->model));
	json_object_set_new(o, "model_source", cli_jstr(c->model_source));
	json_object_set_new(o, "match_capacity_bytes", cli_ju64(c->capacity));
	/* How much of it held data before the sweep, and who says so. */
	json_object_set_new(o, "written", json_pack("{s:o, s:o}", "share",
			    cli_jreal(c->written.share), "source",
			    c->written.source[0] ? json_string(c->written.source) : json_null()));
	if (ct == NULL) {
		json_object_set_new(o, "controller", json_null());
		json_object_set_new(o, "discovery_error",
				    c->id.scan_note[0] ? json_string(c->id.scan_note) : json_null());
		return o;
	}
	id = cli_json_ctrl_identity(ct);
	if (c->ns != NULL) {
		json_object_set_new(id, "nsid", cli_jint(c->ns->nsid));
		json_object_set_new(id, "lba_data_size", cli_jint(c->ns->lba_data_size));
		json_object_set_new(id, "namespace_size_bytes", cli_ju64(c->ns->size_bytes));
	}
	json_object_set_new(id, "note", cli_jstr(ct->note));
	json_object_set_new(o, "controller", id);
	return o;
}

/* The whole check as one JSON object. */
static json_t *
check_json(const struct check *c, int exit_code)
{
	json_t *o = json_object(), *pl = json_object(), *sm = json_object();
	json_t *ex = json_array(), *vs = json_array(), *ov = json_object();

	json_object_set_new(o, "drivedash", json_string(PACKAGE_VERSION));
	cli_json_record(o, c->rec);
	json_object_set_new(o, "time", json_integer((json_int_t)time(NULL)));
	json_object_set_new(o, "device", check_json_device(c));
	json_object_set_new(o, "match", cli_json_match(&c->match));
	for (size_t i = 0; i < c->nitems; i++)
		json_array_append_new(ex, cli_check_json_item(&c->items[i]));
	json_object_set_new(o, "explainers", ex);
	json_object_set_new(pl, "name", json_string(c->plan.name));
	json_object_set_new(pl, "points", json_integer((json_int_t)c->plan.npoints));
	json_object_set_new(pl, "estimate_s", json_real(plan_estimate_seconds(&c->plan)));
	json_object_set_new(pl, "time_scale", json_real(c->o.time_scale > 0 ? c->o.time_scale : 1));
	json_object_set_new(pl, "writes", json_boolean(plan_writes(&c->plan)));
	json_object_set_new(pl, "target_points", json_integer(c->ntarget_points));
	json_object_set_new(pl, "precondition_passes", json_real(c->plan.precondition_passes));
	json_object_set_new(o, "plan", pl);
	json_object_set_new(o, "state", cli_json_sweep_state(c->state));
	json_object_set_new(o, "sweep_message",
			    c->sweep_message[0] ? json_string(c->sweep_message) : json_null());
	json_object_set_new(sm, "before", cli_json_smart(c->ctrl ? &c->ctrl->smart : NULL));
	json_object_set_new(sm, "after",
			    cli_json_smart(c->ctrl_after ? &c->ctrl_after->smart : NULL));
	json_object_set_new(sm, "delta", check_json_delta(&c->delta));
	json_object_set_new(o, "smart", sm);
	json_object_set_new(o, "points", cli_json_sweep_points(c->sw));
	json_object_set_new(o, "tolerance_pct", json_real(c->report.tolerance * 100));
	for (size_t i = 0; i < c->report.nrows; i++)
		json_array_append_new(vs, cli_check_json_row(&c->report, &c->report.rows[i],
							     c->items, c->nitems));
	json_object_set_new(o, "verdicts", vs);
	json_object_set_new(o, "curve", cli_check_json_curve(c->have_curve ? &c->curve : NULL));
	json_object_set_new(ov, "verdict", json_string(verdict_status_name(c->report.overall)));
	json_object_set_new(ov, "summary", json_string(c->report.summary));
	json_object_set_new(ov, "exit_code", json_integer(exit_code));
	json_object_set_new(o, "overall", ov);
	return o;
}

/* The line a check starts with: the drive, the plan and how long it takes. */
static void
check_print_start(const struct check *c)
{
	struct check_estimate est;
	char		      eta[32], fill[32];

	check_plan_estimate(&c->plan, c->t.size, &est);
	cli_fprintf(stderr, "drivedash: checking %s (%s): %s, %zu points, about %s%s%s%s\n",
		c->o.device, c->match.label, c->plan.name, c->plan.npoints,
		fmt_duration(est.seconds, eta, sizeof eta),
		est.fill_bytes > 0 ? ", first a sequential fill of " : "",
		est.fill_bytes > 0 ? fmt_bytes((double)est.fill_bytes, fill, sizeof fill) : "",
		est.fill_bytes > 0 ? " (--precondition; its progress and ETA below)" : "");
}

/* `check --hosts`: the same plan on every host, judged; an exit code. */
static int
check_fleet(struct cli_ctx *ctx, struct check *c)
{
	struct cli_fleet_opts *fo = &c->o.fleet;

	if (check_plan(c) < 0)
		return EXIT_USAGE;
	fo->allow_write = c->o.allow_write;
	fo->quiet = c->o.quiet;
	fo->tolerance = c->o.tolerance;
	fo->curve = c->o.curve;
	fo->store = c->o.store;
	fo->sweep_unknown = c->o.sweep_unknown;
	return cli_fleet_cmd_check(ctx, fo, &c->plan, c->o.json);
}

/* `drivedash check DEVICE`. */
int
cmd_check(struct cli_ctx *ctx, int argc, char **argv)
{
	struct dd_error err = { 0 };
	struct check   *c = calloc(1, sizeof *c);
	int		rc = EXIT_USAGE, prc;

	if (c == NULL) {
		cli_error("out of memory");
		return EXIT_USAGE;
	}
	c->t.fd = -1;
	plan_init(&c->plan, "spot");
	prc = check_parse_args(argc, argv, &c->o);
	if (prc != 0) {
		rc = prc > 0 ? EXIT_OK : EXIT_USAGE;
		goto out;
	}
	if (cli_fleet_wanted(&c->o.fleet)) {
		rc = check_fleet(ctx, c);
		goto out;
	}
	if (check_device(c) < 0 || check_plan(c) < 0)
		goto out;
	c->db = cli_open_db(ctx);
	if (c->db == NULL)
		goto out;
	if (specdb_families(c->db, &c->a, &c->fams, &c->nfams, &err) < 0) {
		cli_error("%s", err.msg);
		goto out;
	}
	/* The write rules, the target and every point: as run and the dashboard. */
	if (cli_session_open(&c->ses, &c->plan, &c->t) < 0)
		goto out;
	check_identify(c);
	if (check_plan_targets(c) < 0)
		goto out;
	if (c->o.print_fio) {
		rc = check_print_fio(c);
		goto out;
	}
	if (check_unknown(c))
		goto report;
	if (cli_record_begin(&c->o.store, "check", &c->ses, &c->id, &c->match, &c->plan, &c->t,
			     &c->rec) < 0)
		goto out;
	nvmeinfo_written(NULL, c->bdev, c->ns, &c->written);
	if (!c->o.quiet)
		check_print_start(c);
	if ((prc = check_sweep(c)) == -EINTR) {
		/* A second signal: the sweep thread still uses c. */
		session_close(&c->ses, &c->t);
		cli_exit_now(c->signo);
	}
	if (prc < 0) {
		cli_record_end(c->rec, SWEEP_FAILED, 0, "the sweep could not start", 0, true);
		goto out;
	}
	cli_record_end(c->rec, c->state, c->signo, c->sweep_message, sweep_nresults(c->sw),
		       c->o.quiet);
	check_verdict(c);
	/* Judge what finished; a run that did not end is not measured. */
	if (c->state == SWEEP_FAILED || c->state == SWEEP_CANCELLED)
		verdict_not_measured(&c->report, c->state == SWEEP_FAILED ? c->sweep_message
									  : "stopped by the user");
	record_verdict(c->rec, &c->report);
report:
	rc = check_exit_code(c);
	if (c->o.json) {
		if (!c->o.quiet)
			check_print_text(stderr, c);
		if (cli_print_json(check_json(c, rc)) != EXIT_OK)
			rc = EXIT_USAGE;
	} else {
		check_print_text(stdout, c);
		if (!c->o.quiet && c->rec != NULL) {
			record_sync(c->rec);	/* the verdict is stored before it is read */
			cli_print_summary(ctx, c->rec);
		}
		if (cli_stdout_flush("the report") < 0)
			rc = EXIT_USAGE;
	}
	if (c->state == SWEEP_FAILED)
		cli_error("the sweep stopped: %s", c->sweep_message);
out:
	record_free(c->rec);
	sweep_destroy(c->sw);
	session_close(&c->ses, &c->t);
	plan_free(&c->plan);
	arena_free(&c->a);
	specdb_close(c->db);
	cli_fleet_opts_free(&c->o.fleet);
	free(c);
	return rc;
}
