/*
 * `drivedash export RUN --format json|csv|fio-json [-o FILE]`: one stored run
 * (RUN as results_resolve takes it: "12", "#12", "last", "last:SERIAL") in
 * the form another tool reads.
 *
 *   json      {"run": provenance, "points": [...]}: the provenance as `runs
 *             --json` prints it, every point through the one point writer
 *             (cli_json_stored_point, cli_json_result underneath).
 *   csv       a header row, then one row per point: the point (pattern, bs,
 *             iodepth, numjobs, read_pct), its rates, latency (mean, p50,
 *             p99, p99.9, max, µs), the read and write split, the status,
 *             then the point's kind, group, seq, pass, paced target (IOPS
 *             and %), profile, read share, pacing spread and flush time.
 *             An unknown figure is an empty cell.
 *   fio-json  fio's own JSON output keys (cli_fio_export, cli-fio.h).
 *
 * Every format carries the run's stored reference and verdict as they were
 * judged (never judged again): json a "verdict" object (overall, the drive,
 * the typed query, tolerance, rules' version, summary, the rows), fio-json
 * the same object as "drivedash_verdict" (fio's readers skip keys they do
 * not know), csv "# verdict," lines and an "# overall," line after the
 * points, text a VERDICT line and a line per row.  A row's reference keeps
 * its marks (results_verdict_ref_text: "~30 us", a range, "(i)",
 * "conditions not stated"): json and csv as reference_qual, _low, _high and
 * _text, text in the row's line.
 *
 * The document is built whole in memory, then written to stdout or, with
 * -o, through src/lib/outfile.h (a temporary file renamed over FILE), so a
 * reader never sees half of it.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli-fio.h"
#include "cli/cli.h"
#include "cli/cli-table.h"
#include "cli/cli-options.h"
#include "core/results.h"
#include "io/safety.h"
#include "lib/outfile.h"
#include "lib/utf8.h"

/* The formats, as --format spells them. */
enum export_format {
	EXPORT_JSON,
	EXPORT_CSV,
	EXPORT_FIO,
	EXPORT_TEXT,
};

/* Indexes of p50, p99 and p99.9 in hist_default_pcts. */
enum { EXPORT_P50 = 6, EXPORT_P99 = 12, EXPORT_P999 = 14 };

/* One CSV number: "%.10g", or an empty cell when unknown. */
static void
export_csv_num(FILE *f, double v, bool last)
{
	if (isfinite(v))
		fprintf(f, "%.10g", v);
	fputs(last ? "\n" : ",", f);
}

/* One CSV text cell (a name, a host, a profile: all under 256 bytes),
 * quoted when it holds a comma or a quote; foreign text (a host name) made
 * inert first: a control character, a line break among them, or a
 * malformed byte is '?' (utf8_sanitize), so a CSV printed on a terminal
 * cannot drive it. */
static void
export_csv_cell(FILE *f, const char *raw, bool last)
{
	char safe[1024], *s = safe;

	snprintf(safe, sizeof safe, "%s", raw);
	utf8_sanitize(safe, 0);
	if (strpbrk(s, ",\"") == NULL) {
		fprintf(f, "%s%s", s, last ? "\n" : ",");
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputs(last ? "\"\n" : "\",", f);
}

/* A text cell that is not its row's last. */
static void
export_csv_text(FILE *f, const char *raw)
{
	export_csv_cell(f, raw, false);
}

/* The stored verdict rows and reference as CSV comment lines after the
 * points (nothing for a run neither judged nor matched). */
static void
export_csv_verdicts(FILE *f, const struct results_run *run)
{
	const struct results_prov *p = &run->prov;

	if (p->verdict[0] == '\0' && p->drive_id[0] == '\0')
		return;
	if (run->nverdicts > 0)
		fputs("# verdict rows: metric,verdict,unit,reference,reference_source,decided_by,"
		      "point,reason,measured,ratio,reference_qual,reference_low,reference_high,"
		      "reference_text\n", f);
	for (size_t i = 0; i < run->nverdicts; i++) {
		const struct results_verdict *v = &run->verdicts[i];
		char			      ref[192];
		double			      lo, hi;

		fputs("# verdict,", f);
		export_csv_text(f, v->metric);
		export_csv_text(f, v->status);
		export_csv_text(f, v->unit);
		export_csv_num(f, v->reference, false);
		export_csv_text(f, v->ref_source);
		export_csv_text(f, v->decided_by);
		export_csv_text(f, v->point);
		export_csv_text(f, v->reason);
		export_csv_num(f, v->measured, false);
		export_csv_num(f, v->ratio, false);
		export_csv_text(f, results_verdict_ref_qual(v));
		results_verdict_ref_range(v, &lo, &hi);
		export_csv_num(f, lo, false);
		export_csv_num(f, hi, false);
		export_csv_cell(f, results_verdict_ref_text(v, 2, true, ref, sizeof ref), true);
	}
	fputs("# overall: verdict,drive,drive_id,query,rules,tolerance\n# overall,", f);
	export_csv_text(f, p->verdict[0] ? p->verdict : "not judged");
	export_csv_text(f, p->drive_label);
	export_csv_text(f, p->drive_id);
	export_csv_text(f, p->query);
	fprintf(f, "%u,", p->rules);
	export_csv_num(f, p->verdict[0] ? p->tolerance : NAN, true);
}

/* The marks of a stored row's figures on its JSON object o: the
 * reference's qualifier ("approx" for "etwa 30 us"; "eq" none), its range
 * (null when not one), the reference as a user reads it, and the spec
 * figure's and the review's own marks. */
static void
export_json_marks(json_t *o, const struct results_verdict *v)
{
	char   ref[192];
	double lo, hi;

	if (o == NULL)
		return;
	results_verdict_ref_range(v, &lo, &hi);
	json_object_set_new(o, "reference_qual", json_string(results_verdict_ref_qual(v)));
	json_object_set_new(o, "reference_low", cli_jreal(lo));
	json_object_set_new(o, "reference_high", cli_jreal(hi));
	json_object_set_new(o, "reference_text",
			    json_string(results_verdict_ref_text(v, 2, true, ref, sizeof ref)));
	json_object_set_new(o, "spec_qual", json_string(v->spec_qual[0] ? v->spec_qual : "eq"));
	json_object_set_new(o, "spec_inferred", json_boolean(v->spec_inferred));
	json_object_set_new(o, "spec_conditions_stated", json_boolean(!v->spec_unstated));
	json_object_set_new(o, "review_qual",
			    json_string(v->review_qual[0] ? v->review_qual : "eq"));
}

/* The stored verdict and reference as JSON (rows: with the rows). */
static json_t *
export_json_verdict(const struct results_run *run)
{
	const struct results_prov *p = &run->prov;
	json_t			  *o = json_object(), *rows = json_array();

	for (size_t i = 0; i < run->nverdicts; i++) {
		const struct results_verdict *v = &run->verdicts[i];

		json_array_append_new(rows, json_pack(
			"{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			"metric", cli_jstr(v->metric), "metric_name", cli_jstr(v->metric_name),
			"verdict", cli_jstr(v->status), "unit", cli_jstr(v->unit),
			"reference", cli_jreal(v->reference),
			"reference_source", cli_jstr(v->ref_source),
			"measured", cli_jreal(v->measured), "ratio", cli_jreal(v->ratio),
			"decided_by", cli_jstr(v->decided_by),
			"spec_value", cli_jreal(v->spec_value), "spec_source", cli_jstr(v->spec_source),
			"review_value", cli_jreal(v->review_value),
			"review_source", cli_jstr(v->review_source), "point", cli_jstr(v->point),
			"reason", cli_jstr(v->reason)));
		export_json_marks(json_array_get(rows, i), v);
	}
	json_object_set_new(o, "overall", p->verdict[0] ? json_string(p->verdict) : json_null());
	json_object_set_new(o, "drive_id", cli_jstr(p->drive_id));
	json_object_set_new(o, "drive_label", cli_jstr(p->drive_label));
	json_object_set_new(o, "query", cli_jstr(p->query));
	json_object_set_new(o, "tolerance", p->verdict[0] ? cli_jreal(p->tolerance) : json_null());
	json_object_set_new(o, "rules", p->rules ? json_integer(p->rules) : json_null());
	json_object_set_new(o, "summary", cli_jstr(p->verdict_summary));
	json_object_set_new(o, "rows", rows);
	return o;
}

/* The stored verdict as text: a VERDICT line, then a line per row. */
static void
export_text_verdict(FILE *f, const struct results_run *run)
{
	const struct results_prov *p = &run->prov;

	if (p->verdict[0] == '\0') {
		if (p->drive_label[0] != '\0')
			cli_fprintf(f, "\nnot judged; swept against %s\n", p->drive_label);
		return;
	}
	cli_fprintf(f, "\nVERDICT %s against %s", p->verdict,
		    p->drive_label[0] ? p->drive_label : "no database drive");
	if (p->query[0] != '\0')
		cli_fprintf(f, " (query \"%s\")", p->query);
	if (isfinite(p->tolerance))	/* (a judged run's) */
		cli_fprintf(f, ", tolerance %g%%", p->tolerance * 100);
	cli_fprintf(f, ", rules v%u, as judged when it ran\n", p->rules);
	if (p->verdict_summary[0] != '\0')
		cli_fprintf(f, "  %s\n", p->verdict_summary);
	for (size_t i = 0; i < run->nverdicts; i++) {
		char ref[192];

		cli_fprintf(f, "  %-14s %-14s against %s: %s\n", run->verdicts[i].metric,
			    run->verdicts[i].status,
			    results_verdict_ref_text(&run->verdicts[i], 1, true, ref, sizeof ref),
			    run->verdicts[i].reason);
	}
}

/* Per second over the measured time; NAN when it is unknown. */
static double
export_rate(double v, double s)
{
	return s > 0 ? v / s : NAN;
}

/* One point as a CSV row. */
static void
export_csv_row(FILE *f, const struct results_point *pt)
{
	const struct dd_result *r = pt->r;
	const struct dd_point  *p = &r->point;

	fprintf(f, "%zu,", pt->index);
	export_csv_text(f, p->name);
	fprintf(f, "%s,%u,%u,%u,%d,", dd_pattern_name(p->pattern), p->bs, p->iodepth,
		p->numjobs, cli_json_read_pct(p));
	export_csv_text(f, pt->host);
	export_csv_num(f, r->elapsed_s, false);
	fprintf(f, "%llu,", (unsigned long long)r->ios);
	export_csv_num(f, r->iops, false);
	export_csv_num(f, r->mbps, false);
	export_csv_num(f, r->lat.mean_us, false);
	export_csv_num(f, r->lat.pct_us[EXPORT_P50], false);
	export_csv_num(f, r->lat.pct_us[EXPORT_P99], false);
	export_csv_num(f, r->lat.pct_us[EXPORT_P999], false);
	export_csv_num(f, r->lat.max_us, false);
	export_csv_num(f, export_rate((double)r->read_ios, r->elapsed_s), false);
	export_csv_num(f, export_rate((double)r->read_bytes, r->elapsed_s) / 1e6, false);
	export_csv_num(f, r->read_lat.mean_us, false);
	export_csv_num(f, r->read_lat.pct_us[EXPORT_P99], false);
	export_csv_num(f, export_rate((double)r->write_ios, r->elapsed_s), false);
	export_csv_num(f, export_rate((double)r->write_bytes, r->elapsed_s) / 1e6, false);
	export_csv_num(f, r->write_lat.mean_us, false);
	export_csv_num(f, r->write_lat.pct_us[EXPORT_P99], false);
	fprintf(f, "%d,%s,%u,%u,%u,", r->status, dd_kind_name(p->kind), p->group, p->seq,
		p->pass);
	export_csv_num(f, p->rate_iops > 0 ? p->rate_iops : NAN, false);
	export_csv_num(f, p->rate_pct > 0 ? p->rate_pct : NAN, false);
	export_csv_text(f, p->profile);
	export_csv_num(f, pt->sum.read_share, false);
	export_csv_num(f, r->rate_spread, false);
	export_csv_num(f, r->flush_s, true);
}

/* The run as CSV into a malloc'd buffer. */
static int
export_csv(const struct results_run *run, char **out, size_t *len)
{
	FILE *f = open_memstream(out, len);

	if (f == NULL)
		return -ENOMEM;
	fputs("point,name,pattern,bs,iodepth,numjobs,read_pct,host,runtime_s,ios,iops,mbps,"
	      "mean_us,p50_us,p99_us,p99.9_us,max_us,read_iops,read_mbps,read_mean_us,"
	      "read_p99_us,write_iops,write_mbps,write_mean_us,write_p99_us,status,"
	      "kind,group,seq,pass,rate_iops,rate_pct,profile,read_share,rate_spread,flush_s\n", f);
	for (size_t i = 0; i < run->n; i++)
		export_csv_row(f, &run->pts[i]);
	export_csv_verdicts(f, run);
	return fclose(f) == 0 ? 0 : -ENOMEM;
}

/* The run as drivedash JSON, with its curves, checkpoints, cliffs and
 * thread scaling as `run --json` writes them. */
static json_t *
export_json(const struct results_run *run, double spec_mbps)
{
	json_t		   *pts = json_array(), *doc;
	struct cli_workload w;

	for (size_t i = 0; i < run->n; i++)
		json_array_append_new(pts, cli_json_stored_point(&run->pts[i]));
	doc = json_pack("{s:o, s:o, s:o}", "run", cli_json_prov(&run->prov), "points", pts,
			"verdict", export_json_verdict(run));
	if (doc != NULL && cli_workload_from_run(&w, run) == 0) {
		w.spec_write_mbps = spec_mbps;
		cli_workload_json(doc, &w);
		cli_workload_free(&w);
	}
	return doc;
}

/* The run as `run` prints its table and reports, to f: fitted to f's
 * terminal when it is one (export to stdout), else full width. */
static int
export_text_to(FILE *f, const struct results_run *run, double spec_mbps)
{
	struct cli_workload w;
	enum dd_aggregate   agg = strcmp(run->prov.aggregate, "mean") == 0 ? DD_AGG_MEAN
									: DD_AGG_BEST;
	FILE		   *hw;

	if (cli_workload_from_run(&w, run) < 0)
		return -ENOMEM;
	w.spec_write_mbps = spec_mbps;
	hw = cli_wrap_begin(f);
	cli_fprintf(hw, "drivedash run #%lld: %s on %s (%s)\n", (long long)run->prov.id,
		    run->prov.plan_name, run->prov.target_path, run->prov.target_desc);
	cli_wrap_end(hw, f);
	cli_workload_print_points(f, &w, agg);
	cli_workload_print(f, &w);
	cli_workload_free(&w);
	export_text_verdict(f, run);
	return 0;
}

/* The same into a malloc'd buffer (for -o FILE: full width). */
static int
export_text(const struct results_run *run, double spec_mbps, char **out, size_t *len)
{
	FILE *f = open_memstream(out, len);
	int   rc;

	if (f == NULL)
		return -ENOMEM;
	rc = export_text_to(f, run, spec_mbps);
	return fclose(f) == 0 ? rc : -ENOMEM;
}

/* The run in format f into a malloc'd buffer ending in a newline
 * (spec_mbps: cliffs' spec sequential write, NAN none). */
static int
export_render(const struct results_run *run, enum export_format f, double spec_mbps,
	      char **out, size_t *len)
{
	json_t *doc;
	char   *s;

	if (f == EXPORT_CSV)
		return export_csv(run, out, len);
	if (f == EXPORT_TEXT)
		return export_text(run, spec_mbps, out, len);
	doc = f == EXPORT_FIO ? cli_fio_export(run) : export_json(run, spec_mbps);
	if (doc != NULL && f == EXPORT_FIO)
		json_object_set_new(doc, "drivedash_verdict", export_json_verdict(run));
	s = doc ? cli_json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12))
		: NULL;
	json_decref(doc);
	if (s == NULL)
		return -ENOMEM;
	*len = strlen(s) + 1;
	if ((*out = realloc(s, *len + 1)) == NULL) {
		free(s);
		return -ENOMEM;
	}
	(*out)[*len - 1] = '\n';
	(*out)[*len] = '\0';
	return 0;
}

/* Write buf to stdout, or whole to the output file o. */
static int
export_write(struct outfile *o, const char *buf, size_t len)
{
	struct dd_error err = { 0 };

	if (o == NULL) {
		fwrite(buf, 1, len, stdout);
		return cli_stdout_flush("the export") < 0 ? EXIT_USAGE : EXIT_OK;
	}
	if (outfile_replace(o, buf, len, &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Load the run spec names from the store at path into *run; an exit code. */
static int
export_load(const char *path, const char *spec, struct results_run *run)
{
	struct dd_error err = { 0 };
	struct results *db;
	char		where[4096];
	int64_t		id;
	int		rc = cli_results_open(path, RESULTS_READ, &db, where, sizeof where);

	if (rc == -ENOENT) {
		cli_error("no results store at %s: no run to export ('drivedash run', 'check', "
			  "the dashboard and 'drivedash import' store runs there)", where);
		return EXIT_USAGE;
	}
	if (rc < 0)
		return EXIT_USAGE;
	rc = results_resolve(db, spec, &id, &err);
	if (rc == 0)
		rc = results_run_load(db, id, run, &err);
	results_close(db);
	if (rc < 0) {
		cli_error("%s", err.msg);
		return rc == -ENOENT ? EXIT_NOMATCH : EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Print the options of export. */
static void
export_usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s export RUN [--format json|csv|fio-json|text] [-o FILE] "
		   "[--results PATH]\n\n"
		   "A stored run (RUN: an id from 'drivedash runs', 'last', or 'last:SERIAL').\n\n"
		   "  --format F      json (default: provenance and every point), csv (a row per\n"
		   "                  point), fio-json (fio's own output keys, json+ bins) or\n"
		   "                  text (the table and reports 'run' prints)\n"
		   "  -o, --output F  write FILE whole (a temporary file renamed over it); - is\n"
		   "                  standard output\n"
		   "  --results PATH  the results store (default $XDG_DATA_HOME/drivedash/results.db)\n",
		prog);
}

/* The formats as --format spells them, in enum export_format's order
 * (cli.h: the completion offers the same words). */
const char *const cli_export_formats[] = { "json", "csv", "fio-json", "text", NULL };

/* Parse --format's argument ("fio" is fio-json's short name). */
static int
export_format_parse(const char *s, enum export_format *f)
{
	for (int i = 0; cli_export_formats[i] != NULL; i++) {
		if (strcmp(s, cli_export_formats[i]) == 0) {
			*f = (enum export_format)i;
			return 0;
		}
	}
	if (strcmp(s, "fio") == 0) {
		*f = EXPORT_FIO;
		return 0;
	}
	cli_error("--format '%s': expected json, csv, fio-json or text", s);
	return -EINVAL;
}

/* Export a loaded run to stdout or the file given by -o. */
static int
export_run(const struct results_run *run, enum export_format f, double spec_mbps,
	   const char *output)
{
	struct dd_error err = { 0 };
	struct outfile	o;
	char	       *buf = NULL;
	size_t		len = 0;
	int		rc;

	if (output != NULL && safety_outfile_open(&o, output, -1, &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	if (output == NULL && f == EXPORT_TEXT) {	/* to stdout: fitted to a terminal */
		if (export_text_to(stdout, run, spec_mbps) < 0) {
			cli_error("out of memory exporting run %lld", (long long)run->prov.id);
			return EXIT_USAGE;
		}
		return cli_stdout_flush("the export") < 0 ? EXIT_USAGE : EXIT_OK;
	}
	if (export_render(run, f, spec_mbps, &buf, &len) < 0) {
		cli_error("out of memory exporting run %lld", (long long)run->prov.id);
		rc = EXIT_USAGE;
	} else
		rc = export_write(output ? &o : NULL, buf, len);
	free(buf);
	if (output != NULL)
		outfile_close(&o);
	return rc;
}

/* Cliffs' spec sequential write for the JSON and text reports; NAN none. */
static double
export_spec(struct cli_ctx *ctx, const struct results_run *run, enum export_format f)
{
	struct cli_workload w;
	double		    v = NAN;

	if ((f != EXPORT_JSON && f != EXPORT_TEXT) || cli_workload_from_run(&w, run) < 0)
		return NAN;
	cli_workload_spec(&w, ctx, run->prov.drive_id);
	v = w.spec_write_mbps;
	cli_workload_free(&w);
	return v;
}

/* `drivedash export RUN --format json|csv|fio-json [-o FILE] [--results PATH]`. */
int
cmd_export(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_options co;
	enum export_format f = EXPORT_JSON;
	struct results_run run = { 0 };
	const char	  *output = NULL;
	int		   c, rc;

	cli_options_init(&co, "export", CLI_OG_RESULTS, opts, "f:o:");
	while ((c = cli_options_next(&co, argc, argv)) != -1) {
		switch (c) {
		case 'f':
			if (export_format_parse(optarg, &f) < 0)
				return EXIT_USAGE;
			break;
		case 'o':
			output = cli_output_path(optarg);
			break;
		case 'h':
			{
				FILE *help = cli_help_begin();

				export_usage(help, ctx->progname);
				cli_help_end(help);
			}
			return EXIT_OK;
		default:
			export_usage(stderr, ctx->progname);
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		cli_error("export takes one RUN (an id from 'drivedash runs', 'last' or "
			  "'last:SERIAL'); %d given", argc - optind);
		return EXIT_USAGE;
	}
	if ((rc = export_load(co.store.path, argv[optind], &run)) != EXIT_OK)
		return rc;
	rc = export_run(&run, f, export_spec(ctx, &run, f), output);
	results_run_free(&run);
	return rc;
}
