/*
 * Subcommands of the command-line interface.  Each takes the arguments after
 * its name (argv[0] is the subcommand) and returns the process exit code.
 */
#ifndef DD_CLI_H
#define DD_CLI_H

#include <jansson.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "core/match.h"
#include "core/plan.h"
#include "core/prefs.h"
#include "core/results.h"
#include "core/specdb.h"
#include "core/sweep.h"
#include "core/verdict.h"
#include "core/workload.h"
#include "io/nvme.h"

struct session;
struct session_identity;
struct record;
struct explain_item;

/*
 * The one exit-code table of every subcommand (man page EXIT STATUS).  Each
 * code means one thing whichever command returns it.
 */
enum {
	EXIT_OK = 0,
	EXIT_NOMATCH = 1,	/* nothing matched; run: a point failed on an I/O error */
	EXIT_USAGE = 2,		/* bad arguments or target, missing/corrupt database */
	EXIT_CHECK_WARN = 3,	/* check: a metric outside the tolerance, within twice it */
	EXIT_CHECK_FAIL = 4,	/* check: a metric beyond twice the tolerance */
	EXIT_CHECK_UNKNOWN = 5,	/* check: the drive is not in the database */
	EXIT_AMBIGUOUS = 6,	/* a query matched several families */
	EXIT_CHECK_NOT_COMPARABLE = 7,	/* check: nothing could be judged */
	EXIT_CHECK_ERROR = 8,	/* check: the target could not be measured
				 * (unreachable, lost, a failed sweep) */
	EXIT_SIGHUP = 129,	/* the terminal hung up (SIGHUP): 128 + 1 */
	EXIT_SIGINT = 130,	/* interrupted (SIGINT, Ctrl-C): 128 + 2 */
	EXIT_SIGQUIT = 131,	/* quit at once (SIGQUIT, Ctrl-\\): 128 + 3 */
	EXIT_SIGTERM = 143,	/* terminated (SIGTERM): 128 + 15 */
};

/* Options every subcommand shares. */
struct cli_command;

struct cli_ctx {
	const char *db_path;	/* --db, or NULL to search */
	const char *progname;
	const struct cli_command *commands;	/* main.c's table (complete reads it); or NULL */
};

/* A row of the command table (main.c); summary NULL: hidden from --help. */
struct cli_command {
	const char *name;
	int	  (*run)(struct cli_ctx *ctx, int argc, char **argv);
	const char *args;
	const char *summary;
};

extern const struct cli_command cli_commands[];

int cmd_list(struct cli_ctx *ctx, int argc, char **argv);
int cmd_show(struct cli_ctx *ctx, int argc, char **argv);
int cmd_run(struct cli_ctx *ctx, int argc, char **argv);
int cmd_detect(struct cli_ctx *ctx, int argc, char **argv);
int cmd_check(struct cli_ctx *ctx, int argc, char **argv);
int cmd_ui(struct cli_ctx *ctx, int argc, char **argv);
int cmd_runs(struct cli_ctx *ctx, int argc, char **argv);
int cmd_export(struct cli_ctx *ctx, int argc, char **argv);
int cmd_import(struct cli_ctx *ctx, int argc, char **argv);
int cmd_db(struct cli_ctx *ctx, int argc, char **argv);
int cmd_report(struct cli_ctx *ctx, int argc, char **argv);

/* The copy-paste summary block at the end of `run` and `check` (the
 * report's summary section of the run rec stored, or kept in memory for
 * --no-save: then it says the run was not stored; nothing when the store
 * has not taken it), to stdout (cli-report.c). */
void cli_print_summary(struct cli_ctx *ctx, struct record *rec);

/* The hidden `complete WORDS...` command (cli-complete.c): the candidates
 * for the last word of a command line, one a line, for the shell's
 * completion functions; reads the database and the store, writes nothing. */
int cmd_complete(struct cli_ctx *ctx, int argc, char **argv);

/* export's --format words, NULL-terminated (cli-export.c). */
extern const char *const cli_export_formats[];

/*
 * Open the results store at path (NULL: results_default_path) for `runs`,
 * `export` and `import` (cli-runs.c), printing why not; pathbuf gets the
 * path.  A store that does not exist, opened RESULTS_READ, is -ENOENT with
 * nothing printed: each command says what that means for it.
 */
int cli_results_open(const char *path, enum results_mode mode, struct results **db,
		     char *pathbuf, size_t len);
int cmd_compare(struct cli_ctx *ctx, int argc, char **argv);

/*
 * Run a sweep of plan on t in the foreground (cli-sweep.c): progress line on
 * a terminal, log lines otherwise, Ctrl-C cancels.  On return *out holds the
 * joined sweep (caller destroys it), *state its end, message why it failed,
 * *signo the signal that cancelled it (0: none).
 */
int cli_sweep_run(const struct dd_target *t, const struct dd_plan *plan, bool quiet,
		  struct sweep **out, enum sweep_state *state, char *message, size_t len,
		  int *signo);

/*
 * cli_sweep_run with a hook called in the main thread whenever the sweep
 * has more finished points: n full results, read with
 * sweep_result_published().  A non-zero return (the hook printed why)
 * cancels the sweep.  Returns -EINTR, with *out NULL and *signo set, when a
 * second signal abandoned the sweep still running: the caller removes what
 * it created and leaves with cli_exit_now(*signo) at once.
 */
struct cli_sweep_hook {
	int  (*point_done)(void *arg, struct sweep *sw, size_t n);	/* or NULL */
	void *arg;
	struct record *rec;	/* stores each finished point (record_attach); NULL: none */
};
int cli_sweep_run_hook(const struct dd_target *t, const struct dd_plan *plan, bool quiet,
		       const struct cli_sweep_hook *hook, struct sweep **out,
		       enum sweep_state *state, char *message, size_t len, int *signo);

/* The exit code of a run a signal stopped: EXIT_SIGINT (also for 0),
 * EXIT_SIGTERM, EXIT_SIGHUP or EXIT_SIGQUIT; any other signal (SIGUSR1...)
 * has no code of its own: 128 + signo, and cli_exit_finish dies of it. */
int cli_exit_signal(int signo);

/* The end of main: when a signal with no exit code of its own stopped the
 * command (cli_exit_signal), die of it now that everything is cleaned up;
 * else return rc. */
int cli_exit_finish(int rc);

/* Leave at once after a second signal (the sweep thread still running):
 * _exit with cli_exit_signal's code, or die of a signal that has none. */
_Noreturn void cli_exit_now(int signo);

/* Block the terminating signals (lib/signals.h: SIGINT, SIGTERM, SIGHUP,
 * SIGQUIT, SIGUSR1 ...; into mask) before anything is created that a signal
 * must not strand, and ignore SIGPIPE. */
void cli_signals_block(sigset_t *mask);

/* Take a signal of mask that arrived while blocked; 0 when none did. */
int cli_signal_take(const sigset_t *mask);

/* Does an operand of compare or report name a stored run (else a drive
 * query)?  "run:X" and "drive:X" say so (*spec gets X); "#12", "last" and
 * "last:SERIAL" are runs; a bare number ("12") is a run when digits_run
 * (report), a drive query otherwise (compare).  *spec gets what follows a
 * prefix, else arg. */
bool cli_operand_is_run(const char *arg, bool digits_run, const char **spec);

/* The file an -o/--output argument names: NULL (standard output) for "-",
 * as --json takes it, else arg. */
const char *cli_output_path(const char *arg);

/*
 * Option values (cli-common.c), through the one number parser
 * (src/lib/parse.h).  Each takes the option's name and argument and an
 * inclusive range, and on error prints one sentence naming the option, the
 * value and the range, and returns -1.
 */
int cli_opt_double(const char *opt, const char *arg, double min, double max, double *out);
int cli_opt_count(const char *opt, const char *arg, long min, long max, unsigned *out);
int cli_opt_size(const char *opt, const char *arg, uint64_t min, uint64_t max, uint64_t *out);
int cli_opt_seconds(const char *opt, const char *arg, double min, double max, double *out);
int cli_opt_rate(const char *opt, const char *arg, double *out);

/* Ranges of the options that take times and sizes (man page OPTIONS). */
#define CLI_SECONDS_MAX	   86400.0		/* --runtime, --ramp: a day */
#define CLI_SIZE_MIN	   PREFS_SIZE_MIN	/* --size: 1 MiB ... */
#define CLI_SIZE_MAX	   PREFS_SIZE_MAX	/* ... to 1 PiB (as the preference) */

/*
 * JSON for one result point (cli-json.c), the one writer of `run --json`
 * and `check --json`: the point, what the engine used, counts, rates,
 * latencies, histogram, intervals and CPU cost.
 */
json_t *cli_json_result(const struct dd_result *r, const struct sweep_summary *s);

/* A histogram as fio's json+ "bins": bucket value (ns) -> count, non-empty
 * buckets only (run --json's histogram_ns, export fio-json's bins). */
json_t *cli_json_histogram(const struct histogram *h);

/* The read share a point ran with, as the JSON and CSV write it: the mix of
 * randrw/rw, else 100 or 0. */
int cli_json_read_pct(const struct dd_point *p);

/*
 * A stored run as JSON (cli-json.c): its whole provenance (`runs --json`,
 * `export --format json`), and a stored point: cli_json_result plus whether
 * its histogram holds real bins, its host and SMART before and after.
 */
json_t *cli_json_prov(const struct results_prov *p);
json_t *cli_json_stored_point(const struct results_point *pt);

/*
 * The reports of curves, checkpoints, cliffs and thread scaling (issue 12;
 * cli-workload.c), one path for a live sweep (`run`) and a stored run
 * (`export`): the points as plain arrays (pts/sums copies, res borrowed).
 */
struct cli_workload {
	size_t			    n;
	struct dd_point		   *pts;
	struct sweep_summary	   *sums;
	const struct dd_result	  **res;
	double			    spec_write_mbps;	/* cli_workload_spec; NAN none */
	struct workload_curve	   *curves;	/* workload_collect of the points */
	size_t			    ncurves;
	struct workload_ckpt	   *ckpts;
	size_t			    nckpts;
};

/* The first n points of a sweep (published: while it runs); 0 or -ENOMEM. */
int cli_workload_from_sweep(struct cli_workload *w, const struct sweep *sw, size_t n,
			    bool published);

/* The points of a stored run; 0 or -ENOMEM. */
int cli_workload_from_run(struct cli_workload *w, const struct results_run *run);

/* Free a workload's arrays. */
void cli_workload_free(struct cli_workload *w);

/* Find the matched drive's spec sequential-write figure for a cliff. */
void cli_workload_spec(struct cli_workload *w, struct cli_ctx *ctx, const char *drive_id);

/* The per-point table every run prints first (agg: how repeats fold). */
void cli_workload_print_points(FILE *f, const struct cli_workload *w, enum dd_aggregate agg);

/* The text tables of curves, checkpoints, cliffs, threads (nothing for plain
 * points). */
void cli_workload_print(FILE *f, const struct cli_workload *w);

/* Add "curves", "checkpoints", "cliffs" and "threads" arrays to doc. */
void cli_workload_json(json_t *doc, const struct cli_workload *w);

/* JSON for a sweep's end state: "done", "cancelled", "failed" ... */
json_t *cli_json_sweep_state(enum sweep_state st);

/*
 * Resolve, check and open a target along the one measurement path
 * (session_open, src/core/session.h), printing the error sentence; 0 or a
 * negative errno.
 */
int cli_session_open(struct session *ses, struct dd_plan *plan, struct dd_target *t);

/*
 * The results store from the CLI (cli-record.c).  --results PATH and
 * --no-save as `run`, `check` and `ui` take them.
 */
struct cli_store_opts {
	const char *path;	/* --results PATH; NULL: the default store */
	bool	    no_save;	/* --no-save */
};

/* How long run and check wait at the end for a store another process holds
 * the write lock of (man page: RESULTS STORE). */
#define CLI_STORE_WAIT_MS 10000

/* The recorder's on_busy hook: one line saying the store is busy and the
 * sweep goes on (struct record_opts). */
void cli_record_busy(void *arg, const char *path);

/* Open the store and store the run about to start (record_begin, source
 * "run" or "check"); *out NULL with --no-save.  0, or -1 with the sentence
 * printed: the caller exits 2 before any I/O. */
int cli_record_begin(const struct cli_store_opts *so, const char *source,
		     const struct session *ses, const struct session_identity *id,
		     const struct match_result *m, const struct dd_plan *plan,
		     const struct dd_target *t, struct record **out);

/* cli_record_begin for `run`: a block device is identified and matched to
 * the specs database first (a database that cannot be opened: no match). */
int cli_record_begin_run(struct cli_ctx *ctx, const struct cli_store_opts *so,
			 const struct session *ses, const struct dd_plan *plan,
			 const struct dd_target *t, struct record **out);

/* Record how the sweep ended (signo: the signal that stopped it, 0 none;
 * message: why it failed) and print "stored as run N: NAME" on stderr
 * (not when quiet), or one warning sentence when storing failed (npoints:
 * the points that finished). */
void cli_record_end(struct record *rec, enum sweep_state st, int signo, const char *message,
		    size_t npoints, bool quiet);

/* Add "run_id" and "run_name" (null without a recorder) to a JSON object. */
void cli_json_record(json_t *o, const struct record *rec);

/* JSON string, or null for NULL. */
json_t *cli_jstr(const char *s);

/* JSON integer, or null for a negative (unknown) value. */
json_t *cli_jint(long long v);

/* JSON real, or null for NAN/infinity. */
json_t *cli_jreal(double v);

/* JSON of a point's or a family's headline figures (spec_drive.head,
 * spec_family.head): {"seq_read": {value, value_hi, unit, qual,
 * capacity_point, capacity, family_wide} or null, "seq_write", "rand_read",
 * "rand_write"}: every figure with the capacity point it is from. */
json_t *cli_json_heads(const struct spec_family *f, const struct spec_headfig *h);

/* JSON integer of an unsigned count, saturating. */
json_t *cli_ju64(uint64_t v);

/* A temperature as text: "41 °C" or "-" (cli-detect.c). */
char *cli_temp(int c, char *buf, size_t len);

/* JSON temperature in degrees C, or null when not reported (cli-detect.c). */
json_t *cli_jtemp(int c);

/* JSON for a controller's identity, PCIe link and NUMA node (cli-detect.c). */
json_t *cli_json_ctrl_identity(const struct nvmeinfo_ctrl *c);

/* JSON for a model-string match to the database (cli-detect.c). */
json_t *cli_json_match(const struct match_result *m);

/* JSON for an NVMe SMART log, or null when not read (cli-detect.c). */
json_t *cli_json_smart(const struct nvmeinfo_smart *s);

/*
 * The CLI's own glyphs (cli-text.c), each with an ASCII twin used when the
 * locale is not UTF-8 (LANG=C).
 */
enum cli_glyph_id {
	CLI_G_DEG,	/* ° */
	CLI_G_ARROW,	/* → */
	CLI_G_WARN,	/* ⚠ */
	CLI_G_MICRO,	/* µ */
	CLI_G_TIMES,	/* × */
	CLI_G_CHECK,	/* ✓ */
	CLI_G_CROSS,	/* ✗ */
	CLI_G_EMDASH,	/* — */
	CLI_G_ELLIPSIS,	/* … */
	CLI_G_MIDDOT,	/* · */
};

/* Is the locale's character set other than UTF-8?  Decided once. */
bool cli_text_ascii(void);

/* A glyph of the CLI's own in the locale's character set. */
const char *cli_glyph(enum cli_glyph_id g);

/* The columns code point cp takes as cli_printf writes it (its ASCII
 * twin's under LANG=C): what a report's text writer measures its lines by
 * (report_opts.cp_width). */
int cli_text_cp_width(uint32_t cp);

/* The words argv[0..argc) joined by single spaces into buf (one query:
 * `show micron 9550 max`); returns buf. */
char *cli_join_words(int argc, char **argv, char *buf, size_t len);

/* s padded with spaces to width display columns ("%-22s" and "%11s" count
 * bytes, and "–" is three); right: aligned right. */
char *cli_text_pad(const char *s, int width, bool right, char *buf, size_t len);

/* Display columns s takes as cli_printf prints it (under a non-UTF-8
 * locale: its ASCII twins' length, "—" is "--"). */
int cli_text_width(const char *s);

/* s cut to width display columns as cli_printf prints it, tail (an
 * ellipsis, or "") in the last columns when it was cut; returns buf. */
char *cli_text_cut(const char *s, int width, const char *tail, char *buf, size_t len);

/* printf and fprintf for the CLI's text: under a non-UTF-8 locale every
 * non-ASCII character (the database's too) is written as its ASCII twin. */
int cli_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Print "drivedash: <message>" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Locate and open the specs database, printing the error on failure. */
struct specdb *cli_open_db(struct cli_ctx *ctx);

/* Open the database where a command can do without it: 0 with *out NULL
 * when there is none, -1 (said) when the lab's overlay is broken. */
int cli_open_db_optional(struct cli_ctx *ctx, struct specdb **out);

/* Print a JSON value to stdout with a newline; returns an exit code. */
int cli_print_json(json_t *v);

/* json_dumps for every JSON the CLI writes: jansson escapes C0 controls; a
 * string with a C1 control (U+0080..U+009F, which some terminals act on)
 * makes the whole text ASCII with \u escapes, the same values.  NULL when
 * out of memory; free() the text. */
char *cli_json_dumps(const json_t *doc, size_t flags);

/* Flush stdout; on a write error (EPIPE: the reader closed it) print one
 * sentence naming what (e.g. "the table") was lost, return negative errno. */
int cli_stdout_flush(const char *what);

/* JSON for a family as `list` and `show` print it. */
json_t *json_family(const struct spec_family *f);

/* A family's interface as one phrase: "PCIe 5.0 x4, NVMe 2.0, single port". */
char *cli_interface(const struct spec_family *f, char *buf, size_t len);

/*
 * The report pieces `run` and `check` print for a local sweep and for every
 * host of a fleet alike (cli-report.c; cli-json.c, cli-sweep.c): the command
 * files call down to them, never to each other's printers.
 */

/* A joined sweep's point table, then its curves, checkpoints, cliffs and
 * thread scaling (spec_mbps: the drive's sequential write; NAN none). */
void cli_run_print_points(FILE *f, const struct sweep *sw, const struct dd_plan *plan,
			  double spec_mbps);

/* The exit code of a verdict (a drive's or a rack's): PASS 0, WARN 3,
 * FAIL 4, UNKNOWN 5, NOT_COMPARABLE (and IMPLAUSIBLE) 7, ERROR 8; only PASS
 * is 0.  The one table of check's codes (man page EXIT STATUS). */
int cli_verdict_exit_code(enum verdict_status v);

/* The exit code of a check that ended in state (signo: the signal that
 * stopped it) with the overall verdict: a signal's 128+N when it was
 * stopped, EXIT_CHECK_ERROR when its sweep failed, else the verdict's. */
int cli_check_exit_code(enum sweep_state state, int signo, enum verdict_status overall);

/* A report's verdict table (what sw measured when it has no rows; sw may be
 * NULL) and the explainers next to WARN and FAIL rows. */
void cli_check_print_verdicts(FILE *f, const struct verdict_report *r,
			      const struct explain_item *items, size_t nitems,
			      const struct sweep *sw);

/* A load curve's peak and the rate limiter's achieved/target per step. */
void cli_check_print_curve(FILE *f, const struct workload_curve *cv);

/* JSON for one verdict row of r, and for a curve (null for NULL). */
json_t *cli_check_json_row(const struct verdict_report *r, const struct verdict *v,
			   const struct explain_item *items, size_t nitems);
json_t *cli_check_json_curve(const struct workload_curve *cv);

/* JSON for one explainer. */
json_t *cli_check_json_item(const struct explain_item *it);

/* A joined sweep's finished points as an array of cli_json_result ([] for
 * NULL). */
json_t *cli_json_sweep_points(const struct sweep *sw);

/* Log on stderr the finished points of a snapshot not yet logged (*logged
 * counts them); who, when not NULL, names the fleet host they ran on.  A
 * point that failed without measuring anything is not logged as done. */
void cli_sweep_log(const struct sweep_snapshot *sn, size_t *logged, const char *who);

/*
 * The fleet front end of `run --hosts` and `check --hosts` (cli-fleet.c):
 * the hosts file and --host rows, their detect= identity, the fio client
 * settings, one sweep per host through core/fleet.h, the live progress and
 * the per-host reports.
 */
struct cli_fleet_opts {
	const char  *hosts_file;	/* --hosts FILE, or NULL */
	const char **host_specs;	/* --host SPEC, repeated (malloc'd array) */
	size_t	     nhost_specs;
	const char  *fio;		/* --fio PATH, or NULL */
	double	     connect_timeout_s;	/* --connect-timeout; 0: the backend's */
	bool	     allow_write, quiet, iopoll;
	bool	     sweep_unknown;	/* check: measure hosts whose drive matches
					 * nothing (else they run nothing) */
	double	     tolerance;		/* check: verdict tolerance (fraction) */
	const char  *curve;		/* check --curve's profile, or NULL */
	struct cli_store_opts store;	/* --results, --no-save */
};

/* Is a fleet asked for (--hosts or --host)?  (This, cli_fleet_option and
 * cli_fleet_opts_free: cli-options.c, the fleet option group.) */
bool cli_fleet_wanted(const struct cli_fleet_opts *o);

/* The fleet's getopt codes: the fleet group of the shared options
 * (cli-options.h, CLI_OG_FLEET) passes them to cli_fleet_option. */
enum {
	CLI_OPT_HOSTS = 0x1000,
	CLI_OPT_HOST,
	CLI_OPT_FIO,
	CLI_OPT_CONNECT_TIMEOUT,
};

/* Take one fleet option (a CLI_OPT_* code) with its argument; -1 after
 * printing why not. */
int cli_fleet_option(struct cli_fleet_opts *o, int code, const char *arg);

/* Free what the options hold. */
void cli_fleet_opts_free(struct cli_fleet_opts *o);

/* The rows of --hosts and --host with their detect= identity, as one
 * malloc'd array; 0, or -1 (said) with nothing to free. */
struct fleet_host;
int cli_fleet_hosts(const struct cli_fleet_opts *o, struct fleet_host **hosts, size_t *n);

/* A detect= document's text (`drivedash detect --json` output of len bytes)
 * into h's identity: the namespace or block device whose path is h->device
 * or whose name is its base name gives model, serial, firmware and capacity
 * (and h->size when it has none).  0, or -EINVAL with err saying what the
 * text is not or which devices it lists instead; h is then unchanged. */
int cli_fleet_detect_parse(const char *text, size_t len, struct fleet_host *h,
			   struct dd_error *err);

/* Give the fio backend --fio and --connect-timeout. */
void cli_fleet_configure(const struct cli_fleet_opts *o);

/* `run --hosts ... --print-fio`: each host's job file; an exit code. */
int cli_fleet_print_fio(const struct cli_fleet_opts *o, const struct dd_plan *plan);

/* `run --hosts`: sweep plan on every host, print the per-host tables and
 * write --json (json_path; "-" stdout, NULL none); an exit code. */
int cli_fleet_cmd_run(struct cli_ctx *ctx, const struct cli_fleet_opts *o,
		      const struct dd_plan *plan, const char *json_path);

/* `check --hosts`: the check plan on every host, judged; per-host verdict
 * tables, the rack summary, --json; the worst host's exit code. */
int cli_fleet_cmd_check(struct cli_ctx *ctx, const struct cli_fleet_opts *o,
			const struct dd_plan *plan, bool json);

#endif
